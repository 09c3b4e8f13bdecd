// The app's page: index.html, our template, made into the page every
// scene's page starts from, with a loader that starts the bundle the link
// needs (build/bundles.mjs builds them).
//
// The template's four `data-trunk` elements are what `trunk serve` reads
// in development; the release build reads the same four itself, and stops
// at any other:
// - `<base data-trunk-public-url />` becomes `<base href="/" />`: the app
//   and the loader read every address relative to it, so a host's
//   sub-path is this one attribute (build/rebase.mjs writes it);
// - `<link data-trunk rel="rust" … />` becomes the loader;
// - `<link data-trunk rel="inline" type="css" href=F />` becomes F's text
//   in a `<style>`, without its comments and layout;
// - `<link data-trunk rel="copy-file" href=F />` copies F beside the page.
//
// The loader decides as the app does, so the bundle it starts carries what
// the app then reads from the same address:
// - The language (src/params/path.rs `page_query`, src/params/declare.rs
//   `LANG`): the query's first `lang` wins, and any value but "en" is
//   Russian (the app's default); without one, a path of ours under `en/`
//   (the base, `en/`, then nothing or a scene's or the lesson's page) is
//   English.
// - The scene (src/route.rs `open_link`): the page's path gives a
//   `scene` or `lesson` that the query's own replaces; then a level opens
//   its own scene (in that scene's bundle with the levels, which its
//   page's bundle leaves out), else the first `scene`, else a lesson step's scene,
//   else the default. Which scene a level or a step opens comes from the
//   app itself (the scene table, build/scene-table/main.rs). Any address
//   the loader cannot read for certain (the level author kit, a level or a
//   step it does not know) gets the bundle with every scene, as does the
//   embed builder's page (`embed/`, `en/embed/`), which only it carries.
// languages.test.mjs and scene-bundles.test.mjs check the loader and the
// app agree on every kind of address.
import { readFile, writeFile, copyFile, mkdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { root, SCENES, withoutLineComments } from './lib.mjs';
import { LENS, withLevels } from './bundles.mjs';

/**
 * Writes `dist/index.html` from the template, with the loader for
 * `bundles` (build/bundles.mjs) and the scene `table`; copies the files
 * the template names.
 */
export async function writePage(dist, bundles, table) {
  const levelBundles = [...new Set(Object.values(table.levels))].map(withLevels);
  for (const lang of Object.keys(bundles)) {
    const missing = [...SCENES, ...levelBundles, 'all', LENS].filter((scene) => !bundles[lang][scene]);
    if (missing.length) throw new Error(`no ${lang} bundle for ${missing.join(', ')}`);
  }
  // The embed builder's page (src/params/path.rs EMBED_PAGE) is a page of
  // ours too: `en/embed/` is English.
  const pages = [...SCENES, 'lesson', 'embed'];
  // `./name`: relative to the page's <base href>, and not a bare module
  // specifier, which import() would refuse.
  const relative = Object.fromEntries(
    Object.entries(bundles).map(([lang, byScene]) => [
      lang,
      Object.fromEntries(Object.entries(byScene).map(([scene, f]) => [scene, { js: `./${f.js}`, wasm: `./${f.wasm}` }])),
    ]),
  );
  // What of the scene table the loader reads (the rest is for the build
  // and the tests): every page carries it.
  const read = Object.fromEntries(['scenes', 'default', 'first_step', 'levels', 'lessons'].map((key) => [key, table[key]]));
  // Its comments are for this file's readers, not for every page's bytes.
  const loader = withoutLineComments(`<script>(() => {
    // The link's language, as the app reads it (build/pages.mjs).
    const query = new URLSearchParams(location.search);
    const base = new URL(document.baseURI).pathname;
    const path = location.pathname.startsWith(base) ? location.pathname.slice(base.length) : '';
    const parts = path.split('/').filter((p) => p);
    const pages = ${JSON.stringify(pages)};
    const underEn = parts[0] === 'en' && (parts.length === 1 || (parts.length === 2 && pages.includes(parts[1])));
    const lang = query.has('lang') ? (query.get('lang') === 'en' ? 'en' : 'ru') : underEn ? 'en' : 'ru';
    // The link's scene, as the app reads it, or "all" where unsure.
    const table = ${JSON.stringify(read)};
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
      // The embed builder is only in the bundle with every scene.
      if (page.length === 1 && page[0] === 'embed') return 'all';
      if (first('level-kit') !== undefined) return 'all';
      const level = first('level');
      // A level's scene's bundle with the levels: a scene's page's leaves
      // them out (src/levels/mod.rs \`built_in\`).
      if (level !== undefined) return Object.hasOwn(table.levels, level) ? table.levels[level] + '+levels' : 'all';
      const named = first('scene');
      if (named !== undefined) return table.scenes.includes(named) ? named : table.default;
      const step = first('lesson');
      if (step !== undefined) return Object.hasOwn(table.lessons, step) ? table.lessons[step] : 'all';
      return table.default;
    })();
    const files = ${JSON.stringify(relative)}[lang];
    const bundle = files[scene];
    document.documentElement.dataset.bundle = lang;
    document.documentElement.dataset.bundleScene = scene;
    // The script at once, as a preload link would fetch it; the wasm
    // fetched and compiled at once too, while the page still arrives. The
    // file names are relative, so the page's <base href> places them.
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
    // The app itself starts only once the page is parsed, as a module
    // script would be: Yew mounts on the body and clears it (yew's
    // src/app_handle.rs, \`mount_with_props\`), so an app started while the
    // page's copies were still arriving would remove the ones parsed so far,
    // and the page's placing script (build/prerender.mjs) would then
    // find none, or place one beside the live app.
    // The code of the page's own program, which its pre-rendered copy
    // holds (build/prerender.mjs): the lens panel draws it at once
    // (src/golens/view.rs). Read before the app clears the body.
    let lensSeeds = [];
    window.kolLensSeed = (query) => lensSeeds.find((seed) => seed.query === query)?.text;
    const start = () => {
      lensSeeds = [...document.querySelectorAll('script[data-lens-seed]')].map((s) => ({ query: s.dataset.query, text: s.textContent }));
      return Promise.all([import(bundle.js), compiled])
        .then(async ([bindings, module]) => {
          // From here the app draws itself: a page that holds its copy back
          // (build/prerender.mjs) need not place it.
          window.kolStarted = true;
          const wasm = await bindings.default({ module_or_path: module });
          // As trunk's loader in development: the bindings on the window,
          // and its event.
          window.wasmBindings = bindings;
          dispatchEvent(new CustomEvent('TrunkApplicationStarted', { detail: { wasm } }));
        })
        .catch((e) => {
          // The page's copy then says the scene did not load (static/style.css).
          window.kolPlaceCopy?.();
          document.documentElement.dataset.loadFailed = '';
          console.error('kafka-lab: the scene could not start:', e);
        });
    };
    // The Go lens module (src/golens/page.rs): the lens panel asks for a
    // program's code with its query, the first time once the scene is
    // ready; the module is loaded then, once. A failed load is tried
    // again at the next question (the panel's button).
    const lens = files.${LENS};
    let lensModule;
    window.kolLens = (query, done) => {
      lensModule ??= import(lens.js).then(async (m) => {
        await m.default({ module_or_path: lens.wasm });
        return m;
      });
      lensModule.then(
        (m) => done(m.lens(query)),
        (e) => {
          lensModule = undefined;
          console.error('kafka-lab: the Go lens could not load:', e);
          done(undefined, String(e));
        },
      );
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
    else start();
  })();</script>`);
  
  const template = await readFile(join(root, 'index.html'), 'utf8');
  let html = template.replace(/<base data-trunk-public-url\s*\/?>/, '<base href="/" />');
  html = html.replace(/<link data-trunk rel="rust"[^>]*>/, () => loader);
  const inline = /<link data-trunk rel="inline" type="(css|js)" href="([^"]+)"\s*\/?>/g;
  for (const [tag, type, href] of [...html.matchAll(inline)]) {
    const text = await readFile(join(root, href), 'utf8');
    const element = type === 'css' ? `<style>${minifyCss(text)}</style>` : `<script>${withoutLineComments(text)}</script>`;
    html = html.replace(tag, () => element);
  }
  const copies = /\s*<link data-trunk rel="copy-file" href="([^"]+)"\s*\/?>/g;
  for (const [tag, href] of [...html.matchAll(copies)]) {
    await copyFile(join(root, href), join(dist, basename(href)));
    html = html.replace(tag, '');
  }
  const left = html.match(/<[^>]*data-trunk[^>]*>/);
  if (left) throw new Error(`index.html: the release build does not know ${left[0]}`);
  if (!html.includes('<base href="/" />') || !html.includes(loader)) {
    throw new Error('index.html: no <base data-trunk-public-url /> or no rust link');
  }
  await writeFile(join(dist, 'index.html'), html);
  // The embed builder's pages: the same page, which the loader and the app
  // read by its path; nothing to pre-render, as only authors open it.
  for (const [dir, lang] of [['embed', 'ru'], [join('en', 'embed'), 'en']]) {
    await mkdir(join(dist, dir), { recursive: true });
    await writeFile(join(dist, dir, 'index.html'), html.replace('<html lang="ru">', `<html lang="${lang}">`));
  }
}

/**
 * The stylesheet without its comments and layout: a quarter of its gzip
 * bytes, in every bundle's count and every page. Only whitespace goes, and
 * only where CSS ignores it: around braces and semicolons and after a
 * colon (the stylesheet has none of these inside its strings), and each
 * run of it becomes one space elsewhere, so descendant combinators and
 * values keep theirs (a value with `var()` in it keeps its text as
 * written, commas and all). scene-bundles.test.mjs
 * checks that Chromium reads the same rules from it as from
 * static/style.css.
 */
function minifyCss(css) {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};])\s*/g, '$1')
    .replace(/;}/g, '}')
    .replace(/: /g, ':')
    .trim();
}
