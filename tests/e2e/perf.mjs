// In-page performance probes for `make bench`: script time per animation
// frame while a scene plays at top speed, the latency of a seek from the
// scrub bar, and the JS heap and wasm memory over a long session.
import { execFileSync } from 'node:child_process';
import { recordConsole, topSpeed, loopPlay, sceneTable } from './harness.mjs';

/**
 * The heaviest links of each scene, as each scene declares them
 * (`SceneLink::HEAVIEST`, through the app's scene table): the most
 * records, partitions, members or workers its parameters allow.
 */
export const HEAVIEST = sceneTable().heaviest.map(({ name, query }) => ({ name, query: `?${query}` }));

/**
 * Installed before any page script. Every requestAnimationFrame callback
 * is wrapped: the clock starts when the callback starts, and stops in a
 * microtask queued after it returns. Yew renders in a microtask that the
 * callback queues (its scheduler runs on `queueMicrotask`), and microtasks
 * run first in, first out, so the stop comes after the frame's render and
 * effects: the sample is the whole script work of that animation frame.
 * Long tasks and long animation frames (both > 50 ms) are counted by
 * PerformanceObserver. The wasm module's memory is kept from the page loader's
 * start event, to read its size later.
 */
function probes() {
  const perf = { frames: [], advance: [], longTasks: [], longFrames: [], recording: false, step: 0, clock: 0 };
  window.__perf = perf;
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) =>
    raf((timestamp) => {
      const start = performance.now();
      // With a fixed step, every frame reports exactly that much time
      // since the last one, as at a steady 60 Hz, however late it came.
      perf.clock = perf.step > 0 ? perf.clock + perf.step : timestamp;
      let handed = start;
      try {
        callback(perf.clock);
      } finally {
        handed = performance.now();
        queueMicrotask(() => {
          if (!perf.recording) return;
          const end = performance.now();
          perf.frames.push(end - start);
          // The callback advances the run; the render follows in microtasks.
          perf.advance.push(handed - start);
        });
      }
    });
  const observe = (type, sink) => {
    try {
      new PerformanceObserver((list) => {
        if (perf.recording) for (const e of list.getEntries()) sink(e);
      }).observe({ type });
      return true;
    } catch {
      return false;
    }
  };
  perf.longTaskSupported = observe('longtask', (e) => perf.longTasks.push(e.duration));
  perf.longFrameSupported = observe('long-animation-frame', (e) =>
    perf.longFrames.push({
      duration: e.duration,
      script: (e.scripts ?? []).reduce((sum, s) => sum + s.duration, 0),
    }),
  );
  addEventListener('TrunkApplicationStarted', (e) => {
    window.__wasmMemory = e.detail?.wasm?.memory;
  });
}

export async function newProbedPage(browser, viewport = { width: 1200, height: 900 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = [];
  recordConsole(page, errors);
  await page.addInitScript(probes);
  const cdp = await context.newCDPSession(page);
  return { context, page, cdp, errors };
}

export async function open(page, base, query) {
  await page.goto(`${base}${query}`);
  await page.waitForSelector('[data-testid="scene"][data-ready="true"]');
}

export function quantile(sorted, q) {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i];
}

export function loadAverage() {
  return execFileSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).split(' ').slice(0, 3).join(' ');
}

const metric = async (cdp) =>
  Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));

/**
 * Records a Chromium trace (category devtools.timeline) while `during()`
 * runs, and returns its events.
 */
async function traced(cdp, during) {
  const events = [];
  const collect = (d) => events.push(...d.value);
  cdp.on('Tracing.dataCollected', collect);
  const complete = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: ['devtools.timeline'], excludedCategories: ['*'] },
  });
  try {
    await during();
  } finally {
    await cdp.send('Tracing.end');
    await complete;
    cdp.off('Tracing.dataCollected', collect);
  }
  return events;
}

const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    p99: quantile(sorted, 0.99),
    max: sorted[sorted.length - 1] ?? NaN,
  };
};

/**
 * Plays `query` at top speed for `seconds` of wall time, restarting at the
 * end, and measures each animation frame's script work two ways:
 *
 * - `cpu`: from a Chromium trace of the page, the thread CPU time (`tdur`)
 *   of each FireAnimationFrame event on the renderer's main thread. That
 *   event spans the requestAnimationFrame callback and the microtask
 *   checkpoint after it, where Yew renders, so it is the frame's script
 *   work; thread time does not count the moments another process held
 *   the core.
 * - `wall`: the in-page wrapper's wall-clock samples (see `probes`), which
 *   do include such moments on a busy machine.
 *
 * Long tasks are counted by the page's PerformanceObserver (wall clock,
 * > 50 ms) and, from the trace, as main-thread tasks over 50 ms of CPU.
 */
/** The nominal frame interval the player is fed while frames are measured. */
export const FRAME_MS = 1000 / 60;

