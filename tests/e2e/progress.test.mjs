// Progress that survives the frame, and completion a course platform can
// record: a level played in a sandboxed frame, which has no storage; the
// xAPI statement a host page hears beside the lab's own message; and the
// progress code carried from the lab's page to another site's frame.
// The host pages (tests/e2e/hosts/) are served from another origin, as a
// course site is.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, useCourseSite, recordLabConsole, shot } from './harness.mjs';

const env = useBrowser();
const site = useCourseSite();

// Every frame's uncaught exceptions and unhandled rejections, kept in the
// frame itself: a sandboxed frame's are not the page's.
const RECORD_THROWN = `
  window.__thrown = [];
  addEventListener('error', (e) => window.__thrown.push(String(e.message)));
  addEventListener('unhandledrejection', (e) => window.__thrown.push(String(e.reason)));
`;

/**
 * A new context whose pages record what the lab's pages say on the
 * console (errors, warnings) and throw, in `errors`.
 */
async function newContext(viewport = { width: 1000, height: 900 }, init = '') {
  const context = await env.browser.newContext({ viewport });
  await context.addInitScript({ content: RECORD_THROWN + init });
  const page = await context.newPage();
  const errors = [];
  recordLabConsole(page, errors, env.base);
  return { context, page, errors };
}

/**
 * Opens a host page of the course site with the lab's `src` in its frame.
 * `base` names the site: another port of 127.0.0.1 is another origin but
 * the same site, whose frames share the lab's storage; `localhost` is
 * another site, whose frames the browser keeps storage for apart.
 */
async function openHost(page, host, src, base = site.base) {
  await page.goto(`${base}hosts/${host}.html?src=${encodeURIComponent(src)}`);
  const frame = await (await page.$('#lab')).contentFrame();
  await frame.waitForSelector('[data-testid="scene"][data-ready="true"]');
  return frame;
}

/** Plays level 1 to solved through its own control, at par. */
async function solveLevel1(frame) {
  await frame.selectOption('[data-testid="level-control"][data-param="acks"]', 'all');
  await frame.waitForSelector('[data-testid="level-complete"]');
}

const solved = (frame, level) =>
  frame.$eval(`[data-testid="level-map-item"][data-level="${level}"]`, (e) => e.dataset.solved === 'true');

const openMap = async (frame) => {
  if (!(await frame.$eval('[data-testid="level-map"]', (e) => e.open))) await frame.click('[data-testid="level-map"] summary');
};

/** Pastes `code` into the map's field and applies it. */
async function paste(frame, code) {
  await frame.fill('[data-testid="progress-code-input"]', code);
  await frame.click('[data-testid="apply-progress-code"]');
}

