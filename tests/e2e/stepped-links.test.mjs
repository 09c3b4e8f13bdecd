// Links that name exactly what is on screen: a stepped state, reopened
// from its own link, is the same state, also between two events of one
// millisecond. Not timed, so it runs with the rest, not beside the files
// that time what they see at 1× (tests/e2e/run.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, simTime, digest, thenChanged } from './harness.mjs';

const env = useBrowser();

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };

/** The state on screen and the link that names it, once the address bar has caught up. */
async function stateAndLink(page) {
  const t = await simTime(page);
  // A step inside one millisecond changes only `events`: wait on both.
  await page.waitForFunction(() => {
    const scene = document.querySelector('[data-testid="scene"]').dataset;
    const query = new URLSearchParams(location.search);
    return query.get('t') === scene.simTime && query.get('events') === (scene.events ?? null);
  });
  const link = await page.$eval('[data-testid="share-link"]', (e) => e.value);
  assert.equal(new URL(link).search, new URL(page.url()).search, 'the share field is the address bar');
  return { t, digest: await digest(page), link };
}

async function opensTheSame(state, viewport) {
  const { page, context, errors } = await openPage(env.browser, state.link, viewport);
  assert.equal(await simTime(page), state.t, state.link);
  assert.equal(await digest(page), state.digest, state.link);
  assert.deepEqual(errors, []);
  await context.close();
}

test('a stepped state and its link show the same state, also between two events of one millisecond', async () => {
  // Seed 11's log steps into 5804 ms, where two events fall together; the
  // workers' goroutine per message finishes several records in one millisecond from 5 ms on.
  for (const [link, steps, viewport] of [
    ['?scene=log&lang=en&seed=11', 3, LAPTOP],
    ['?scene=workers&mode=per-message&lang=ru&t=0', 6, PHONE],
  ]) {
    const { page, context, errors } = await openPage(env.browser, `${env.base}${link}`, viewport);
    let between = 0;
    for (let i = 0; i < steps; i++) {
      await thenChanged(page, () => page.click('[data-testid="step-forward"]'));
      const state = await stateAndLink(page);
      if (new URL(state.link).searchParams.has('events')) between++;
      await opensTheSame(state, viewport);
    }
    assert.ok(between > 0, `${link}: a step stopped inside a millisecond`);
    await thenChanged(page, () => page.click('[data-testid="step-back"]'));
    await opensTheSame(await stateAndLink(page), viewport);
    // The very start, before the events due at 0 ms, is a state of its own.
    await thenChanged(page, () => page.click('[data-testid="reset"]'));
    await opensTheSame(await stateAndLink(page), viewport);
    assert.deepEqual(errors, []);
    await context.close();
  }
});
