// Build step (run by `make build` between trunk and the pre-render): one
// release bundle per language. Trunk builds the app twice, with only
// Russian (`--no-default-features --features lang-ru`, into DIST) and with
// only English (into EN_DIST); a reader then downloads the words of one
// language, not both (`Lang` in src/params/mod.rs says how the code drops
// the other). This script copies the English bundle's script and wasm
// beside the Russian ones and replaces trunk's loader in DIST/index.html
// with one that starts the bundle of the link's language.
//
// The loader decides as the app does, so the bundle it starts is the
// language the app then reads from the same address (src/params/path.rs
// `page_query`, src/params/declare.rs `LANG`): the query's first `lang`
// wins, and any value but "en" is Russian (the app's default); without
// one, a path of ours under `en/` (the base, `en/`, then nothing or a
// scene's or the lesson's page) is English. static-frame.test.mjs checks
// the two agree on every kind of address.
//
// The English bundle's files are the same whatever the public URL, since
// trunk writes the URL only into the page: so the sub-path build takes
// them from the root build's EN_DIST.
//
// Usage: node tests/e2e/languages.mjs DIST EN_DIST
import { readFile, writeFile, readdir, copyFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { SCENES } from './harness.mjs';

const [dist, enDist] = process.argv.slice(2).map((d) => resolve(d));
if (!dist || !enDist) throw new Error('usage: node tests/e2e/languages.mjs DIST EN_DIST');

/** The bundle trunk wrote into a dist: its script's and wasm's file names. */
async function bundleOf(dir) {
  const files = await readdir(dir);
  const wasm = files.filter((f) => f.endsWith('_bg.wasm'));
  if (wasm.length !== 1) throw new Error(`${dir}: expected one *_bg.wasm, found ${wasm.join(', ') || 'none'}`);
  const js = wasm[0].replace(/_bg\.wasm$/, '.js');
  if (!files.includes(js)) throw new Error(`${dir}: no ${js} beside ${wasm[0]}`);
  return { js, wasm: wasm[0] };
}

const ru = await bundleOf(dist);
const en = await bundleOf(enDist);
for (const f of [en.js, en.wasm]) await copyFile(join(enDist, f), join(dist, f));

const page = await readFile(join(dist, 'index.html'), 'utf8');
const base = page.match(/<base href="([^"]*)"/)?.[1];
if (base === undefined) throw new Error(`${dist}/index.html: no <base href>`);
// Trunk's loader: a module script that imports the Russian bundle, and the
// two preload links at the end of the head.
const moduleScript = /<script type="module">\s*import init, \* as bindings from '[^']*';[\s\S]*?<\/script>/;
const preloads = /<link rel="modulepreload" href="[^"]*"[^>]*><link rel="preload" href="[^"]*"[^>]*as="fetch"[^>]*>/;
for (const [name, re] of [['module script', moduleScript], ['preload links', preloads]]) {
  if (!re.test(page)) throw new Error(`${dist}/index.html: trunk's ${name} not found; has trunk's output changed?`);
}

const bundles = {
  ru: { js: base + ru.js, wasm: base + ru.wasm },
  en: { js: base + en.js, wasm: base + en.wasm },
};
const pages = [...SCENES, 'lesson'];
const loader = `<script>(() => {
  // The link's language, as the app reads it (tests/e2e/languages.mjs).
  const query = new URLSearchParams(location.search);
  const base = new URL(document.baseURI).pathname;
  const path = location.pathname.startsWith(base) ? location.pathname.slice(base.length) : '';
  const parts = path.split('/').filter((p) => p);
  const pages = ${JSON.stringify(pages)};
  const underEn = parts[0] === 'en' && (parts.length === 1 || (parts.length === 2 && pages.includes(parts[1])));
  const lang = query.has('lang') ? (query.get('lang') === 'en' ? 'en' : 'ru') : underEn ? 'en' : 'ru';
  const bundle = ${JSON.stringify(bundles)}[lang];
  document.documentElement.dataset.bundle = lang;
  // The script at once, as trunk's own preload link would fetch it; the
  // wasm fetched and compiled at once too, while the page still arrives.
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = bundle.js;
  link.crossOrigin = 'anonymous';
  document.head.append(link);
  const compiled = fetch(bundle.wasm).then(async (response) => {
    if (!response.ok) throw new Error(bundle.wasm + ": HTTP " + response.status);
    try {
      return await WebAssembly.compileStreaming(response.clone());
    } catch (e) {
      // A host that serves the wasm under another type: compiled from its
      // bytes instead, as wasm-bindgen's own loader falls back.
      if (response.headers.get('Content-Type') === 'application/wasm') throw e;
      return WebAssembly.compile(await response.arrayBuffer());
    }
  });
  // Its failure is handled once the page is parsed, below; until then it
  // is not an uncaught error.
  compiled.catch(() => {});
  // The app itself starts only once the page is parsed, as trunk's module
  // script is deferred: Yew mounts on the body and clears it (yew's
  // src/app_handle.rs, \`mount_with_props\`), so an app started while the
  // page's copies were still arriving would remove the ones parsed so far,
  // and the page's placing script (tests/e2e/prerender.mjs) would then
  // find none, or place one beside the live app.
  const start = () =>
    Promise.all([import(bundle.js), compiled])
      .then(async ([bindings, module]) => {
        const wasm = await bindings.default({ module_or_path: module });
        // As trunk's loader: the bindings on the window, and its event.
        window.wasmBindings = bindings;
        dispatchEvent(new CustomEvent('TrunkApplicationStarted', { detail: { wasm } }));
      })
      .catch((e) => {
        // The page's copy then says the scene did not load (static/style.css).
        document.documentElement.dataset.loadFailed = '';
        console.error('kafka-lab: the scene could not start:', e);
      });
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
})();</script>`;

await writeFile(join(dist, 'index.html'), page.replace(moduleScript, loader).replace(preloads, ''));
console.error(`languages: ru ${ru.wasm}, en ${en.wasm} in ${dist} (public URL ${base})`);