test('a sandboxed frame without storage plays a level to solved, and the map says to copy the code', async () => {
  const { context, page, errors } = await newContext({ width: 1000, height: 900 });
  const frame = await openHost(page, 'sandboxed', `${env.base}?level=1&embed=1&lang=en`);
  // The frame really has no storage: reading it throws.
  assert.equal(await frame.evaluate(() => { try { return typeof localStorage; } catch (e) { return e.name; } }), 'SecurityError');
  await openMap(frame);
  const note = frame.locator('[data-testid="progress-note"]');
  assert.equal(await note.getAttribute('data-kept'), 'nowhere');
  assert.match(await note.textContent(), /Progress is not kept on this page: copy the code before you leave/);
  assert.ok(await frame.isVisible('[data-testid="progress-code-none"]'));
  await solveLevel1(frame);
  // Solved on screen, and in the code, with nowhere to keep it.
  assert.equal(await solved(frame, 1), true);
  const code = await frame.inputValue('[data-testid="progress-code"]');
  assert.match(code, /^KL1-[0-9A-Z]{4}11$/);
  // The copy button: the frame may not write to the clipboard, so the
  // code is selected in its field to copy by hand, and nothing is logged.
  await frame.click('[data-testid="copy-progress-code"]');
  const selected = await frame.$eval('[data-testid="progress-code"]', (e) => e.value.slice(e.selectionStart, e.selectionEnd));
  assert.equal(selected, code);
  // The host heard it solved, from a frame of no origin.
  await page.waitForFunction(() => window.messages.some((m) => m?.type === 'kafka-lab:xapi'));
  assert.ok(await page.evaluate(() => window.messages.some((m) => m?.type === 'kafka-lab:level-complete')));
  // Reset and a pasted code both work without storage.
  await frame.click('[data-testid="level-reset-progress"]');
  assert.equal(await solved(frame, 1), false);
  await paste(frame, code);
  await frame.waitForSelector('[data-testid="progress-code-applied"]');
  assert.equal(await solved(frame, 1), true);
  await shot(page, 'progress-sandboxed-en');
  assert.deepEqual(await frame.evaluate(() => window.__thrown), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a level solved in a course page\'s frame posts the old message and an xAPI statement the host forwards', async () => {
  const { context, page, errors } = await newContext();
  const frame = await openHost(page, 'completion', `${env.base}?level=1&embed=1&lang=ru`);
  const before = Date.now();
  await solveLevel1(frame);
  await page.waitForFunction(() => window.heard.length === 2);
  const heard = await page.evaluate(() => window.heard);
  assert.deepEqual(heard[0], { type: 'kafka-lab:level-complete', level: 1, changes: 1, par: 1 });
  assert.equal(heard[1].type, 'kafka-lab:xapi');
  const [statement] = await page.evaluate(() => window.sent);
  assert.equal(statement.verb.id, 'http://adlnet.gov/expapi/verbs/completed');
  assert.equal(statement.verb.display['ru-RU'], 'завершил');
  assert.equal(statement.object.objectType, 'Activity');
  // The level at the app's base, whatever page it was solved on.
  assert.equal(statement.object.id, `${env.base}?level=1`);
  assert.ok(statement.object.id.endsWith('?level=1'));
  assert.equal(statement.object.definition.type, 'http://adlnet.gov/expapi/activities/assessment');
  // The Russian bundle names the level in Russian alone.
  assert.deepEqual(Object.keys(statement.object.definition.name), ['ru-RU']);
  assert.match(statement.object.definition.name['ru-RU'], /[а-яё]/i);
  assert.deepEqual(statement.result.score, { scaled: 1, raw: 100, min: 0, max: 100 });
  assert.equal(statement.result.completion, true);
  assert.equal(statement.result.success, true);
  assert.deepEqual(statement.result.extensions, { [`${env.base}xapi/changes`]: 1, [`${env.base}xapi/par`]: 1 });
  const at = Date.parse(statement.timestamp);
  assert.ok(at >= before - 1000 && at <= Date.now() + 1000, statement.timestamp);
  // The host added the learner; the lab did not.
  assert.equal(statement.actor.mbox, 'mailto:learner@example.org');
  assert.equal(heard[1].statement.actor, undefined);
  // A frame on another site keeps its progress for that site alone, and says so.
  await openMap(frame);
  const note = frame.locator('[data-testid="progress-note"]');
  assert.equal(await note.getAttribute('data-kept'), 'site');
  assert.match(await note.textContent(), /только для этого сайта курса/);
  assert.deepEqual(await frame.evaluate(() => window.__thrown), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the progress code carries a solved level from the lab\'s page to another site\'s frame; a mistyped one changes nothing', async () => {
  const { context, page, errors } = await newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(env.base).origin });
  // The lab's own page: solve level 1 and copy the code from the map.
  await page.goto(`${env.base}?level=1&lang=en`);
  await page.waitForSelector('[data-testid="scene"][data-ready="true"]');
  await solveLevel1(page);
  await openMap(page);
  assert.equal(await page.$('[data-testid="progress-note"]'), null, 'the lab\'s own page keeps its progress');
  const code = await page.inputValue('[data-testid="progress-code"]');
  await page.click('[data-testid="copy-progress-code"]');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), code);
  await shot(page, 'progress-code-en-1000');
  // A frame on another site, in a browser profile of its own: Chrome,
  // Firefox and Safari keep a frame's storage for the site around it, but
  // this headless Chromium gives it the lab's own, so a new context stands
  // for the storage the frame would not have. The level is not solved there.
  const otherSite = site.base.replace('127.0.0.1', 'localhost');
  const elsewhere = await newContext();
  const frame = await openHost(elsewhere.page, 'ours', `${env.base}?level=2&embed=1&lang=ru`, otherSite);
  await openMap(frame);
  assert.equal(await solved(frame, 1), false);
  assert.equal(await frame.evaluate(() => localStorage.getItem('kafka-lab:levels')), null);
  // A code with one character mistyped, and text that is no code: each
  // says why, in the page's language, and the map stays as it was.
  const at = code.length - 1;
  const typo = code.slice(0, at) + (code[at] === '1' ? '2' : '1');
  for (const [wrong, kind, words] of [
    [typo, 'Checksum', /контрольной суммой/],
    ['hello', 'NotACode', /Это не код прогресса/],
    ['KL1-00U0', 'BadCharacter', /знак, которого в кодах не бывает/],
    ['', 'Empty', /Вставьте код прогресса/],
  ]) {
    await paste(frame, wrong);
    const error = frame.locator(`[data-testid="progress-code-error"][data-error="${kind}"]`);
    await error.waitFor();
    assert.equal(await error.getAttribute('role'), 'alert');
    assert.match(await error.textContent(), words);
    assert.match(await error.textContent(), /Прогресс не изменился/);
    assert.equal(await solved(frame, 1), false, wrong);
    assert.equal(await frame.evaluate(() => localStorage.getItem('kafka-lab:levels')), null, wrong);
  }
  await shot(elsewhere.page, 'progress-code-error-ru');
  // The code as copied, with the whitespace a paste brings: level 1 is
  // ticked at once, and kept in the frame's storage.
  await paste(frame, `  ${code}\n`);
  await frame.waitForSelector('[data-testid="progress-code-applied"]');
  assert.equal(await frame.$('[data-testid="progress-code-error"]'), null);
  assert.equal(await solved(frame, 1), true);
  assert.equal(await frame.evaluate(() => localStorage.getItem('kafka-lab:levels')), '1:1');
  assert.equal(await frame.inputValue('[data-testid="progress-code"]'), code);
  // The frame opened again: the site's storage still has it.
  const again = await openHost(elsewhere.page, 'ours', `${env.base}?level=2&embed=1&lang=ru`, otherSite);
  await openMap(again);
  assert.equal(await solved(again, 1), true);
  assert.equal(await again.getAttribute('[data-testid="progress-note"]', 'data-kept'), 'site');
  assert.deepEqual(await again.evaluate(() => window.__thrown), []);
  assert.deepEqual(errors, []);
  assert.deepEqual(elsewhere.errors, []);
  await context.close();
  await elsewhere.context.close();
});

