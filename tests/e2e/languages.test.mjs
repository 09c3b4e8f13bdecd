// One release bundle per language (build/pages.mjs), and one per
// scene in each: each holds only its own language's words, each address
// starts the bundle of the language the app then reads from it, and the
// language switch opens the same state in the other language's page and
// bundle.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { useBrowser, openPage, distDir, digest, simTime, seekTo, switchLanguage, shot, sceneTable, SCENES } from './harness.mjs';

const env = useBrowser();

/**
 * The bundles a page fetched, by name: its wasm files but the Go lens
 * module, which holds both languages and comes after the scene
 * (scene-bundles.test.mjs follows it).
 */
function wasmFetches(page) {
  const got = [];
  page.on('request', (r) => r.url().endsWith('.wasm') && !/\/kafka-ordering-lab-lens-[^/]*$/.test(r.url()) && got.push(r.url().split('/').pop()));
  return got;
}

test('each bundle carries its own language only', async () => {
  // Per language, each scene's bundle, and its levels' where it has levels;
  // and the one with every scene, which holds both (build/bundles.mjs). The Go lens module holds both too, and
  // none of the app's words (scene-bundles.test.mjs).
  // A scene with levels has a second bundle per language, with them.
  const levelScenes = new Set(Object.values(sceneTable().levels)).size;
  const perLang = SCENES.length + levelScenes;
  const all = (await readdir(distDir)).filter((f) => f.endsWith('_bg.wasm'));
  assert.equal(all.length, 2 * perLang + 2, all.join(', '));
  const files = all.filter((f) => !/^kafka-ordering-lab-lens-ru-en-/.test(f));
  assert.equal(files.length, 2 * perLang + 1, files.join(', '));
  // The share field's label (`Msg::ShareLink`) and the lesson's start
  // button (`LessonMsg::Start`), in each language.
  const ru = ['Ссылка на это состояние', 'Пройти главу по шагам'];
  const en = ['Link to this state', 'Walk through the chapter'];
  const holds = async (file, text) => (await readFile(join(distDir, file))).includes(Buffer.from(text, 'utf8'));
  const langs = [];
  for (const f of files) {
    const hasRu = await Promise.all(ru.map((t) => holds(f, t)));
    const hasEn = await Promise.all(en.map((t) => holds(f, t)));
    if (hasRu.every(Boolean) && !hasEn.some(Boolean)) langs.push('ru');
    else if (hasEn.every(Boolean) && !hasRu.some(Boolean)) langs.push('en');
    else if (hasRu.every(Boolean) && hasEn.every(Boolean) && /-all-/.test(f)) langs.push('both');
    else assert.fail(`${f}: Russian ${hasRu}, English ${hasEn}`);
  }
  assert.deepEqual(langs.sort(), ['both', ...Array(perLang).fill('en'), ...Array(perLang).fill('ru')]);
});

test('every kind of address starts the bundle of the language the app reads from it', async () => {
  // [address, the language the app shows, whether it reports a bad parameter]
  for (const [path, lang, issue] of [
    ['', 'ru', false],
    ['log/', 'ru', false],
    ['en/log/', 'en', false],
    ['?lang=en', 'en', false],
    ['?scene=routing&lang=en', 'en', false],
    ['en/routing/?lang=ru', 'ru', false],
    ['routing/?lang=en', 'en', false],
    ['en/lesson/', 'en', false],
    ['lesson/?lang=en', 'en', false],
    ['?level=4&lang=en', 'en', false],
    ['?lang=en&lang=ru', 'en', true],
    // Not one of the app's values: the app reports it and shows Russian.
    ['?lang=de', 'ru', true],
    ['en/routing/?lang=EN', 'ru', true],
  ]) {
    const context = await env.browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await context.newPage();
    const fetched = wasmFetches(page);
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${env.base}${path}`);
    await page.waitForSelector('[data-testid="scene"][data-ready="true"]');
    assert.equal(await page.getAttribute('html', 'data-bundle'), lang, `${path}: the loader's choice`);
    assert.equal(await page.getAttribute('html', 'lang'), lang, `${path}: the app's language`);
    assert.equal(fetched.length, 1, `${path}: ${fetched}`);
    assert.equal(!!(await page.$('[data-testid="param-message"]')), issue, `${path}: a message about the link`);
    assert.deepEqual(errors, [], path);
    await context.close();
  }
});

test('the language switch opens the same moment on the other language\'s page', async () => {
  const link = '?scene=routing&partitions=5&key=user-42&seed=9';
  const { page, context, errors } = await openPage(env.browser, `${env.base}routing/${link}`, { width: 360, height: 800 });
  const fetched = wasmFetches(page);
  await seekTo(page, 300);
  const [at, state] = [await simTime(page), await digest(page)];
  const h1Ru = await page.textContent('h1');
  await switchLanguage(page);
  assert.match(new URL(page.url()).pathname, /\/en\/routing\/$/);
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
  assert.equal(await page.getAttribute('html', 'data-bundle'), 'en');
  assert.equal(fetched.length, 1, `the English bundle was fetched: ${fetched}`);
  assert.deepEqual([await simTime(page), await digest(page)], [at, state], 'the same moment of the same run');
  assert.notEqual(await page.textContent('h1'), h1Ru);
  assert.equal(await page.inputValue('[data-testid="key-input"]'), 'user-42');
  await shot(page, 'language-switch-en-routing-phone');
  await switchLanguage(page);
  assert.match(new URL(page.url()).pathname, /\/routing\/$/);
  assert.doesNotMatch(new URL(page.url()).pathname, /\/en\//);
  assert.equal(await page.getAttribute('html', 'lang'), 'ru');
  assert.deepEqual([await simTime(page), await digest(page)], [at, state]);
  assert.deepEqual(errors, []);
  await context.close();
});