export async function frameWork(browser, base, query, seconds) {
  const { context, page, cdp, errors } = await newProbedPage(browser);
  try {
    await open(page, base, query);
    await topSpeed(page);
    let stop = () => {};
    const events = await traced(cdp, async () => {
      await page.evaluate((step) => {
        window.__perf.step = step;
        window.__perf.recording = true;
      }, FRAME_MS);
      stop = await loopPlay(page);
      await page.waitForTimeout(seconds * 1000);
      await page.evaluate(() => {
        window.__perf.recording = false;
      });
    });
    await stop();
    const perf = await page.evaluate(() => window.__perf);
    const fires = events.filter((e) => e.name === 'FireAnimationFrame' && e.ph === 'X');
    const main = fires[0]?.tid;
    const longCpuTasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.tid === main && e.tdur > 50_000);
    return {
      cpu: summary(fires.map((e) => e.tdur / 1000)),
      series: fires.map((e) => e.tdur / 1000),
      wall: summary(perf.frames),
      advance: summary(perf.advance),
      longTasks: perf.longTasks.length,
      longTaskMax: Math.max(0, ...perf.longTasks),
      longFrames: perf.longFrames.length,
      longCpuTasks: longCpuTasks.length,
      longTaskSupported: perf.longTaskSupported,
      longFrameSupported: perf.longFrameSupported,
      errors,
    };
  } finally {
    await context.close();
  }
}

/**
 * Runs the pipeline scene's sweep on `query` (a click on `sweep-run`, then
 * its end) under a Chromium trace, and measures each animation frame's
 * thread CPU time as `frameWork` does, with the main thread's tasks over
 * 50 ms of CPU: a sweep computed in one go would show as one long task.
 * Also returns every count of checked seeds the page showed on the way.
 */
