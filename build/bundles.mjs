// The release bundles: for each language, one per scene, which that
// scene's page loads, and one with every scene ("all") for the addresses
// that need more than one scene (the level author kit) or that the page's
// loader cannot read for certain. A scene's page then downloads that
// scene's code alone, and the words of its language alone
// (`for_each_scene!` in src/scenes/mod.rs and `Lang` in src/params/mod.rs
// say which code is behind each Cargo feature).
//
// Each bundle: `cargo build --release` for wasm32 (opt-level "z", fat LTO,
// one code unit: Cargo.toml's release profile), wasm-bindgen's web target,
// then wasm-opt, and the glue through terser. Each file is named by a hash of its content, so a host
// may cache it for long.
//
// Two builders take the bundles in turn, largest first, each with a target
// directory of its own, so that two builds run at once: each one's link is
// a single LTO code unit, one core's work, and the machine has two.
import { mkdir, rm, readFile, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { minify } from 'terser';
import { root, run, SCENES } from './lib.mjs';

const CRATE = 'kafka-ordering-lab';
export const LANGS = ['ru', 'en'];

// wasm-opt's -O1, not the -Oz trunk runs for `data-wasm-opt="z"`: on the
// pipeline's Russian bundle (2026-12-03, binaryen 132) -O1 gives 267.5 KB
// gzip and 219.3 KB brotli against -Oz's 268.2 and 219.8, in 4.3 s instead
// of 11.4. Rust's own opt-level "z" has already shrunk the code; -Oz's
// further passes shorten the raw file (692 KB → 661 KB) but not what is
// sent, since the compressors find the same repeats either way.
const WASM_OPT = ['-O1', '--enable-bulk-memory', '--enable-nontrapping-float-to-int', '--enable-sign-ext', '--enable-mutable-globals'];

// wasm-bindgen's glue, minified: its comments, layout and local names go,
// its exports and the names the wasm imports (object keys) stay. On the
// Russian pipeline bundle: 8.2 KB gzip before, 6.3 KB after (2026-12-03).
async function minifyGlue(js) {
  const { code } = await minify(js.toString('utf8'), { module: true, compress: true, mangle: true, format: { comments: false } });
  return Buffer.from(code, 'utf8');
}

const hashOf = (body) => createHash('sha256').update(body).digest('hex').slice(0, 16);

/** The wasm-bindgen in Cargo.lock, which the CLI must match exactly. */
export async function lockedWasmBindgen() {
  const id = await run('cargo', ['pkgid', '-p', 'wasm-bindgen'], { capture: true });
  return id.trim().split('@').pop();
}

async function build({ lang, scene }, targetDir, out) {
  const started = Date.now();
  const scenes = scene === 'all' ? 'all-scenes' : `scene-${scene}`;
  await run('cargo', [
    'build', '--release', '--quiet', '--target', 'wasm32-unknown-unknown', '--target-dir', targetDir,
    '--bin', CRATE, '--no-default-features', '--features', `ui,lang-${lang},${scenes}`,
  ]);
  const tmp = join(targetDir, `bindgen-${lang}-${scene}`);
  await rm(tmp, { recursive: true, force: true });
  await run('wasm-bindgen', [
    '--target', 'web', '--no-typescript', '--out-dir', tmp, '--out-name', CRATE,
    join(targetDir, 'wasm32-unknown-unknown/release', `${CRATE}.wasm`),
  ]);
  await run('wasm-opt', [...WASM_OPT, join(tmp, `${CRATE}_bg.wasm`), '-o', join(tmp, 'opt.wasm')]);
  const wasm = await readFile(join(tmp, 'opt.wasm'));
  const js = await minifyGlue(await readFile(join(tmp, `${CRATE}.js`)));
  const name = `${CRATE}-${scene}-${lang}-${hashOf(Buffer.concat([wasm, js]))}`;
  await writeFile(join(out, `${name}_bg.wasm`), wasm);
  await writeFile(join(out, `${name}.js`), js);
  await rm(tmp, { recursive: true });
  console.error(`bundles: ${lang} ${scene}: ${wasm.length} bytes (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  return { js: `${name}.js`, wasm: `${name}_bg.wasm` };
}

/**
 * Builds every bundle into `out`; resolves to `{ ru: { log: { js, wasm },
 * …, all: … }, en: … }`, the file names.
 */
export async function buildBundles(out) {
  const [locked, cli] = await Promise.all([
    lockedWasmBindgen(),
    run('wasm-bindgen', ['--version'], { capture: true }).catch(() => 'none'),
  ]);
  if (cli.trim() !== `wasm-bindgen ${locked}`) {
    throw new Error(`wasm-bindgen ${locked} is in Cargo.lock but the CLI is ${cli.trim()}: run \`make tools\``);
  }
  await mkdir(out, { recursive: true });
  const bundles = Object.fromEntries(LANGS.map((lang) => [lang, {}]));
  // Largest first, so that neither builder is left with a long one at the end.
  const order = ['all', 'pipeline', ...SCENES.filter((s) => s !== 'pipeline')];
  const jobs = order.flatMap((scene) => LANGS.map((lang) => ({ lang, scene })));
  const builder = async (targetDir) => {
    for (let job = jobs.shift(); job; job = jobs.shift()) {
      bundles[job.lang][job.scene] = await build(job, targetDir, out);
    }
  };
  await Promise.all([join(root, 'target'), join(root, 'target', 'second-builder')].map(builder));
  return bundles;
}
