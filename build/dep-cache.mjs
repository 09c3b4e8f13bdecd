// The compiled third-party crates, kept between clones, as Go keeps its
// build cache: a new clone's target directory starts from the last
// build's compiled dependencies instead of compiling them again. In a
// clean clone's `make test` they were about 165 core-seconds (2026-12-06,
// process accounting: the release bundles' wasm and host dependencies 80,
// the view's debug ones for its wasm tests 80), a tenth of the run, and the
// view's are on the path every later step waits for.
//
// Only crates from the registry (Cargo.lock's `source = "registry+…"`) are
// kept, and the standard library's for a build that compiles it (cargo's
// -Zbuild-std, build/bundles.mjs): this crate's own artifacts are the
// build's work, and are never taken from another clone. Cargo still
// decides what is fresh: each unit's fingerprint holds its version,
// features, flags and compiler, and a unit whose fingerprint does not
// match is compiled again. Each cache is saved once per key (`keyOf`), by
// a run that the cache started: a change of the lock file, the manifest,
// the compiler or the flags (the environment's and the build's own) makes
// a new one. The copies keep their files' times (`cp -a`), which cargo
// compares, as the bundles' second builder's copy does (build/bundles.mjs).
//
// Usage: node build/dep-cache.mjs restore|save NAME TARGET_DIR SUBDIR...
// (SUBDIR: a profile's folder in TARGET_DIR, e.g. `debug` or
// `wasm32-unknown-unknown/debug`). The caches are under $XDG_CACHE_HOME
// (or ~/.cache)/kafka-ordering-lab/deps/, NAME-KEY each; `rm -rf` that
// folder to start cold.
// Node's own modules alone: the Makefile's lint-view runs it before the
// build's npm packages are there.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { access, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const cp = (sources, into) => execFileSync('cp', ['-a', ...sources, into], { stdio: 'inherit' });

const cacheRoot = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'kafka-ordering-lab', 'deps');
// The folders of a profile's folder that hold dependencies' units: their
// rlibs and proc macros, their build scripts and outputs, and cargo's
// fingerprints of each.
const UNIT_FOLDERS = ['deps', 'build', '.fingerprint'];

const exists = (path) => access(path).then(() => true, () => false);

// The standard library's crates as cargo's -Zbuild-std compiles them into
// a target directory, as it does any dependency (build/bundles.mjs). Their
// sources are the compiler's own (its rust-src), so the compiler in the
// key says which they are.
const STD_CRATES = [
  'alloc', 'cfg_if', 'compiler_builtins', 'core', 'dlmalloc', 'hashbrown', 'libc', 'panic_abort', 'panic_unwind',
  'proc_macro', 'rustc_demangle', 'rustc_literal_escaper', 'rustc_std_workspace_alloc', 'rustc_std_workspace_core',
  'std', 'std_detect', 'unwind',
];

/**
 * The registry packages of Cargo.lock, by crate name (`-` read as `_`),
 * and the standard library's crates where the build compiles them.
 */
async function registryCrates(std) {
  const lock = await readFile(join(root, 'Cargo.lock'), 'utf8');
  const names = new Set();
  for (const block of lock.split('[[package]]')) {
    const name = /^name = "([^"]+)"/m.exec(block)?.[1];
    if (name && /^source = "registry\+/m.test(block)) names.add(name.replaceAll('-', '_'));
  }
  if (std) for (const name of STD_CRATES) names.add(name);
  return names;
}

/**
 * Whether a unit's file or folder is a registry crate's: cargo names them
 * `[lib]NAME-HASH[.ext]` (deps/), `NAME-HASH` (build/, .fingerprint/).
 */
function isRegistryUnit(entry, crates) {
  const stem = /^(.*)-[0-9a-f]{16}(\.[a-z.]+)?$/.exec(entry)?.[1];
  if (!stem) return false;
  const name = stem.replaceAll('-', '_');
  return crates.has(name) || (name.startsWith('lib') && crates.has(name.slice(3)));
}

/** The registry units under TARGET_DIR's SUBDIRs, as paths relative to TARGET_DIR, sorted. */
async function units(targetDir, subdirs, crates) {
  const found = [];
  for (const sub of subdirs) {
    for (const folder of UNIT_FOLDERS) {
      const dir = join(targetDir, sub, folder);
      if (!(await exists(dir))) continue;
      for (const entry of await readdir(dir)) {
        if (isRegistryUnit(entry, crates)) found.push(join(sub, folder, entry));
      }
    }
  }
  return found.sort();
}

