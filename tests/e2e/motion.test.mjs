// Records travel: played at 1×, a request or batch on its way is drawn at
// points between where it left and where it lands, moving each frame, for
// long enough to be seen. The log's produce request, the producer's
// requests out and their answers back (the error that sends a batch round
// again), routing's batches to their partitions, and the record a consumer
// takes, from its partition to that consumer. And the opposite: with
// reduced motion nothing is drawn in between, playing goes from event to
// event.
//
// At a phone's width, in Russian; motion-wide.test.mjs is the laptop's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser } from './harness.mjs';
import { travelTests } from './motion.mjs';

const env = useBrowser();

travelTests(env, 'ru', { width: 390, height: 844 });

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
