// Measures the release build and writes BENCHMARKS.md: transfer size of
// wasm + js + css (raw and gzip), the time from navigation start to
// data-ready="true" in headless Chromium (median of cold loads), and the
// native core benchmark (`cargo bench --bench core`).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { serve, launch, distDir } from './harness.mjs';

const LOADS = 10;
const SCENES = ['log', 'replication', 'routing', 'producer', 'repartition', 'group', 'workers', 'disk', 'rabbitmq'];

async function bundleSizes() {
  const rows = [];
  for (const name of (await readdir(distDir)).sort()) {
    const kind = name.endsWith('.wasm') ? 'wasm' : name.endsWith('.js') ? 'js' : name.endsWith('.css') ? 'css' : null;
    if (!kind) continue;
    const body = await readFile(join(distDir, name));
    rows.push({ kind, name, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  }
  return rows;
}

async function readyTimes(scene) {
  const { server, base } = await serve();
  const browser = await launch();
  const times = [];
  try {
    for (let i = 0; i < LOADS; i++) {
      // A fresh context each time: nothing cached, a cold load.
      const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
      const page = await context.newPage();
      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          if (document.querySelector('[data-testid="scene"][data-ready="true"]')) {
            window.__readyAt = performance.now();
            observer.disconnect();
          }
        }).observe(document, { subtree: true, childList: true, attributes: true });
      });
      await page.goto(`${base}?scene=${scene}`);
      await page.waitForFunction(() => window.__readyAt !== undefined);
      times.push(await page.evaluate(() => window.__readyAt));
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  times.sort((a, b) => a - b);
  return { median: (times[4] + times[5]) / 2, min: times[0], max: times[times.length - 1] };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
const sizes = await bundleSizes();
const total = sizes.reduce((a, r) => ({ raw: a.raw + r.raw, gzip: a.gzip + r.gzip }), { raw: 0, gzip: 0 });
const ready = {};
for (const scene of SCENES) ready[scene] = await readyTimes(scene);
// The native core benchmark prints its own markdown table.
const core = execFileSync('cargo', ['bench', '--quiet', '--bench', 'core'], { encoding: 'utf8', cwd: fileURLToPath(new URL('../..', import.meta.url)) })
  .split('\n')
  .filter((line) => line.startsWith('|'));
const cpu = execFileSync('sh', ['-c', "grep -m1 'model name' /proc/cpuinfo | cut -d: -f2"], { encoding: 'utf8' }).trim();
const chromium = execFileSync('sh', ['-c', 'chromium --version'], { encoding: 'utf8' }).trim();

const lines = [
  '# Benchmarks',
  '',
  `Written by \`make bench\` on ${new Date().toISOString().slice(0, 10)}. Machine: ${execFileSync('nproc', { encoding: 'utf8' }).trim()} cores; ${chromium}.`,
  '',
  '## Release bundle',
  '',
  'How: `trunk build --release --offline` (opt-level "z", LTO, wasm-opt -Oz), then each file in `dist/` read from disk; gzip is Node\'s zlib at level 9.',
  '',
  '| file | kind | raw | gzip |',
  '|---|---|---|---|',
  ...sizes.map((r) => `| \`${r.name}\` | ${r.kind} | ${kb(r.raw)} | ${kb(r.gzip)} |`),
  `| **total** | wasm + js + css | **${kb(total.raw)}** | **${kb(total.gzip)}** |`,
  '',
  '## Navigation start to first meaningful frame',
  '',
  `How: the release build served from 127.0.0.1 by a Node static server; Debian's headless Chromium via playwright-core; ${LOADS} cold loads, each in a new browser context. A MutationObserver installed before any page script records \`performance.now()\` (milliseconds since navigation start) when the scene root first carries \`data-ready="true"\`.`,
  '',
  '| scene | median | min | max |',
  '|---|---|---|---|',
  ...SCENES.map((s) => `| \`${s}\` | ${ready[s].median.toFixed(0)} ms | ${ready[s].min.toFixed(0)} ms | ${ready[s].max.toFixed(0)} ms |`),
  '',
  '## Simulation core, native',
  '',
  `How: \`cargo bench --bench core\` (tests/bench/core.rs; the bench profile at opt-level 3), one thread on ${cpu || 'this machine'}. Each row is the median wall time of 5 runs of the whole workload, measured with \`std::time::Instant\`; the run asserts that every record is consumed and that the checker finds no violation.`,
  '',
  ...core,
  '',
];
await writeFile(new URL('../../BENCHMARKS.md', import.meta.url), lines.join('\n'));
console.log(lines.join('\n'));
