// Scene "group" as a picture: partitions, members and the lines between
// them, which move in a rebalance, dash while a partition waits, and the
// records handled twice marked on the partition they came from.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, seekTo, shot } from './harness.mjs';

const env = useBrowser();

// `d` is the attribute, the line's destination: the computed style is
// mid-transition for 0.6 s after a seek, and on a busy machine still at its
// start when read.
const links = (page) =>
  page.$$eval('[data-testid="owner-link"]', (els) =>
    Object.fromEntries(els.map((e) => [e.dataset.partition, { member: e.dataset.member, waiting: e.classList.contains('waiting'), d: e.getAttribute('d') }])));

/** The smallest text in the figure, in CSS pixels on screen. */
const smallestText = (page, figure) =>
  page.$eval(figure, (svg) => {
    const scale = svg.getScreenCTM().a;
    return Math.min(...[...svg.querySelectorAll('text')].map((t) => parseFloat(getComputedStyle(t).fontSize) * scale));
  });

for (const [lang, viewport] of [['ru', { width: 390, height: 844 }], ['en', { width: 1280, height: 800 }]]) {
  test(`the group is drawn: owners, a crash's waiting partitions, the rebalance, and what was handled twice (${lang}, ${viewport.width} px)`, async () => {
    const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=group&lang=${lang}&t=2000`, viewport);
    const figure = '[data-testid="group-figure"]';
    assert.equal((await page.$$(`${figure} [data-testid="partition-row"]`)).length, 6);
    assert.equal((await page.$$(`${figure} [data-testid="member-box"]`)).length, 3);
    const before = await links(page);
    assert.equal(Object.keys(before).length, 6, 'every partition has its owner');
    assert.ok(Object.values(before).every((l) => !l.waiting));
    const owned = Object.keys(before).filter((p) => before[p].member === 'consumer-2');
    assert.ok(owned.length > 0);
    assert.ok(await smallestText(page, figure) >= 12, `text in the figure at ${await smallestText(page, figure)} px`);
    // The same line, as an element, moves to its new owner: a handle taken
    // before the crash still points at the line after the rebalance.
    const line = await page.$(`${figure} [data-testid="owner-link"][data-partition="${owned[0]}"]`);

    // consumer-2 crashes at 2.5 s: its lines wait, drawn dashed.
    await seekTo(page, 2600);
    assert.equal(await page.getAttribute(`${figure} [data-testid="member-box"][data-member="consumer-2"]`, 'data-state'), 'crashed');
    const crashed = await links(page);
    for (const p of owned) assert.ok(crashed[p].waiting && crashed[p].member === 'consumer-2', `partition ${p} waits`);
    await shot(page, `group-figure-crash-${lang}-${viewport.width}`);

    // The eager rebalance: everyone waits, and the figure says so.
    let t = 2600;
    while (!(await page.$(`${figure}.rebalancing`)) && t < 6000) await seekTo(page, (t += 25));
    assert.ok(t < 6000, 'the group rebalanced');
    assert.ok(Object.values(await links(page)).every((l) => l.waiting), 'an eager rebalance stops every partition');
    await shot(page, `group-figure-rebalance-${lang}-${viewport.width}`);

    await seekTo(page);
    const after = await links(page);
    assert.ok(Object.values(after).every((l) => l.member !== 'consumer-2' && !l.waiting));
    assert.ok(await line.evaluate((e) => e.isConnected), 'the moved line is the same element');
    assert.notEqual(await line.evaluate((e) => e.getAttribute('d')), before[owned[0]].d, 'the line now ends at its new owner');
    // What the crash repeated, on the partitions it came from.
    const twice = await page.$$eval(`${figure} [data-testid="twice-mark"]`, (els) => els.map((e) => e.dataset.partition));
    assert.ok(twice.length > 0);
    assert.ok(twice.every((p) => owned.includes(p)), `repeated records come from consumer-2's partitions: ${twice}`);
    const listed = (await page.$$('[data-testid="twice"] [data-testid="violation"]')).length;
    assert.equal(twice.length, listed);
    await shot(page, `group-figure-end-${lang}-${viewport.width}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('part=timeline draws who owned each partition over time', async () => {
  for (const [lang, viewport] of [['ru', { width: 390, height: 844 }], ['en', { width: 1280, height: 800 }]]) {
    const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=group&lang=${lang}&part=timeline&embed=1`, viewport);
    await seekTo(page);
    const now = Number(await page.getAttribute('[data-testid="scene"]', 'data-sim-time'));
    const stints = await page.$$eval('[data-testid="owner-timeline"] [data-testid="stint"]', (els) =>
      els.map((e) => ({ p: e.dataset.partition, member: e.dataset.member, from: Number(e.dataset.from), to: Number(e.dataset.to) })));
    const partitions = [...new Set(stints.map((s) => s.p))];
    assert.equal(partitions.length, 6);
    for (const p of partitions) {
      const mine = stints.filter((s) => s.p === p);
      assert.equal(mine[0].from, 0);
      assert.equal(mine.at(-1).to, now);
      for (let i = 1; i < mine.length; i++) assert.equal(mine[i].from, mine[i - 1].to, `partition ${p} has no gap`);
    }
    // consumer-2 owned partitions until its crash's rebalance, and none after.
    assert.ok(stints.some((s) => s.member === 'consumer-2'));
    assert.ok(stints.filter((s) => s.to === now).every((s) => s.member !== 'consumer-2'));
    await shot(page, `group-timeline-${lang}-${viewport.width}`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});
