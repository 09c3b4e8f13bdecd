// Time a person can follow: each scene's pace at 1×, and the hold at its
// moment. (A stepped state reopened from its own link, which no clock
// decides, is stepped-links.test.mjs.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, shot, thenChanged } from './harness.mjs';

const env = useBrowser();

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };

/** Milliseconds of wall time from pressing Play until `selector` is on the page. */
async function playUntil(page, selector) {
  await page.evaluate(() => {
    window.__playedAt = performance.now();
    document.querySelector('[data-testid="play"]').click();
  });
  await page.waitForSelector(selector, { timeout: 30_000 });
  return page.evaluate(() => performance.now() - window.__playedAt);
}

test('the catastrophe takes seconds at 1×, and playing holds on the reordered write', async () => {
  for (const [lang, viewport, pace] of [['ru', PHONE, '1\u00a0с здесь = 25\u00a0мс в Kafka'], ['en', LAPTOP, '1\u00a0s here = 25\u00a0ms in Kafka']]) {
    const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=producer&preset=catastrophe&lang=${lang}`, viewport);
    assert.equal(await page.textContent('[data-testid="pace"]'), pace);
    await thenChanged(page, () => page.click('[data-testid="reset"]'));
    assert.equal(await page.$('[data-testid="record"].violating'), null, 'nothing is broken at the start');
    // Watched from before Play: the clock holds where the write happened,
    // and does not move until the hold ends.
    await page.evaluate(() => {
      const scene = document.querySelector('[data-testid="scene"]');
      const hold = window.__hold = { moved: 0, from: null, to: null };
      let last = scene.dataset.simTime;
      const look = () => {
        const holding = scene.dataset.holding === 'true';
        if (holding && hold.from === null) hold.from = performance.now();
        else if (holding && scene.dataset.simTime !== last) hold.moved++;
        if (!holding && hold.from !== null && hold.to === null) hold.to = performance.now();
        last = scene.dataset.simTime;
      };
      look();
      new MutationObserver(look).observe(scene, { attributes: true });
    });
    const wall = await playUntil(page, '[data-testid="record"].violating');
    assert.ok(wall >= 4000, `${lang}: the reordered write after ${Math.round(wall)} ms`);
    await shot(page, `pace-catastrophe-${lang}`);
    await page.waitForFunction(() => window.__hold.to !== null, null, { timeout: 10_000 });
    const hold = await page.evaluate(() => window.__hold);
    assert.ok(hold.from !== null, 'it held');
    assert.equal(hold.moved, 0, 'the clock stood still during the hold');
    const held = hold.to - hold.from;
    assert.ok(held >= 1200, `${lang}: held for ${Math.round(held)} ms`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('the speed control says what a second on screen shows of Kafka', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=workers&lang=ru`);
  assert.equal(await page.textContent('[data-testid="pace"]'), '1\u00a0с здесь = 10\u00a0мс в Kafka');
  await page.$eval('[data-testid="speed"]', (el) => {
    el.value = '10';
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await page.waitForFunction(() => document.querySelector('[data-testid="pace"]').textContent === '1\u00a0с здесь = 100\u00a0мс в Kafka');
  assert.deepEqual(errors, []);
  await context.close();
});
