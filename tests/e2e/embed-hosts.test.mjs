// A scene in the frames of course pages that already speak a resize
// protocol, served from another origin as a course site is: one with
// iframe-resizer 4's host script, unchanged, and one that speaks H5P's
// resizer protocol as h5p-resizer.js does (tests/e2e/hosts/). The frame fits
// its content, with no empty space, and follows it when the content grows;
// it answers only its parent, and only these messages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, useCourseSite, recordLabConsole, cachingHost } from './harness.mjs';

const env = useBrowser();
// The course site: its host pages, and iframe-resizer's script.
const site = useCourseSite();

/**
 * Opens a host page of the course site, with the lab's `src` in its frame.
 * `errors` gathers what the lab's own pages say on the console (errors,
 * warnings, uncaught exceptions), not what the host's libraries say about
 * themselves: iframe-resizer greets the console and warns of its own
 * messages to a frame that has not navigated yet.
 */
async function openHost(host, src, viewport) {
  const context = await env.browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = [];
  recordLabConsole(page, errors, env.base);
  await page.goto(`${site.base}hosts/${host}.html?src=${encodeURIComponent(src)}`);
  const frame = await frameOf(page);
  await frame.waitForSelector('[data-testid="scene"][data-ready="true"]');
  return { page, context, errors, frame };
}

const frameOf = async (page) => (await page.$('#lab')).contentFrame();
/** The frame's content height, as its page measures it, and the frame's own height on the host. */
const heights = async (page) => {
  const frame = await frameOf(page);
  const content = await frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
  const box = await page.$eval('#lab', (f) => f.getBoundingClientRect().height);
  return { content, box };
};
/** Waits until the host has set the frame to its content's height. */
async function fits(page, what) {
  const frame = await frameOf(page);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { content, box } = await heights(page);
    if (Math.abs(content - box) <= 1) return content;
    if (Date.now() > deadline) assert.fail(`${what}: the frame is ${box} px for ${content} px of content`);
    await frame.waitForTimeout(50);
  }
}

