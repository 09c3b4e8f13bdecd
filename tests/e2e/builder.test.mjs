// The embed builder (src/ui/builder.rs) as a course author uses it: opened
// from a scene's share row, a part, a theme and the chrome chosen, both
// preview frames measured, the code pasted into a plain page where the
// frame fits its content; a link pasted in, and text that is none. And
// the frame the code makes: its hidden chrome is hidden on the scene
// page's pre-rendered copy too, which still counts as the link's state.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, shot } from './harness.mjs';

const env = useBrowser();

const openBuilder = (url, viewport = { width: 1280, height: 900 }) => openPage(env.browser, url, viewport, '[data-testid="builder"]');

const code = (page) => page.$eval('[data-testid="builder-code"]', (t) => t.value);
/** The frame's address in the code, as the page would load it. */
const src = async (page) => {
  const text = await code(page);
  const raw = text.match(/src="([^"]+)"/)[1].replaceAll('&amp;', '&');
  return new URL(raw);
};
/**
 * Waits until both preview frames have reported their heights and each
 * frame, and its box, is as tall as its content (a frame's page settles
 * after it reports first: its pre-rendered copy, then the live app), and
 * returns them.
 */
async function measured(page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-testid="builder-measured"]')].every((e) => {
      const frame = document.querySelector(`[data-testid="builder-preview"][data-frame="${e.dataset.frame}"]`);
      const doc = frame.contentDocument;
      if (!e.dataset.height || !doc?.querySelector('[data-testid="scene"][data-ready="true"]')) return false;
      const content = Math.ceil(doc.documentElement.getBoundingClientRect().height);
      const measured = Number(e.dataset.height);
      return Math.abs(content - measured) <= 1 && Math.abs(frame.getBoundingClientRect().height - measured) <= 1;
    }),
  );
  return page.$$eval('[data-testid="builder-measured"]', (els) =>
    Object.fromEntries(els.map((e) => [e.dataset.frame, Number(e.dataset.height)])),
  );
}
const previewFrame = async (page, which) => (await page.$(`[data-testid="builder-preview"][data-frame="${which}"]`)).contentFrame();

