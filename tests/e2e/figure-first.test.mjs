// The figure first, at every size: on every scene page, lesson step and
// level, the scene's main drawing starts in the top half of the first
// screen, under its title and the lede's opening, and the sticky player
// does not cover it. And the figure reads: none of its texts spill out of
// their boxes, and on a phone none is under 12 px.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, linkTab, seekTo, sceneTable, SCENES } from './harness.mjs';

const env = useBrowser();

const SIZES = [['phone', { width: 390, height: 844 }], ['laptop', { width: 1280, height: 800 }]];
const STEPS = sceneTable().steps;
const LEVELS = Array.from({ length: 12 }, (_, i) => String(i + 1));

/**
 * Where the page's figure stands, as a fault in words, or null: it must
 * start in the top half of the first screen, above the sticky player, and
 * before the settings.
 */
async function figureFirst(page, link, viewport) {
  const at = await page.evaluate(() => {
    const figure = document.querySelector('[data-testid="figure"]');
    const controls = document.querySelector('.controls').getBoundingClientRect();
    const box = figure?.getBoundingClientRect();
    // Nothing but the title, the lede and the lesson's or level's card
    // before it: the settings come after.
    const settings = document.querySelector('[data-testid="scene-settings"], [data-testid="settings"]');
    const settingsFirst = settings && figure ? Boolean(settings.compareDocumentPosition(figure) & Node.DOCUMENT_POSITION_FOLLOWING) : false;
    return box && { top: box.top, height: box.height, controls: controls.top, settingsFirst };
  });
  if (!at) return `${link}: no figure`;
  const { width, height } = viewport;
  if (at.top >= height / 2) return `${link} at ${width}: the figure starts at ${Math.round(at.top)} px of ${height}`;
  if (at.top + 40 >= at.controls) return `${link} at ${width}: the player (at ${Math.round(at.controls)} px) covers the figure`;
  if (at.settingsFirst) return `${link}: the settings come before the figure`;
  return null;
}

/** The texts of the figure drawn under 12 px on screen. */
const smallTexts = (page) =>
  page.$eval('[data-testid="figure"]', (figure) => {
    const found = [];
    for (const el of figure.querySelectorAll('*')) {
      const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
      if (!own || el.closest('[hidden], title')) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      const svg = el.closest('svg');
      const scale = svg ? svg.getScreenCTM().a : 1;
      const px = parseFloat(getComputedStyle(el).fontSize) * scale;
      if (px < 11.95) found.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${el.textContent.trim().slice(0, 24)}" ${px.toFixed(1)} px`);
    }
    return found;
  });

for (const [size, viewport] of SIZES) {
  test(`every lesson step and level opens on its figure (${size})`, async () => {
    const lang = size === 'phone' ? 'ru' : 'en';
    const tab = await linkTab(env.browser, viewport);
    const faults = [];
    for (const link of [...STEPS.map((step) => `?lesson=${step}&lang=${lang}`), ...LEVELS.map((level) => `?level=${level}&lang=${lang}`)]) {
      const { page, errors } = await tab.open(`${env.base}${link}`);
      faults.push(await figureFirst(page, link, viewport));
      assert.deepEqual(errors, [], link);
    }
    await tab.close();
    assert.deepEqual(faults.filter(Boolean), []);
  });
}

/** The texts in the figure that stick out of their own box or the figure's. */
const spills = (page) =>
  page.$eval('[data-testid="figure"]', (figure) => {
    const found = [];
    const inside = (a, b) => a.left >= b.left - 1 && a.right <= b.right + 1;
    for (const el of figure.querySelectorAll('*')) {
      const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
      if (!own || el.closest('[hidden], title')) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      // A text stays in its drawing, and anything else in its own box (a
      // chip's words in the chip) and in the figure. A box laid out as
      // `display: contents` has no box of its own.
      let frame = el.closest('svg') ?? el.parentElement;
      while (frame !== figure && frame.getBoundingClientRect().width === 0) frame = frame.parentElement;
      // A chip drawn in SVG is a group moved into place, of its texts and
      // a rect (or rects laid one on another: a record's cell and its
      // key's bar).
      const group = el.parentElement;
      const rects = el.closest('svg') && group.tagName === 'g' && group.hasAttribute('transform') ? [...group.querySelectorAll(':scope > rect')] : [];
      const same = (a, b) => a.getAttribute('x') === b.getAttribute('x') && a.getAttribute('width') === b.getAttribute('width');
      const chip = rects.length > 0 && rects.every((r) => same(r, rects[0])) ? rects[0] : null;
      const boxes = [frame, figure, ...(chip ? [chip] : [])].map((b) => b.getBoundingClientRect());
      if (!el.parentElement.closest('.table-scroll') && !boxes.every((b) => inside(box, b))) {
        found.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${el.textContent.trim().slice(0, 30)}" ${box.left.toFixed(0)}–${box.right.toFixed(0)} px`);
      }
    }
    return found;
  });

// Each scene's link read once per size for all three checks, whole in
// both languages and embedded in Russian, as a course page embeds it: the
// figure first; no text in it under 12 px at 390 px wide; and nothing in
// it spilling out of its box, as the link opens, halfway through the run
// and at its end.
for (const [size, viewport] of SIZES) {
  test(`every scene opens on its figure, no text in it spills out, none is under 12 px on a phone (${size})`, async () => {
    const [notFirst, tooSmall, spilled] = [[], [], []];
    const links = SCENES.map((s) => `scene=${s}`).concat(['scene=producer&preset=catastrophe&t=60']);
    const tab = await linkTab(env.browser, viewport);
    for (const link of links) {
      for (const lang of ['ru', 'en']) {
        const { page, errors } = await tab.open(`${env.base}?${link}&lang=${lang}`);
        notFirst.push(await figureFirst(page, `?${link}&lang=${lang}`, viewport));
        if (size === 'phone') {
          const small = await smallTexts(page);
          if (small.length > 0) tooSmall.push(`${link} ${lang}: ${small.length} texts, e.g. ${small.slice(0, 3).join('; ')}`);
        }
        const max = Number(await page.getAttribute('[data-testid="timeline"]', 'max'));
        for (const [when, t] of [['open'], ['halfway', Math.round(max / 2)], ['end']]) {
          if (when !== 'open') await seekTo(page, t);
          const out = await spills(page);
          if (out.length > 0) spilled.push(`${link} ${lang} ${when}: ${out.length}, e.g. ${out.slice(0, 3).join('; ')}`);
        }
        assert.deepEqual(errors, [], `${link} ${lang}`);
      }
      if (!SCENES.includes(link.slice('scene='.length))) continue;
      const embedded = `?${link}&lang=ru&embed=1`;
      const { page, errors } = await tab.open(`${env.base}${embedded}`);
      notFirst.push(await figureFirst(page, embedded, viewport));
      assert.deepEqual(errors, [], embedded);
    }
    await tab.close();
    assert.deepEqual(notFirst.filter(Boolean), [], 'the figure first');
    assert.deepEqual(tooSmall, [], 'texts under 12 px');
    assert.deepEqual(spilled, [], 'texts spilling out');
  });
}
