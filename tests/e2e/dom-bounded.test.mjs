// Long runs must not grow the page: every scene, on its heaviest link and at
// the end of its run, stays under one fixed number of elements, and the
// producer's ten-minute run is no bigger at its end than a tenth of the way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, seekTo } from './harness.mjs';
import { HEAVIEST } from './perf.mjs';

const env = useBrowser();

/** Elements on the page, whatever the scene and however long its run. */
const CEILING = 2000;

const elements = (page) => page.evaluate(() => document.getElementsByTagName('*').length);

// Links that a learner can make as long as they like: a group after forty
// joins and crashes, a producer after thirty interventions.
const grown = [
  {
    name: 'group, forty members joined and crashed',
    check: async (page) => {
      assert.ok((await page.$$('[data-testid="member"]')).length <= 20);
      assert.ok((await page.$$('[data-testid="generation"]')).length <= 8);
      assert.match(await page.textContent('[data-testid="members-hidden"]'), /Not shown: \d+ active, \d+ gone/);
    },
    query: `?scene=group&partitions=32&members=16&actions=${Array.from({ length: 40 }, (_, i) => (i % 2 ? `crash:consumer-${i}@${300 + i * 100}` : `add@${300 + i * 100}`)).join(',')}`,
  },
  {
    name: 'producer, thirty interventions',
    check: async (page) => {
      const listed = await page.$$eval('.interventions-list li', (els) => els.map((e) => e.textContent));
      assert.equal(listed.length, 9);
      assert.match(listed[0], /and \d+ earlier/);
    },
    query: `?scene=producer&preset=chaos&faults=${Array.from({ length: 30 }, (_, i) => `${i + 1}.1:corrupt`).join(',')}&outages=${Array.from({ length: 10 }, (_, i) => `${200 + i * 300}+50`).join(',')}`,
  },
];

for (const { name, query, check } of [...HEAVIEST, ...grown]) {
  test(`${name}: at most ${CEILING} elements at the end of the run`, async (t) => {
    const { page, context, errors } = await openPage(env.browser, `${env.base}${query}&lang=en`);
    await seekTo(page);
    const n = await elements(page);
    t.diagnostic(`${n} elements`);
    assert.ok(n <= CEILING, `${name}: ${n} elements`);
    await check?.(page);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('the ten-minute producer run draws no more at its end than early on', async () => {
  const tenMinutes = HEAVIEST.find((h) => h.name === 'producer-10min');
  const { page, context, errors } = await openPage(env.browser, `${env.base}${tenMinutes.query}&lang=en`);
  const end = Number(await page.getAttribute('[data-testid="timeline"]', 'max'));
  assert.ok(end >= 9 * 60 * 1000, `the run lasts ${end} ms`);
  await seekTo(page, Math.floor(end / 10));
  const early = await elements(page);
  await seekTo(page);
  const late = await elements(page);
  // The same rows and strips, with other contents; a few more chips on the
  // wire or findings listed may come and go.
  assert.ok(late - early <= 40, `${early} elements at a tenth, ${late} at the end`);
  const records = await page.$$('[data-testid="record"]');
  assert.ok(records.length <= 14);
  const counts = async (strip) => (await page.getAttribute(`[data-testid="${strip}"]`, 'data-counts')).split(',').map(Number);
  const bars = (strip) => page.$$eval(`[data-testid="${strip}"] .bucket`, (paths) =>
    paths.reduce((n, p) => n + (p.getAttribute('d').match(/M/g) ?? []).length, 0),
  );
  assert.equal((await counts('log-density')).length, 48, 'the whole log is a strip of 48 buckets');
  assert.equal(await bars('log-density'), 48, 'each bucket drawn as one bar');
  assert.equal(await page.$$eval('[data-testid="log-density"] *', (els) => els.length), 3, 'two paths and the window: no element per bucket');
  const counted = (await counts('diagram-density')).reduce((sum, c) => sum + c, 0);
  const total = Number((await page.textContent('[data-testid="diagram-strip"] p')).match(/\d[\d,]*/)[0].replace(/,/g, ''));
  assert.equal(counted, total, 'every message of the diagram is in one bucket of the strip');
  assert.deepEqual(errors, []);
  await context.close();
});
