// Scene "producer" in the release build, in real headless Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, stats, seekTo, thenChanged, records, shot, simTime } from './harness.mjs';

const env = useBrowser();

const seekToEnd = (page) => seekTo(page);

test('preset 1, the chapter\'s catastrophe: Paid at 100, Created at 101, and a violation', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=producer&preset=catastrophe&lang=en`);
  const log = await records(page);
  assert.deepEqual(log.map((r) => [r.offset, r.step]), [[100, 2], [101, 1]]);
  assert.ok((await page.$$('[data-testid="violation"]')).length >= 1);
  assert.match(await page.textContent('[data-testid="violation"]'), /Created \(partition 1, offset 101\) came after Paid \(partition 1, offset 100\)/);
  const s = await stats(page);
  assert.equal(s.reorders, 1);
  assert.equal(s.retries, 1);
  assert.equal(s.sent, 2);
  assert.equal(s.written, 2);
  assert.equal(s.failed, 0);
  assert.equal(s.lost, 0);
  assert.ok(!('epoch' in s), 'no epoch without idempotence');
  for (const name of ['sent', 'retries', 'reorders', 'duplicates', 'throughput']) assert.ok(name in s, name);
  // The broker refused batch 1 with an error; no request vanished.
  assert.match(await page.textContent('[data-testid="seq-error"]'), /CORRUPT_MESSAGE \(2\)/);
  assert.equal((await page.$$('[data-kind="RequestLost"]')).length, 0);
  await shot(page, 'producer-en-catastrophe');
  // Stepping back undoes the write of the retried Created.
  await thenChanged(page, () => page.click('[data-testid="step-back"]'));
  await thenChanged(page, () => page.click('[data-testid="step-back"]'));
  assert.deepEqual((await records(page)).map((r) => r.offset), [100]);
  assert.equal((await page.$$('[data-testid="violation"]')).length, 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('preset 2, idempotence: OUT_OF_ORDER_SEQUENCE_NUMBER in the diagram, and no violation', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=producer&preset=idempotent&lang=en`);
  assert.equal((await page.$$('[data-testid="violation"]')).length, 0);
  const log = await records(page);
  assert.deepEqual(log.map((r) => [r.offset, r.step]), [[100, 1], [101, 2]]);
  const seqErrors = await page.$$eval('[data-testid="seq-error"]', (els) => els.map((e) => e.textContent));
  assert.match(seqErrors.join(' '), /batch 2: OUT_OF_ORDER_SEQUENCE_NUMBER/);
  // The broker knows the producer: its sequences go on from the 100 it wrote.
  assert.match(await page.textContent('[data-testid="broker-state"]'), /knows this producer.* 101/);
  const s = await stats(page);
  assert.deepEqual([s.written, s.failed, s.lost, s.epoch], [2, 0, 0, 0]);
  await page.waitForSelector('[data-testid="price-one"]');
  const one = Number(await page.getAttribute('[data-testid="price-one"]', 'data-value'));
  const five = Number(await page.getAttribute('[data-testid="price-five"]', 'data-value'));
  assert.ok(one < five, `one in flight ${one} should be slower than five ${five}`);
  await shot(page, 'producer-en-idempotent');
  assert.deepEqual(errors, []);
  await context.close();
});

