// The glossary as a learner reads it: every Russian line a page shows
// (narration step by step, the help texts in their folds, tooltips, the
// lesson's steps, the levels, the Go lens), put through the app's own
// rules (docs/glossary.md, by tests/e2e/glossary-check.rs). The host test
// reads the same rules against the source's strings; this one catches
// what only the running app puts together: a number printed raw beside
// its unit, or a word chosen at run time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { useBrowser, openPage, linkTab, thenChanged, seekTo, sceneTable, SCENES } from './harness.mjs';

const env = useBrowser();
const root = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
// Steps forward from the start in each scene: past the first findings of
// every scene's default run.
const STEPS = 20;
// The Go lens's tabs: each client's notes are its own.
const CLIENTS = ['franz-go', 'confluent-kafka-go', 'sarama', 'kafka-go', 'java'];

/** Every line of Russian the page shows now, folds opened, with the texts of its tooltips. */
const russianLines = (page) =>
  page.evaluate(() => {
    for (const fold of document.querySelectorAll('details')) fold.open = true;
    const texts = [document.body.innerText];
    for (const el of document.querySelectorAll('[title], [aria-label]')) {
      texts.push(el.getAttribute('title') ?? '', el.getAttribute('aria-label') ?? '');
    }
    for (const title of document.querySelectorAll('svg title')) texts.push(title.textContent);
    return texts
      // A table's cells apart: a cell that is a number alone is a value,
      // not running text.
      .flatMap((t) => t.split(/[\n\t]/))
      .map((t) => t.trim())
      .filter((t) => /[а-яё]/i.test(t));
  });

// The app's glossary rules as a program (tests/e2e/glossary-check.rs),
// built once for the file: cargo's own check of the build on each call
// cost more than the check.
const checker = (() => {
  const built = execFileSync(
    'cargo',
    ['build', '-q', '--no-default-features', '--features', 'lang-ru,lang-en,all-scenes', '--example', 'glossary-check', '--message-format', 'json'],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 << 20 },
  );
  const artifact = built
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line))
    .find((m) => m.reason === 'compiler-artifact' && m.target?.name === 'glossary-check' && m.executable);
  assert.ok(artifact, 'cargo built the glossary checker');
  return artifact.executable;
})();

/** Each distinct line with the faults the app's glossary rules find in it. */
function faultsOf(lines) {
  const texts = [...new Set(lines)];
  const found = JSON.parse(
    execFileSync(checker, [], {
      cwd: root,
      input: JSON.stringify(texts),
      encoding: 'utf8',
      stdio: ['pipe', 'pipe', 'inherit'],
    }),
  );
  return texts.flatMap((text, i) => found[i].map((fault) => `${fault}: ${text}`));
}

test('the checker finds what the glossary rules out, in a line a page could show', () => {
  assert.deepEqual(faultsOf(['Консьюмер прочитал сообщение за 100\u00a0мс.']), []);
  assert.equal(faultsOf(['Перебалансировка: 16384 записи за 100 мс']).length, 4);
});

for (const scene of SCENES) {
  test(`${scene}: every Russian line it shows, step by step, follows the glossary`, async () => {
    const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=${scene}&lang=ru&t=0`);
    const lines = await russianLines(page);
    const end = await page.$eval('[data-testid="timeline"]', (el) => el.max);
    const at = () => page.$eval('[data-testid="scene"]', (e) => e.dataset.simTime);
    for (let i = 0; i < STEPS && (await at()) !== end; i++) {
      await thenChanged(page, () => page.click('[data-testid="step-forward"]'));
      lines.push(...(await russianLines(page)));
    }
    await seekTo(page);
    lines.push(...(await russianLines(page)));
    assert.ok(lines.length > 20, `${scene}: ${lines.length} lines read`);
    assert.deepEqual(faultsOf(lines), []);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('the lesson, the levels and the Go lens follow the glossary', async () => {
  const table = sceneTable();
  const links = [
    ...table.steps.map((step) => `lesson=${step}`),
    ...Object.keys(table.levels).map((level) => `level=${level}`),
    ...table.lens.flatMap((scene) => CLIENTS.map((client) => `scene=${scene}&client=${client}`)),
  ];
  const lines = [];
  const tab = await linkTab(env.browser);
  for (const link of links) {
    const { page, errors } = await tab.open(`${env.base}?${link}&lang=ru`);
    lines.push(...(await russianLines(page)));
    assert.deepEqual(errors, [], link);
  }
  await tab.close();
  assert.deepEqual(faultsOf(lines), []);
});
