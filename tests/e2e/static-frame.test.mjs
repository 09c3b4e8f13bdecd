// The scene pages (build/prerender.mjs): each shows its figure before
// the wasm arrives, the live app takes over in one frame at the same
// place, a link that asks for another state gets a placeholder instead of
// a wrong figure, and the same holds under a sub-path.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useBrowser, linkTab, serve, distDir, shot, recordConsole, cachingHost } from './harness.mjs';

const env = useBrowser();
const PHONE = { width: 360, height: 800 };
const WIDE = { width: 1200, height: 900 };

/**
 * A page whose wasm has not arrived (its request held, never answered):
 * what a learner sees before it does; or, `failed`, one whose wasm request
 * failed.
 */
async function withoutWasm(browser, url, viewport = WIDE, failed = false) {
  const context = await browser.newContext({ viewport });
  await context.route('**/*.wasm', (route) => (failed ? route.abort() : undefined));
  const page = await context.newPage();
  // Errors the page throws and nothing catches.
  const uncaught = [];
  page.on('pageerror', (e) => uncaught.push(String(e)));
  await page.goto(url);
  await page.waitForSelector('.app[data-prerender]');
  return { page, context, uncaught };
}

/** Holds the context's wasm requests until the returned function is called. */
async function holdWasm(context) {
  let release;
  const held = new Promise((ok) => (release = ok));
  await context.route('**/*.wasm', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The scene's view (its figure and settings: what follows the lede) drawn from the copy. */
const figureShown = (page) =>
  page.evaluate(() => {
    const view = document.querySelector('.app[data-prerender="static"] [data-testid="scene"] > .lede')?.nextElementSibling;
    if (!view) return false;
    const box = view.getBoundingClientRect();
    return box.width > 100 && box.height > 100 && getComputedStyle(view).visibility === 'visible';
  });

/** The placeholder's loading note, if a reader can see it. */
const loadingNote = (page) =>
  page.evaluate(() => {
    const note = document.querySelector('.app[data-prerender] .loading-note');
    const box = note?.getBoundingClientRect();
    return note && box.height > 0 && getComputedStyle(note).visibility === 'visible' ? note.textContent : null;
  });

/** The live app's title and language at a link, opened in `tab`. */
async function liveTitle(tab, url) {
  const { page } = await tab.open(url);
  return [await page.textContent('h1'), await page.getAttribute('html', 'lang')];
}

test('without the wasm, a scene page shows its figure, in its language', async () => {
  const tab = await linkTab(env.browser, WIDE);
  for (const [path, live, viewport] of [
    ['log/', '?scene=log', WIDE],
    ['en/log/', '?scene=log&lang=en', WIDE],
    ['routing/', '?scene=routing', PHONE],
    ['en/replication/', '?scene=replication&lang=en', PHONE],
    ['en/producer/', '?scene=producer&lang=en', PHONE],
    ['en/pipeline/', '?scene=pipeline&lang=en', WIDE],
    ['lesson/', '?lesson=1.1', PHONE],
    ['', '', WIDE],
  ]) {
    const { page, context } = await withoutWasm(env.browser, `${env.base}${path}`, viewport);
    assert.ok(await figureShown(page), `${path}: the figure is drawn`);
    const [title, lang] = await liveTitle(tab, `${env.base}${live}`);
    assert.equal(await page.getAttribute('html', 'lang'), lang, path);
    assert.equal(await page.textContent('h1'), title, path);
    // Nothing may take the copy for the live app.
    assert.equal(await page.$('[data-ready]'), null, `${path}: no data-ready on the copy`);
    assert.equal(await page.$$eval('.app', (a) => a.length), 1, path);
    if (path === 'en/log/') await shot(page, 'static-frame-en-log');
    if (path === 'lesson/') assert.ok(await page.$('[data-testid="lesson"][data-step="1.1"]'), 'the lesson bar of step 1.1');
    if (path === 'routing/') await shot(page, 'static-frame-ru-routing-phone');
    await context.close();
  }
  await tab.close();
});

test('embed=1 on a scene page shows the embedded copy: no top bar', async () => {
  const { page, context } = await withoutWasm(env.browser, `${env.base}en/routing/?embed=1`, PHONE);
  assert.ok(await figureShown(page));
  assert.equal(await page.$('.topbar'), null);
  assert.ok(await page.$('.app.embedded[data-prerender="static"]'));
  await shot(page, 'static-frame-en-routing-embed-phone');
  // Its link to the whole scene works before the wasm arrives: relative
  // to the page's base, it names neither the server the build
  // pre-rendered on nor that server's base, and leads to this host's app.
  const whole = await page.getAttribute('[data-testid="whole-scene"]', 'href');
  assert.doesNotMatch(whole, /^(\/|[a-z]+:)/, `relative to the base: ${whole}`);
  const resolved = await page.$eval('[data-testid="whole-scene"]', (a) => a.href);
  assert.ok(resolved.startsWith(`${env.base}?`), resolved);
  assert.match(whole, /[?&]scene=routing(&|$)/);
  await context.close();
});

test('a link with another state than the pre-rendered one gets a placeholder of the same size', async () => {
  const plain = await withoutWasm(env.browser, `${env.base}log/`);
  const size = () =>
    plain.page.$eval('[data-testid="scene"]', (e) => {
      const b = e.getBoundingClientRect();
      return [Math.round(b.width), Math.round(b.height)];
    });
  const expected = await size();
  for (const query of ['?segment-bytes=100', '?scene=routing', '?lang=en', '?theme=light', '?scene=log&scene=log']) {
    const { page, context } = await withoutWasm(env.browser, `${env.base}log/${query}`);
    assert.ok(await page.$('.app[data-prerender="placeholder"]'), `${query}: a placeholder`);
    const seen = await page.$eval('[data-testid="scene"]', (e) => {
      const b = e.getBoundingClientRect();
      const view = e.querySelector(':scope > .lede').nextElementSibling;
      return { size: [Math.round(b.width), Math.round(b.height)], figure: getComputedStyle(view).visibility, title: getComputedStyle(e.querySelector('h1')).visibility };
    });
    assert.deepEqual(seen, { size: expected, figure: 'hidden', title: 'hidden' }, query);
    // The box says what is coming, in the link's language only.
    assert.equal(await loadingNote(page), query === '?lang=en' ? null : 'Сцена загружается…', query);
    if (query === '?segment-bytes=100') await shot(page, 'static-frame-placeholder');
    await context.close();
  }
  const en = await withoutWasm(env.browser, `${env.base}en/routing/?partitions=5`, PHONE);
  assert.equal(await loadingNote(en.page), 'The scene is loading…');
  await shot(en.page, 'static-frame-placeholder-en-phone');
  await en.context.close();
  // The page's own link, as the app writes it back, is the same state.
  for (const query of ['?scene=log', '?scene=log&lang=ru', '?embed=0']) {
    const { page, context } = await withoutWasm(env.browser, `${env.base}log/${query}`);
    assert.ok(await figureShown(page), `${query}: the figure`);
    await context.close();
  }
  await plain.context.close();
});

test('in a course\'s frame, the page reports its height before the wasm arrives', async () => {
  const context = await env.browser.newContext({ viewport: { width: 900, height: 1000 } });
  const release = await holdWasm(context);
  const page = await context.newPage();
  await page.goto(`${env.base}embed-example.html`);
  await page.evaluate((src) => {
    window.messages = [];
    addEventListener('message', (e) => window.messages.push(e.data));
    document.body.innerHTML = `<iframe id="lab" src="${src}" style="width:800px;height:300px"></iframe>`;
  }, `${env.base}group/?embed=1`);
  const frame = await (await page.$('#lab')).contentFrame();
  await frame.waitForSelector('.app[data-prerender="static"]');
  // The copy's height reaches the host while the wasm is still held back
  // (the page measures itself as it changes, static/frame.js).
  const copied = await frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
  await page.waitForFunction((h) => window.messages.some((m) => m?.type === 'kafka-lab:resize' && m.height === h), copied);
  const early = copied;
  assert.ok(early > 300, `the figure is taller than the frame's first height: ${early}`);
  release();
  await frame.waitForSelector('[data-testid="scene"][data-ready="true"]');
  // The live app reports the height it draws at; the copy's was the same.
  const live = await frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
  assert.ok(Math.abs(live - early) <= 2, `copy ${early} px, live ${live} px`);
  await page.waitForFunction((h) => window.messages.some((m) => m?.type === 'kafka-lab:resize' && m.height === h), live);
  await context.close();
});

/**
 * Opens `url` with the wasm held back until the copy has been measured,
 * then lets it through and follows the hand-over frame by frame.
 */
async function handOver(browser, url, viewport) {
  const context = await browser.newContext({ viewport });
  const release = await holdWasm(context);
  const page = await context.newPage();
  const errors = [];
  recordConsole(page, errors);
  // Each animation frame notes how many scene roots the page has: never
  // none (a blank frame) and never two (both drawn).
  await page.addInitScript(() => {
    window.__roots = [];
    const tick = () => {
      if (document.body) window.__roots.push(document.querySelectorAll('[data-testid="scene"]').length);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await page.goto(url);
  await page.waitForSelector('.app[data-prerender="static"]');
  const boxes = () =>
    page.evaluate(() =>
      ['[data-testid="scene"]', '[data-testid="scene"] svg', 'h1', '[data-testid="timeline"]'].map((s) => {
        const b = document.querySelector(s)?.getBoundingClientRect();
        return b ? [s, Math.round(b.x), Math.round(b.y), Math.round(b.width), Math.round(b.height)] : [s, null];
      }),
    );
  // What each field shows: the copy's must be the live app's.
  const fields = () =>
    page.$$eval('.app input, .app select, .app textarea', (els) =>
      els.map((e) => (e.type === 'checkbox' || e.type === 'radio' ? String(e.checked) : e.value)),
    );
  // The drawings' markup (their fields aside, whose values the copy holds
  // as attributes): the copy's are the live app's at the same link.
  const drawing = () => page.$$eval('[data-testid="scene"] svg', (svgs) => svgs.map((svg) => svg.outerHTML));
  const before = await boxes();
  const shown = await fields();
  const drawn = await drawing();
  await page.evaluate(() => (window.__roots = []));
  release();
  await page.waitForSelector('[data-testid="scene"][data-ready="true"]');
  const after = await boxes();
  const roots = await page.evaluate(() => window.__roots);
  assert.deepEqual(await fields(), shown, `${url}: the fields show the same values`);
  assert.deepEqual(await drawing(), drawn, `${url}: the drawings are the same`);
  return { page, context, errors, before, after, roots };
}

test('the live app replaces the copy in one frame, at the same place and size', async () => {
  for (const [path, viewport] of [
    ['log/', WIDE],
    ['en/log/', PHONE],
    ['routing/?embed=1', PHONE],
    // The narrow copies are kept as differences from the wide ones, the
    // wide embedded copy from the wide one and the narrow embedded one
    // from the narrow one, itself kept so (build/prerender.mjs): the
    // pipeline's differ in every lane, and the workers' and repartition's
    // embedded copies were the largest.
    ['pipeline/', PHONE],
    ['en/pipeline/?embed=1', PHONE],
    ['workers/?embed=1', WIDE],
    ['en/repartition/?embed=1', PHONE],
    ['en/producer/', WIDE],
    ['en/group/', WIDE],
    ['lesson/', WIDE],
  ]) {
    const { page, context, errors, before, after, roots } = await handOver(env.browser, `${env.base}${path}`, viewport);
    assert.deepEqual(after, before, `${path}: the figure did not move`);
    assert.equal(await page.$('[data-prerender]'), null, `${path}: the copy is gone`);
    assert.equal(await page.$$eval('.app', (a) => a.length), 1);
    assert.ok(roots.length > 0 && roots.every((n) => n === 1), `${path}: a scene root in every frame, never two: ${roots}`);
    assert.deepEqual(errors, [], path);
    await context.close();
  }
});

test('the bundle starts once the page is parsed, as a cached one would otherwise race the copy', async () => {
  // A cached bundle can be ready before the browser has parsed the page's
  // four copies (build/pages.mjs). Here the page's parsing is held
  // just before its placing script until the wasm has arrived and the app
  // has had the time to start: it must not have, and the copy is then
  // placed and handed over as on any load.
  const context = await env.browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const errors = [];
  recordConsole(page, errors);
  await page.addInitScript(() => {
    addEventListener('TrunkApplicationStarted', () => (window.__startedWhile = document.readyState));
  });
  const wasmArrived = new Promise((resolve) => page.on('requestfinished', (r) => r.url().endsWith('.wasm') && resolve()));
  let startedEarly = null;
  await page.route('**/repartition/', async (route) => {
    const response = await route.fetch();
    const html = await response.text();
    // The last inline script: the loader is the first one (build/pages.mjs).
    const placer = html.lastIndexOf('<script>(() => {');
    assert.ok(placer > 0, 'the page has its placing script');
    await route.fulfill({ response, body: html.slice(0, placer) + '<script src="/hold.js"></script>' + html.slice(placer) });
  });
  await page.route('**/hold.js', async (route) => {
    await wasmArrived;
    // Bounded: the app, had it started, would be up well within this.
    startedEarly = await page
      .waitForFunction(() => window.wasmBindings !== undefined, null, { timeout: 3000 })
      .then(() => true, () => false);
    await route.fulfill({ contentType: 'text/javascript', body: '' });
  });
  await page.goto(`${env.base}repartition/`);
  await page.waitForSelector('.app:not([data-prerender]) [data-testid="scene"][data-ready="true"]');
  assert.equal(startedEarly, false, 'the app did not start while the page was being parsed');
  assert.notEqual(await page.evaluate(() => window.__startedWhile), 'loading');
  assert.equal(await page.$('[data-prerender]'), null, 'the copy is gone');
  assert.equal(await page.$$eval('.app', (a) => a.length), 1, 'one app');
  assert.deepEqual(errors, []);
  await context.close();
});

test('when the bundle cannot be fetched, the page says the scene did not load', async () => {
  const failedNote = (page) =>
    page.evaluate(() => {
      const note = document.querySelector('.app[data-prerender] .load-failed-note');
      const box = note?.getBoundingClientRect();
      return note && box.height > 0 && box.bottom <= innerHeight && getComputedStyle(note).visibility === 'visible' ? note.textContent : null;
    });
  for (const [path, viewport, text] of [
    ['log/', PHONE, 'Сцена не загрузилась. Проверьте соединение и обновите страницу.'],
    ['en/producer/?preset=chaos', WIDE, 'The scene did not load. Check the connection and reload the page.'],
  ]) {
    const { page, context, uncaught } = await withoutWasm(env.browser, `${env.base}${path}`, viewport, true);
    await page.waitForFunction(() => 'loadFailed' in document.documentElement.dataset);
    assert.equal(await failedNote(page), text, path);
    assert.equal(await loadingNote(page), null, `${path}: no longer says it is loading`);
    assert.deepEqual(uncaught, [], `${path}: the failure is handled, not thrown`);
    await context.close();
  }
});

/** Notes, in each document, when a copy first appears and when the loader starts the app. */
function noteCopyAndStart() {
  window.__copyAt = null;
  window.__startedAt = null;
  Object.defineProperty(window, 'kolStarted', {
    configurable: true,
    get: () => window.__startedAt !== null,
    set: () => (window.__startedAt ??= performance.now()),
  });
  new MutationObserver(() => {
    if (window.__copyAt === null && document.querySelector('[data-prerender]')) window.__copyAt = performance.now();
  }).observe(document, { subtree: true, childList: true });
}

test('a page the cache answers leaves its copy out while its app starts, and its frame is never told an empty height', async (t) => {
  // A learner back on a course page: the frame's page and bundle come from
  // the browser's cache, and the live app is drawn a moment later. The
  // copy, laid out and painted only to be replaced then, is left out
  // (build/prerender.mjs); placed it must still be if the app had not
  // started in time, but never once it has.
  const host = await cachingHost(t, env.base);
  const context = await env.browser.newContext({ viewport: { width: 900, height: 1000 } });
  await context.addInitScript(noteCopyAndStart);
  const page = await context.newPage();
  const errors = [];
  recordConsole(page, errors);
  await page.goto(`${env.base}embed-example.html`);
  const src = `${host.base}group/?embed=1&theme=light`;
  const open = () =>
    page.evaluate((src) => {
      window.messages = [];
      addEventListener('message', (e) => window.messages.push(e.data));
      document.body.innerHTML = `<iframe id="lab" src="${src}" style="width:800px;height:300px"></iframe>`;
    }, src);
  const ready = async () => {
    const frame = await (await page.$('#lab')).contentFrame();
    await frame.waitForSelector('.app:not([data-prerender]) [data-testid="scene"][data-ready="true"]');
    return frame;
  };
  await open();
  const first = await ready();
  assert.equal(await first.evaluate(() => performance.getEntriesByType('navigation')[0].deliveryType), '', 'the first visit asks the host');
  assert.notEqual(await first.evaluate(() => window.__copyAt), null, 'the first visit shows the copy');
  // Back on the course page.
  await open();
  const frame = await ready();
  const seen = await frame.evaluate(() => ({
    delivery: performance.getEntriesByType('navigation')[0].deliveryType,
    heldBack: typeof window.kolPlaceCopy,
    copyAt: window.__copyAt,
    startedAt: window.__startedAt,
    theme: document.documentElement.dataset.theme,
    apps: document.querySelectorAll('.app').length,
    copies: document.querySelectorAll('[data-prerender]').length,
    height: Math.ceil(document.documentElement.getBoundingClientRect().height),
  }));
  assert.equal(seen.delivery, 'cache', 'the cache answered the page');
  assert.equal(seen.heldBack, 'function', 'the page held its copy back');
  assert.ok(seen.copyAt === null || seen.copyAt < seen.startedAt, `no copy once the app started (copy ${seen.copyAt}, start ${seen.startedAt})`);
  assert.equal(seen.theme, 'light', "the bare page has the link's palette");
  assert.deepEqual([seen.apps, seen.copies], [1, 0], 'the live app alone');
  // The frame was told the live app's height, and no height before it.
  await page.waitForFunction((h) => window.messages.some((m) => m?.type === 'kafka-lab:resize' && m.height === h), seen.height);
  const heights = await page.evaluate(() => window.messages.filter((m) => m?.type === 'kafka-lab:resize').map((m) => m.height));
  assert.ok(heights.every((h) => h > 300), `heights told: ${heights}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a page the cache answers places its copy when its bundle is slow to come, and says when it failed', async (t) => {
  const host = await cachingHost(t, env.base);
  host.wasm = 'pass';
  const context = await env.browser.newContext({ viewport: PHONE });
  await context.addInitScript(noteCopyAndStart);
  const page = await context.newPage();
  const url = `${host.base}repartition/`;
  await page.goto(url);
  await page.waitForSelector('.app:not([data-prerender]) [data-testid="scene"][data-ready="true"]');
  // The page from the cache; its bundle, which the cache no longer
  // holds, held back at the host: the copy comes after its wait.
  host.wasm = 'hold';
  await page.goto('about:blank');
  await page.goto(url);
  await page.waitForSelector('.app[data-prerender="static"]');
  assert.equal(await page.evaluate(() => performance.getEntriesByType('navigation')[0].deliveryType), 'cache');
  assert.ok(await figureShown(page), 'the figure is drawn');
  assert.equal(await page.evaluate(() => window.__startedAt), null, 'before the app started');
  host.release();
  await page.waitForSelector('.app:not([data-prerender]) [data-testid="scene"][data-ready="true"]');
  assert.deepEqual(await page.$$eval('.app', (a) => a.map((e) => e.dataset.prerender ?? 'live')), ['live'], 'handed over');
  // Its bundle failing: the copy at once, with the page's note.
  host.wasm = 'fail';
  await page.goto('about:blank');
  await page.goto(url);
  await page.waitForFunction(() => 'loadFailed' in document.documentElement.dataset);
  assert.equal(await page.evaluate(() => performance.getEntriesByType('navigation')[0].deliveryType), 'cache');
  const note = await page.evaluate(() => {
    const el = document.querySelector('.app[data-prerender] .load-failed-note');
    return el && el.getBoundingClientRect().height > 0 && getComputedStyle(el).visibility === 'visible' ? el.textContent : null;
  });
  assert.equal(note, 'Сцена не загрузилась. Проверьте соединение и обновите страницу.');
  await context.close();
});

test('a host that serves the wasm under another type still starts the app', async () => {
  // Streaming compilation needs application/wasm; some static hosts send
  // application/octet-stream, and the loader then compiles the bytes.
  const context = await env.browser.newContext({ viewport: WIDE });
  await context.route('**/*.wasm', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'content-type': 'application/octet-stream' } });
  });
  const page = await context.newPage();
  const errors = [];
  recordConsole(page, errors);
  await page.goto(`${env.base}en/log/`);
  await page.waitForSelector('.app:not([data-prerender]) [data-testid="scene"][data-ready="true"]');
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
  assert.deepEqual(errors.filter((e) => !/application\/wasm|MIME/i.test(e)), []);
  await context.close();
});

test('the live app reads the scene and language from the path; the query wins', async () => {
  const cases = [
    ['en/log/', { scene: 'log', lang: 'en' }],
    ['routing/', { scene: 'routing', lang: 'ru' }],
    ['log/?scene=routing', { scene: 'routing', lang: 'ru' }],
    ['en/log/?lang=ru', { scene: 'log', lang: 'ru' }],
    ['en/disk/?lesson=2.1', { scene: 'replication', lang: 'en' }],
    ['?scene=workers&lang=en', { scene: 'workers', lang: 'en' }],
  ];
  const tab = await linkTab(env.browser, WIDE);
  for (const [path, want] of cases) {
    const { page, errors } = await tab.open(`${env.base}${path}`);
    const got = {
      scene: await page.getAttribute('[data-testid="scene"]', 'data-scene'),
      lang: await page.getAttribute('html', 'lang'),
    };
    assert.deepEqual(got, want, path);
    // The app writes the state into the address bar and keeps the page's path.
    await page.waitForFunction(() => location.search.includes('scene='));
    assert.equal(new URL(page.url()).pathname, new URL(`${env.base}${path}`).pathname, page.url());
    assert.equal(await page.$('[data-testid="param-message"]'), null, `${path}: no message`);
    // The share link keeps the page's address and names the state in full.
    const link = await page.inputValue('[data-testid="share-link"]');
    assert.ok(link.startsWith(`${env.base}${path.split('?')[0]}?scene=${want.scene}&`), link);
    assert.deepEqual(errors, [], path);
  }
  await tab.close();
});

test("the scene menu opens each scene's own page, its state in the query", async () => {
  const context = await env.browser.newContext({ viewport: WIDE });
  const page = await context.newPage();
  const errors = [];
  recordConsole(page, errors);
  await page.goto(`${env.base}en/log/`);
  await page.waitForSelector('[data-testid="scene"][data-ready="true"]');
  const href = await page.getAttribute('[data-testid="scene-link"][data-scene="routing"]', 'href');
  assert.match(href, /^\/en\/routing\/\?scene=routing&/, href);
  assert.match(href, /[?&]lang=en(&|$)/, href);
  await page.click('[data-testid="scene-link"][data-scene="routing"]');
  await page.waitForSelector('[data-testid="scene"][data-scene="routing"][data-ready="true"]');
  assert.ok(page.url().startsWith(`${env.base}en/routing/?`), page.url());
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
  assert.deepEqual(errors, []);
  await context.close();
});

test('under a sub-path, the scene pages and the hand-over work the same', async () => {
  const { server, base } = await serve(join(distDir, '..', 'dist-subpath'), '/kafka-lab/');
  try {
    assert.match(base, /\/kafka-lab\/$/);
    const blocked = await withoutWasm(env.browser, `${base}en/routing/`, PHONE);
    assert.ok(await figureShown(blocked.page), 'the figure without the wasm');
    assert.equal(await blocked.page.getAttribute('html', 'lang'), 'en');
    await blocked.context.close();
    // The copies were made under the root; their links follow the base.
    const framed = await withoutWasm(env.browser, `${base}en/routing/?embed=1`, PHONE);
    const whole = await framed.page.$eval('[data-testid="whole-scene"]', (a) => a.href);
    assert.ok(whole.startsWith(`${base}?`) && /[?&]scene=routing(&|$)/.test(whole), whole);
    await framed.context.close();
    const { page, context, errors, before, after, roots } = await handOver(env.browser, `${base}en/routing/`, PHONE);
    assert.deepEqual(after, before);
    assert.ok(roots.every((n) => n === 1), String(roots));
    assert.equal(await page.getAttribute('[data-testid="scene"]', 'data-scene'), 'routing');
    assert.equal(await page.getAttribute('html', 'lang'), 'en');
    // The menu is folded at phone width; its links keep the sub-path.
    assert.match(await page.getAttribute('[data-testid="scene-link"][data-scene="disk"]', 'href'), /^\/kafka-lab\/en\/disk\/\?/);
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    server.close();
  }
});
