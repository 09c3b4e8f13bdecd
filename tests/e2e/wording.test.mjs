// The sentences a learner reads, as the second course-ready pass fixed
// them: summaries that read as sentences, a single offset named as one,
// findings in the scene's own words, settings that stay where they were.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, seekTo, thenChanged } from './harness.mjs';

const env = useBrowser();
const summary = (page) => page.textContent('[data-testid="summary"]');

test('routing: a null key is summed up in a sentence, not "the keyless strategy of 3"', async () => {
  for (const [lang, sentence] of [['ru', /партицию выбирает стратегия без ключа; в потоке \d+ нарушени/], ['en', /the keyless strategy picks the partition; \d+ (order )?violations? in the stream/]]) {
    const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=routing&key-null=1&lang=${lang}`);
    const text = await summary(page);
    assert.match(text, sentence);
    assert.doesNotMatch(text, /без ключа из \d|keyless strategy of \d/, text);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('replication: with every broker down the summary says there is no leader and the ISR is empty', async () => {
  const down = 'replica-actions=crash:1@500,crash:2@600,crash:3@700';
  for (const [lang, leader, isr] of [['ru', /лидер — нет,/, /ISR: пуст/], ['en', /leader none,/, /ISR: empty/]]) {
    const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=replication&${down}&lang=${lang}`);
    await seekTo(page);
    const text = await summary(page);
    assert.match(text, leader, text);
    assert.match(text, isr, text);
    assert.doesNotMatch(text, /брокер —|ISR: ,|ISR: $/, text);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('log: a poll of one record names one offset, the position is where it is now, and the index says it is relative', async () => {
  for (const lang of ['ru', 'en']) {
    const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=log&lang=${lang}&t=0`);
    const polls = [];
    const end = await page.$eval('[data-testid="timeline"]', (el) => el.max);
    const at = () => page.$eval('[data-testid="scene"]', (e) => e.dataset.simTime);
    for (let i = 0; i < 80 && (await at()) !== end; i++) {
      await thenChanged(page, () => page.click('[data-testid="step-forward"]'));
      const text = await page.textContent('[data-testid="narration"]');
      if (/poll\(\)/.test(text)) polls.push(text);
    }
    assert.ok(polls.length > 0, `${lang}: the consumer polls`);
    for (const text of polls) {
      assert.doesNotMatch(text, /offset'ы (\d+)–\1\b|offsets (\d+)–\2\b/, text);
      assert.doesNotMatch(text, /сдвинулась на|moved by/, text);
    }
    const single = lang === 'ru' ? /получил offset \d+\./ : /got offset \d+\./;
    const range = lang === 'ru' ? /получил offset'ы \d+–\d+\./ : /got offsets \d+–\d+\./;
    assert.ok(polls.some((t) => single.test(t)), `one record, one offset: ${polls.join(' | ')}`);
    assert.ok(polls.some((t) => range.test(t)), `several, a range: ${polls.join(' | ')}`);
    assert.ok(polls.some((t) => (lang === 'ru' ? /Позиция теперь \d+/ : /position is now \d+/).test(t)), polls.join(' | '));
    // Every index entry is a relative offset (+N) and a byte position, and
    // its hover title says so.
    const entries = await page.$$eval('[data-testid="segment"] .file-meta title', (ts) => ts.map((t) => ({ title: t.textContent, text: t.parentElement.textContent.replace(t.textContent, '') })));
    assert.ok(entries.length > 0);
    for (const e of entries) {
      assert.match(e.text, /^\+\d+ → \d+/, e.text);
      assert.match(e.title, lang === 'ru' ? /относительно базового offset'а/ : /relative to the segment's base offset/);
    }
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('workers: a finding names the order\'s events, never a bare number', async () => {
  for (const lang of ['ru', 'en']) {
    const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=workers&mode=per-message&lang=${lang}`);
    await seekTo(page);
    const lines = await page.$$eval('[data-testid="violation"]', (els) => els.map((e) => e.textContent));
    assert.ok(lines.length > 0);
    for (const line of lines) {
      assert.match(line, /order-\d+: (Created|Paid|Shipped|Delivered|событие \d+|event \d+) \(offset \d+\)/, line);
      assert.doesNotMatch(line, /(после|after) \d+\b/, line);
    }
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('producer: the settings stay open when a refused configuration becomes valid again', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=producer&lang=en&preset=idempotent&max-in-flight=6`);
  assert.ok(await page.isVisible('[data-testid="config-error"]'));
  assert.equal(await page.$eval('[data-testid="settings"]', (d) => d.open), true, 'open while refused');
  await page.fill('[data-testid="max-in-flight"]', '5');
  await page.waitForSelector('[data-testid="config-error"]', { state: 'detached' });
  assert.equal(await page.$eval('[data-testid="settings"]', (d) => d.open), true, 'still open once valid');
  assert.equal(await page.inputValue('[data-testid="max-in-flight"]'), '5');
  assert.deepEqual(errors, []);
  await context.close();
});
