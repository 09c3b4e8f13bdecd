// Scene "workers" in the release build, in real headless Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, stats, seekTo, shot, thenChanged, openAtReady, settled } from './harness.mjs';

const env = useBrowser();

const seekToEnd = (page) => seekTo(page);

test('a goroutine per message breaks order; the keyed pool does not', async () => {
  const perMessage = await openPage(env.browser, `${env.base}?scene=workers&mode=per-message&lang=en`);
  await seekToEnd(perMessage.page);
  assert.ok((await perMessage.page.$$('[data-testid="violation"]')).length > 0);
  assert.ok((await stats(perMessage.page)).violations > 0);
  await shot(perMessage.page, 'workers-en-per-message');
  const pool = await openPage(env.browser, `${env.base}?scene=workers&mode=keyed-pool&workers=8&hash=xxhash&lang=en`);
  await seekToEnd(pool.page);
  assert.equal((await pool.page.$$('[data-testid="violation"]')).length, 0);
  const s = await stats(pool.page);
  assert.equal(s.violations, 0);
  assert.equal(s.lost, 0, 'at the end nothing is unfinished');
  assert.deepEqual([...perMessage.errors, ...pool.errors], []);
  await perMessage.context.close();
  await pool.context.close();
});

test('half way, the naive commit would lose records and the low watermark would not', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=workers&mode=keyed-pool&workers=8&lang=ru`);
  const s = await stats(page);
  assert.ok(s.lost > 0, 'records between the two commits would be lost');
  const lost = (await page.getAttribute('[data-testid="lost-offsets"]', 'data-offsets')).split(',').map(Number);
  assert.equal(lost.length, s.lost);
  const low = Number(await page.getAttribute('[data-testid="low-watermark"]', 'data-offset'));
  const naive = Number(await page.getAttribute('[data-testid="naive-commit"]', 'data-offset'));
  assert.ok(lost.every((o) => o >= low && o < naive));
  // The state layers: one cell a lost offset in the red outline, and each
  // polled offset (below the naive commit, which commits everything
  // polled) in exactly one of finished, in progress or in a channel.
  const cells = (state) => page.$eval(`[data-testid="offset-strip"] .strip-state.${state}`, (p) => (p.getAttribute('d').match(/M/g) ?? []).length);
  assert.equal(await cells('lost'), lost.length);
  const polled = (await cells('processed')) + (await cells('processing')) + (await cells('fetched'));
  assert.equal(polled, naive);
  assert.ok((await cells('processed')) > 0 && (await cells('processing')) > 0);
  await shot(page, 'workers-ru-half-way');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the throughput chart runs after the scene is ready, axes first, in both languages', async () => {
  // Nine runs to their end would otherwise come before the mark
  // (src/scenes/workers/view.rs, ThroughputChart).
  for (const [path, running] of [['workers/', 'Прогоняем сцену при каждом W…'], ['en/workers/?workers=8', 'Running the scene at each W…']]) {
    const { page, context, errors, busy } = await openAtReady(env.browser, `${env.base}${path}`);
    assert.equal(busy['throughput-chart'], 'true', `${path}: the chart had not run yet`);
    await settled(page);
    const modes = await page.$$eval('[data-testid="chart-series"]', (els) => els.map((e) => e.dataset.mode));
    assert.deepEqual(modes, ['sequential', 'per-message', 'keyed-pool'], path);
    assert.ok(!(await page.textContent('[data-testid="throughput-chart"]')).includes(running), `${path}: no longer running`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('a hot key fills one worker\'s channel; the throughput chart has every mode', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=workers&mode=keyed-pool&workers=8&skew=80&lang=en`);
  const queues = await page.$$eval('[data-testid="worker"]', (els) => els.map((e) => Number(e.dataset.queue)));
  assert.equal(queues.length, 8);
  assert.equal(Math.max(...queues), 8, 'the hot worker\'s channel is full');
  const modes = await page.$$eval('[data-testid="chart-series"]', (els) => els.map((e) => e.dataset.mode));
  assert.deepEqual(modes.sort(), ['keyed-pool', 'per-message', 'sequential']);
  await page.fill('[data-testid="processing-ms"]', '20');
  await page.waitForFunction(() => location.search.includes('processing-ms=20'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('the workers scene narrates each step, in both languages', async () => {
  for (const [lang, polled, done] of [
    ['en', /poll\(\) returned the records up to offset \d+; each gets a goroutine/, /Finished offset \d+: order-\d+ · \w+/],
    ['ru', /poll\(\) вернул сообщения до offset \d+; на каждое запускается своя горутина/, /Обработан offset \d+: order-\d+ · \w+/],
  ]) {
    // The first poll happens at 0 ms, so the start already tells it.
    const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=workers&mode=per-message&lang=${lang}&t=0`);
    const seen = [await page.textContent('[data-testid="narration"]')];
    // Every goroutine of the first polls starts before the first finishes.
    for (let i = 0; i < 80 && !seen.some((t) => done.test(t)); i++) {
      await thenChanged(page, () => page.click('[data-testid="step-forward"]'));
      seen.push(await page.textContent('[data-testid="narration"]'));
    }
    assert.ok(seen.some((t) => polled.test(t)), seen.join(' | '));
    assert.ok(seen.some((t) => done.test(t)), seen.join(' | '));
    assert.deepEqual(errors, []);
    await context.close();
  }
});
