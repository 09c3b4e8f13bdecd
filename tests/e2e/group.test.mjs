// Scene "group" in the release build, in real headless Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, stats, seekTo, shot } from './harness.mjs';

const env = useBrowser();

const seekToEnd = (page) => seekTo(page);
const owners = (page) =>
  page.$$eval('[data-testid="assignment"]', (els) => Object.fromEntries(els.map((e) => [e.dataset.partition, e.dataset.member])));

test('range assigns 7 partitions to 3 members as [0,1,2], [3,4], [5,6]', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=group&partitions=7&members=3&assignor=range&actions=&lang=en`);
  assert.deepEqual(await owners(page), {
    0: 'consumer-1', 1: 'consumer-1', 2: 'consumer-1',
    3: 'consumer-2', 4: 'consumer-2',
    5: 'consumer-3', 6: 'consumer-3',
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('twelve members sort as strings: consumer-10 comes before consumer-2', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=group&partitions=12&members=12&assignor=range&actions=&lang=en`);
  const o = await owners(page);
  assert.equal(o[1], 'consumer-10');
  assert.equal(o[4], 'consumer-2');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a link without actions opens after a crash, with the records handled twice', async () => {
  for (const link of ['?scene=group&lang=en', '?scene=group&embed=1&lang=ru']) {
    const { page, context, errors } = await openPage(env.browser, `${env.base}${link}`);
    // The compact frame keeps what the crash repeated beside the members.
    assert.ok((await page.$$('[data-testid="twice"] [data-testid="violation"]')).length > 0, link);
    if (!link.includes('embed')) {
      assert.ok((await stats(page)).duplicates > 0, link);
      assert.equal((await page.$$('[data-testid="generation"]')).length, 2, `${link}: the crash's rebalance`);
      assert.ok(!Object.values(await owners(page)).includes('consumer-2'), link);
    }
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('crash a member: its partitions move and records are handled twice', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=group&actions=&t=1500&lang=en`);
  assert.equal((await stats(page)).duplicates, 0);
  await page.click('[data-testid="crash-member"][data-member="consumer-2"]');
  await page.waitForFunction(() => location.search.includes('crash%3Aconsumer-2'));
  await seekToEnd(page);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="generation"]').length === 2);
  const s = await stats(page);
  assert.ok(s.duplicates > 0, `duplicates: ${s.duplicates}`);
  assert.ok((await page.$$('[data-testid="violation"]')).length > 0);
  const o = await owners(page);
  assert.ok(!Object.values(o).includes('consumer-2'));
  await shot(page, 'group-en-crash');
  // The idempotent handler skips the repeats.
  await page.check('[data-testid="idempotent"]');
  await page.waitForFunction(() => location.search.includes('idempotent=1'));
  await seekToEnd(page);
  const after = await stats(page);
  assert.equal(after.duplicates, 0);
  assert.ok(after.skipped > 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('more members than partitions: the extra one sits idle, and that is allowed', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=group&partitions=2&members=3&actions=&lang=ru`);
  assert.ok(await page.$('[data-testid="idle-note"]'));
  assert.deepEqual(Object.values(await owners(page)).sort(), ['consumer-1', 'consumer-2']);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0);
  await shot(page, 'group-ru-idle');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a crashed member keeps its partitions until session.timeout.ms, and nobody reads them', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=group&lang=en&actions=crash%3Aconsumer-2%402500`);
  await seekTo(page, 3000);
  const o = await owners(page);
  const theirs = Object.keys(o).filter((p) => o[p] === 'consumer-2');
  assert.ok(theirs.length > 0, 'still consumer-2\'s half a second after the crash');
  for (const p of theirs) {
    assert.equal(await page.$eval(`[data-testid="assignment"][data-partition="${p}"] [data-testid="paused-why"]`, (e) => e.dataset.why), 'ownerdown');
  }
  assert.equal((await page.$$('[data-testid="generation"]')).length, 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test('cooperative-sticky: a join revokes in one generation and assigns in the next', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=group&lang=ru&assignor=cooperative-sticky&actions=add%402000`);
  await seekToEnd(page);
  const lines = await page.$$eval('[data-testid="generation"]', (els) => els.map((e) => e.textContent));
  assert.equal(lines.length, 3, lines.join(' | '));
  assert.match(lines[1], /отозвана партиция 5 — её получит следующее поколение/);
  assert.match(lines[2], /переехала партиция 5/);
  assert.equal((await owners(page))[5], 'consumer-4');
  await shot(page, 'group-ru-cooperative-join');
  assert.deepEqual(errors, []);
  await context.close();
});