/**
 * What the cache NAME's units depend on besides their sources: the lock
 * file's versions, this crate's manifest (its dependencies' features and
 * the profiles), the compiler, the flags from the environment, and
 * `build`: what else the build's own command line sets (its flags and
 * cargo's options). A cache of another key is never read, so a cache
 * holds one build's units and never grows.
 */
function keyOf(name, build = '') {
  const hash = createHash('sha256');
  for (const file of ['Cargo.lock', 'Cargo.toml']) hash.update(readFileSync(join(root, file)));
  hash.update(execFileSync('rustc', ['-vV']));
  hash.update(`${name}\0${process.env.RUSTFLAGS ?? ''}\0${process.env.CARGO_INCREMENTAL ?? ''}\0${build}`);
  return hash.digest('hex').slice(0, 16);
}

// A target directory that the cache started (or would have started, had
// it been there) says so, with the key; only such a directory's units are
// saved: one of a developer's tree may hold older builds' units beside
// this one's.
const markOf = (targetDir, name) => join(targetDir, `.dep-cache-${name}`);

/**
 * Copies the cache NAME into TARGET_DIR, unless TARGET_DIR already has
 * the first SUBDIR (a build of its own, which the cache would only
 * repeat). `build` is the build's own flags and options (`keyOf`).
 */
export async function restoreDeps(name, targetDir, subdirs, { build = '' } = {}) {
  if (await exists(join(targetDir, subdirs[0]))) return;
  const key = keyOf(name, build);
  await mkdir(targetDir, { recursive: true });
  await writeFile(markOf(targetDir, name), key);
  const entry = join(cacheRoot, `${name}-${key}`);
  if (!(await exists(join(entry, 'units.json')))) {
    console.error(`dep-cache: no ${name} cache yet; the dependencies are compiled, then kept`);
    return;
  }
  const started = Date.now();
  for (const sub of subdirs) {
    if (!(await exists(join(entry, sub)))) continue;
    await mkdir(join(targetDir, sub), { recursive: true });
    cp([`${join(entry, sub)}/.`], join(targetDir, sub));
  }
  console.error(`dep-cache: ${name} restored into ${relative(root, targetDir)} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

/**
 * Writes TARGET_DIR's registry units into the cache NAME, if the cache
 * started TARGET_DIR and has none of this key yet: into a folder beside
 * it, renamed into place when whole, so that a run reading the cache
 * meanwhile finds it whole or not at all. The caches of other keys go.
 * `build` is as for `restoreDeps`; `std`, whether the build compiles the
 * standard library, whose units are then kept too.
 */
export async function saveDeps(name, targetDir, subdirs, { build = '', std = false } = {}) {
  const key = await readFile(markOf(targetDir, name), 'utf8').catch(() => null);
  if (key === null || key !== keyOf(name, build)) return;
  const entry = join(cacheRoot, `${name}-${key}`);
  if (await exists(join(entry, 'units.json'))) return;
  const started = Date.now();
  const found = await units(targetDir, subdirs, await registryCrates(std));
  const fresh = `${entry}.new-${process.pid}`;
  await rm(fresh, { recursive: true, force: true });
  // One copy per folder, of all its units at once.
  const byFolder = new Map();
  for (const unit of found) byFolder.set(dirname(unit), [...(byFolder.get(dirname(unit)) ?? []), unit]);
  for (const [folder, inIt] of byFolder) {
    await mkdir(join(fresh, folder), { recursive: true });
    cp(inIt.map((unit) => join(targetDir, unit)), join(fresh, folder));
  }
  await writeFile(join(fresh, 'units.json'), JSON.stringify(found));
  await rename(fresh, entry).catch(async (e) => {
    // Another run saved the same key first.
    await rm(fresh, { recursive: true, force: true });
    if (!(await exists(entry))) throw e;
  });
  for (const other of await readdir(cacheRoot)) {
    if (other.startsWith(`${name}-`) && other !== `${name}-${key}` && !other.includes('.new-')) {
      await rm(join(cacheRoot, other), { recursive: true, force: true });
    }
  }
  console.error(`dep-cache: ${name} saved, ${found.length} files (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [action, name, targetDir, ...subdirs] = process.argv.slice(2);
  const act = { restore: restoreDeps, save: saveDeps }[action];
  if (!act || !name || !targetDir || !subdirs.length) {
    console.error('usage: node build/dep-cache.mjs restore|save NAME TARGET_DIR SUBDIR...');
    process.exit(2);
  }
  await act(name, resolve(root, targetDir), subdirs);
}