test('from the share row: part, theme and chrome chosen, both widths measured, and the code fits a plain page', async () => {
  const scene = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const scenePage = await scene.newPage();
  await scenePage.goto(`${env.base}group/?lang=ru&partitions=6`);
  await scenePage.waitForSelector('[data-testid="scene"][data-ready="true"]');
  const href = await scenePage.$eval('[data-testid="embed-builder"]', (a) => a.href);
  assert.match(href, /\/embed\/\?scene=group&/);
  await scene.close();

  const { page, context, errors } = await openBuilder(href);
  // Only the bundle with every scene carries the builder (build/pages.mjs).
  assert.equal(await page.evaluate(() => document.documentElement.dataset.bundleScene), 'all');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'ru');
  assert.equal(await page.$eval('[data-testid="builder-scene"]', (s) => s.value), 'group');
  // The default part is the frame's own: the link leaves it out, so the
  // scene page's pre-rendered figure matches it.
  let url = await src(page);
  assert.equal(url.pathname, '/group/');
  assert.equal(url.searchParams.get('embed'), '1');
  assert.equal(url.searchParams.get('partitions'), '6', 'the state on screen');
  assert.equal(url.searchParams.get('part'), null);

  await page.selectOption('[data-testid="builder-part"]', 'timeline');
  await page.selectOption('[data-testid="builder-theme"]', 'light');
  await page.uncheck('[data-testid="builder-show"][data-piece="title"]');
  await page.uncheck('[data-testid="builder-show"][data-piece="share"]');
  url = await src(page);
  assert.equal(url.searchParams.get('part'), 'timeline');
  assert.equal(url.searchParams.get('theme'), 'light');
  assert.equal(url.searchParams.get('hide'), 'title,share');
  assert.match(await code(page), /kafka-lab:resize/);
  assert.match(await code(page), /sandbox="allow-scripts allow-same-origin allow-popups/);

  // Both frames load the new address: wait until each shows it.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-testid="builder-preview"]')].every((f) =>
      f.contentDocument?.querySelector('.app[data-theme="light"] [data-testid="scene"][data-part="timeline"][data-ready="true"]'),
    ),
  );
  const heights = await measured(page);
  for (const which of ['desktop', 'phone']) {
    const frame = await previewFrame(page, which);
    assert.equal(await frame.evaluate(() => location.search.includes('part=timeline')), true);
    const content = await frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
    assert.ok(Math.abs(content - heights[which]) <= 1, `${which}: ${heights[which]} px measured, ${content} px of content`);
    const box = await page.$eval(`[data-testid="builder-preview"][data-frame="${which}"]`, (f) => f.getBoundingClientRect().height);
    assert.ok(Math.abs(box - heights[which]) <= 1, `${which}: the preview frame is ${box} px`);
    // What the author chose is what the frame shows.
    const shown = await frame.evaluate(() => {
      const app = document.querySelector('.app');
      const title = app.querySelector('[data-testid="scene"] > h1').getBoundingClientRect();
      const share = app.querySelector('.share');
      return {
        theme: app.dataset.theme,
        title: title.height,
        link: share.querySelector('[data-testid="share-link"]').getBoundingClientRect().height,
        whole: !!share.querySelector('[data-testid="whole-scene"]')?.getBoundingClientRect().height,
      };
    });
    assert.deepEqual(shown, { theme: 'light', title: 1, link: 0, whole: true }, which);
  }
  assert.ok(heights.phone > heights.desktop, `the phone frame is taller: ${JSON.stringify(heights)}`);
  // The code carries the desktop height, which its script then corrects.
  assert.match(await code(page), new RegExp(`height="${heights.desktop}"`));
  await shot(page, 'builder-ru');

  // The code on a plain page of another origin, at phone width.
  const text = await code(page);
  const host = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
  const plain = await host.newPage();
  await plain.setContent(`<!DOCTYPE html><html><body style="margin:0"><p>Course text.</p>${text}</body></html>`);
  const frame = await (await plain.$('iframe.kafka-lab')).contentFrame();
  await frame.waitForSelector('[data-testid="scene"][data-ready="true"]');
  // The frame is another origin than the page: its content's height is
  // read from inside it, and the page is waited on to take it.
  const content = await frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
  await plain.waitForFunction(
    (c) => Math.abs(document.querySelector('iframe.kafka-lab').getBoundingClientRect().height - c) <= 1,
    content,
  );
  const fitted = await plain.$eval('iframe.kafka-lab', (f) => f.getBoundingClientRect().height);
  assert.notEqual(fitted, heights.desktop, 'at phone width the frame took its own height');
  await host.close();
  assert.deepEqual(errors, []);
  await context.close();
});

