// The release bundles: for each language, one per scene, which that
// scene's page loads, and for a scene with levels one more, which its
// levels' links load (`pipeline+levels`); and one with every scene and
// both languages ("all") for the addresses that need more than one scene
// (the level author kit) or that the page's loader cannot read for
// certain. A scene's page then downloads that scene's code alone, the
// words of its language alone, and none of the levels' cards
// (`Lang` in src/i18n/lang.rs says which code is behind each language's
// Cargo feature; `SceneId::built_in` in src/params/scene.rs which is
// behind each scene's flag, and src/levels/mod.rs `built_in` which is
// behind the levels' flag).
//
// A scene's bundles: its own crate (build/bundle) with the language's
// feature, `cargo rustc --release -p kafka-ordering-lab-bundle -- -D
// warnings` for wasm32 (opt-level "z", fat LTO, one code unit: Cargo.toml's
// release profile; the standard library compiled with it, `BUILD_STD`
// below), and the scene and the levels' flag in the environment, which
// only that small crate reads: the library is compiled once per language,
// with every scene's code, and each bundle after the first compiles the
// small crate again and links, where fat LTO leaves out every other
// scene (`SceneId::built_in`, src/params/scene.rs). Compiled once per
// scene instead, the library's front end checked every scene's code for
// each (2026-12-06, BENCHMARKS.md).
// The bundle with every scene and the lens module: the library alone,
// `cargo rustc --release --lib --crate-type cdylib -- -D warnings`, with
// `release-start` where it has the view (no binary crate beside it, whose
// build would first write the library's metadata for it to read). Then
// each: wasm-bindgen's web target, the wasm's custom sections
// dropped and the imports' names shortened in the wasm and its glue
// (build/short-imports.mjs), and the glue through terser. Each file is
// named by a hash of its content, so a host may cache it for long.
//
// Two builders, each with a target directory of its own, so that two
// builds run at once: each one's link is a single LTO code unit, one
// core's work, and the machine has two. Each builder takes one language's
// scenes, so that each compiles the library for one language only. The
// dependencies are the same code in every bundle (the features differ in
// this crate alone), so they are compiled once: the first build compiles
// them with both cores, and the second builder starts from a copy of them
// once that build reaches this crate (build/crate-started.sh tells when).
// Before, in a clean clone, each builder's first bundle took 126 s, the
// two compiling the same dependencies at once (2026-12-04).
import { access, mkdir, rm, readFile, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { minify } from 'terser';
import { root, run, SCENES } from './lib.mjs';
import { renameWasmImports, renameGlueImports, withoutCustomSections } from './short-imports.mjs';
import { restoreDeps, saveDeps } from './dep-cache.mjs';

const CRATE = 'kafka-ordering-lab';
export const LANGS = ['ru', 'en'];

// No wasm-opt: rustc's opt-level "z" with fat LTO has already shrunk the
// code, and what a reader downloads is the compressed file. On the
// pipeline's Russian bundle, wasm-opt -O1 (binaryen 132) saved 1.1 KB of
// 264.7 KB gzip, for 4.3 s of one core a bundle, about 95 core-seconds of
// each `make test` (2026-12-05, process accounting); -Oz saved no more
// after compression (BENCHMARKS.md). What it also did, dropping the custom
// sections, withoutCustomSections does (build/short-imports.mjs).

// The standard library compiled with each bundle, for size, by the same
// stable compiler as everything else, with its unstable options allowed
// (RUSTC_BOOTSTRAP=1, as the Linux kernel builds its Rust): cargo's
// -Zbuild-std compiles std for opt-level "z" and with its
// `optimize_for_size` feature, where the shipped one is built for speed,
// and -Zlocation-detail=none leaves out the file, line and column of every
// possible panic (the overlay then shows the panic's message alone,
// src/ui/start.rs). On the pipeline's Russian wasm: 254.5 KB gzip before,
// 248.8 with build-std alone, 244.0 with the locations left out too
// (2026-12-06, BENCHMARKS.md). Not taken: -Zfmt-debug=none, 3.5 KB less,
// which would also drop from a panic's message the error it names (the
// thrown JavaScript error in panic.test.mjs), and `=shallow`, which saves
// nothing; `-Cpanic=immediate-abort`, 7.7 KB less, with which a panic
// stops the wasm before the overlay can show. The host tests, clippy and
// the wasm tests keep the standard build; the browser tests run against
// this one.
const BUILD_STD = ['-Zbuild-std=std,panic_abort', '-Zbuild-std-features=optimize_for_size'];
const BUILD_STD_ENV = {
  RUSTC_BOOTSTRAP: '1',
  RUSTFLAGS: [process.env.RUSTFLAGS, '-Zlocation-detail=none'].filter(Boolean).join(' '),
};
// What the dependency cache's key holds besides the environment
// (build/dep-cache.mjs): these flags change every unit.
const CACHE = { build: [...BUILD_STD, BUILD_STD_ENV.RUSTFLAGS].join(' '), std: true };

// wasm-bindgen's glue, minified: its comments, layout and local names go,
// its exports and the names the wasm imports (object keys) stay, the
// latter already short (build/short-imports.mjs). On the Russian pipeline
// bundle: 8.2 KB gzip before, 6.3 KB after (2026-12-03).
async function minifyGlue(js) {
  const { code } = await minify(js, { module: true, compress: true, mangle: true, format: { comments: false } });
  return Buffer.from(code, 'utf8');
}

const hashOf = (body) => createHash('sha256').update(body).digest('hex').slice(0, 16);

/** The wasm-bindgen in Cargo.lock, which the CLI must match exactly. */
export async function lockedWasmBindgen() {
  const id = await run('cargo', ['pkgid', '-p', 'wasm-bindgen'], { capture: true });
  return id.trim().split('@').pop();
}

const WASM_RELEASE = join('wasm32-unknown-unknown', 'release');

// `lang` is a language's code, or BOTH.
const BOTH = 'ru-en';

// The Go lens module, in place of a scene: every scene's lens and both
// languages, which every scene page's panel asks once the scene is ready
// (src/golens/page.rs), instead of each scene's bundle carrying its own.
// One build of a few seconds, where its builders were in 16 bundles.
export const LENS = 'lens';

// A scene's bundles are built through their own crate (build/bundle),
// which defines the flag that says whether a bundle opens the levels
// (src/levels/mod.rs `built_in`); the bundle with every scene and the lens
// module are the library itself, built as a `cdylib`.
const BUNDLE_CRATE = 'kafka-ordering-lab-bundle';

// The name a scene's levels' bundle has beside its page's, in the bundles'
// list and the page's loader (build/pages.mjs): `pipeline+levels`.
export const withLevels = (scene) => `${scene}+levels`;

async function build({ lang, scene, levels = false }, targetDir, out, env = {}) {
  const started = Date.now();
  const ownCrate = scene !== 'all' && scene !== LENS;
  const langs = lang === BOTH ? LANGS.map((l) => `lang-${l}`).join(',') : `lang-${lang}`;
  // The lens module has no view and no start: the lens's builders and
  // their one export (`lens`, src/lib.rs).
  const features = scene === LENS ? `lens-module,${langs},all-scenes` : `ui,${langs},all-scenes,release-start`;
  const what = ownCrate
    ? ['-p', BUNDLE_CRATE, '--lib', '--features', langs]
    : ['--lib', '--crate-type', 'cdylib', '--no-default-features', '--features', features];
  await run(
    'cargo',
    [
      'rustc', '--release', '--quiet', '--target', 'wasm32-unknown-unknown', '--target-dir', targetDir,
      ...BUILD_STD,
      ...what,
      // The warnings of the crate cargo builds last fail the build (the
      // flags after `--` reach its rustc alone); a scene's bundle is built
      // through its own crate, and the library's warnings fail it there
      // by the library's own `deny` (src/lib.rs). `make lint` runs clippy
      // on the build with both languages and every scene; a bundle is a
      // build of one language, which only this compiles, so its errors
      // and rustc's warnings (all but what such a build leaves unused,
      // src/lib.rs) show here. Lint levels leave the code as it is (the
      // same wasm, byte for byte: 2026-12-05).
      '--', '-D', 'warnings',
    ],
    // The same wrapper for every build: cargo would not rebuild for another
    // one, but nothing then depends on that. A change of the scene or of
    // the levels' flag compiles the bundle's crate again and links, and
    // not the library.
    {
      env: {
        RUSTC_WRAPPER: join(root, 'build', 'crate-started.sh'),
        ...BUILD_STD_ENV,
        KAFKA_LAB_BUNDLE_SCENE: scene,
        KAFKA_LAB_BUNDLE_LEVELS: levels ? '1' : '0',
        ...env,
      },
    },
  );
  const built = (ownCrate ? BUNDLE_CRATE : CRATE).replaceAll('-', '_');
  const name = levels ? withLevels(scene) : scene;
  const tmp = join(targetDir, `bindgen-${lang}-${name}`);
  await rm(tmp, { recursive: true, force: true });
  await run('wasm-bindgen', [
    '--target', 'web', '--no-typescript', '--out-dir', tmp, '--out-name', CRATE,
    join(targetDir, WASM_RELEASE, `${built}.wasm`),
  ]);
  const { wasm, renamed } = renameWasmImports(withoutCustomSections(await readFile(join(tmp, `${CRATE}_bg.wasm`))));
  const js = await minifyGlue(renameGlueImports((await readFile(join(tmp, `${CRATE}.js`))).toString('utf8'), renamed));
  const file = `${CRATE}-${levels ? `${scene}-levels` : scene}-${lang}-${hashOf(Buffer.concat([wasm, js]))}`;
  await writeFile(join(out, `${file}_bg.wasm`), wasm);
  await writeFile(join(out, `${file}.js`), js);
  await rm(tmp, { recursive: true });
  console.error(`bundles: ${lang} ${name}: ${wasm.length} bytes (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  return { [name]: { js: `${file}.js`, wasm: `${file}_bg.wasm` } };
}

/**
 * Builds every bundle into `out`; resolves to `{ ru: { log: { js, wasm },
 * …, 'pipeline+levels': …, all: … }, en: … }`, the file names. The scene
 * `table` (build/scene-table) says which scenes have levels.
 */
export async function buildBundles(out, table) {
  const levelScenes = new Set(Object.values(table.levels));
  const [locked, cli] = await Promise.all([
    lockedWasmBindgen(),
    run('wasm-bindgen', ['--version'], { capture: true }).catch(() => 'none'),
  ]);
  if (cli.trim() !== `wasm-bindgen ${locked}`) {
    throw new Error(`wasm-bindgen ${locked} is in Cargo.lock but the CLI is ${cli.trim()}: run \`make tools\``);
  }
  await mkdir(out, { recursive: true });
  const bundles = Object.fromEntries(LANGS.map((lang) => [lang, {}]));
  const place = (job, files) => {
    for (const lang of job.lang === BOTH ? LANGS : [job.lang]) Object.assign(bundles[lang], files);
  };
  // A language's bundles: each scene's page's, and its levels' where it
  // has levels.
  const scenesOf = (lang) =>
    SCENES.flatMap((scene) => [{ lang, scene }, ...(levelScenes.has(scene) ? [{ lang, scene, levels: true }] : [])]);
  // The bundle with every scene holds both languages: only the level
  // author kit and the addresses the loader cannot read for certain start
  // it, and one build of it instead of one per language saves the longest
  // build of the release, for 45 KB gzip more than one language's
  // (BENCHMARKS.md). It is the first builder's first: the longest build,
  // and the one that compiles the dependencies in a new clone; the second
  // builder ends with the lens module, a few seconds.
  const [firstJobs, secondJobs] = [
    [{ lang: BOTH, scene: 'all' }, ...scenesOf('ru')],
    [...scenesOf('en'), { lang: BOTH, scene: LENS }],
  ];
  const builder = async (jobs, targetDir) => {
    for (const job of jobs) place(job, await build(job, targetDir, out));
  };
  const [first, second] = [join(root, 'target'), join(root, 'target', 'second-builder')];
  // The dependencies, wasm and host (build scripts, procedural macros),
  // as the last clone's build compiled them (build/dep-cache.mjs).
  const depFolders = [WASM_RELEASE, 'release'];
  await restoreDeps('bundles', first, depFolders, CACHE);
  const started = join(first, 'bundles-crate-started');
  await rm(started, { force: true });
  const job = firstJobs.shift();
  const firstDone = build(job, first, out, { LAB_CRATE_STARTED: started }).then((files) => place(job, files));
  // Without a change to this crate cargo runs no rustc, and the first build
  // ends without the mark.
  const secondReady = Promise.race([appears(started, firstDone), firstDone]).then(() => seed(first, second));
  await Promise.all([firstDone.then(() => builder(firstJobs, first)), secondReady.then(() => builder(secondJobs, second))]);
  await saveDeps('bundles', first, depFolders, CACHE);
  return bundles;
}

/** Resolves once `file` exists, or when `until` settles. */
function appears(file, until) {
  return new Promise((resolveAppears) => {
    const poll = setInterval(() => access(file).then(stop, () => {}), 100);
    const stop = () => {
      clearInterval(poll);
      resolveAppears();
    };
    until.then(stop, stop);
  });
}

/**
 * The first builder's compiled dependencies, copied into the second one's
 * target directory unless it has its own: the wasm code, and the host's
 * (build scripts and procedural macros). `cp -a` keeps their times, which
 * cargo compares.
 */
async function seed(first, second) {
  const has = await access(join(second, WASM_RELEASE)).then(() => true, () => false);
  if (has) return;
  const started = Date.now();
  await mkdir(join(second, 'wasm32-unknown-unknown'), { recursive: true });
  await run('cp', ['-a', join(first, WASM_RELEASE), join(second, 'wasm32-unknown-unknown')]);
  await run('cp', ['-a', join(first, 'release'), second]);
  console.error(`bundles: the dependencies copied for the second builder (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}
