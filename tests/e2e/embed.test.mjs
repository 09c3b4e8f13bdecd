// Embedding in a course page, exact links, and history between scenes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useBrowser, openPage, linkTab, digest, shot, serve, distDir, recordConsole, sceneTable, SCENES } from './harness.mjs';

const env = useBrowser();

test('a course page with three embedded scenes sizes each iframe from its resize message', async () => {
  const context = await env.browser.newContext({ viewport: { width: 900, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  recordConsole(page, errors);
  await page.goto(`${env.base}embed-example.html`);
  const frames = await page.$$('iframe.kafka-lab');
  assert.equal(frames.length, 3);
  for (const frame of frames) {
    await frame.scrollIntoViewIfNeeded();
    const inner = await frame.contentFrame();
    await inner.waitForSelector('[data-testid="scene"][data-ready="true"]');
    assert.equal(await inner.$('.topbar'), null, 'no app chrome when embedded');
  }
  // The host page set each frame's height from the scene's message.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('iframe.kafka-lab')].every((f) => f.style.height && f.style.height !== '480px'),
  );
  const heights = await page.$$eval('iframe.kafka-lab', (fs) => fs.map((f) => parseInt(f.style.height, 10)));
  assert.ok(heights.every((h) => h > 300), JSON.stringify(heights));
  await shot(page, 'embed-example');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the share link reproduces the exact state, interventions included', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=group&lang=en`);
  await page.click('[data-testid="crash-member"][data-member="consumer-1"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="share-link"]').value.includes('crash%3Aconsumer-1'));
  const link = await page.inputValue('[data-testid="share-link"]');
  const before = await digest(page);
  const again = await openPage(env.browser, link);
  assert.equal(await digest(again.page), before);
  await again.page.reload();
  await again.page.waitForSelector('[data-testid="scene"][data-ready="true"]');
  assert.equal(await digest(again.page), before);
  assert.deepEqual([...errors, ...again.errors], []);
  await again.context.close();
  await context.close();
});

test('browser back and forward move between scenes', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=log&lang=en`);
  await page.click('[data-testid="scene-link"][data-scene="rabbitmq"]');
  await page.waitForSelector('[data-testid="scene"][data-scene="rabbitmq"][data-ready="true"]');
  await page.goBack();
  await page.waitForSelector('[data-testid="scene"][data-scene="log"][data-ready="true"]');
  await page.goForward();
  await page.waitForSelector('[data-testid="scene"][data-scene="rabbitmq"][data-ready="true"]');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a build for a sub-path works when served under it', async () => {
  // `make e2e` makes dist-subpath from the root build, with /kafka-lab/ as its `<base href>`.
  const { server, base } = await serve(join(distDir, '..', 'dist-subpath'), '/kafka-lab/');
  try {
    const { page, context, errors } = await openPage(env.browser, `${base}?scene=producer&lang=en`);
    assert.ok((await page.$$('[data-testid="record"]')).length > 0);
    await page.click('[data-testid="scene-link"][data-scene="disk"]');
    await page.waitForSelector('[data-testid="scene"][data-scene="disk"][data-ready="true"]');
    assert.ok(page.url().startsWith(base));
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    server.close();
  }
});

test('routing embeds compactly: the trace by default, or one part a course page names', async () => {
  const height = (page) => page.evaluate(() => document.documentElement.scrollHeight);
  const shown = (page) => page.evaluate(() => ({
    trace: !!document.querySelector('.key-panel'),
    clients: !!document.querySelector('[aria-labelledby="clients-title"]'),
    histogram: !!document.querySelector('[aria-labelledby="histogram-title"]'),
    stream: !!document.querySelector('.stream'),
  }));
  const cases = [
    ['', { trace: true, clients: false, histogram: false, stream: false }, 1000],
    ['&part=clients', { trace: false, clients: true, histogram: false, stream: false }, 1000],
    ['&part=histogram', { trace: false, clients: false, histogram: true, stream: false }, 1000],
    ['&part=stream', { trace: false, clients: false, histogram: false, stream: true }, 1400],
  ];
  const embedded = await linkTab(env.browser, { width: 800, height: 480 });
  for (const [part, expected, most] of cases) {
    const { page, errors } = await embedded.open(`${env.base}?scene=routing&embed=1&lang=ru${part}`);
    assert.deepEqual(await shown(page), expected, part);
    const h = await height(page);
    assert.ok(h <= most, `${part || 'default'}: ${h} px tall at 800 px wide`);
    assert.deepEqual(errors, []);
  }
  await embedded.close();
  // Not embedded, the whole scene; a part that does not exist says so.
  const tab = await linkTab(env.browser);
  const whole = await tab.open(`${env.base}?scene=routing&lang=en`);
  assert.deepEqual(await shown(whole.page), { trace: true, clients: true, histogram: true, stream: true });
  const bad = await tab.open(`${env.base}?scene=routing&embed=1&part=everything&lang=en`);
  assert.match(await bad.page.textContent('[data-testid="param-message"]'), /part: “everything” is not one of trace, clients, histogram, stream, go, switch, all/);
  await tab.close();
});

// Each scene's parts, as its `part` parameter declares them (the README
// lists them for course authors); the first is the default.
const PARTS = sceneTable().parts;

// In a 480 px frame, as the README embeds it, each scene's default frame
// also keeps its controls in view.
test('every scene embeds compactly: one part, its figure by default, its controls in view in 480 px, and the whole scene a click away', async () => {
  const height = (page) => page.evaluate(() => document.documentElement.scrollHeight);
  const settings = (page) => page.$$eval('main input:not([readonly]), main select', (els) => els.length);
  const tab = await linkTab(env.browser, { width: 800, height: 480 });
  for (const scene of SCENES) {
    const parts = PARTS[scene];
    const heights = {};
    for (const [lang, part] of [['ru', ''], ['en', ''], ...parts.map((p) => ['ru', p]), ['ru', 'all']]) {
      const link = `?scene=${scene}&embed=1&lang=${lang}${part && `&part=${part}`}`;
      const { page, errors } = await tab.open(`${env.base}${link}`);
      if (lang === 'ru' && part === '') {
        const box = await page.$eval('.controls', (e) => e.getBoundingClientRect().toJSON());
        assert.ok(box.top >= 0 && box.bottom <= 480 + 0.5, `${scene}: controls at ${box.top}–${box.bottom}`);
        assert.ok(await page.isVisible('[data-testid="play"], [data-testid="pause"]'), `${scene}: play`);
      }
      const shown = part || parts[0];
      assert.equal(await page.getAttribute('[data-testid="scene"]', 'data-part'), shown, link);
      heights[part || `default-${lang}`] = await height(page);
      if (part !== 'all') {
        const most = scene === 'routing' && part === 'stream' ? 1400 : 1000;
        assert.ok(heights[part || `default-${lang}`] <= most, `${link}: ${heights[part || `default-${lang}`]} px tall at 800 px wide`);
      }
      // A settings part is the form; the default frame leaves the form to the whole scene.
      if (part === 'settings') assert.ok(await settings(page) > 0, `${link}: the form`);
      if (part === 'all') {
        assert.equal(await page.$('[data-testid="whole-scene"]'), null, `${link}: already whole`);
      } else {
        // The link opens this very state, whole, outside the frame.
        const href = await page.getAttribute('[data-testid="whole-scene"]', 'href');
        const url = new URL(href);
        assert.equal(url.searchParams.get('embed'), null, href);
        assert.equal(url.searchParams.get('part'), null, href);
        assert.equal(url.searchParams.get('scene'), scene, href);
        const framed = await page.getAttribute('[data-testid="scene"]', 'data-state-digest');
        await page.goto(href);
        await page.waitForSelector('[data-testid="scene"][data-ready="true"]');
        assert.equal(await page.getAttribute('[data-testid="scene"]', 'data-part'), 'all', href);
        assert.equal(await page.getAttribute('[data-testid="scene"]', 'data-state-digest'), framed, `${href}: the same state`);
      }
      assert.deepEqual(errors, [], link);
    }
    assert.ok(heights.all > heights['default-ru'], `${scene}: the whole scene (${heights.all} px) is more than its figure (${heights['default-ru']} px)`);
  }
  await tab.close();
});

test('a part another scene has is refused with the parts this scene has', async () => {
  const tab = await linkTab(env.browser);
  const { page } = await tab.open(`${env.base}?scene=log&embed=1&part=trace&lang=en`);
  assert.match(await page.textContent('[data-testid="param-message"]'), /part: “trace” is not one of figure, settings, numbers, all/);
  assert.equal(await page.getAttribute('[data-testid="scene"]', 'data-part'), 'figure');
  const ru = await tab.open(`${env.base}?scene=producer&embed=1&part=compare&lang=ru`);
  assert.match(await ru.page.textContent('[data-testid="nothing-to-compare"]'), /Сравнивать здесь нечего/);
  await tab.close();
});

test('an embedded lesson step shows its whole scene, since its task may need any setting', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?lesson=6.1&embed=1&lang=ru`, { width: 800, height: 480 });
  assert.equal(await page.getAttribute('[data-testid="scene"]', 'data-part'), 'all');
  assert.ok(await page.$('[data-testid="scene-settings"]'), 'the settings are there');
  assert.equal(await page.$('[data-testid="whole-scene"]'), null);
  assert.deepEqual(errors, []);
  await context.close();
});
