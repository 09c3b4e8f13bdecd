// Scene "share" in the release build: one topic read by a consumer group,
// a share group (KIP-932) and a keyed worker pool.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, shot, thenChanged } from './harness.mjs';

const env = useBrowser();
const PHONE = { width: 390, height: 844 };

const counts = (page) =>
  page.$$eval('[data-testid="violations-count"]', (els) => Object.fromEntries(els.map((e) => [e.dataset.lane, Number(e.dataset.count)])));
const states = (page) => page.$$eval('[data-testid="share-record"]', (els) => els.map((e) => e.dataset.state));

test('share: the default link breaks order in the share group alone, and names each cause', async () => {
  for (const [lang, cause, archived] of [['en', /cause: /, /archived after 5 deliveries/], ['ru', /причина: /, /в архиве после 5 доставок/]]) {
    const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=share&lang=${lang}`);
    const c = await counts(page);
    assert.ok(c.share > 0, `${lang}: the share group broke order: ${JSON.stringify(c)}`);
    assert.equal(c.group, 0, `${lang}: the consumer group kept order`);
    assert.equal(c.pool, 0, `${lang}: the pool kept order`);
    const lines = await page.$$eval('[data-lane="share"] [data-testid="violation"]', (els) => els.map((e) => e.textContent));
    assert.equal(lines.length, c.share);
    for (const line of lines) assert.match(line, cause, line);
    // The poison pill: archived by the broker, and listed as such.
    const s = await states(page);
    assert.equal(s.filter((x) => x === 'archived').length, 1, s.join());
    assert.ok(s.every((x) => x === 'acknowledged' || x === 'archived'), s.join());
    assert.match(await page.textContent('[data-lane="share"] [data-testid="gave-up"]'), archived);
    // Marks on the consumers' rows, where it happened.
    assert.ok((await page.$$('[data-lane="share"] [data-testid="violation-mark"]')).length > 0);
    await shot(page, `share-${lang}`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('share: stepping from the start tells acquisitions, locks and releases', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=share&lang=en&t=0`);
  const seen = new Set();
  for (let i = 0; i < 14; i++) {
    await thenChanged(page, () => page.click('[data-testid="step-forward"]'));
    seen.add(await page.textContent('[data-testid="narration"]'));
  }
  const all = [...seen].join(' | ');
  assert.match(all, /handed it to consumer-\d at once, locked until/, all);
  assert.ok((await states(page)).includes('acquired'), 'a record is acquired on screen');
  assert.deepEqual(errors, []);
  await context.close();
});

test('share: without faults one consumer per lane keeps order everywhere', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=share&consumers=1&release=0&lock-timeout=0&poison=0&lang=en`);
  assert.deepEqual(await counts(page), { group: 0, share: 0, pool: 0 });
  assert.ok((await states(page)).every((x) => x === 'acknowledged'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('share: the poison checkbox writes the link, and its record is then acknowledged', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=share&lang=en`);
  await page.uncheck('[data-testid="poison"]');
  await page.waitForFunction(() => location.search.includes('poison=0'));
  await page.waitForFunction(() => !document.querySelector('[data-testid="share-record"][data-state="archived"]'));
  assert.match(await page.textContent('[data-testid="when-share"]'), /independent jobs/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('share: on a phone and embedded, the share group comes first and nothing overflows', async () => {
  for (const [lang, link] of [['ru', '?scene=share&lang=ru'], ['en', '?scene=share&lang=en&embed=1']]) {
    const { page, context, errors } = await openPage(env.browser, `${env.base}${link}`, PHONE);
    const top = (lane) => page.$eval(`[data-lane="${lane}"]`, (e) => e.getBoundingClientRect().top);
    assert.ok((await top('share')) < (await top('group')), `${link}: the share group's lane first`);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= PHONE.width, `${link}: ${wide} px wide`);
    await shot(page, `share-phone-${lang}${link.includes('embed') ? '-embed' : ''}`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('share: reads-with marks the learner\'s lane, and the settings change it', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=share&reads-with=pool&lang=ru`);
  assert.equal(await page.getAttribute('[data-lane="pool"]', 'data-yours'), 'true');
  assert.equal(await page.getAttribute('[data-lane="share"]', 'data-yours'), 'false');
  assert.match(await page.textContent('[data-lane="pool"] [data-testid="yours"]'), /ваш сервис/);
  await page.check('[data-testid="reads-with"][value="group"]');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('reads-with') === 'group');
  await page.waitForSelector('[data-lane="group"][data-yours="true"]');
  assert.deepEqual(errors, []);
  await context.close();
});
