// One release bundle per scene and language (build/bundles.mjs), and
// for a scene with levels a second one with them: each address starts the
// bundle that carries the scene the app then opens from it, and its level
// (build/pages.mjs reads the address as the app does); a scene's bundle
// leaves the other scenes' code out, its page's bundle the levels too,
// and a bundle asked for a scene or a level it lacks says so and links to
// the page that has it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { useBrowser, distDir, SCENES, sceneTable, shot } from './harness.mjs';

const env = useBrowser();

// The scenes with levels, and the bundles of their levels (build/bundles.mjs).
const LEVEL_SCENES = [...new Set(Object.values(sceneTable().levels))];
const withLevels = (scene) => `${scene}+levels`;
const LEVEL_BUNDLES = LEVEL_SCENES.map(withLevels);
/** The scene a bundle's name carries. */
const sceneOf = (bundle) => bundle.replace(/\+levels$/, '');

/** The bundles the page's loader names, by language and then scene. */
async function loaderBundles() {
  const page = await readFile(join(distDir, 'index.html'), 'utf8');
  return JSON.parse(page.match(/const files = (\{.*?\})\[lang\];/)[1]);
}

/** Opens `path` in a new context; the wasm files it fetched, by name. */
async function open(path) {
  const context = await env.browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  const fetched = [];
  page.on('request', (r) => r.url().endsWith('.wasm') && fetched.push(r.url().split('/').pop()));
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${env.base}${path}`);
  await page.waitForSelector('[data-testid="scene"][data-ready="true"]');
  return { page, context, fetched, errors };
}

test('every kind of address starts the bundle of the scene the app opens from it', async () => {
  const bundles = await loaderBundles();
  // [address, the scene the app opens, the bundle the loader starts]
  for (const [path, scene, bundle] of [
    ['', 'log', 'log'],
    ['producer/', 'producer', 'producer'],
    ['en/pipeline/', 'pipeline', 'pipeline'],
    ['?scene=group', 'group', 'group'],
    // The query's scene wins over the page's, and so does its lesson.
    ['routing/?scene=workers', 'workers', 'workers'],
    ['routing/?lesson=6.1', 'group', 'group'],
    // The lesson's page opens its first step; a step, by its id or by the
    // number links from before used, opens its own scene.
    ['lesson/', 'log', 'log'],
    ['?lesson=10.1', 'pipeline', 'pipeline'],
    ['?lesson=3', 'producer', 'producer'],
    ['en/lesson/?lesson=8.1', 'disk', 'disk'],
    // A named scene wins over the step's.
    ['?lesson=4.1&scene=rabbitmq', 'rabbitmq', 'rabbitmq'],
    // A level opens its own scene, whatever the link names, in the
    // scene's bundle with the levels.
    ['?level=1', 'replication', 'replication+levels'],
    ['routing/?level=7&scene=disk', 'group', 'group+levels'],
    ['?level=12&lang=en', 'pipeline', 'pipeline+levels'],
    // A scene that does not exist: the default, with a message.
    ['?scene=kafka', 'log', 'log'],
    ['workers/?scene=', 'log', 'log'],
    // The first of two scenes is the one read.
    ['?scene=disk&scene=routing', 'disk', 'disk'],
    // What the loader does not read for certain gets every scene.
    ['?level=99', 'log', 'all'],
    ['?level=%2B4', 'producer', 'all'],
    ['?level=constructor', 'log', 'all'],
    ['?lesson=01', 'log', 'all'],
    ['?scene=workers&level-kit=make', 'workers', 'all'],
  ]) {
    const { page, context, fetched, errors } = await open(path);
    const lang = await page.getAttribute('html', 'data-bundle');
    assert.equal(await page.getAttribute('html', 'data-bundle-scene'), bundle, `${path}: the loader's choice`);
    assert.equal(await page.getAttribute('[data-testid="scene"]', 'data-scene'), scene, `${path}: the app's scene`);
    // The one bundle; and after it, once the scene is ready, the lens
    // module where the scene has a lens (src/golens/view.rs).
    assert.deepEqual(fetched.slice(0, 1), [bundles[lang][bundle].wasm.split('/').pop()], `${path}: the one bundle fetched`);
    assert.deepEqual(fetched.slice(1).filter((f) => f !== bundles[lang].lens.wasm.split('/').pop()), [], `${path}: nothing but the lens module after it`);
    assert.equal(await page.$('[data-testid="scene-elsewhere"]'), null, `${path}: the bundle carries the scene`);
    assert.deepEqual(errors, [], path);
    await context.close();
  }
});

