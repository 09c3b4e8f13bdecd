// The guided lesson: next and previous, and a question answered before the
// scene runs on to its outcome.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, shot } from './harness.mjs';

const env = useBrowser();

test('lesson next and previous walk the chapter in order', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?lesson=1&lang=en`);
  assert.equal(await page.getAttribute('[data-testid="lesson"]', 'data-step'), '1');
  assert.equal(await page.getAttribute('[data-testid="scene"]', 'data-scene'), 'log');
  assert.equal(await page.$('[data-testid="lesson-prev"]'), null);
  await page.click('[data-testid="lesson-next"]');
  await page.waitForSelector('[data-testid="lesson"][data-step="2"]');
  assert.equal(await page.getAttribute('[data-testid="scene"]', 'data-scene'), 'replication');
  await page.click('[data-testid="lesson-next"]');
  await page.waitForSelector('[data-testid="lesson"][data-step="3"]');
  await page.click('[data-testid="lesson-prev"]');
  await page.waitForSelector('[data-testid="lesson"][data-step="2"]');
  assert.deepEqual(errors, []);
  await context.close();
});

test('predict, then reveal: the catastrophe happens only after the answer', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?lesson=3&lang=ru`);
  assert.equal(await page.getAttribute('[data-testid="scene"]', 'data-scene'), 'producer');
  assert.ok(await page.$('[data-testid="question"]'));
  assert.equal((await page.$$('[data-testid="violation"]')).length, 0, 'not yet: the retry has not landed');
  assert.equal(await page.$('[data-testid="reveal"]'), null);
  await page.click('[data-testid="answer"][data-correct="true"]');
  await page.waitForSelector('[data-testid="reveal"]');
  assert.match(await page.textContent('[data-testid="reveal"]'), /Верно/);
  await page.waitForSelector('[data-testid="violation"]');
  assert.ok(await page.$('[data-testid="answer"]:disabled'));
  await shot(page, 'lesson-ru-step-3');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a wrong answer is marked, and the right one shown', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?lesson=7&lang=en`);
  await page.click('[data-testid="answer"][data-correct="false"]');
  await page.waitForSelector('[data-testid="reveal"]');
  assert.match(await page.textContent('[data-testid="reveal"]'), /Not quite/);
  assert.ok(await page.$('.answer.wrong'));
  assert.ok(await page.$('.answer.right'));
  assert.deepEqual(errors, []);
  await context.close();
});
