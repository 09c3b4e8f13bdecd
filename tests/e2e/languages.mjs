// Build step (run by `make build` between trunk and the pre-render): puts
// the release bundles into the pages, with a loader that starts the one
// the link needs.
//
// Trunk builds the app twice, with only Russian (`--no-default-features
// --features ui,all-scenes,lang-ru`, into DIST) and with only English (into
// EN_DIST), every scene in each; a reader then downloads the words of one language,
// not both (`Lang` in src/params/mod.rs says how the code drops the
// other). tests/e2e/scene-bundles.mjs builds, into SCENE_BUNDLES, one
// bundle per scene and language, which carries that scene's code alone.
// This script copies the English bundle and the scene bundles beside the
// Russian one and replaces trunk's loader in DIST/index.html with one that
// starts the bundle of the link's language and scene.
//
// The loader decides as the app does, so the bundle it starts carries what
// the app then reads from the same address:
// - The language (src/params/path.rs `page_query`, src/params/declare.rs
//   `LANG`): the query's first `lang` wins, and any value but "en" is
//   Russian (the app's default); without one, a path of ours under `en/`
//   (the base, `en/`, then nothing or a scene's or the lesson's page) is
//   English.
// - The scene (src/params/mod.rs `parse_query`): the page's path gives a
//   `scene` or `lesson` that the query's own replaces; then a level opens
//   its own scene, else the first `scene`, else a lesson step's scene,
//   else the default. Which scene a level or a step opens comes from the
//   app itself (the scene table). Any address the loader cannot read for
//   certain (the level author kit, a level or a step it does not know)
//   gets the bundle with every scene.
// languages.test.mjs and scene-bundles.test.mjs check the loader and the
// app agree on every kind of address.
//
// Trunk writes the public URL only into the page's `<base href>` and the
// loader and preload links this script replaces; every other file is the
// same whatever the URL. So a build for a sub-path is the root build's
// files with PUBLIC_URL written into that `<base href>`, not a build of its
// own: DIST is then a copy of trunk's Russian output.
//
// Usage: node tests/e2e/languages.mjs DIST EN_DIST SCENE_BUNDLES [PUBLIC_URL]
import { readFile, writeFile, readdir, copyFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { SCENES } from './harness.mjs';

const [dist, enDist, sceneDir] = process.argv.slice(2, 5).map((d) => resolve(d));
const publicUrl = process.argv[5];
if (!dist || !enDist || !sceneDir) throw new Error('usage: node tests/e2e/languages.mjs DIST EN_DIST SCENE_BUNDLES [PUBLIC_URL]');
if (publicUrl !== undefined && !/^\/([^"<>\s]+\/)?$/.test(publicUrl)) {
  throw new Error(`PUBLIC_URL must be a path that starts and ends with "/", such as /kafka-lab/, not ${publicUrl}`);
}

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

const built = await readFile(join(dist, 'index.html'), 'utf8');
if (!/<base href="[^"]*"/.test(built)) throw new Error(`${dist}/index.html: no <base href>`);
const page = publicUrl === undefined ? built : built.replace(/<base href="[^"]*"/, `<base href="${publicUrl}"`);
const base = page.match(/<base href="([^"]*)"/)[1];
// Trunk's loader: a module script that imports the Russian bundle, and the
// two preload links at the end of the head.
const moduleScript = /<script type="module">\s*import init, \* as bindings from '[^']*';[\s\S]*?<\/script>/;
const preloads = /<link rel="modulepreload" href="[^"]*"[^>]*><link rel="preload" href="[^"]*"[^>]*as="fetch"[^>]*>/;
for (const [name, re] of [['module script', moduleScript], ['preload links', preloads]]) {
  if (!re.test(page)) throw new Error(`${dist}/index.html: trunk's ${name} not found; has trunk's output changed?`);
}

const scenes = JSON.parse(await readFile(join(sceneDir, 'manifest.json'), 'utf8'));
const bundles = {
  ru: { all: { js: base + ru.js, wasm: base + ru.wasm } },
  en: { all: { js: base + en.js, wasm: base + en.wasm } },
};
for (const [lang, byScene] of Object.entries(scenes.bundles)) {
  for (const [scene, files] of Object.entries(byScene)) {
    for (const f of [files.js, files.wasm]) await copyFile(join(sceneDir, f), join(dist, f));
    bundles[lang][scene] = { js: base + files.js, wasm: base + files.wasm };
  }
}
for (const lang of ['ru', 'en']) {
  const missing = SCENES.filter((scene) => !bundles[lang][scene]);
  if (missing.length) throw new Error(`${sceneDir}: no ${lang} bundle for ${missing.join(', ')}`);
}
const { table } = scenes;
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
  // The link's scene, as the app reads it, or "all" where unsure.
  const table = ${JSON.stringify(table)};
  const queryPairs = [...query];
  const has = (name) => queryPairs.some(([n]) => n === name);
  let pathPairs = [];
  const page = parts[0] === 'en' ? parts.slice(1) : parts;
  if (page.length === 1 && (page[0] === 'lesson' || table.scenes.includes(page[0]))) {
    pathPairs = [page[0] === 'lesson' ? ['lesson', table.first_step] : ['scene', page[0]]];
  }
  const pairs = [...pathPairs.filter(() => !has('scene') && !has('lesson')), ...queryPairs];
  const first = (name) => pairs.find(([n]) => n === name)?.[1];
  const scene = (() => {
    if (first('level-kit') !== undefined) return 'all';
    const level = first('level');
    if (level !== undefined) return table.levels[level] ?? 'all';
    const named = first('scene');
    if (named !== undefined) return table.scenes.includes(named) ? named : table.default;
    const step = first('lesson');
    if (step !== undefined) return table.lessons[step] ?? 'all';
    return table.default;
  })();
  const bundle = ${JSON.stringify(bundles)}[lang][scene];
  document.documentElement.dataset.bundle = lang;
  document.documentElement.dataset.bundleScene = scene;
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

/**
 * The stylesheet trunk inlines, without its comments and layout: a
 * quarter of its gzip bytes, in every bundle's count and every page. Only
 * whitespace goes, and only where CSS ignores it: around braces and
 * semicolons (the stylesheet has neither inside its strings), and each run
 * of it becomes one space elsewhere, so descendant combinators and values
 * keep theirs (a value with `var()` in it keeps its text as written).
 * scene-bundles.test.mjs checks that Chromium reads the same rules from it
 * as from static/style.css.
 */
function minifyCss(css) {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};])\s*/g, '$1')
    .replace(/;}/g, '}')
    .trim();
}
const styled = page.replace(/(<style[^>]*>)([\s\S]*?)(<\/style>)/g, (_, open, css, close) => open + minifyCss(css) + close);

await writeFile(join(dist, 'index.html'), styled.replace(moduleScript, loader).replace(preloads, ''));
console.error(`languages: ru ${ru.wasm}, en ${en.wasm} in ${dist} (public URL ${base})`);