test("a scene's bundle carries its own scene's code, not the others'", async () => {
  const bundles = await loaderBundles();
  // Words only one scene's view uses (src/scenes/*/text.rs), in Russian;
  // the words of one scene's settings, which every bundle declares but only
  // that scene's form and levels show (`scene_words!`, src/params/declare.rs):
  // a label and a choice's words; and every scene's lede, read from its
  // pre-rendered page.
  const marks = [
    ['log', 'всё отправлено'],
    ['routing', 'Ключ → партиция'],
    ['pipeline', 'Партиционер'],
    ['rabbitmq', 'Средство RabbitMQ'],
    ['repartition', 'Партиций было'],
    ['routing', 'uniform sticky (3.3+): продюсер держится одной партиции'],
    // The embed builder's page and the level author kit, which only the
    // bundle with every scene carries (src/ui/start.rs, src/ui/app.rs
    // `view_level_kit`), though every scene's bundle compiles them.
    ['all', 'Выберите, что покажет сцена в iframe'],
    ['all', 'Проверить старт и решения во всех прогонах'],
  ];
  for (const scene of SCENES) {
    const page = await readFile(join(distDir, scene, 'index.html'), 'utf8');
    const lede = page.match(/<p class="lede">([^<&]{40})/);
    assert.ok(lede, `${scene}: its lede`);
    marks.push([scene, lede[1]]);
  }
  for (const bundle of [...SCENES, ...LEVEL_BUNDLES, 'all']) {
    const wasm = await readFile(join(distDir, bundles.ru[bundle].wasm.split('/').pop()));
    for (const [owner, words] of marks) {
      const carried = wasm.includes(Buffer.from(words, 'utf8'));
      assert.equal(carried, sceneOf(bundle) === owner || bundle === 'all', `${bundle}: ${owner}'s "${words}"`);
    }
  }
  // Every bundle lists every level by its title (the level map); only the
  // bundle with its scene's levels has the story and hints of a level
  // (build.rs), and the level card's own words (src/levels/text.rs
  // LevelMsg), which a scene's page's bundle leaves out with the card.
  const levels = [
    ['routing', 'Порядок заказа на шести партициях', 'Продюсер пишет события заказов без ключа', 'Порядок есть только внутри одной партиции'],
    ['pipeline', 'Два клиента, один топик', 'Сервис заказов пишет Created и Paid', 'Java берёт murmur2'],
  ];
  const cardWords = { ru: ['Карта уровней', 'Показать подсказку'], en: ['Level map', 'Show a hint'] };
  for (const bundle of [...SCENES, ...LEVEL_BUNDLES, 'all']) {
    const wasm = await readFile(join(distDir, bundles.ru[bundle].wasm.split('/').pop()));
    for (const [owner, title, ...words] of levels) {
      assert.ok(wasm.includes(Buffer.from(title, 'utf8')), `${bundle}: the title of ${owner}'s level`);
      for (const w of words) {
        assert.equal(wasm.includes(Buffer.from(w, 'utf8')), bundle === withLevels(owner) || bundle === 'all', `${bundle}: ${owner}'s level's "${w}"`);
      }
    }
  }
  for (const lang of ['ru', 'en']) {
    for (const bundle of [...SCENES, ...LEVEL_BUNDLES]) {
      const wasm = await readFile(join(distDir, bundles[lang][bundle].wasm.split('/').pop()));
      for (const w of cardWords[lang]) {
        assert.equal(wasm.includes(Buffer.from(w, 'utf8')), LEVEL_BUNDLES.includes(bundle), `${lang} ${bundle}: "${w}"`);
      }
    }
  }
  // So each scene's bundle is much smaller than the one with every scene.
  const size = async (scene) => (await readFile(join(distDir, bundles.ru[scene].wasm.split('/').pop()))).length;
  const all = await size('all');
  for (const scene of SCENES) assert.ok((await size(scene)) < 0.6 * all, scene);
  // And a scene's page's bundle is lighter than its levels' by the
  // levels' cards: the pipeline's Russian one by 90 KB of its 636 KB.
  for (const scene of LEVEL_SCENES) assert.ok((await size(scene)) < 0.95 * (await size(withLevels(scene))), scene);
});

