// Shared set-up for the browser tests: a static server for the release
// build on 127.0.0.1, and Debian's Chromium driven by playwright-core.
import { createServer } from 'node:http';
import { createHash } from 'node:crypto';
import { readFile, mkdir } from 'node:fs/promises';
import { gzipSync, brotliCompressSync, constants as zlib } from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, after } from 'node:test';
import { chromium } from 'playwright-core';

const here = fileURLToPath(new URL('.', import.meta.url));
export const distDir = resolve(process.env.DIST_DIR ?? join(here, '..', '..', 'dist'));
export const artifactsDir = join(here, 'artifacts');
// Every scene, in the chapter's order: the one list the browser tests and
// the bench read. A host test (tests/e2e_scenes.rs) checks it against the
// app's own SceneId::ALL, so a new scene cannot be left out of them.
export const SCENES = ['log', 'replication', 'routing', 'producer', 'repartition', 'group', 'workers', 'disk', 'rabbitmq', 'pipeline'];

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/**
 * Serves `root` on an ephemeral loopback port under `prefix` (a static
 * host's sub-path, e.g. `/kafka-lab/`); resolves to its base URL.
 *
 * With `host: true` it answers as a static host does (the bench's
 * profile): brotli or gzip by the request's Accept-Encoding, an ETag with
 * a 304 for a matching If-None-Match, and `Cache-Control: max-age=600`
 * (GitHub Pages' header), so that a second visit is served from the
 * browser's cache. Each file's compressed forms are made once, when it is
 * first asked for (the bench makes them with an untimed load).
 */
export async function serve(root = distDir, prefix = '/', { host = false } = {}) {
  const encoded = new Map();
  const served = [];
  const server = createServer(async (req, res) => {
    const full = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (!full.startsWith(prefix)) {
      res.writeHead(404).end('not found');
      return;
    }
    const path = `/${full.slice(prefix.length)}`;
    const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    let body;
    try {
      body = await readFile(file);
    } catch {
      res.writeHead(404).end('not found');
      return;
    }
    const headers = { 'content-type': types[extname(file)] ?? 'application/octet-stream' };
    if (host) {
      const accept = String(req.headers['accept-encoding'] ?? '');
      const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
      const etag = `"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"`;
      Object.assign(headers, { etag, 'cache-control': 'max-age=600', vary: 'Accept-Encoding' });
      served.push({ path: full, encoding, status: req.headers['if-none-match'] === etag ? 304 : 200 });
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304, headers).end();
        return;
      }
      if (encoding) {
        const key = `${file} ${encoding} ${etag}`;
        if (!encoded.has(key)) {
          encoded.set(
            key,
            encoding === 'br'
              ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } })
              : gzipSync(body, { level: 9 }),
          );
        }
        body = encoded.get(key);
        headers['content-encoding'] = encoding;
      }
    }
    res.writeHead(200, { ...headers, 'content-length': body.length });
    res.end(body);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  return { server, base: `http://127.0.0.1:${port}${prefix}`, served };
}

function chromiumPath() {
  if (process.env.CHROMIUM) return process.env.CHROMIUM;
  return execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim();
}

export async function launch() {
  await mkdir(artifactsDir, { recursive: true });
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
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
 * A new page that records console errors and warnings and uncaught
 * exceptions, so a test can assert there were none.
 */
export async function openPage(browser, url, viewport = { width: 1200, height: 900 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = [];
  recordConsole(page, errors);
  await page.goto(url);
  await page.waitForSelector('[data-testid="scene"][data-ready="true"]');
  return { page, context, errors };
}

/**
 * Presses the language switch (a click unless `press` says otherwise) and
 * waits for the page it opens: a bundle carries one language, so the
 * switch loads the same state's link with the other language's bundle.
 */
export async function switchLanguage(page, press = () => page.click('[data-testid="lang"]')) {
  await Promise.all([page.waitForEvent('load'), press()]);
  await page.waitForSelector('[data-testid="scene"][data-ready="true"]');
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
