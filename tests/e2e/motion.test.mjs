// Records travel: played at 1×, a request or batch on its way is drawn at
// points between where it left and where it lands, moving each frame, for
// long enough to be seen. The log's produce request, the producer's
// requests out and their answers back (the error that sends a batch round
// again), routing's batches to their partitions, and the record a consumer
// takes, from its partition to that consumer. And the opposite: with
// reduced motion nothing is drawn in between, playing goes from event to
// event.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, thenChanged, shot } from './harness.mjs';

const env = useBrowser();

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };

/**
 * Presses Play from the start and follows the first element `selector`
 * matches, from the moment it is added, frame by frame, until it leaves the
 * page or stops matching. Returns its positions (the translate of its
 * transform), the wall time it was on screen, what the same node became, and
 * where it was drawn first: its offset, and the lane it is in.
 */
async function follow(page, selector) {
  await thenChanged(page, () => page.click('[data-testid="reset"]'));
  await page.evaluate((selector) => {
    const scene = document.querySelector('[data-testid="scene"]');
    window.__followed = new Promise((done) => {
      const track = (node) => {
        const start = performance.now();
        const seen = [];
        const lane = node.closest('[data-testid="lane"], [data-testid="partition-lane"]');
        const from = { offset: node.dataset.offset, partition: lane?.dataset.partition, topic: lane?.dataset.topic };
        const look = () => {
          const m = /translate\(([-\d.]+),\s*([-\d.]+)\)/.exec(node.getAttribute('transform') ?? '');
          if (!node.isConnected || !node.matches(selector)) {
            done({ seen, ms: performance.now() - start, became: node.isConnected ? node.dataset.testid : null, from });
            return;
          }
          if (m) seen.push([Number(m[1]), Number(m[2])]);
          requestAnimationFrame(look);
        };
        look();
      };
      const watch = new MutationObserver(() => {
        const node = scene.querySelector(selector);
        if (node) {
          watch.disconnect();
          track(node);
        }
      });
      watch.observe(scene, { childList: true, subtree: true, attributes: true });
    });
  }, selector);
  await page.click('[data-testid="play"]');
  return page.evaluate(() => window.__followed);
}

/** Asserts `seen` moved: many different points, each nearer the last one. */
function assertTravelled(seen, label) {
  const points = seen.filter((p, i) => i === 0 || p[0] !== seen[i - 1][0] || p[1] !== seen[i - 1][1]);
  // At least three places between leaving and landing, however few
  // frames a busy machine draws.
  assert.ok(points.length >= 3, `${label}: drawn at ${points.length} places on its way`);
  const end = points[points.length - 1];
  const dist = (p) => Math.hypot(p[0] - end[0], p[1] - end[1]);
  for (let i = 1; i < points.length; i++) {
    assert.ok(dist(points[i]) < dist(points[i - 1]), `${label}: it moves towards where it lands: ${JSON.stringify(points)}`);
  }
}

for (const [lang, viewport] of [['ru', PHONE], ['en', LAPTOP]]) {
  test(`routing's batches travel to their partitions and land as records (${lang}, ${viewport.width} px)`, async () => {
    const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=routing&lang=${lang}`, viewport);
    const { seen, ms, became } = await follow(page, '[data-testid="flying-record"]');
    assertTravelled(seen, 'routing');
    assert.ok(ms >= 180, `on its way for ${Math.round(ms)} ms`);
    assert.equal(became, 'record', 'the same node is the record in its partition once it lands');
    await shot(page, `motion-routing-${lang}`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  for (const scene of ['routing', 'repartition']) {
    test(`${scene}: a record a consumer takes goes from its partition to the consumer (${lang}, ${viewport.width} px)`, async () => {
      const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=${scene}&lang=${lang}`, viewport);
      const selector = '[data-testid="fetched-record"]';
      const { seen, from } = await follow(page, selector);
      assertTravelled(seen, `${scene} fetch`);
      // It starts on (or, a frame in, just past) its own record's cell in
      // the log, which keeps the record, and ends in its lane's consumer.
      const first = seen[0];
      const last = seen[seen.length - 1];
      const { cell, slot } = await page.evaluate(({ first, last, from }) => {
        const dist = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]);
        const at = (el) => {
          const m = /translate\(([-\d.]+),\s*([-\d.]+)\)/.exec(el.getAttribute('transform') ?? '');
          return m ? [Number(m[1]), Number(m[2])] : [Infinity, Infinity];
        };
        const lane = [...document.querySelectorAll('[data-testid="lane"], [data-testid="partition-lane"]')]
          .find((l) => l.dataset.partition === from.partition && l.dataset.topic === from.topic);
        const own = lane.querySelector(`[data-testid="record"][data-offset="${from.offset}"]`);
        const cell = own !== null && dist(at(own), first) <= 0.2 * dist(at(own), last);
        // Its corner just inside the box, a few units from its edges.
        const slot = [...lane.querySelectorAll('[data-testid="consumer"] rect.consumer-box')].some((r) => {
          const [x, y] = [Number(r.getAttribute('x')), Number(r.getAttribute('y'))];
          return last[0] > x && last[0] - x <= 8 && last[1] > y && last[1] - y <= 8;
        });
        return { cell, slot };
      }, { first, last, from });
      assert.ok(cell, `it leaves from a record's cell: ${JSON.stringify(first)}`);
      assert.ok(slot, `it arrives in a consumer's slot: ${JSON.stringify(last)}`);
      await shot(page, `motion-fetch-${scene}-${lang}`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  test(`the log's request travels to the log end (${lang}, ${viewport.width} px)`, async () => {
    const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=log&lang=${lang}`, viewport);
    const { seen, ms } = await follow(page, '[data-testid="in-flight"]');
    assertTravelled(seen, 'log');
    assert.ok(ms >= 180, `on its way for ${Math.round(ms)} ms`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`the producer's requests go out, and an error comes back for a retry (${lang}, ${viewport.width} px)`, async () => {
    const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=producer&preset=catastrophe&lang=${lang}`, viewport);
    const out = await follow(page, '[data-testid="wire-request"]');
    assertTravelled(out.seen, 'request');
    assert.ok(out.ms >= 180, `a request on its way for ${Math.round(out.ms)} ms`);
    // The damaged batch's answer travels back, and the batch waits for
    // its retry in the producer's queue.
    const back = await follow(page, '[data-testid="wire-answer"].error');
    assertTravelled(back.seen, 'error answer');
    assert.ok(back.seen[0][0] > back.seen[back.seen.length - 1][0], 'it travels back, towards the producer');
    await page.waitForSelector('[data-testid="queued-batch"].retry');
    await shot(page, `motion-producer-${lang}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('with reduced motion, playing moves from event to event, never in between', async () => {
  const context = await env.browser.newContext({ reducedMotion: 'reduce', viewport: { width: 1100, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${env.base}?scene=log&lang=en`);
  await page.waitForSelector('[data-testid="scene"][data-ready="true"]');
  await page.click('[data-testid="play"]');
  const seen = new Set();
  for (let i = 0; i < 30; i++) {
    seen.add(await page.getAttribute('[data-testid="scene"]', 'data-sim-time'));
    await page.waitForTimeout(50);
  }
  // 1.5 s of wall time at one event per 600 ms: a handful of distinct
  // moments, all of them event times (the log scene's first send is at 300).
  assert.ok(seen.size >= 2 && seen.size <= 5, [...seen].join(','));
  assert.ok([...seen].every((t) => t === '0' || Number(t) >= 300));
  await context.close();
});
