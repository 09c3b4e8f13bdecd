// Scene "repartition" in the release build, in real headless Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, shot, stats, seekTo } from './harness.mjs';

const env = useBrowser();

test('adding a partition the naive way breaks an order; the two migrations do not', async () => {
  const naive = await openPage(env.browser, `${env.base}?scene=repartition&from=3&to=4&strategy=naive&lang=en`);
  assert.ok((await naive.page.$$('[data-testid="violation"]')).length > 0);
  const share = await naive.page.$eval('[data-testid="moved-share"]', (e) => [Number(e.dataset.moved), Number(e.dataset.total)]);
  const moves = await naive.page.$$eval('[data-testid="key-move"]', (els) =>
    els.map((e) => [e.dataset.key, Number(e.dataset.fromPartition), Number(e.dataset.toPartition)]),
  );
  assert.equal(moves.length, share[1]);
  assert.equal(moves.filter(([, a, b]) => a !== b).length, share[0]);
  assert.ok(share[0] > share[1] / 2, 'most keys move from 3 to 4');
  // The split history of the broken order shows a step handled out of order.
  assert.ok((await naive.page.$$('[data-testid="split-history"] tr.bad')).length >= 1);
  await shot(naive.page, 'repartition-en-naive');
  for (const strategy of ['two-phase', 'new-topic']) {
    const safe = await openPage(env.browser, `${env.base}?scene=repartition&from=3&to=4&strategy=${strategy}&lang=en`);
    assert.equal((await safe.page.$$('[data-testid="violation"]')).length, 0, strategy);
    assert.ok(await safe.page.$('[data-testid="migration-cost"]'), strategy);
    assert.deepEqual(safe.errors, []);
    await safe.context.close();
  }
  const rows = await naive.page.$$eval('[data-testid="comparison-row"]', (els) =>
    Object.fromEntries(els.map((e) => [e.dataset.strategy, Number(e.dataset.violations)])),
  );
  assert.ok(rows.naive > 0);
  assert.equal(rows['two-phase'], 0);
  assert.equal(rows['new-topic'], 0);
  assert.deepEqual(naive.errors, []);
  await naive.context.close();
});

test('changing the counts and the strategy from the page updates the link', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=repartition&lang=ru`);
  await page.fill('[data-testid="to-input"]', '6');
  await page.waitForFunction(() => location.search.includes('to=6'));
  await page.check('[data-testid="strategy"][value="new-topic"]');
  await page.waitForFunction(() => location.search.includes('strategy=new-topic'));
  assert.equal((await page.$$('[data-testid="violation"]')).length, 0);
  const lanes = await page.$$eval('[data-testid="lane"]', (els) => els.map((e) => `${e.dataset.topic}-${e.dataset.partition}`));
  assert.ok(lanes.includes('orders-v2-5'));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('phone width: no horizontal scroll on the repartition scene', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=repartition&lang=ru&strategy=two-phase`, { width: 360, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `horizontal scroll of ${overflow}px at 360px`);
  await shot(page, 'repartition-ru-phone');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a topic cannot shrink in place: 6 → 3 is refused with INVALID_PARTITIONS, in both languages', async () => {
  for (const [lang, words] of [['en', 'would not be an increase'], ['ru', 'не увеличение']]) {
    const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=repartition&from=6&to=3&lang=${lang}`);
    const refused = await page.$eval('[data-testid="partitions-refused"]', (e) => ({ text: e.textContent, error: e.dataset.error, shown: e.offsetParent !== null }));
    assert.equal(refused.error, 'INVALID_PARTITIONS');
    assert.ok(refused.shown, 'the refusal is visible');
    assert.ok(refused.text.includes(words), refused.text);
    // Nothing changed: six lanes, no key moves, nothing broken.
    assert.equal((await page.$$('[data-testid="lane"]')).length, 6);
    const moved = await page.$$eval('[data-testid="key-move"]', (els) => els.filter((e) => e.dataset.fromPartition !== e.dataset.toPartition).length);
    assert.equal(moved, 0);
    assert.equal((await page.$$('[data-testid="violation"]')).length, 0);
    const rows = await page.$$eval('[data-testid="comparison-row"]', (els) => Object.fromEntries(els.map((e) => [e.dataset.strategy, e.dataset.refused])));
    assert.deepEqual(rows, { naive: 'true', 'two-phase': 'true', 'new-topic': 'false' });
    await shot(page, `repartition-${lang}-shrink-refused`);
    assert.deepEqual(errors, []);
    await context.close();
  }
  // The same count is refused too, and no change is announced.
  const same = await openPage(env.browser, `${env.base}?scene=repartition&from=4&to=4&lang=en`);
  assert.ok(await same.page.$('[data-testid="partitions-refused"]'));
  assert.equal(await same.page.$eval('[data-testid="moved-share"]', (e) => e.dataset.moved), '0');
  assert.match(await same.page.$eval('[data-testid="moved-share"]', (e) => e.textContent), /no key moves/);
  assert.equal(await same.page.$('[data-testid="metadata-window"]'), null);
  assert.deepEqual(same.errors, []);
  await same.context.close();
});

test('the producer and the group see new partitions at their metadata refresh; latest skips what came before', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=repartition&from=3&to=4&lang=en`);
  const steps = await page.$$eval('[data-testid="window-step"]', (els) => els.map((e) => Number(e.dataset.at)));
  assert.equal(steps.length, 3);
  assert.ok(steps[0] < steps[1] && steps[1] < steps[2], `${steps}`);
  assert.equal((await stats(page)).skipped, 0);
  await page.selectOption('[data-testid="auto-offset-reset"]', 'latest');
  await page.waitForFunction(() => location.search.includes('auto-offset-reset=latest'));
  await seekTo(page);
  const s = await stats(page);
  assert.ok(s.skipped > 0, `skipped: ${s.skipped}`);
  assert.ok((await page.$$('[data-testid="lane"][data-partition="3"] .record.skipped')).length > 0);
  await shot(page, 'repartition-en-latest');
  assert.deepEqual(errors, []);
  await context.close();
});
