// `npm test`: every browser test file against the release build. The files
// run two at a time, one per core, each with its own Chromium and server,
// except those that time what they see at 1× (SERIAL): a busy file's
// Chromium on the same two cores would slow the very frames they measure,
// so they run once the rest are done, beside each other only. Every file
// runs either way; a failure in either part fails the run.
//
// Each file is its own `node --test` process, and its output is printed
// whole when it ends, so that two files' lines do not interleave. The
// longest files start first (LONGEST, from the times this prints at the
// end): with two at a time, a long file started last leaves a core idle
// while it finishes alone.
//
// Usage: node run.mjs [parallel|serial] [node --test options]; without a
// part, both (`npm test`). `make test` runs the parts apart, the real-Kafka
// suite between them (see the Makefile).
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
// Wall-clock measures: motion follows elements frame by frame (and counts
// the moments reduced motion shows in a second and a half), at a phone's
// size and, in motion-wide, a laptop's; pace times a run at 1×. They run
// after the rest, side by side: each keeps under half a core busy (its
// page plays at 1×), so on two cores none slows the others' frames, where
// a file of the rest would. Two at a time they took 35 s against 58 one
// after the other (2026-12-05); motion split in two, the three at once
// take as long as the longest.
const SERIAL = ['motion.test.mjs', 'motion-wide.test.mjs', 'pace.test.mjs'];
// The files that take longest, longest first, as this script timed them
// two at a time in a clean clone's `make test` (2026-12-05, 23:27: 85, 65,
// 64, 51, 39, 38 and 31 s of the part's 343 s); the rest follow in name
// order.
const LONGEST = ['steps.test.mjs', 'embed.test.mjs', 'phone.test.mjs', 'figure-first.test.mjs', 'glossary.test.mjs', 'all-scenes.test.mjs', 'levels.test.mjs'];
const files = readdirSync(here).filter((f) => f.endsWith('.test.mjs')).sort();
const missing = [...SERIAL, ...LONGEST].filter((f) => !files.includes(f));
if (missing.length) throw new Error(`run.mjs names files that do not exist: ${missing.join(', ')}`);
const longestFirst = (a, b) => rank(a) - rank(b);
const rank = (f) => (LONGEST.includes(f) ? LONGEST.indexOf(f) : LONGEST.length);
const PARTS = {
  parallel: { name: 'two at a time', concurrency: 2, files: files.filter((f) => !SERIAL.includes(f)) },
  serial: { name: 'side by side, after the rest', concurrency: SERIAL.length, files: SERIAL },
};
const args = process.argv.slice(2);
const parts = Object.hasOwn(PARTS, args[0] ?? '') ? [PARTS[args.shift()]] : Object.values(PARTS);

// A file that has not ended in this long is stopped, and fails with the
// output it printed so far. The longest took 85 s (2026-12-05); a file
// that hangs would otherwise hold the run until CI's own limit, with its
// output, which is printed when it ends, never shown (CI, 2026-12-07).
const FILE_LIMIT_S = 600;

/** Runs one file to its end: its exit status, output and seconds. */
function runFile(file) {
  const started = Date.now();
  return new Promise((resolve) => {
    // --test-force-exit: the file's process ends with its last test, even
    // if a failed test left a server or a browser open.
    const child = spawn(process.execPath, ['--test', '--test-force-exit', ...args, file], { cwd: here });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const watchdog = setTimeout(() => {
      output.push(Buffer.from(`\nrun.mjs: ${file} had not ended after ${FILE_LIMIT_S} s; stopped\n`));
      // Its Chromium ends with it: playwright's pipe to it closes.
      child.kill('SIGKILL');
    }, FILE_LIMIT_S * 1000);
    child.on('close', (code, signal) => {
      clearTimeout(watchdog);
      resolve({ file, status: code ?? signal, output: Buffer.concat(output), seconds: (Date.now() - started) / 1000 });
    });
  });
}

async function runPart(part) {
  const queue = [...part.files].sort(longestFirst);
  const results = [];
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const result = await runFile(file);
      process.stdout.write(result.output);
      console.error(`e2e: ${file} ${result.status === 0 ? 'passed' : `FAILED (${result.status})`} in ${result.seconds.toFixed(0)} s`);
      results.push(result);
    }
  };
  await Promise.all(Array.from({ length: part.concurrency }, worker));
  return results;
}

let failed = false;
for (const part of parts) {
  const started = Date.now();
  const results = await runPart(part);
  const failures = results.filter((r) => r.status !== 0).map((r) => r.file);
  const times = results
    .sort((a, b) => b.seconds - a.seconds)
    .map((r) => `${r.file} ${r.seconds.toFixed(0)} s`)
    .join(', ');
  console.error(`e2e: ${part.files.length} files ${part.name} in ${((Date.now() - started) / 1000).toFixed(0)} s; longest first: ${times}`);
  if (failures.length) console.error(`e2e: failed: ${failures.join(', ')}`);
  failed ||= failures.length > 0;
}
process.exit(failed ? 1 : 0);
