// axe-core (from npm, injected into the page) on every scene in both
// languages: no serious or critical issue.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, linkTab, seriousIssues, simTime, SCENES, switchLanguage } from './harness.mjs';

const env = useBrowser();

for (const scene of SCENES) {
  test(`axe: ${scene} has no serious or critical issue, in Russian and English`, async () => {
    const tab = await linkTab(env.browser);
    for (const lang of ['ru', 'en']) {
      const { page, errors } = await tab.open(`${env.base}?scene=${scene}&lang=${lang}`);
      assert.deepEqual(await seriousIssues(page), [], `${scene} ${lang}`);
      assert.deepEqual(errors, []);
    }
    await tab.close();
  });
}

test('axe: the embed builder has no serious or critical issue, in Russian and English', async () => {
  const tab = await linkTab(env.browser, { width: 1280, height: 900 });
  for (const path of ['embed/', 'en/embed/']) {
    const { page, errors } = await tab.open(`${env.base}${path}?scene=group`, '[data-testid="builder"]');
    // The preview frames' pages are scenes, which the tests above check.
    assert.deepEqual(await seriousIssues(page), [], path);
    assert.deepEqual(errors, []);
  }
  await tab.close();
});

test('? opens the shortcuts help and Esc closes it; the help button does too', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=log&lang=en`);
  assert.equal(await page.$('[data-testid="shortcuts-help"]'), null);
  await page.keyboard.press('Shift+Slash');
  await page.waitForSelector('[data-testid="shortcuts-help"]');
  assert.match(await page.textContent('[data-testid="shortcuts-help"]'), /Space/);
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('[data-testid="shortcuts-help"]'));
  await page.click('[data-testid="help"]');
  await page.waitForSelector('[data-testid="shortcuts-help"]');
  assert.deepEqual(errors, []);
  await context.close();
});

/**
 * A moment later the scene is still paused at `at`: the key did its
 * control's job and did not also start the run.
 */
async function stillPausedAt(page, at) {
  await page.waitForTimeout(300);
  assert.equal(await page.$('[data-testid="pause"]'), null, 'the run did not start playing');
  if (at !== undefined) assert.equal(await simTime(page), at);
}

const focusedTestId = (page) => page.evaluate(() => document.activeElement?.dataset.testid ?? document.activeElement?.tagName);

test('Space on a focused button presses that button and does not play', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=log&lang=ru`);
  const at = await simTime(page);
  await page.focus('[data-testid="lang"]');
  await switchLanguage(page, () => page.keyboard.press('Space'));
  assert.equal((await page.textContent('[data-testid="lang"]')).trim(), 'RU');
  assert.match(await page.textContent('h1'), /partition/i, 'the scene is now in English');
  await stillPausedAt(page, at);
  const theme = () => page.getAttribute('.app', 'data-theme');
  const before = await theme();
  await page.focus('[data-testid="theme"]');
  await page.keyboard.press('Space');
  await page.waitForFunction((old) => document.querySelector('.app').dataset.theme !== old, before);
  await stillPausedAt(page, at);
  // Enter presses it too.
  await page.keyboard.press('Enter');
  await page.waitForFunction((old) => document.querySelector('.app').dataset.theme === old, before);
  await stillPausedAt(page, at);
  // Off the controls, Space still plays.
  await page.evaluate(() => document.activeElement.blur());
  await page.keyboard.press('Space');
  await page.waitForSelector('[data-testid="pause"]');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Space on a focused summary opens and closes its details, and does not play', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=routing&lang=en`);
  const at = await simTime(page);
  const open = () => page.$eval('[data-testid="hash-steps"]', (d) => d.open);
  const was = await open();
  await page.focus('[data-testid="hash-steps"] > summary');
  await page.keyboard.press('Space');
  await page.waitForFunction((was) => document.querySelector('[data-testid="hash-steps"]').open !== was, was);
  await stillPausedAt(page, at);
  await page.keyboard.press('Space');
  await page.waitForFunction((was) => document.querySelector('[data-testid="hash-steps"]').open === was, was);
  await stillPausedAt(page, at);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Space on a focused select leaves the run alone', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=group&lang=en`);
  const at = await simTime(page);
  const value = await page.inputValue('[data-testid="assignor"]');
  await page.focus('[data-testid="assignor"]');
  await page.keyboard.press('Space');
  await stillPausedAt(page, at);
  await page.keyboard.press('Escape');
  assert.equal(await page.inputValue('[data-testid="assignor"]'), value);
  assert.equal(await focusedTestId(page), 'assignor');
  assert.deepEqual(errors, []);
  await context.close();
});

test('? typed in a text field is typed, and opens no help', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=routing&lang=en`);
  const input = '[data-testid="key-input"]';
  const before = await page.inputValue(input);
  await page.focus(input);
  await page.keyboard.press('End');
  await page.keyboard.type('?');
  await page.waitForFunction((want) => document.querySelector('[data-testid="key-input"]').value === want, `${before}?`);
  // Space and the arrows stay the field's too. A new key rebuilds the run,
  // which may move its end, so only the play state is checked.
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction((want) => document.querySelector('[data-testid="key-input"]').value === want, `${before}? `);
  assert.equal(await page.$$eval('[data-testid="shortcuts-help"]', (found) => found.length), 0, 'no help over the field');
  assert.equal(await focusedTestId(page), 'key-input');
  await stillPausedAt(page);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the help takes focus when it opens and gives it back when it closes', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=log&lang=en`);
  const focusInHelp = () => page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid="shortcuts-help"]')));
  const open = async (how) => {
    await how();
    await page.waitForSelector('[data-testid="shortcuts-help"]');
    await page.waitForFunction(() => document.activeElement?.closest('[data-testid="shortcuts-help"]'));
  };
  const closed = () => page.waitForFunction(() => !document.querySelector('[data-testid="shortcuts-help"]'));

  // Esc gives focus back to the button that had it.
  await page.focus('[data-testid="theme"]');
  await open(() => page.keyboard.press('Shift+Slash'));
  await page.keyboard.press('Escape');
  await closed();
  assert.equal(await focusedTestId(page), 'theme');

  // So does the dialog's own close button, reached with Tab.
  await page.focus('[data-testid="step-forward"]');
  await open(() => page.keyboard.press('Shift+Slash'));
  await page.keyboard.press('Tab');
  assert.equal(await focusedTestId(page), 'help-close');
  await page.keyboard.press('Enter');
  await closed();
  assert.equal(await focusedTestId(page), 'step-forward');

  // And the help button, pressed again.
  await open(() => page.click('[data-testid="help"]'));
  assert.ok(await focusInHelp());
  await page.click('[data-testid="help"]');
  await closed();
  assert.equal(await focusedTestId(page), 'help');
  assert.deepEqual(errors, []);
  await context.close();
});