/**
 * Opens `path` in a new context whose requests for the Russian bundle
 * `asked` (its js and wasm) are answered with the bundle `given`'s files,
 * as if the page's loader had read the address wrongly. `context.unrouteAll()`
 * stops that.
 */
async function answeredPage(asked, given, path, viewport) {
  const bundles = await loaderBundles();
  const context = await env.browser.newContext({ viewport });
  for (const kind of ['js', 'wasm']) {
    await context.route(`**/${bundles.ru[asked][kind].split('/').pop()}`, async (route) => {
      const body = await readFile(join(distDir, bundles.ru[given][kind].split('/').pop()));
      await route.fulfill({ body, contentType: kind === 'js' ? 'text/javascript' : 'application/wasm' });
    });
  }
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${env.base}${path}`);
  return { page, context, errors };
}

test('a bundle asked for a scene it lacks links to that scene\'s page', async () => {
  // The routing page's bundle answered with the log's: the app then holds
  // no routing code, as if the loader had read the address wrongly.
  const { page, context, errors } = await answeredPage('routing', 'log', 'routing/?key=user-7', { width: 360, height: 800 });
  const note = await page.waitForSelector('[data-testid="scene-elsewhere"]');
  assert.match(await note.textContent(), /Эта сцена открывается на своей странице: Ключ решает порядок/);
  const href = await page.getAttribute('[data-testid="scene-elsewhere"] a', 'href');
  assert.equal(new URL(href, page.url()).pathname, '/routing/');
  await shot(page, 'scene-elsewhere-phone');
  await context.unrouteAll();
  await page.click('[data-testid="scene-elsewhere"] a');
  await page.waitForSelector('[data-testid="scene"][data-scene="routing"][data-ready="true"]');
  assert.equal(await page.$('[data-testid="scene-elsewhere"]'), null);
  assert.equal(await page.inputValue('[data-testid="key-input"]'), 'user-7');
  assert.deepEqual(errors, []);
  await context.close();
});

test("a bundle asked for a level of a scene it lacks links to the level in that scene's bundle", async () => {
  // Level 10 is the pipeline's; its page's bundle answered with the log's,
  // which lists the level but has neither its scene nor its words.
  const { page, context, errors } = await answeredPage('pipeline+levels', 'log', '?level=10&warehouse-client=java', { width: 1200, height: 900 });
  const note = await page.waitForSelector('[data-testid="scene-elsewhere"]');
  assert.match(await note.textContent(), /Эта сцена открывается на своей странице/);
  // No message that the level does not exist: it does, elsewhere.
  assert.equal(await page.$('[data-testid="param-message"]'), null);
  await context.unrouteAll();
  await page.click('[data-testid="scene-elsewhere"] a');
  await page.waitForSelector('[data-testid="scene"][data-scene="pipeline"][data-ready="true"]');
  assert.equal(await page.getAttribute('html', 'data-bundle-scene'), 'pipeline+levels');
  assert.match(await page.textContent('[data-testid="level"]'), /Два клиента, один топик/);
  const link = new URL(page.url());
  assert.equal(link.searchParams.get('level'), '10');
  assert.equal(link.searchParams.get('warehouse-client'), 'java');
  assert.deepEqual(errors, []);
  await context.close();
});

test("a scene's page's bundle, asked for one of its levels, links to the level in the bundle with it", async () => {
  // Level 10 is the pipeline's; its levels' bundle answered with the
  // pipeline's page's, which has the scene but not the levels.
  const { page, context, errors } = await answeredPage('pipeline+levels', 'pipeline', '?level=10&warehouse-client=java', { width: 360, height: 800 });
  const note = await page.waitForSelector('[data-testid="level-elsewhere"]');
  assert.equal((await note.textContent()).trim(), 'Уровень открывается на своей странице: Два клиента, один топик');
  await page.waitForSelector('[data-testid="scene"][data-scene="pipeline"][data-ready="true"]');
  assert.equal(await page.$('[data-testid="level"]'), null);
  // No message that the level does not exist: it does, in the other bundle.
  assert.equal(await page.$('[data-testid="param-message"]'), null);
  await shot(page, 'level-elsewhere-phone');
  await context.unrouteAll();
  await page.click('[data-testid="level-elsewhere"] a');
  await page.waitForSelector('[data-testid="level"]');
  assert.equal(await page.getAttribute('html', 'data-bundle-scene'), 'pipeline+levels');
  assert.match(await page.textContent('[data-testid="level"]'), /Два клиента, один топик/);
  assert.equal(new URL(page.url()).searchParams.get('warehouse-client'), 'java');
  assert.equal(await page.$('[data-testid="level-elsewhere"]'), null);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the level author's kit is only in the bundle with every scene, and a scene's bundle links to it", async () => {
  // The kit's own words (src/levels/text.rs KitMsg) in Russian: the maker's
  // note and the preview's verdict on a start.
  const bundles = await loaderBundles();
  const kitWords = ['Уровень начнётся с текущего состояния сцены', 'на старте все цели уже выполнены'];
  for (const bundle of [...SCENES, ...LEVEL_BUNDLES, 'all']) {
    const wasm = await readFile(join(distDir, bundles.ru[bundle].wasm.split('/').pop()));
    for (const words of kitWords) {
      assert.equal(wasm.includes(Buffer.from(words, 'utf8')), bundle === 'all', `${bundle}: "${words}"`);
    }
  }
  // The kit's link answered with the log's bundle, as if the loader had
  // read it wrongly: the page says where the kit is, and its link opens it.
  const { page, context, errors } = await answeredPage('all', 'log', '?scene=log&segment-bytes=200&level-kit=make', { width: 360, height: 800 });
  const note = await page.waitForSelector('[data-testid="kit-elsewhere"]');
  assert.match(await note.textContent(), /Инструменты автора уровней есть только в полной версии лаборатории: Сделать уровень из этой ссылки/);
  assert.equal(await page.$('[data-testid="level-maker"]'), null);
  await context.unrouteAll();
  await page.click('[data-testid="kit-elsewhere"] a');
  await page.waitForSelector('[data-testid="level-maker"]');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.bundleScene), 'all');
  assert.equal(new URL(page.url()).searchParams.get('segment-bytes'), '200');
  assert.equal(await page.$('[data-testid="kit-elsewhere"]'), null);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the stylesheet in the pages reads as static/style.css does', async () => {
  // build/pages.mjs takes its comments and layout out.
  const page = await readFile(join(distDir, 'index.html'), 'utf8');
  const inPage = [...page.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map(([, css]) => css).join('');
  const source = await readFile(new URL('../../static/style.css', import.meta.url), 'utf8');
  assert.ok(inPage.length < 0.85 * source.length, `${inPage.length} of ${source.length} bytes`);
  const context = await env.browser.newContext();
  const tab = await context.newPage();
  await tab.goto(`${env.base}log/`);
  const [read, from] = await tab.evaluate(
    ([a, b]) =>
      [a, b].map((css) => {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(css);
        // A value with `var()` in it keeps its text as written, where a
        // run of whitespace is one whitespace token however long.
        return [...sheet.cssRules].map((r) => r.cssText.replace(/\s+/g, ' '));
      }),
    [inPage, source],
  );
  assert.ok(from.length > 100, `${from.length} rules`);
  assert.deepEqual(read, from);
  await context.close();
});

test("the Go lens's programs and their words are in the lens module alone", async () => {
  // Words of the lens's programs and warnings (src/golens/text.rs
  // GoLensMsg), in both languages; and words of the scenes' own views,
  // which the module has no use for.
  const bundles = await loaderBundles();
  const lensWords = ['по кругу, не глядя на ключ', 'round-robin, ignoring the key', 'отчёт о доставке каждого сообщения', "each record's delivery report"];
  const lens = await readFile(join(distDir, bundles.ru.lens.wasm.split('/').pop()));
  assert.equal(bundles.en.lens.wasm, bundles.ru.lens.wasm, 'one module for both languages');
  for (const words of lensWords) assert.ok(lens.includes(Buffer.from(words, 'utf8')), `the lens module: "${words}"`);
  for (const words of ['Ключ → партиция', 'Ссылка на это состояние']) {
    assert.ok(!lens.includes(Buffer.from(words, 'utf8')), `the lens module: no "${words}"`);
  }
  for (const lang of ['ru', 'en']) {
    for (const bundle of [...SCENES, ...LEVEL_BUNDLES, 'all']) {
      const wasm = await readFile(join(distDir, bundles[lang][bundle].wasm.split('/').pop()));
      for (const words of lensWords) assert.ok(!wasm.includes(Buffer.from(words, 'utf8')), `${lang} ${bundle}: "${words}"`);
    }
  }
});