for (const host of ['iframe-resizer', 'h5p']) {
  test(`${host}: an unchanged host page fits the frame to the scene, and follows it when it grows`, async () => {
    // The routing scene: its murmur2 fold opens under the figure.
    const { page, context, errors, frame } = await openHost(host, `${env.base}routing/?embed=1&lang=ru`, { width: 900, height: 700 });
    const first = await fits(page, `${host}, opened`);
    assert.notEqual(first, 480, 'the frame left at the height the page gave it');
    // The content grows: the learner opens the fold.
    const fold = await frame.$('details:not([open]) > summary');
    assert.ok(fold, 'a closed fold in the scene');
    await fold.click();
    await frame.waitForFunction((h) => Math.ceil(document.documentElement.getBoundingClientRect().height) > h, first);
    const grown = await fits(page, `${host}, a fold opened`);
    assert.ok(grown > first, `${grown} px after the fold opened, ${first} px before`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('no empty space: a frame taller than its scene shrinks to it, at phone width', async () => {
  // The host page gives the frame room for much more than the scene, as a
  // plain page's fixed height would (our own protocol's host: it sets what
  // the frame reports, and nothing else).
  const { page, context, frame } = await openHost('ours', `${env.base}?scene=group&embed=1&part=timeline&lang=ru`, { width: 390, height: 844 });
  const content = await fits(page, 'timeline at 390 px');
  assert.ok(content < 2400, `${content} px`);
  // What the frame shows ends where the scene does.
  const bottom = await frame.evaluate(() => Math.ceil(document.querySelector('.app').getBoundingClientRect().bottom));
  assert.ok(Math.abs(bottom - content) <= 1, `the app ends at ${bottom} px, the frame is ${content} px`);
  await context.close();
});

test('the frame answers only its parent, and only the protocols\' messages', async () => {
  const { page, context, errors } = await openHost('h5p', `${env.base}log/?embed=1&lang=en`, { width: 1000, height: 800 });
  await page.evaluate(() => {
    window.heard = [];
    addEventListener('message', (e) => window.heard.push(e.data));
  });
  // A sibling frame, not the parent, sends iframe-resizer's init message
  // and H5P's hello: the lab must not take it for its host.
  await page.evaluate(() => {
    const sibling = document.createElement('iframe');
    sibling.srcdoc = '<p>another embed</p>';
    document.body.append(sibling);
    return new Promise((resolve) => sibling.addEventListener('load', resolve));
  });
  await page.evaluate(() => {
    const lab = document.getElementById('lab').contentWindow;
    const sibling = document.querySelectorAll('iframe')[1].contentWindow;
    sibling.eval(`parent.frames[0].postMessage('[iFrameSizer]intruder:8:false:false:32:true:true::bodyOffset:::0:false:child:scroll:true', '*')`);
    // And the parent sends what no protocol has: the lab ignores it.
    for (const data of [null, 42, 'hello', '[iFrameSizer]', { context: 'h5p', action: 'eval' }, { context: 'h5p' }, { type: 'kafka-lab:resize' }]) {
      lab.postMessage(data, '*');
    }
  });
  // A message the lab does answer, sent after the others, so that the
  // answer marks the moment they have all been handled.
  await page.evaluate(() => document.getElementById('lab').contentWindow.postMessage({ context: 'h5p', action: 'ready' }, '*'));
  await page.waitForFunction(() => window.heard.some((m) => m?.context === 'h5p' && m.action === 'hello'));
  const heard = await page.evaluate(() => window.heard);
  assert.ok(!heard.some((m) => typeof m === 'string' && m.includes('intruder')), JSON.stringify(heard));
  assert.deepEqual(errors, []);
  await context.close();
});

test('theme=auto draws the palette the reader\'s system asks for, and follows it when it changes', async () => {
  const context = await env.browser.newContext({ viewport: { width: 800, height: 600 }, colorScheme: 'light' });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (msg) => (msg.type() === 'error' || msg.type() === 'warning') && errors.push(msg.text()));
  await page.goto(`${env.base}?scene=log&embed=1&lang=ru&theme=auto`);
  await page.waitForSelector('[data-testid="scene"][data-ready="true"]');
  const theme = () => page.getAttribute('.app:not([data-prerender])', 'data-theme');
  const background = () => page.$eval('.app:not([data-prerender])', (el) => getComputedStyle(el).backgroundColor);
  assert.equal(await theme(), 'light');
  assert.equal(await background(), 'rgb(248, 250, 252)');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForFunction(() => document.querySelector('.app:not([data-prerender])').dataset.theme === 'dark');
  assert.equal(await background(), 'rgb(15, 23, 42)');
  // The link keeps `auto`; the switch offers the palette not on screen,
  // and names it in the link from then on.
  assert.match(await page.inputValue('[data-testid="share-link"]'), /theme=auto/);
  await page.click('[data-testid="theme"]');
  await page.waitForFunction(() => document.querySelector('.app:not([data-prerender])').dataset.theme === 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  assert.equal(await theme(), 'light');
  assert.deepEqual(errors, []);
  await context.close();
});

for (const host of ['iframe-resizer', 'h5p']) {
  test(`${host}: a frame the cache answers fits its scene again, and never shrinks on the way`, async (t) => {
    // A learner back on the course page: the frame's page and bundle come
    // from the cache, and the page leaves its copy out until the live app
    // draws (build/prerender.mjs). The host must still get its answers, and
    // the frame must not shrink below the scene on the way (static/frame.js
    // tells no height while the page is bare).
    const lab = await cachingHost(t, env.base);
    const src = `${lab.base}routing/?embed=1&lang=ru`;
    const { page, context, errors } = await openHost(host, src, { width: 900, height: 700 });
    const first = await fits(page, `${host}, first visit`);
    // Every height the host gives the frame from here on.
    await page.evaluate(() => {
      window.boxes = [];
      new ResizeObserver(([e]) => window.boxes.push(Math.round(e.contentRect.height))).observe(document.getElementById('lab'));
    });
    const frame = await frameOf(page);
    await frame.goto(src);
    await frame.waitForSelector('[data-testid="scene"][data-ready="true"]');
    assert.equal(await frame.evaluate(() => performance.getEntriesByType('navigation')[0].deliveryType), 'cache');
    assert.equal(await frame.evaluate(() => typeof window.kolPlaceCopy), 'function', 'the page held its copy back');
    assert.equal(await fits(page, `${host}, back again`), first);
    const boxes = await page.evaluate(() => window.boxes);
    assert.ok(boxes.every((h) => h >= first - 1), `the frame's heights: ${boxes}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