export async function sweepWork(browser, base, query) {
  const { context, page, cdp, errors } = await newProbedPage(browser);
  try {
    await open(page, base, query);
    await page.evaluate(() => {
      window.__seen = [];
      new MutationObserver(() => {
        const s = document.querySelector('[data-testid="sweep"]');
        if (s && window.__seen.at(-1) !== s.dataset.seeds) window.__seen.push(s.dataset.seeds);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-seeds'] });
    });
    const events = await traced(cdp, async () => {
      await page.click('[data-testid="sweep-run"]');
      await page.waitForSelector('[data-testid="sweep"][data-done="true"]', { timeout: 60_000 });
    });
    const fires = events.filter((e) => e.name === 'FireAnimationFrame' && e.ph === 'X');
    const main = fires[0]?.tid;
    const longCpuTasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.tid === main && e.tdur > 50_000);
    return {
      cpu: summary(fires.map((e) => e.tdur / 1000)),
      longCpuTasks: longCpuTasks.length,
      seen: await page.evaluate(() => window.__seen.map(Number)),
      broken: Number(await page.getAttribute('[data-testid="sweep"]', 'data-broken')),
      seeds: Number(await page.getAttribute('[data-testid="sweep"]', 'data-seeds')),
      text: await page.textContent('[data-testid="sweep"]'),
      errors,
    };
  } finally {
    await context.close();
  }
}

/** A fixed sequence of fractions in [0, 1): the same seeks on every run. */
export function fractions(n, seed = 0x9e3779b9) {
  let x = seed >>> 0;
  const out = [];
  for (let i = 0; i < n; i++) {
    // xorshift32
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    out.push(x / 2 ** 32);
  }
  return out;
}

/**
 * Clicks the scrub bar at `count` fixed places, as a learner jumps along
 * it: trusted mouse events through CDP, so the browser moves the slider
 * and fires `input` itself. In the page, a capture listener on window
 * notes `performance.now()` when the input event starts its dispatch, and
 * a MutationObserver on the scene root notes when `data-sim-time` shows
 * the slider's new value: the DOM has been redrawn for that moment.
 */
export async function seekLatency(browser, base, query, count) {
  const { context, page, errors } = await newProbedPage(browser);
  try {
    await open(page, base, query);
    const end = Number(await page.getAttribute('[data-testid="timeline"]', 'max'));
    await page.evaluate(() => {
      const scene = document.querySelector('[data-testid="scene"]');
      const seek = { start: null, value: null, samples: [] };
      window.__seek = seek;
      addEventListener(
        'input',
        (e) => {
          if (e.target?.dataset?.testid !== 'timeline') return;
          seek.start = performance.now();
          seek.value = e.target.value;
        },
        true,
      );
      new MutationObserver(() => {
        if (seek.start !== null && scene.dataset.simTime === seek.value) {
          seek.samples.push(performance.now() - seek.start);
          seek.start = null;
        }
      }).observe(scene, { attributes: true, attributeFilter: ['data-sim-time'] });
    });
    const box = await page.locator('[data-testid="timeline"]').boundingBox();
    // The thumb's centre cannot reach the track's ends.
    const inset = 8;
    let done = 0;
    let skipped = 0;
    for (const f of fractions(count)) {
      const x = box.x + inset + f * (box.width - 2 * inset);
      const y = box.y + box.height / 2;
      const before = await page.$eval('[data-testid="scene"]', (e) => e.dataset.simTime);
      await page.mouse.click(x, y);
      const value = await page.$eval('[data-testid="timeline"]', (e) => e.value);
      if (value === before) {
        skipped++;
        continue;
      }
      done++;
      await page.waitForFunction((n) => window.__seek.samples.length >= n, done);
    }
    const samples = await page.evaluate(() => window.__seek.samples);
    const sorted = [...samples].sort((a, b) => a - b);
    return {
      end,
      seeks: samples.length,
      skipped,
      median: quantile(sorted, 0.5),
      p95: quantile(sorted, 0.95),
      max: sorted[sorted.length - 1] ?? NaN,
      errors,
    };
  } finally {
    await context.close();
  }
}

/** JS heap after a full garbage collection, the wasm memory, and DOM size. */
async function memorySample(page, cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  const m = await metric(cdp);
  const page_ = await page.evaluate(() => ({
    wasm: window.__wasmMemory?.buffer.byteLength ?? null,
    nodes: document.getElementsByTagName('*').length,
  }));
  return {
    heapUsed: heap.usedSize,
    heapTotal: heap.totalSize,
    wasm: page_.wasm,
    elements: page_.nodes,
    documents: m.Documents,
    listeners: m.JSEventListeners,
  };
}

/** Least-squares slope of `ys` over `xs`. */
export function slope(xs, ys) {
  const n = xs.length;
  if (n < 2) return 0;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i] - mx) * (ys[i] - my);
    den += (xs[i] - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

/**
 * One tab for `minutes`: it visits each scene's heaviest link in turn
 * (opening a scene is a page load, as from the scene menu), and in each
 * visit plays at top speed with restarts, jumps along the scrub bar,
 * resets, and plays again. Memory is sampled at the start of each visit
 * (after the scene has loaded) and at its end, each time after a forced
 * garbage collection. If the tab crashes or the browser goes away, that
 * is recorded as an incident and the run goes on in a new one.
 */
export async function heapRun(launchBrowser, base, minutes, log = () => {}) {
  const samples = [];
  const incidents = [];
  const errors = [];
  const started = Date.now();
  const minute = () => (Date.now() - started) / 60_000;
  const deadline = started + minutes * 60_000;
  const visitMs = Math.min(60_000, Math.max(10_000, (minutes * 60_000) / HEAVIEST.length));
  let browser = null;
  let tab = null;
  let visits = 0;
  try {
    while (Date.now() < deadline) {
      const target = HEAVIEST[visits % HEAVIEST.length];
      visits++;
      try {
        if (!browser?.isConnected()) browser = await launchBrowser();
        if (!tab) {
          tab = await newProbedPage(browser);
          tab.crashed = false;
          tab.page.on('crash', () => {
            tab.crashed = true;
          });
          await tab.cdp.send('Performance.enable');
        }
        const { page, cdp } = tab;
        await open(page, base, target.query);
        await topSpeed(page);
        const visitStart = Date.now();
        samples.push({ at: minute(), scene: target.name, visit: visits, kind: 'start', ...(await memorySample(page, cdp)) });
        const visitEnd = Math.min(deadline, visitStart + visitMs);
        const seeks = fractions(8, visits);
        let round = 0;
        while (Date.now() < visitEnd) {
          const stop = await loopPlay(page);
          await page.waitForTimeout(Math.min(4000, Math.max(0, visitEnd - Date.now())));
          await stop();
          await page.$eval(
            '[data-testid="timeline"]',
            (el, f) => {
              el.value = String(Math.floor(Number(el.max) * f));
              el.dispatchEvent(new Event('input', { bubbles: true }));
            },
            seeks[round % seeks.length],
          );
          if (round % 3 === 2) await page.click('[data-testid="reset"]');
          round++;
        }
        const sample = { at: minute(), scene: target.name, visit: visits, kind: 'end', ...(await memorySample(page, cdp)) };
        samples.push(sample);
        log(sample);
      } catch (err) {
        const incident = {
          at: minute(),
          scene: target.name,
          crashed: Boolean(tab?.crashed),
          browserGone: !browser?.isConnected(),
          what: String(err?.message ?? err).split('\n')[0],
        };
        incidents.push(incident);
        log({ ...incident, kind: 'incident' });
        // The visit's samples are incomplete: drop its start sample.
        while (samples.length > 0 && samples[samples.length - 1].visit === visits) samples.pop();
        await tab?.context.close().catch(() => {});
        if (tab) errors.push(...tab.errors);
        tab = null;
      }
    }
  } finally {
    if (tab) errors.push(...tab.errors);
    await tab?.context.close().catch(() => {});
    await browser?.close().catch(() => {});
  }
  return { samples, visitMs, errors, incidents };
}
