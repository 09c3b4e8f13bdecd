// What the release build and the browser tests share: the scene list, a
// static server for a built dist on 127.0.0.1, Debian's Chromium driven by
// playwright-core, and a child process run to its end. The build
// (build/dist.mjs) needs the server and the browser to pre-render the
// scene pages; tests/e2e/harness.mjs re-exports them for the tests.
import { createServer } from 'node:http';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { gzipSync, brotliCompressSync, constants as zlib } from 'node:zlib';
import { execFileSync, spawn } from 'node:child_process';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

/** The repository's root. */
export const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The `?scene=` ids of the app's registry, in its order: each line of
 * `for_each_scene!` in src/scenes/mod.rs reads `Variant, field, "id",
 * "feature", model;`. A host test (tests/e2e_scenes.rs) reads the lines
 * the same way and checks them against the app's own SceneId::ALL, and the
 * build checks them against the scene table the app prints.
 */
export function registeredScenes(source) {
  const start = source.indexOf('macro_rules! for_each_scene');
  if (start < 0) throw new Error('src/scenes/mod.rs has no for_each_scene!');
  const body = source.slice(start, source.indexOf('\n}', start));
  const line = /^\s*[A-Z]\w*, [a-z_]\w*, "([a-z-]+)", "scene-[a-z-]+", /gm;
  return [...body.matchAll(line)].map((m) => m[1]);
}

// Every scene, in the chapter's order: the one list the build, the browser
// tests and the bench read, from the registry itself, so a new scene is
// built and tested with no line here.
export const SCENES = registeredScenes(readFileSync(join(root, 'src', 'scenes', 'mod.rs'), 'utf8'));

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/**
 * Serves `dir` on an ephemeral loopback port under `prefix` (a static
 * host's sub-path, e.g. `/kafka-lab/`); resolves to its base URL.
 *
 * With `host: 'br'` or `host: 'gzip'` it answers as a static host does
 * (the bench's profile): that encoding when the request accepts it
 * (`'br'` falls back to gzip for a client without brotli), an ETag with a
 * 304 for a matching If-None-Match, and `Cache-Control: max-age=600`
 * (GitHub Pages' header), so that a second visit is served from the
 * browser's cache. Many course hosts serve gzip alone, so the bench loads
 * under both. Each file's compressed forms are made once, when it is
 * first asked for (the bench makes them with an untimed load).
 */
export async function serve(dir, prefix = '/', { host = null } = {}) {
  const encoded = new Map();
  const served = [];
  const server = createServer(async (req, res) => {
    const full = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (!full.startsWith(prefix)) {
      res.writeHead(404).end('not found');
      return;
    }
    const path = `/${full.slice(prefix.length)}`;
    const file = normalize(join(dir, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(dir)) {
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
    // Any origin may read the files, as on GitHub Pages: a sandboxed frame
    // without allow-same-origin has an opaque origin, and loads the app's
    // module script and wasm as cross-origin requests.
    const headers = {
      'content-type': types[extname(file)] ?? 'application/octet-stream',
      'access-control-allow-origin': '*',
    };
    if (host) {
      const accept = String(req.headers['accept-encoding'] ?? '');
      const encoding = host === 'br' && /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
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

// Debian's chromium-headless-shell: the same Chromium, built from the same
// source package at the same version, as the headless shell alone, without
// the browser around it that `chromium --headless` starts. The browser
// tests take half the CPU with it: figure-first.test.mjs ran in 66 s
// against 138 s (2026-12-03, Chromium 156). CHROMIUM names another one.
function chromiumPath() {
  if (process.env.CHROMIUM) return process.env.CHROMIUM;
  return execFileSync('sh', ['-c', 'command -v chromium-headless-shell'], { encoding: 'utf8' }).trim();
}

/** Debian's headless Chromium; nothing is ever downloaded. */
export function launch() {
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
 * Runs a command in the repository to its end and resolves to its stdout
 * when `capture` is set; otherwise its output goes to this process's
 * stderr. `env` adds to this process's environment. A non-zero exit
 * rejects with the command line.
 */
export function run(cmd, args, { capture = false, env = {} } = {}) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: ['ignore', capture ? 'pipe' : 2, 'inherit'],
      env: { ...process.env, ...env },
    });
    let stdout = '';
    child.stdout?.on('data', (d) => (stdout += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolveRun(stdout) : reject(new Error(`${cmd} ${args.join(' ')}: exit ${code}`))));
  });
}

/**
 * A script without its whole-line comments and its indentation: the
 * comments are for its readers, and every page carries it. Only lines that
 * are comments alone go, so nothing inside a string is touched.
 */
export function withoutLineComments(js) {
  return js
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('//'))
    .join('\n');
}
