// Each figure has one tooltip, its <svg>'s first <title>, and the mouse on a
// record writes that record's description into it. Records carry no
// <title> of their own, and the sizes their rects no longer set as
// attributes come from the stylesheet.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, seekTo } from './harness.mjs';

const env = useBrowser();

/** The figure's tooltip text after the mouse moves onto `selector`. */
async function hoverTip(page, selector) {
  await page.hover(selector);
  return page.$eval(selector, (el) => el.closest('svg').querySelector(':scope > title').textContent);
}

// An order's events by step, as the records' values say them.
const EVENTS = ['Created', 'Paid', 'Shipped', 'Delivered'];

const FIGURES = [
  {
    link: '?scene=log&lang=en&t=3000',
    record: '[data-testid="log-figure"] [data-testid="record"]',
    tip: (r) => new RegExp(`^offset ${r.offset} · ${r.key} · \\w+ — \\w+`),
  },
  {
    link: '?scene=routing&lang=en&key-null=1',
    record: '[data-testid="stream-figure"] [data-testid="record"]',
    tip: (r) => new RegExp(`^${r.entity} · ${EVENTS[r.step - 1]} · offset ${r.offset}$`),
    size: { cell: [60, 34], keyBar: [60, 4] },
  },
  {
    link: '?scene=repartition&lang=en',
    record: '[data-testid="lanes"] [data-testid="record"]',
    tip: (r) => new RegExp(`^${r.key} · ${EVENTS[r.step - 1]} · offset ${r.offset}$`),
    size: { cell: [40, 28] },
  },
  {
    link: '?scene=workers&lang=ru',
    record: '[data-testid="offset-strip"] [data-testid="record"]',
    tip: (r) => new RegExp(`^offset ${r.offset} · ${r.key} · #${r.step}$`),
  },
];

for (const figure of FIGURES) {
  test(`${figure.link}: the mouse on a record names it in the figure's tooltip`, async () => {
    const { page, context, errors } = await openPage(env.browser, `${env.base}${figure.link}`);
    await seekTo(page);
    const count = await page.$$eval(figure.record, (els) => els.length);
    assert.ok(count > 2, `${count} records drawn`);
    assert.equal(await page.$$eval(`${figure.record} title`, (els) => els.length), 0, 'no <title> per record');
    // The first, the middle and the last record: each its own description.
    for (const i of [0, count >> 1, count - 1]) {
      const nth = `:nth-match(${figure.record}, ${i + 1})`;
      const el = (await page.$$(figure.record))[i];
      const r = await el.evaluate((e) => ({ ...e.dataset }));
      const tip = await hoverTip(page, nth);
      assert.match(tip, figure.tip(r), `record ${i}: ${tip}`);
      if (figure.size) {
        const box = (sel) => el.evaluate((e, s) => { const b = e.querySelector(s).getBBox(); return [b.width, b.height]; }, sel);
        assert.deepEqual(await box('.cell'), figure.size.cell);
        if (figure.size.keyBar) assert.deepEqual(await box('.key-bar'), figure.size.keyBar);
      }
    }
    // Off the records, on the figure's background, the tooltip is empty.
    const svg = await page.$(`${figure.record.split(' ')[0]}`);
    const bg = await svg.boundingBox();
    await page.mouse.move(bg.x + bg.width - 3, bg.y + bg.height / 2);
    assert.equal(await svg.evaluate((s) => s.querySelector(':scope > title').textContent), '');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('the key histogram: the mouse on a bar names its partition and count', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=routing&lang=en&partitions=7&keys=1000`);
  const bars = await page.$$('[data-testid="histogram-bar"]');
  assert.equal(bars.length, 7);
  const { partition, count } = await bars[3].evaluate((b) => ({ ...b.dataset }));
  const tip = await hoverTip(page, ':nth-match([data-testid="histogram-bar"] rect, 4)');
  assert.equal(tip, `${partition}: ${count}`);
  assert.deepEqual(errors, []);
  await context.close();
});
