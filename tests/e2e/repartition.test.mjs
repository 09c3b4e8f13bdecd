// Scene "repartition" in the release build, in real headless Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, shot, stats, seekTo, thenChanged, openAtReady, settled } from './harness.mjs';

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

test('the three strategies run after the scene is ready, and then fill the comparison, in both languages', async () => {
  // Three runs to their end would otherwise come before the mark
  // (src/scenes/repartition/view.rs, StrategyCompare).
  for (const [path, running] of [['repartition/', 'Прогоняем сцену тремя способами…'], ['en/repartition/?to=5', 'Running the scene three ways…']]) {
    const { page, context, errors, busy } = await openAtReady(env.browser, `${env.base}${path}`);
    assert.equal(busy['strategy-comparison'], 'true', `${path}: the comparison had not run yet`);
    await settled(page);
    assert.equal(await page.getAttribute('[data-testid="strategy-comparison"]', 'aria-busy'), 'false');
    const rows = await page.$$eval('[data-testid="comparison-row"]', (els) => els.map((e) => e.dataset.strategy));
    assert.deepEqual(rows, ['naive', 'two-phase', 'new-topic'], path);
    assert.ok(!(await page.textContent('[data-testid="strategy-comparison"]')).includes(running), `${path}: no longer running`);
    assert.deepEqual(errors, []);
    await context.close();
  }
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

const narration = (page) => page.textContent('[data-testid="narration"]');

/**
 * Steps forward until every pattern has been narrated, `max` steps, or the
 * run's end, and returns each narration on the way.
 */
async function stepThrough(page, max, patterns) {
  const seen = [];
  const atEnd = () => page.$eval('[data-testid="timeline"]', (e) => e.value === e.max);
  while (seen.length < max && !(await atEnd()) && !patterns.every((p) => seen.some((t) => p.test(t)))) {
    await thenChanged(page, () => page.click('[data-testid="step-forward"]'));
    seen.push(await narration(page));
  }
  for (const p of patterns) assert.ok(seen.some((t) => p.test(t)), `${p} in ${seen.join(' | ')}`);
  return seen;
}

test('repartition narrates each step, in both languages: the change, who sees it when, and where an order splits', async () => {
  const words = {
    en: {
      intro: /^Press ▶ or →: 24 orders go through Created → Paid → Shipped → Delivered, keyed by order id, in a topic of 3 partitions\. At 0\.6\ss it grows to 4 partitions, at once \(the naive way\)\./,
      first: /^order-1 · Created → orders-(\d), offset 0: the key's hash (\d+) % 3 = \1\.$/,
      grown: /^The controller added partition 3 to orders: it has 4 now\. The producer sees it at its metadata refresh at 0\.7\ss, the group after its own refresh and a rebalance at 1\ss/,
      stale: /^order-\d+ · \w+ → orders-\d, offset \d+: the key's hash \d+ % 3 = \d\. The broker has 4 partitions already, but the producer has not refreshed its metadata and still divides by 3\.$/,
      saw: /^The producer refreshed its metadata and sees 4 partitions\. From now on it computes hash % 4 instead of % 3/,
      split: /^order-\d+ · (\w+) → orders-\d, offset \d+: the producer now computes \d+ % 4 = \d\. This order's (\w+) is in orders-\d, another partition with its own consumer: \1 may be handled before \2\.$/,
    },
    ru: {
      intro: /^Нажмите ▶ или →: 24 заказа проходят Created → Paid → Shipped → Delivered с ключом — номером заказа — в топике из 3 партиций\. В 0,6\sс партиций становится 4, сразу, в лоб\./,
      // Russian groups the hash's digits with no-break spaces and says the remainder in words.
      first: /^order-1 · Created → orders-(\d), offset 0: хеш ключа (\d[\d\s]*\d) при делении на 3 даёт остаток \1\.$/,
      grown: /^Контроллер добавил в orders партицию 3: теперь их 4\. Продюсер увидит её при обновлении метаданных в 0,7\sс, группа — после своего обновления и ребалансировки \(перераспределения партиций между консьюмерами\) в 1\sс/,
      stale: /^order-\d+ · \w+ → orders-\d, offset \d+: хеш ключа \d[\d\s]*\d при делении на 3 даёт остаток \d\. У брокера партиций уже 4, но продюсер ещё не обновил метаданные и делит на 3\.$/,
      saw: /^Продюсер обновил метаданные и узнал, что партиций теперь 4\. С этого момента он считает хеш % 4 вместо % 3/,
      split: /^order-\d+ · (\w+) → orders-\d, offset \d+: продюсер теперь делит на новое число: хеш ключа \d[\d\s]*\d при делении на 4 даёт остаток \d\. (\w+) этого заказа — в orders-\d, другой партиции со своим консьюмером: \1 может быть обработан раньше \2\.$/,
    },
  };
  for (const [lang, w] of Object.entries(words)) {
    const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=repartition&lang=${lang}&t=0`);
    assert.match(await narration(page), w.intro);
    const start = await stepThrough(page, 20, [w.first]);
    const [, partition, hash] = start.map((t) => t.match(w.first)).find(Boolean);
    assert.equal(Number(hash.replace(/\s/g, '')) % 3, Number(partition), 'the told remainder is the told partition');
    // The record is where the narration put it.
    const lane = await page.$eval('[data-testid="record"][data-key="order-1"][data-step="1"]', (e) => e.closest('[data-testid="lane"]').dataset.partition);
    assert.equal(lane, partition);
    await seekTo(page, 590);
    const change = await stepThrough(page, 200, [w.grown, w.stale, w.saw, w.split]);
    assert.ok(new Set(change).size > change.length / 2, 'the narration follows the steps');
    assert.ok(change.findIndex((t) => w.grown.test(t)) < change.findIndex((t) => w.saw.test(t)), 'the broker first, then the producer');
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('repartition narrates the rebalance\'s skipped records and the new topic\'s pause', async () => {
  const latest = await openPage(env.browser, `${env.base}?scene=repartition&lang=en&auto-offset-reset=latest`);
  // Opened on the outcome: the verdict names what latest skipped.
  const skipped = (await stats(latest.page)).skipped;
  assert.ok(skipped > 0);
  assert.match(await narration(latest.page), new RegExp(`auto\\.offset\\.reset=latest skipped ${skipped} records on the new partitions: nobody will ever read them\\.`));
  await seekTo(latest.page, 990);
  await stepThrough(latest.page, 60, [new RegExp(`^The group's rebalance hands it the new partition 3: with auto\\.offset\\.reset=latest reading starts at the log end, so whatever the producer wrote there before \\(${skipped} records\\) is never read\\.$`)]);
  assert.deepEqual(latest.errors, []);
  await latest.context.close();

  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=repartition&lang=ru&strategy=new-topic&t=590`);
  await stepThrough(page, 60, [
    /^Создан топик orders-v2 из 4 партиций, и группа подписалась на него\./,
    /^order-\d+ · \w+ ждёт в буфере продюсера \(теперь в нём 2 сообщения\): продюсеры приостановили отправку/,
  ]);
  await seekTo(page);
  const held = await page.$$eval('[data-testid="lane"][data-topic="orders-v2"] [data-testid="record"]', (els) => els.length);
  await seekTo(page, 1380);
  const switched = await stepThrough(page, 200, [/^orders дочитан до конца: продюсеры переключаются на orders-v2 и отправляют накопленное \(\d+ (сообщение|сообщения|сообщений)\)\. Пауза длилась 0,\d{1,3}\sс/]);
  const flushed = Number(switched.at(-1).match(/накопленное \((\d+)/)[1]);
  assert.ok(flushed > 0 && flushed <= held, `${flushed} of ${held}`);
  await shot(page, 'repartition-ru-new-topic-narrated');
  assert.deepEqual(errors, []);
  await context.close();
});
