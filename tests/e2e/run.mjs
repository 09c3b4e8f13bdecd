// `npm test`: every browser test file against the release build. The files
// run two at a time, one per core, each with its own Chromium and server,
// except those that time what they see at 1× (SERIAL): a second file's
// Chromium on the same two cores would slow the very frames they measure,
// so they run one at a time once the rest are done. Every file runs either
// way; a failure in either part fails the run.
//
// Usage: node run.mjs [parallel|serial] [node --test options]; without a
// part, both (`npm test`). `make test` runs the parts apart, the real-Kafka
// suite between them (see the Makefile).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
// Wall-clock measures: motion follows elements frame by frame (and counts
// the moments reduced motion shows in a second and a half), pace times a
// run at 1×.
const SERIAL = ['motion.test.mjs', 'pace.test.mjs'];
const files = readdirSync(here).filter((f) => f.endsWith('.test.mjs')).sort();
const missing = SERIAL.filter((f) => !files.includes(f));
if (missing.length) throw new Error(`run.mjs names files that do not exist: ${missing.join(', ')}`);
const PARTS = {
  parallel: { name: 'two at a time', concurrency: 2, files: files.filter((f) => !SERIAL.includes(f)) },
  serial: { name: 'one at a time', concurrency: 1, files: SERIAL },
};
const args = process.argv.slice(2);
const parts = Object.hasOwn(PARTS, args[0] ?? '') ? [PARTS[args.shift()]] : Object.values(PARTS);
let failed = false;
for (const part of parts) {
  const started = Date.now();
  const { status } = spawnSync(
    process.execPath,
    ['--test', `--test-concurrency=${part.concurrency}`, ...args, ...part.files],
    { cwd: here, stdio: 'inherit' },
  );
  console.error(`e2e: ${part.files.length} files ${part.name} in ${((Date.now() - started) / 1000).toFixed(0)} s, exit ${status}`);
  failed ||= status !== 0;
}
process.exit(failed ? 1 : 0);