test('preset 4, a lost answer: a duplicate without idempotence, none with it', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=producer&preset=lost-ack&lang=ru`);
  const dup = await page.$$eval('[data-testid="record"][data-duplicate="true"]', (els) => els.map((e) => Number(e.dataset.offset)));
  assert.deepEqual(dup, [102]);
  assert.equal((await stats(page)).duplicates, 1);
  await page.click('[data-testid="settings"] summary');
  await page.check('[data-testid="idempotence"]');
  await page.waitForFunction(() => location.search.includes('idempotence=1'));
  await seekToEnd(page);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="record"]').length === 2);
  assert.equal((await page.$$('[data-testid="record"][data-duplicate="true"]')).length, 0);
  assert.equal((await stats(page)).duplicates, 0);
  await shot(page, 'producer-ru-lost-ack-idempotent');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a new producer: the broker takes batch 2 as its first, Created is lost, and the epoch moves on', async () => {
  for (const [lang, verdict] of [['en', /history is broken/], ['ru', /история заказа разорвана/]]) {
    const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=producer&preset=new-producer&lang=${lang}`);
    assert.deepEqual((await records(page)).map((r) => [r.offset, r.step]), [[100, 2]]);
    const s = await stats(page);
    assert.deepEqual([s.written, s.failed, s.lost, s.epoch], [1, 1, 1, 1]);
    assert.equal((await page.$$('[data-testid="seq-error"]')).length, 4);
    assert.match(await page.textContent('[data-testid="narration"]'), verdict);
    // The findings agree with the verdict: a missing Created, no tick.
    assert.match(await page.textContent('[data-testid="gap"]'), lang === 'en' ? /order-42: Created never reached the log/ : /order-42: Created так и не попал в лог/);
    assert.equal(await page.$('[data-testid="violations"] .ok'), null);
    assert.match(await page.textContent('[data-testid="preset-about"]'), /KAFKA-15591/);
    await shot(page, `producer-${lang}-new-producer`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('a link with an old fault name opens as the nearest real fault, with a note', async () => {
  const old = await openPage(env.browser, `${env.base}?scene=producer&preset=catastrophe&faults=1.1:lose-request&lang=en`);
  assert.match(await old.page.textContent('[data-testid="param-message"]'), /lose-request.*corrupt.*CORRUPT_MESSAGE/);
  const now = await openPage(env.browser, `${env.base}?scene=producer&preset=catastrophe&lang=en`);
  assert.equal(await old.page.getAttribute('[data-testid="scene"]', 'data-state-digest'),
    await now.page.getAttribute('[data-testid="scene"]', 'data-state-digest'));
  const ru = await openPage(env.browser, `${env.base}?scene=producer&preset=lost-ack&faults=1.1:lose-response&lang=ru`);
  assert.match(await ru.page.textContent('[data-testid="param-message"]'), /lose-response.*disconnect/);
  assert.deepEqual([...old.errors, ...now.errors, ...ru.errors], []);
  for (const p of [old, now, ru]) await p.context.close();
});

test('more than five in flight with idempotence is refused, as by Kafka', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=producer&preset=idempotent&lang=en&max-in-flight=6`);
  const msg = await page.textContent('[data-testid="config-error"]');
  assert.match(msg, /at most 5/);
  assert.equal(await page.$('[data-testid="pipeline"]'), null);
  // Fixing the setting brings the scene back.
  assert.ok(await page.$eval('[data-testid="settings"]', (d) => d.open), 'a refused setting opens the form');
  await page.fill('[data-testid="max-in-flight"]', '5');
  await page.waitForSelector('[data-testid="pipeline"]');
  assert.equal(await page.$('[data-testid="config-error"]'), null);
  // The form the learner is fixing stays open once the setting is valid.
  assert.ok(await page.$eval('[data-testid="settings"]', (d) => d.open), 'the form stays open');
  await page.click('[data-testid="settings"] summary');
  assert.ok(!(await page.$eval('[data-testid="settings"]', (d) => d.open)), 'and folds when the learner folds it');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the learner corrupts a request by hand, and the link replays it', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=producer&preset=catastrophe&faults=&lang=en&t=0`);
  assert.equal(await simTime(page), 0);
  // Step until batch 1 is on the wire.
  for (let i = 0; i < 5 && !(await page.$('[data-testid="in-flight-request"][data-batch="1"]')); i++) {
    await thenChanged(page, () => page.click('[data-testid="step-forward"]'));
  }
  await page.click('[data-testid="in-flight-request"][data-batch="1"] [data-testid="fault-corrupt"]');
  await page.waitForFunction(() => location.search.includes('faults=1.1%3Acorrupt'));
  await seekToEnd(page);
  await page.waitForSelector('[data-testid="violation"]');
  const replay = await openPage(env.browser, page.url());
  assert.equal(await replay.page.getAttribute('[data-testid="scene"]', 'data-state-digest'),
    await page.getAttribute('[data-testid="scene"]', 'data-state-digest'));
  assert.ok((await replay.page.$$('[data-testid="violation"]')).length >= 1);
  assert.deepEqual([...errors, ...replay.errors], []);
  await replay.context.close();
  await context.close();
});

