// What the motion tests share (motion.test.mjs, motion-wide.test.mjs): a
// record followed frame by frame as it travels, and the tests of one size.
// The two sizes are two files, so that tests/e2e/run.mjs can run them side
// by side with the other file that times what it sees at 1×.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, thenChanged, shot } from './harness.mjs';

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

/**
 * The travel tests at one size and language: routing's batches, the
 * record a consumer takes in routing and repartition, the log's request
 * and the producer's requests and answers.
 */
export function travelTests(env, lang, viewport) {
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
