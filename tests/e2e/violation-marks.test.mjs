// Every broken order drawn where it happened: the scenes that count
// reorders mark each one on their figure, with its key, and the marks say
// in words what the colour says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, linkTab, seekTo, stats, shot } from './harness.mjs';

const env = useBrowser();

const VIEWPORTS = [['phone', { width: 390, height: 844 }], ['laptop', { width: 1280, height: 800 }]];

const marks = (page, within = '') =>
  page.$$eval(`${within} [data-testid="violation-mark"]`, (els) =>
    els.map((e) => ({ key: e.dataset.key, words: (e.querySelector('title')?.textContent ?? e.getAttribute('title') ?? '').trim() })));

/** The keys the findings list names, in its order (the first 30 are listed). */
const listedKeys = (page, within = '') =>
  page.$$eval(`${within} [data-testid="violation"]`, (els) => els.map((e) => e.dataset.key));

/** `within` holds the marks; `listedIn` the scene's list of findings. */
async function checkMarks(page, count, within, label, listedIn = '') {
  const found = await marks(page, within);
  assert.equal(found.length, count, `${label}: one mark per broken order`);
  assert.ok(count > 0, `${label}: the link breaks an order`);
  for (const m of found) {
    assert.match(m.key, /^order-\d+$/, label);
    assert.ok(m.words.includes(m.key) && m.words.startsWith('⚠'), `${label}: the mark says it in words: ${m.words}`);
  }
  const keys = new Set(found.map((m) => m.key));
  const listed = await listedKeys(page, listedIn);
  assert.ok(listed.length > 0, `${label}: the findings are listed too`);
  for (const key of listed) assert.ok(keys.has(key), `${label}: ${key} is listed and marked`);
}

for (const lang of ['ru', 'en']) {
  for (const [size, viewport] of VIEWPORTS) {
    test(`repartition, workers and RabbitMQ mark every broken order on the figure (${lang}, ${size})`, async () => {
      const tab = await linkTab(env.browser, viewport);
      {
        const { page, errors } = await tab.open(`${env.base}?scene=repartition&lang=${lang}`);
        const { violations } = await stats(page);
        await checkMarks(page, violations, '[data-testid="lanes"]', `repartition ${lang} ${size}`);
        // Both records of a pair are inside the figure, ringed.
        assert.equal(await page.$$eval('[data-testid="lanes"] .violation-mark .ring', (r) => r.length), 2 * violations);
        await shot(page, `marks-repartition-${lang}-${size}`);
        assert.deepEqual(errors, []);
      }
      {
        const { page, errors } = await tab.open(`${env.base}?scene=workers&mode=per-message&lang=${lang}`);
        await seekTo(page);
        const { violations } = await stats(page);
        await checkMarks(page, violations, '[data-testid="offset-strip"]', `workers ${lang} ${size}`);
        await shot(page, `marks-workers-${lang}-${size}`);
        assert.deepEqual(errors, []);
      }
      {
        const { page, errors } = await tab.open(`${env.base}?scene=rabbitmq&lang=${lang}`);
        const side = '[data-side="rabbitmq"]';
        const count = Number(await page.getAttribute(`[data-testid="violations-count"]${side}`, 'data-count'));
        await checkMarks(page, count, `section${side}`, `rabbitmq ${lang} ${size}`, `section${side}`);
        // The Kafka side keeps each order on one consumer: nothing to mark.
        assert.equal((await marks(page, 'section[data-side="kafka"]')).length, 0);
        // Each late message's partner, the one it came after, is ringed with
        // the same key, and pointing at their finding lights both.
        const partners = await page.$$eval(`section${side} [data-testid="violation-partner"]`, (els) => els.map((e) => e.dataset.key));
        for (const m of await marks(page, `section${side}`)) assert.ok(partners.includes(m.key), `rabbitmq: ${m.key} has its partner ringed`);
        const first = (await listedKeys(page, `section${side}`))[0];
        await page.hover(`section${side} [data-testid="violation"]`);
        await page.waitForFunction((k) => document.querySelector(`[data-testid="violation-partner"][data-key="${k}"][data-lit]`)
          && document.querySelector(`[data-testid="violation-mark"][data-key="${k}"][data-lit]`), first);
        await shot(page, `marks-rabbitmq-${lang}-${size}`);
        assert.deepEqual(errors, []);
      }
      await tab.close();
    });
  }
}

