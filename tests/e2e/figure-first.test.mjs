// The figure first, at every size: on every scene page, lesson step and
// level, the scene's main drawing starts in the top half of the first
// screen, under its title and the lede's opening, and the sticky player
// does not cover it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, linkTab, seekTo, sceneTable, SCENES } from './harness.mjs';

const env = useBrowser();

const SIZES = [['phone', { width: 390, height: 844 }], ['laptop', { width: 1280, height: 800 }]];
const STEPS = sceneTable().steps;
const LEVELS = Array.from({ length: 12 }, (_, i) => String(i + 1));

async function figureFirst(tab, link, viewport) {
  const { page, errors } = await tab.open(`${env.base}${link}`);
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
  assert.ok(at, `${link}: a figure`);
  const { height } = viewport;
  assert.ok(at.top < height / 2, `${link} at ${viewport.width}: the figure starts at ${Math.round(at.top)} px of ${height}`);
  assert.ok(at.top + 40 < at.controls, `${link} at ${viewport.width}: the player (at ${Math.round(at.controls)} px) covers the figure`);
  assert.ok(!at.settingsFirst, `${link}: the settings come before the figure`);
  assert.deepEqual(errors, []);
}

for (const [size, viewport] of SIZES) {
  test(`every scene opens on its figure (${size})`, async () => {
    const tab = await linkTab(env.browser, viewport);
    for (const scene of SCENES) {
      for (const lang of ['ru', 'en']) await figureFirst(tab, `?scene=${scene}&lang=${lang}`, viewport);
      // As a course page embeds it.
      await figureFirst(tab, `?scene=${scene}&lang=ru&embed=1`, viewport);
    }
    await tab.close();
  });

  test(`every lesson step and level opens on its figure (${size})`, async () => {
    const lang = size === 'phone' ? 'ru' : 'en';
    const tab = await linkTab(env.browser, viewport);
    for (const step of STEPS) await figureFirst(tab, `?lesson=${step}&lang=${lang}`, viewport);
    for (const level of LEVELS) await figureFirst(tab, `?level=${level}&lang=${lang}`, viewport);
    await tab.close();
  });
}

test('no text in a figure under 12 px at 390 px wide', async () => {
  const tooSmall = [];
  const tab = await linkTab(env.browser, SIZES[0][1]);
  for (const scene of SCENES) {
    for (const lang of ['ru', 'en']) {
      const { page, errors } = await tab.open(`${env.base}?scene=${scene}&lang=${lang}`);
      const small = await page.$eval('[data-testid="figure"]', (figure) => {
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
      if (small.length > 0) tooSmall.push(`${scene} ${lang}: ${small.length} texts, e.g. ${small.slice(0, 3).join('; ')}`);
      assert.deepEqual(errors, []);
    }
  }
  await tab.close();
  assert.deepEqual(tooSmall, []);
});

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

for (const [size, viewport] of SIZES) {
  test(`nothing in a figure spills out of its box (${size})`, async () => {
    const spilled = [];
    const links = SCENES.map((s) => `scene=${s}`).concat(['scene=producer&preset=catastrophe&t=60']);
    const tab = await linkTab(env.browser, viewport);
    for (const link of links) {
      for (const lang of ['ru', 'en']) {
        const { page, errors } = await tab.open(`${env.base}?${link}&lang=${lang}`);
        // As the link opens, halfway through the run, and at its end.
        const max = Number(await page.getAttribute('[data-testid="timeline"]', 'max'));
        for (const [when, t] of [['open'], ['halfway', Math.round(max / 2)], ['end']]) {
          if (when !== 'open') await seekTo(page, t);
          const out = await spills(page);
          if (out.length > 0) spilled.push(`${link} ${lang} ${when}: ${out.length}, e.g. ${out.slice(0, 3).join('; ')}`);
        }
        assert.deepEqual(errors, []);
      }
    }
    await tab.close();
    assert.deepEqual(spilled, []);
  });
}
