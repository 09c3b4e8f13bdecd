// The guided lesson: next and previous, and a question answered before the
// scene runs on to its outcome.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, linkTab, shot, simTime, sceneTable, SCENES } from './harness.mjs';

const env = useBrowser();

test('the lesson walks every section of the chapter in order, each scene within one section', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?lesson=1.1&lang=en`);
  assert.equal(await page.$('[data-testid="lesson-prev"]'), null);
  const seen = [];
  // A section may hold two scenes (RabbitMQ's comparison, then the share
  // group, 9.1 and 9.2), so the ids links use never change.
  const sectionOf = {};
  let lastSection = 0;
  for (;;) {
    const id = await page.getAttribute('[data-testid="lesson"]', 'data-step');
    const scene = await page.getAttribute('[data-testid="scene"]', 'data-scene');
    const section = Number(id.split('.')[0]);
    assert.ok(section >= lastSection, `step ${id} after section ${lastSection}`);
    lastSection = section;
    sectionOf[scene] ??= section;
    assert.equal(sectionOf[scene], section, `step ${id}: scene ${scene} stays in one section`);
    assert.match(await page.textContent('[data-testid="lesson-step"]'), new RegExp(`Step ${id.replace('.', '\\.')}`));
    seen.push(scene);
    const next = await page.$('[data-testid="lesson-next"]');
    if (!next) break;
    await Promise.all([page.waitForNavigation(), next.click()]);
    await page.waitForSelector('[data-testid="scene"][data-ready="true"]');
  }
  // Every scene, in the menu's order: each has its steps.
  assert.deepEqual([...new Set(seen)], SCENES);
  const steps = sceneTable().steps;
  await page.click('[data-testid="lesson-prev"]');
  await page.waitForSelector(`[data-testid="lesson"][data-step="${steps[steps.length - 2]}"]`);
  // The menu leaves the lesson: another scene opens without its question.
  await page.click('[data-testid="scene-link"][data-scene="log"]');
  await page.waitForSelector('[data-testid="scene"][data-scene="log"][data-ready="true"]');
  assert.equal(await page.$('[data-testid="lesson"]'), null);
  assert.ok(!new URL(page.url()).searchParams.has('lesson'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('links embedded before keep opening the step they opened', async () => {
  const tab = await linkTab(env.browser);
  for (const [old, id, scene] of [['3', '4.1', 'producer'], ['4', '4.2', 'producer'], ['8', '9.1', 'rabbitmq']]) {
    const { page, errors } = await tab.open(`${env.base}?lesson=${old}&lang=ru`);
    assert.equal(await page.getAttribute('[data-testid="lesson"]', 'data-step'), id);
    assert.equal(await page.getAttribute('[data-testid="scene"]', 'data-scene'), scene);
    assert.equal(await page.$('[data-testid="param-message"]'), null);
    assert.deepEqual(errors, []);
  }
  await tab.close();
});

test('until the learner answers, the scene holds still and shows nothing of the outcome', async () => {
  const tab = await linkTab(env.browser);
  for (const [step, hidden] of [['4.1', 'preset-about'], ['4.2', 'preset-about'], ['5.1', 'strategy-about'], ['7.1', 'mode-about'], ['10.1', 'preset-story']]) {
    const { page, errors } = await tab.open(`${env.base}?lesson=${step}&lang=en`);
    const at = await simTime(page);
    assert.equal(await page.isVisible(`[data-testid="${hidden}"]`), false, `${step}: ${hidden} gives the answer away`);
    assert.equal(await page.isVisible('[data-testid="violations"]'), false, `${step}: the verdict`);
    assert.ok(await page.isDisabled('[data-testid="play"]'), `${step}: play`);
    assert.ok(await page.isDisabled('[data-testid="step-forward"]'), `${step}: step forward`);
    assert.ok(await page.isDisabled('[data-testid="timeline"]'), `${step}: timeline`);
    await page.locator('body').press('Space');
    await page.locator('body').press('ArrowRight');
    assert.equal(await simTime(page), at, `${step}: the keyboard cannot move it on either`);
    await page.click('[data-testid="answer"][data-correct="true"]');
    await page.waitForSelector('[data-testid="reveal"]');
    await page.waitForFunction((at) => Number(document.querySelector('[data-testid="scene"]').dataset.simTime) > at, at);
    assert.equal(await page.isVisible(`[data-testid="${hidden}"]`), true, `${step}: shown after the answer`);
    assert.ok(!(await page.isDisabled('[data-testid="step-back"]')));
    assert.deepEqual(errors, []);
  }
  await tab.close();
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
