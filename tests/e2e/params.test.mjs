// Link parameters as each scene declares them: a group's own partition
// range, and links that keep the page's view (theme, language, embedding).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, SCENES } from './harness.mjs';

const env = useBrowser();

const partitionsShown = (page) =>
  page.$$eval('[data-testid="assignment"]', (els) => new Set(els.map((e) => e.dataset.partition)).size);

test('a group clamps partitions=50 to its own 32, says so, and runs with 32', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=group&partitions=50&lang=en`);
  const message = await page.textContent('[data-testid="param-message"]');
  assert.match(message, /partitions: 50 is out of range; using 32/);
  assert.equal(await page.inputValue('[data-testid="partitions-input"]'), '32');
  assert.equal(await page.getAttribute('[data-testid="partitions-input"]', 'max'), '32');
  assert.equal(await partitionsShown(page), 32);
  assert.match(await page.inputValue('[data-testid="share-link"]'), /&partitions=32&/);
  // The same link in Russian: the message is translated.
  const ru = await openPage(env.browser, `${env.base}?scene=group&partitions=50`);
  assert.match(await ru.page.textContent('[data-testid="param-message"]'), /partitions: 50 — вне допустимых границ, взято 32/);
  await ru.context.close();
  assert.deepEqual(errors, []);
  await context.close();
});

test("the lesson's Back and Next keep theme=light and the language", async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?lesson=2.1&lang=en&theme=light`);
  for (const testid of ['lesson-prev', 'lesson-next']) {
    const href = await page.getAttribute(`[data-testid="${testid}"]`, 'href');
    assert.match(href, /[?&]theme=light(&|$)/, `${testid}: ${href}`);
    assert.match(href, /[?&]lang=en(&|$)/, `${testid}: ${href}`);
  }
  await page.click('[data-testid="lesson-next"]');
  await page.waitForSelector('[data-testid="lesson"][data-step="3.1"]');
  assert.equal(await page.getAttribute('.app', 'data-theme'), 'light');
  assert.equal(await page.getAttribute('[data-testid="scene"]', 'data-scene'), 'routing');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the preset links keep theme=light and open the same run as the short link', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=producer&preset=catastrophe&lang=en&theme=light`);
  const hrefs = await page.$$eval('[data-testid="preset"]', (els) => els.map((e) => e.getAttribute('href')));
  assert.equal(hrefs.length, 6);
  for (const href of hrefs) assert.match(href, /[?&]theme=light(&|$)/, href);
  await page.click('[data-testid="preset"][data-preset="idempotent"]');
  await page.waitForSelector('[data-testid="scene"][data-ready="true"]');
  assert.equal(await page.getAttribute('.app', 'data-theme'), 'light');
  const digest = await page.getAttribute('[data-testid="scene"]', 'data-state-digest');
  const short = await openPage(env.browser, `${env.base}?scene=producer&preset=idempotent&lang=en`);
  assert.equal(await short.page.getAttribute('[data-testid="scene"]', 'data-state-digest'), digest);
  await short.context.close();
  assert.deepEqual(errors, []);
  await context.close();
});

test('the scene menu keeps the view and leaves the lesson', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?lesson=1&lang=en&theme=light`);
  const hrefs = await page.$$eval('[data-testid="scene-link"]', (els) => els.map((e) => e.getAttribute('href')));
  assert.equal(hrefs.length, SCENES.length);
  for (const href of hrefs) {
    assert.match(href, /[?&]theme=light(&|$)/, href);
    assert.doesNotMatch(href, /[?&]lesson=/, href);
  }
  assert.match(await page.getAttribute('[data-testid="lesson-start"]', 'href'), /[?&]theme=light(&|$)/);
  // Another scene opens at the stage that makes its point, as a link that
  // names only the scene does: the group with its crash, the producer on
  // the chapter's catastrophe.
  const href = (scene) => page.getAttribute(`[data-testid="scene-link"][data-scene="${scene}"]`, 'href');
  assert.match(await href('group'), /[?&]actions=crash%3Aconsumer-2%402500(&|$)/);
  assert.match(await href('producer'), /[?&]preset=catastrophe(&|$)/);
  assert.match(await href('replication'), /[?&]replica-actions=[^&]+/);
  assert.deepEqual(errors, []);
  await context.close();
});
