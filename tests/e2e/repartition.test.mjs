// Scene "repartition" in the release build, in real headless Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, shot } from './harness.mjs';

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
