// The release build, whole: `node build/dist.mjs [OUT] [PUBLIC_URL]`
// (`make build` runs it into dist/, for the root of a host).
//
// 1. The scene table (build/scene-table/main.rs): which scene each level
//    and lesson step opens, printed by the app itself.
// 2. The bundles (build/bundles.mjs): one per scene and language, and
//    one more with its levels, each a link of the library's one compile
//    for the language; one with every scene and both languages; the Go
//    lens module.
// 3. The page (build/pages.mjs): index.html with the loader that starts
//    the bundle a link needs, and the stylesheet inlined.
// 4. The scene pages (build/prerender.mjs): each scene's default frame
//    pre-rendered into a page of its own, in both languages.
// 5. With PUBLIC_URL, that sub-path in the pages' `<base href>`
//    (build/rebase.mjs).
//
// `trunk serve` stays the development server; trunk does not take part in
// the release.
import { mkdir, rm, rename } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { root, run, SCENES } from './lib.mjs';
import { buildBundles } from './bundles.mjs';
import { writePage } from './pages.mjs';
import { prerender } from './prerender.mjs';
import { rebase } from './rebase.mjs';

const [outArg, publicUrl] = process.argv.slice(2);
const out = resolve(outArg ?? join(root, 'dist'));
const started = Date.now();
const step = async (name, work) => {
  const t = Date.now();
  const result = await work();
  console.error(`dist: ${name} in ${((Date.now() - t) / 1000).toFixed(0)} s`);
  return result;
};

try {
  const table = await step('scene table', async () =>
    JSON.parse(
      // The models alone: the table needs no view, and the host then
      // compiles no Yew (the Makefile's MODELS_ONLY).
      await run('cargo', ['run', '-q', '--no-default-features', '--features', 'lang-ru,lang-en,all-scenes', '--example', 'scene-table'], {
        capture: true,
      }),
    ),
  );
  if (JSON.stringify(table.scenes) !== JSON.stringify(SCENES)) {
    throw new Error(`the app's scenes ${table.scenes} differ from build/lib.mjs's ${SCENES}`);
  }
  // Built aside and moved into place whole, so that OUT is either the
  // last complete build or none (make reads its index.html's age).
  const partial = `${out}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  const bundles = await step('bundles', () => buildBundles(partial, table));
  await step('page', () => writePage(partial, bundles, table));
  await step('pre-render', () => prerender(partial, table));
  if (publicUrl !== undefined) await step(`base ${publicUrl}`, () => rebase(partial, publicUrl));
  await rm(out, { recursive: true, force: true });
  await rename(partial, out);
  console.error(`dist: ${out} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
} catch (e) {
  // A builder still running would keep the process alive.
  console.error(`dist: ${e.message}`);
  process.exit(1);
}