test('a pasted link opens its state in the builder\'s language; text that is no link changes nothing', async () => {
  const { page, context, errors } = await openBuilder(`${env.base}en/embed/?scene=log`);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  assert.match(await page.title(), /Embed a scene/);
  await page.fill('[data-testid="builder-link"]', `https://someone.github.io/kafka-lab/routing/?partitions=5&seed=7&lang=ru`);
  await page.click('[data-testid="builder-open"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="builder-scene"]').value === 'routing');
  const url = await src(page);
  assert.equal(url.pathname, '/en/routing/');
  assert.equal(url.searchParams.get('partitions'), '5');
  assert.equal(url.searchParams.get('seed'), '7');
  assert.equal(url.searchParams.get('lang'), 'en');
  // The link was Russian: the way to the Russian builder, with its state.
  const other = await page.$eval('[data-testid="builder-other-language"] a', (a) => a.href);
  assert.match(other, /\/embed\/\?lang=ru&scene=routing&/);
  assert.match(other, /partitions=5/);
  // The code carries the preview's measured height, which comes once its
  // frame has loaded: wait for it, or it can land between the two reads.
  await measured(page);
  const before = await code(page);
  await page.fill('[data-testid="builder-link"]', 'https://example.com/');
  await page.click('[data-testid="builder-open"]');
  const alert = await page.waitForSelector('[data-testid="builder-link-error"]');
  assert.match(await alert.textContent(), /not a link to one of the lab's scenes/);
  assert.equal(await code(page), before, 'nothing changed');
  // A bad value opens with the app's message for it.
  await page.fill('[data-testid="builder-link"]', '?scene=routing&partitions=lots');
  await page.click('[data-testid="builder-open"]');
  const issues = await page.waitForSelector('[data-testid="builder-link-issues"]');
  assert.match(await issues.textContent(), /partitions: “lots” is not a number/);
  // The language links keep the state, on the other language's page.
  const ru = await page.$eval('[data-testid="builder-lang"][data-lang="ru"]', (a) => a.href);
  assert.match(ru, /\/embed\/\?lang=ru&scene=routing/);
  await shot(page, 'builder-en');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the builder at phone width: nothing wider than the screen but the desktop preview, which scrolls', async () => {
  const { page, context, errors } = await openBuilder(`${env.base}embed/?scene=producer`, { width: 390, height: 844 });
  await measured(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  assert.ok(overflow <= 0, `the page is ${overflow} px wider than the screen`);
  await shot(page, 'builder-phone');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a frame with hidden chrome shows its pre-rendered figure, hidden as the link asks, and the palette it asks for', async () => {
  const context = await env.browser.newContext({ viewport: { width: 800, height: 700 } });
  // The wasm held: what the frame shows before it arrives.
  await context.route('**/*.wasm', () => {});
  const page = await context.newPage();
  await page.goto(`${env.base}group/?embed=1&lang=ru&hide=share,title,lede`);
  await page.waitForSelector('.app[data-prerender]');
  const copy = await page.$eval('.app[data-prerender]', (app) => ({
    kind: app.dataset.prerender,
    hide: app.dataset.hide,
    title: app.querySelector('[data-testid="scene"] > h1').getBoundingClientRect().height,
    lede: app.querySelector('[data-testid="scene"] > .lede').getBoundingClientRect().height,
    link: app.querySelector('[data-testid="share-link"]').getBoundingClientRect().height,
    // A frame of one part keeps its way to the whole scene.
    whole: app.querySelector('[data-testid="whole-scene"]').getBoundingClientRect().height > 0,
  }));
  assert.deepEqual(copy, { kind: 'static', hide: 'title lede share', title: 1, lede: 0, link: 0, whole: true });
  // A piece the app does not know: the app says so, so the copy is another state.
  await page.goto(`${env.base}group/?embed=1&lang=ru&hide=menu`);
  await page.waitForSelector('.app[data-prerender]');
  assert.equal(await page.$eval('.app[data-prerender]', (a) => a.dataset.prerender), 'placeholder');
  // Another palette: the placeholder is drawn in it.
  await page.goto(`${env.base}group/?embed=1&lang=ru&theme=light`);
  await page.waitForSelector('.app[data-prerender]');
  assert.equal(await page.$eval('.app[data-prerender]', (a) => a.dataset.theme), 'light');
  await context.close();

  // With the wasm, the live app takes the copy's place at the same height.
  const live = await env.browser.newContext({ viewport: { width: 800, height: 700 } });
  const p = await live.newPage();
  await p.goto(`${env.base}group/?embed=1&lang=ru&hide=share,title,lede`);
  await p.waitForSelector('.app:not([data-prerender]) [data-testid="scene"][data-ready="true"]');
  assert.equal(await p.$eval('.app', (a) => a.dataset.hide), 'title lede share');
  assert.equal(await p.$('[data-testid="param-message"]'), null);
  await live.close();
});
