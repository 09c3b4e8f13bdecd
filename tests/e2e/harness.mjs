// Shared set-up for the browser tests: the release build (dist/, made by
// build/dist.mjs) served on 127.0.0.1, and Debian's Chromium driven by
// playwright-core, both from the build's own library (build/lib.mjs).
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, after } from 'node:test';
import { serve as serveDir, launch as launchChromium, SCENES } from '../../build/lib.mjs';

export { SCENES };

let table;
/**
 * The app's own table of its scenes (build/scene-table/main.rs, which the
 * build runs too): which scenes have a Go lens (`lens`), each scene's parts
 * (`parts`), the lesson's steps in order (`steps`). Read from the app, so a
 * new scene is tested with no list here to add it to.
 */
export function sceneTable() {
  table ??= JSON.parse(
    execFileSync('cargo', ['run', '-q', '--no-default-features', '--features', 'lang-ru,lang-en,all-scenes', '--example', 'scene-table'], {
      cwd: join(here, '..', '..'),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  return table;
}

const here = fileURLToPath(new URL('.', import.meta.url));
export const distDir = resolve(process.env.DIST_DIR ?? join(here, '..', '..', 'dist'));
export const artifactsDir = join(here, 'artifacts');

/** Serves `root` (the release build by default) as build/lib.mjs does. */
export const serve = (root = distDir, prefix = '/', options = {}) => serveDir(root, prefix, options);

export async function launch() {
  await mkdir(artifactsDir, { recursive: true });
  return launchChromium();
}

/**
 * Collects into `errors` what a clean page never shows: console errors and
 * warnings, and uncaught exceptions.
 */
export function recordConsole(page, errors) {
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') errors.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(String(err)));
}

/**
 * Collects into `errors` what the lab's own pages, served at `base`, say in
 * a course page's frame: console errors and warnings from its origin, and
 * the page's uncaught exceptions. What the host page's libraries say about
 * themselves is theirs (iframe-resizer greets the console, and warns of
 * its messages to a frame that has not navigated yet).
 */
export function recordLabConsole(page, errors, base) {
  const lab = new URL(base).origin;
  page.on('console', (msg) => {
    const from = msg.location().url ?? '';
    if ((msg.type() === 'error' || msg.type() === 'warning') && from.startsWith(lab)) errors.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(String(err)));
}

/** The speed slider to its maximum, as a learner drags it. */
export async function topSpeed(page) {
  await page.$eval('[data-testid="speed"]', (el) => {
    el.value = el.max;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/**
 * Starts play, and starts it again each time the run reaches its end (play
 * at the end starts over, like a video player), until `stop()`.
 */
export async function loopPlay(page) {
  await page.evaluate(() => {
    window.__looper = setInterval(() => document.querySelector('[data-testid="play"]')?.click(), 25);
  });
  return () =>
    page.evaluate(() => {
      clearInterval(window.__looper);
      document.querySelector('[data-testid="pause"]')?.click();
    });
}

/**
 * Resolves once nothing in the live app is busy (`aria-busy="true"`): the
 * Go lens panel waiting for its code, which the release bundles ask the
 * lens module for once the scene is ready (src/golens/view.rs), and the
 * pipeline's analysis and comparison, which run a frame after the page
 * draws once the scene is ready (src/widgets/after_ready.rs). A page is whole a
 * moment after its scene is ready.
 */
export async function settled(page) {
  await page.waitForFunction(() => !document.querySelector('.app:not([data-prerender]) [aria-busy="true"]'));
}

/**
 * Notes, in `window.atReady`, the page when its live scene is first marked
 * ready: the time on the page's clock (`at`), and the `aria-busy` of each
 * element with a test id that has one (`busy`, by test id): what the page
 * leaves until after that mark shows as busy then.
 */
export async function noteReady(page) {
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.querySelector('.app:not([data-prerender]) [data-testid="scene"][data-ready="true"]')) {
        observer.disconnect();
        const busy = {};
        for (const el of document.querySelectorAll('.app:not([data-prerender]) [data-testid][aria-busy]')) busy[el.dataset.testid] = el.getAttribute('aria-busy');
        window.atReady = { at: performance.now(), busy };
      }
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
}

/**
 * `url` in a new context, opened until its live scene is first marked
 * ready, and what was busy then (`noteReady`, by test id): for the cards
 * that run only after that mark. The page records console errors.
 */
export async function openAtReady(browser, url, viewport = { width: 1200, height: 900 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = [];
  recordConsole(page, errors);
  await noteReady(page);
  await page.goto(url);
  await page.waitForSelector('.app:not([data-prerender]) [data-testid="scene"][data-ready="true"]');
  const { busy } = await page.evaluate(() => window.atReady);
  return { page, context, errors, busy };
}

/**
 * A new page that records console errors and warnings and uncaught
 * exceptions, so a test can assert there were none; opened once `ready`
 * is on it (a scene ready to play, unless the page is another).
 */
export async function openPage(browser, url, viewport = { width: 1200, height: 900 }, ready = '[data-testid="scene"][data-ready="true"]') {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = [];
  recordConsole(page, errors);
  await page.goto(url);
  await page.waitForSelector(ready);
  await settled(page);
  return { page, context, errors };
}

/**
 * One tab for many links at one size, each opened as `openPage` opens its
 * link, for a test that reads page after page: `open(url)` loads a new
 * document in the same tab and resolves to `{ page, errors }`, the errors
 * of that document alone. A link opened in a tab that has run the same
 * bundle costs half the CPU of a new context (167 ms against 320 a load,
 * 2026-12-05; figure-first.test.mjs 48 core-seconds against 82):
 * Chromium keeps the compiled wasm in its process. What a learner's first
 * visit would not have is cleared before each load: the origin's
 * localStorage (the levels' progress, the one thing the app stores), and
 * the last document, by a blank page in between, so that a link that
 * differs from the last one only after its `#` loads anew.
 */
export async function linkTab(browser, viewport = { width: 1200, height: 900 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  let errors = [];
  recordConsole(page, { push: (e) => errors.push(e) });
  return {
    page,
    async open(url, ready = '[data-testid="scene"][data-ready="true"]') {
      await page.goto('about:blank');
      // The last document's wasm memories (its scene's and the lens
      // module's) are freed only when it is collected. In a full run, two
      // files at a time beside the real-Kafka suite, one tab that had
      // opened some 70 links could not instantiate the lens module ("Out
      // of memory: Cannot allocate Wasm memory for new instance",
      // 2026-12-06): collected here, each link starts with the memory a
      // reader's first visit has.
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('Storage.clearDataForOrigin', { origin: new URL(url).origin, storageTypes: 'local_storage' });
      errors = [];
      await page.goto(url);
      await page.waitForSelector(ready);
      await settled(page);
      return { page, errors };
    },
    close: () => context.close(),
  };
}

/**
 * Presses the language switch (a click unless `press` says otherwise) and
 * waits for the page it opens: a bundle carries one language, so the
 * switch loads the same state's link with the other language's bundle.
 */
export async function switchLanguage(page, press = () => page.click('[data-testid="lang"]')) {
  await Promise.all([page.waitForEvent('load'), press()]);
  await page.waitForSelector('[data-testid="scene"][data-ready="true"]');
  await settled(page);
}

export const records = (page) =>
  page.$$eval('[data-testid="record"]', (els) =>
    els.map((e) => ({
      offset: Number(e.dataset.offset),
      key: e.dataset.key,
      step: Number(e.dataset.step),
      // A record in a lane leaves its topic and partition to the lane.
      topic: e.closest('[data-topic]')?.dataset.topic,
      partition: Number(e.closest('[data-partition]')?.dataset.partition),
    })),
  );

export const simTime = (page) =>
  page.$eval('[data-testid="scene"]', (e) => Number(e.dataset.simTime));

export const digest = (page) =>
  page.$eval('[data-testid="scene"]', (e) => e.dataset.stateDigest);

export const shot = (page, name) =>
  page.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage: true });

/**
 * A static host in front of the test server, as a course's host with
 * `Cache-Control: max-age`: the pages and the glue are cached. A scene's
 * bundle (its wasm) is cached too unless `wasm` says how to answer it, for
 * a page the cache answers whose bundle it no longer holds: 'pass';
 * 'hold', each request until `release()`, which passes them and those
 * after; or 'fail'. The Go lens module's wasm, which a page asks for once
 * its scene is ready, is never held or failed: a late request of the load
 * before must not take the next load's answer. It closes when the test
 * `t` ends.
 */
export async function cachingHost(t, upstream) {
  // The lens module's file, as build/bundles.mjs names it: a rename must
  // fail here, not let its request take a hold again.
  const lensWasm = /\/kafka-ordering-lab-lens-[^/]*\.wasm$/;
  const lensFiles = readdirSync(distDir).filter((f) => lensWasm.test(`/${f}`));
  if (lensFiles.length !== 1) throw new Error(`cachingHost: the build has ${lensFiles.length} lens wasm files, not 1`);
  // What held requests wait on, and its opening.
  let gate = null;
  let open = () => {};
  const host = {
    wasm: 'cache',
    release() {
      host.wasm = 'pass';
      open();
      gate = null;
    },
  };
  const server = createServer(async (req, res) => {
    // The answer as the request arrives, before the upstream's.
    const wasm = req.url.endsWith('.wasm') ? (lensWasm.test(req.url) ? 'pass' : host.wasm) : 'cache';
    const held = wasm === 'hold' ? (gate ??= new Promise((ok) => (open = ok))) : null;
    const from = await fetch(new URL(req.url.slice(1), upstream));
    const body = Buffer.from(await from.arrayBuffer());
    const headers = { 'content-type': from.headers.get('content-type') ?? 'application/octet-stream', 'cache-control': 'max-age=600' };
    if (wasm !== 'cache') {
      headers['cache-control'] = 'no-store';
      if (wasm === 'fail') return res.writeHead(404).end();
      await held;
    }
    res.writeHead(from.status, headers).end(body);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  host.base = `http://127.0.0.1:${server.address().port}/`;
  // Closed when its test ends, failed or not: a server left listening
  // keeps the file's process alive after its last test.
  t.after(() => {
    server.closeAllConnections();
    server.close();
  });
  return host;
}

/**
 * Starts the server and the browser once for a test file, and stops them
 * after it. The returned object's fields are filled in by the time tests run.
 */
export function useBrowser() {
  const env = { server: null, base: '', browser: null };
  before(async () => {
    const served = await serve();
    env.server = served.server;
    env.base = served.base;
    env.browser = await launch();
  });
  after(async () => {
    await env.browser?.close();
    env.server?.close();
  });
  return env;
}

/**
 * A course site for the host pages (tests/e2e/hosts/): this folder served
 * on a port of its own, so a frame of the lab in them is another origin,
 * as on a real course page. The returned object's `base` is filled in by
 * the time tests run.
 */
export function useCourseSite() {
  const site = { server: null, base: '' };
  before(async () => {
    const served = await serve(here);
    site.server = served.server;
    site.base = served.base;
  });
  after(() => site.server?.close());
  return site;
}

/** The scene's counters, by `data-name`. */
export const stats = (page) =>
  page.$$eval('[data-testid="stat"]', (els) => Object.fromEntries(els.map((e) => [e.dataset.name, Number(e.dataset.value)])));

/**
 * Moves the scrub bar to `t` (or to the end), as a learner dragging it, and
 * waits until the scene shows that moment.
 */
export async function seekTo(page, t) {
  const target = await page.$eval('[data-testid="timeline"]', (el, t) => {
    el.value = t === undefined ? el.max : String(Math.min(Number(t), Number(el.max)));
    el.dispatchEvent(new Event('input', { bubbles: true }));
    return el.value;
  }, t);
  await page.waitForFunction(
    (v) => document.querySelector('[data-testid="scene"]').dataset.simTime === v,
    target,
  );
}

/**
 * Does `action` and waits until the scene shows a new state (its digest or
 * time changed): the DOM, not a sleep, says the step has been drawn.
 */
export async function thenChanged(page, action) {
  const state = () =>
    page.$eval('[data-testid="scene"]', (e) => `${e.dataset.stateDigest}@${e.dataset.simTime}`);
  const before = await state();
  await action();
  await page.waitForFunction(
    (old) => {
      const e = document.querySelector('[data-testid="scene"]');
      return `${e.dataset.stateDigest}@${e.dataset.simTime}` !== old;
    },
    before,
  );
}

/**
 * What axe-core (from npm, injected into the page) finds serious or
 * critical on `page` as it is now: each rule with the first few elements
 * it names. A frame's own page is not checked (axe is not in it), only the
 * frame's element.
 */
export async function seriousIssues(page) {
  const axe = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
  await page.addScriptTag({ content: await readFile(axe, 'utf8') });
  return page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  });
}