for (const [lang, [size, viewport]] of [['ru', VIEWPORTS[0]], ['en', VIEWPORTS[1]]]) {
  test(`the pipeline marks every broken pair where the sink met it (${lang}, ${size})`, async () => {
    const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=pipeline&idempotence=0&seed=43&lang=${lang}`, viewport);
    await seekTo(page);
    const count = Number(await page.getAttribute('[data-testid="violations"]', 'data-count'));
    await checkMarks(page, count, '[data-testid="pipeline-figure"]', `pipeline ${lang} ${size}`);
    assert.equal(await page.$$eval('[data-testid="pipeline-figure"] .violation-mark .ring', (r) => r.length), 2 * count);
    await shot(page, `marks-pipeline-${lang}-${size}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

/** The keys of the marks lit now. */
const lit = (page) =>
  page.$$eval('[data-testid="scene"] [data-lit]', (els) => [...new Set(els.map((e) => e.dataset.key))]);

for (const [lang, [size, viewport]] of [['en', VIEWPORTS[0]], ['ru', VIEWPORTS[1]]]) {
  test(`a finding pointed at or focused lights its marks on the figure (${lang}, ${size})`, async () => {
    const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=repartition&lang=${lang}`, viewport);
    const findings = await page.$$('[data-testid="violations"] [data-testid="violation"]');
    assert.ok(findings.length >= 2, 'the link breaks two orders');
    const keys = await listedKeys(page);
    assert.deepEqual(await lit(page), [], 'nothing is lit before');
    const ring = `[data-testid="lanes"] .violation-mark[data-key="${keys[0]}"] .ring`;
    const before = await page.$eval(ring, (r) => getComputedStyle(r).stroke);
    await findings[0].hover();
    await page.waitForFunction((k) => document.querySelector(`.violation-mark[data-key="${k}"][data-lit]`), keys[0]);
    assert.deepEqual(await lit(page), [keys[0]], 'only its own marks are lit');
    assert.notEqual(await page.$eval(ring, (r) => getComputedStyle(r).stroke), before, 'the lit ring looks different');
    await shot(page, `marks-lit-${lang}-${size}`);
    // The keyboard reaches the findings too.
    const other = keys.findIndex((k) => k !== keys[0]);
    assert.ok(other > 0, 'two different orders are listed');
    await findings[other].focus();
    await page.waitForFunction((k) => document.querySelector(`.violation-mark[data-key="${k}"][data-lit]`), keys[other]);
    assert.deepEqual(await lit(page), [keys[other]]);
    await page.hover('h1');
    await page.evaluate(() => document.activeElement.blur());
    await page.waitForFunction(() => !document.querySelector('[data-testid="scene"] [data-lit]'));
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('a record the group handled twice lights its mark on the partition it came from', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=group&lang=ru&t=2000`, VIEWPORTS[1][1]);
  await seekTo(page);
  const first = await page.$('[data-testid="twice"] [data-testid="violation"]');
  const key = await first.getAttribute('data-key');
  assert.match(key, /^P\d+@\d+$/);
  await first.hover();
  await page.waitForFunction((k) => document.querySelector(`[data-testid="twice-mark"][data-key="${k}"][data-lit]`), key);
  assert.deepEqual(await lit(page), [key]);
  assert.deepEqual(errors, []);
  await context.close();
});

for (const [lang, [size, viewport]] of [['en', VIEWPORTS[0]], ['ru', VIEWPORTS[1]]]) {
  test(`the producer and routing mark their broken pairs on the records (${lang}, ${size})`, async () => {
    const tab = await linkTab(env.browser, viewport);
    {
      const { page, errors } = await tab.open(`${env.base}?scene=producer&preset=catastrophe&lang=${lang}`);
      await seekTo(page);
      const listed = (await listedKeys(page)).length;
      await checkMarks(page, listed, '[data-testid="pipeline"]', `producer ${lang} ${size}`);
      // The pair: the later event written first, and the earlier one after it.
      assert.equal(await page.$$eval('[data-testid="pipeline"] .violation-mark .ring', (r) => r.length), 2 * listed);
      await shot(page, `marks-producer-${lang}-${size}`);
      assert.deepEqual(errors, []);
    }
    {
      // Keyless records, spread over the partitions: consumers that read at
      // different speeds handle an order's events out of order.
      const { page, errors } = await tab.open(`${env.base}?scene=routing&key-null=1&lang=${lang}`);
      await seekTo(page);
      const listed = (await listedKeys(page, '.stream')).length;
      await checkMarks(page, listed, '[data-testid="stream-figure"]', `routing ${lang} ${size}`, '.stream');
      await shot(page, `marks-routing-${lang}-${size}`);
      assert.deepEqual(errors, []);
    }
    await tab.close();
  });
}