test('chaos: thousands of records, live counters, and idempotence compared on one seed', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=producer&preset=chaos&lang=en`);
  const s = await stats(page);
  assert.equal(s.sent, 2000);
  assert.ok(s.retries > 0);
  assert.ok(s.throughput > 0);
  assert.ok((await page.$$('[data-testid="record"]')).length <= 14, 'only the newest records are drawn');
  await page.waitForSelector('[data-testid="compare-row"]');
  const rows = await page.$$eval('[data-testid="compare-row"]', (els) =>
    Object.fromEntries(els.map((e) => [e.dataset.idempotence, { reorders: Number(e.dataset.reorders), duplicates: Number(e.dataset.duplicates) }])),
  );
  assert.deepEqual(rows.true, { reorders: 0, duplicates: 0 });
  assert.ok(rows.false.reorders + rows.false.duplicates > 0);
  await page.click('[data-testid="flip-idempotence"]');
  await page.waitForFunction(() => location.search.includes('idempotence=1'));
  await seekToEnd(page);
  const after = await stats(page);
  assert.equal(after.reorders, 0);
  assert.equal(after.duplicates, 0);
  await shot(page, 'producer-en-chaos');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the sequence diagram follows the timeline when scrubbing back and forth', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=producer&preset=idempotent&lang=en`);
  const lines = () => page.$$eval('[data-testid="sequence-diagram"] .seq-line', (els) => els.map((e) => e.textContent));
  const atEnd = await lines();
  const seek = (t) =>
    page.$eval('[data-testid="timeline"]', (el, t) => {
      el.value = String(t);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }, t);
  await seek(20);
  const early = await lines();
  assert.ok(early.length < atEnd.length);
  assert.deepEqual(early, atEnd.slice(0, early.length), 'the past is the same past');
  assert.equal((await page.$$('[data-testid="seq-error"]')).length, 0, 'no error has happened by 20 ms');
  await seek(200);
  // CORRUPT_MESSAGE for batch 1, then OUT_OF_ORDER_SEQUENCE_NUMBER for batch 2.
  assert.equal((await page.$$('[data-testid="seq-error"]')).length, 2);
  await seek(100000);
  assert.deepEqual(await lines(), atEnd);
  assert.deepEqual(errors, []);
  await context.close();
});

test('phone width: no horizontal scroll on the producer scene', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=producer&preset=catastrophe&lang=ru`, { width: 360, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `horizontal scroll of ${overflow}px at 360px`);
  // Every text of the sequence diagram, its lifeline titles and its
  // longest notes and batches included, stays inside the figure, in both
  // languages.
  for (const link of ['preset=catastrophe&lang=ru&t=600', 'preset=catastrophe&lang=en&t=600', 'preset=chaos&lang=en&t=2000']) {
    await page.goto(`${env.base}?scene=producer&${link}`);
    await page.waitForSelector('[data-testid="scene"][data-ready="true"]');
    const spill = await page.$eval('[data-testid="sequence-diagram"]', (svg) => {
      const right = svg.viewBox.baseVal.width;
      return [...svg.querySelectorAll('text')]
        .map((t) => ({ text: t.textContent, over: t.getBBox().x + t.getBBox().width - right, under: -t.getBBox().x }))
        .filter((t) => t.over > 0 || t.under > 0);
    });
    assert.deepEqual(spill, [], `${link}: texts cut at the figure's edge`);
  }
  await shot(page, 'producer-ru-phone');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a link that floods the log stops the run early and says so, in both languages', async () => {
  const storm = 'scene=producer&preset=chaos&workload=stream-5000&max-in-flight=10&chaos=500'
    + '&request-timeout-ms=10&retry-backoff-ms=0&delivery-timeout-ms=600000';
  for (const [lang, words] of [['en', /stops at .* after [\d,]+ events?/], ['ru', /остановлен на .* после [\d\s]+ событи[яй]/]]) {
    const { page, context, errors } = await openPage(env.browser, `${env.base}?${storm}&lang=${lang}`);
    assert.match(await page.textContent('[data-testid="run-cut-short"]'), words);
    // The scrub bar ends where the run stopped, and the page still plays.
    const end = Number(await page.getAttribute('[data-testid="timeline"]', 'max'));
    assert.ok(end > 0 && end < 600000, `${end}`);
    await page.click('[data-testid="reset"]');
    await page.click('[data-testid="play"]');
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="scene"]').dataset.simTime) > 0);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('embedded as its settings part, the producer\'s form starts open; in the whole scene it starts folded', async () => {
  for (const [link, open] of [['?scene=producer&embed=1&part=settings&lang=ru', true], ['?scene=producer&lang=en', false]]) {
    const { page, context, errors } = await openPage(env.browser, `${env.base}${link}`, { width: 800, height: 600 });
    assert.equal(await page.$eval('[data-testid="settings"]', (d) => d.open), open, link);
    if (open) assert.ok(await page.isVisible('[data-testid="settings"] input[type="number"]'), `${link}: a setting to change`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});
