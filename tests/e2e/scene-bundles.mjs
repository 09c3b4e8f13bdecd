// Build step (run by `make build` before trunk): one release bundle per
// scene and language. A scene's page then downloads that scene's code
// alone, not all ten scenes' (`for_each_scene!` in src/scenes/mod.rs says
// which code is behind each scene's Cargo feature); the bundles trunk
// builds, with every scene, stay for the addresses that need more than one
// (the level author kit) and those the page's loader cannot read.
//
// Each bundle is built as trunk builds the app's: `cargo build --release`
// for wasm32 (opt-level "z", LTO), wasm-bindgen's web target, `wasm-opt
// -Oz`; each file is named by a hash of its content, as trunk names its
// own, so a host may cache it for long. The files and a manifest go into
// OUT, with the scene table (tests/e2e/scene-table/main.rs) the loader
// reads to tell which scene an address opens. tests/e2e/languages.mjs puts
// them into the pages.
//
// Two builders take the bundles in turn, each with a target directory of
// its own, so that two builds run at once: each one's link is a single
// LTO code unit, one core's work, and the machine has two. The first
// builder's directory is the project's, which trunk then reuses.
//
// Usage: node tests/e2e/scene-bundles.mjs OUT
import { mkdir, rm, readFile, writeFile, rename } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCENES } from './harness.mjs';

const [out] = process.argv.slice(2).map((d) => resolve(d));
if (!out) throw new Error('usage: node tests/e2e/scene-bundles.mjs OUT');
const root = fileURLToPath(new URL('../..', import.meta.url));
const LANGS = ['ru', 'en'];
const CRATE = 'kafka-ordering-lab';

/** Runs a command to its end; its output goes to this script's stderr. */
function run(cmd, args, { capture = false } = {}) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', capture ? 'pipe' : 'inherit', 'inherit'] });
    let stdout = '';
    child.stdout?.on('data', (d) => (stdout += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolveRun(stdout) : reject(new Error(`${cmd} ${args.join(' ')}: exit ${code}`))));
  });
}

const hashOf = (body) => createHash('sha256').update(body).digest('hex').slice(0, 16);

await rm(out, { recursive: true, force: true });
await mkdir(out, { recursive: true });
const table = JSON.parse(await run('cargo', ['run', '-q', '--example', 'scene-table'], { capture: true }));
if (JSON.stringify(table.scenes) !== JSON.stringify(SCENES)) {
  throw new Error(`the app's scenes ${table.scenes} differ from the harness's ${SCENES}`);
}

const manifest = Object.fromEntries(LANGS.map((lang) => [lang, {}]));
const jobs = LANGS.flatMap((lang) => SCENES.map((scene) => ({ lang, scene })));

async function build({ lang, scene }, targetDir) {
  const started = Date.now();
  await run('cargo', [
    'build', '--release', '--quiet', '--target', 'wasm32-unknown-unknown', '--target-dir', targetDir,
    '--no-default-features', '--features', `ui,lang-${lang},scene-${scene}`,
  ]);
  const tmp = join(out, `tmp-${lang}-${scene}`);
  await run('wasm-bindgen', [
    '--target', 'web', '--no-typescript', '--out-dir', tmp, '--out-name', CRATE,
    join(targetDir, 'wasm32-unknown-unknown/release', `${CRATE}.wasm`),
  ]);
  // The same wasm-opt pass trunk runs for `data-wasm-opt="z"`.
  await run('wasm-opt', [
    '-Oz', '--enable-bulk-memory', '--enable-nontrapping-float-to-int', '--enable-sign-ext',
    '--enable-mutable-globals', join(tmp, `${CRATE}_bg.wasm`), '-o', join(tmp, 'opt.wasm'),
  ]);
  const wasm = await readFile(join(tmp, 'opt.wasm'));
  const js = await readFile(join(tmp, `${CRATE}.js`));
  const name = `${CRATE}-${scene}-${lang}-${hashOf(Buffer.concat([wasm, js]))}`;
  await writeFile(join(out, `${name}_bg.wasm`), wasm);
  await rename(join(tmp, `${CRATE}.js`), join(out, `${name}.js`));
  await rm(tmp, { recursive: true });
  manifest[lang][scene] = { js: `${name}.js`, wasm: `${name}_bg.wasm` };
  console.error(`scene-bundles: ${lang} ${scene}: ${wasm.length} bytes (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}

async function builder(targetDir) {
  for (let job = jobs.shift(); job; job = jobs.shift()) await build(job, targetDir);
}

await Promise.all([join(root, 'target'), join(root, 'target', 'second-builder')].map(builder));
await writeFile(join(out, 'manifest.json'), JSON.stringify({ bundles: manifest, table }, null, 2));