test('a page whose storage throws on every call still plays, resets and takes a code, and throws nothing', async () => {
  // As a browser that refuses storage to the page would: reading the
  // property works, every call on it throws.
  const refuse = `
    for (const name of ['getItem', 'setItem', 'removeItem']) {
      Storage.prototype[name] = () => { throw new DOMException('refused', 'SecurityError'); };
    }
  `;
  const { context, page, errors } = await newContext({ width: 1000, height: 900 }, refuse);
  await page.goto(`${env.base}?level=1&lang=en`);
  await page.waitForSelector('[data-testid="scene"][data-ready="true"]');
  await openMap(page);
  // Storage that cannot be read is no storage.
  assert.equal(await page.getAttribute('[data-testid="progress-note"]', 'data-kept'), 'nowhere');
  await solveLevel1(page);
  assert.equal(await solved(page, 1), true);
  const code = await page.inputValue('[data-testid="progress-code"]');
  await page.click('[data-testid="level-reset-progress"]');
  assert.equal(await solved(page, 1), false);
  await paste(page, code);
  await page.waitForSelector('[data-testid="progress-code-applied"]');
  assert.equal(await solved(page, 1), true);
  assert.deepEqual(await page.evaluate(() => window.__thrown), []);
  assert.deepEqual(errors, []);
  await context.close();
});
