// Scene "pipeline" in the release build, in real headless Chromium: every
// preset's finding names its stage, the fix link opens a pipeline without
// it on the same seed, compare marks the records that moved, the sweep
// reports a rate without a long frame, in both languages, on a phone and
// embedded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, seekTo, shot, stats, settled, openAtReady } from './harness.mjs';
import { sweepWork } from './perf.mjs';
import { readFile } from 'node:fs/promises';

const env = useBrowser();

// Each breaking preset, and the stage its findings must be blamed on.
const STAGES = {
  'producer-retry': 'producer',
  keyless: 'partitioner',
  'hash-mismatch': 'partitioner',
  'partition-increase': 'topic',
  'goroutine-per-message': 'handler',
  rebalance: 'group',
  'unclean-election': 'topic',
};

const presetLinks = async (page) =>
  page.$$eval('[data-testid="preset"]', (els) => Object.fromEntries(els.map((e) => [e.dataset.preset, e.getAttribute('href')])));

const findings = (page) =>
  page.$$eval('[data-testid="violation"]', (els) => els.map((e) => ({ stage: e.dataset.stage, key: e.dataset.key, cause: e.dataset.cause, text: e.textContent })));

test('every breaking preset names its stage, and its fix link opens a pipeline without that finding on the same seed', async () => {
  const start = await openPage(env.browser, `${env.base}?scene=pipeline&lang=en`);
  const links = await presetLinks(start.page);
  assert.deepEqual(Object.keys(links).sort(), ['happy', ...Object.keys(STAGES)].sort());
  await start.context.close();
  for (const [preset, stage] of Object.entries(STAGES)) {
    const { page, context, errors } = await openPage(env.browser, new URL(links[preset], env.base).href);
    assert.equal(await page.getAttribute('[data-testid="preset-story"]', 'data-preset'), preset);
    const found = await findings(page);
    assert.ok(found.length > 0, `${preset}: a finding`);
    for (const f of found) {
      assert.equal(f.stage, stage, `${preset}: ${f.text}`);
      assert.match(f.key, /^order-\d+$/);
    }
    // The witness: two records, each with its place in the log, of the
    // first finding's order.
    assert.equal(await page.getAttribute('[data-testid="witness"]', 'data-key'), found[0].key);
    assert.equal((await page.$$('[data-testid="witness-row"]')).length, 2);
    assert.equal((await page.$$('[data-testid="witness-path"]')).length, 2, `${preset}: both paths drawn`);
    const href = await page.getAttribute('[data-testid="fix-link"]', 'href');
    assert.ok(href, `${preset}: a fix`);
    assert.match(await page.textContent('[data-testid="fix-price"]'), /records a second.*mean latency/);
    const seed = new URL(page.url()).searchParams.get('seed');
    const fixedUrl = new URL(href, page.url());
    assert.equal(fixedUrl.searchParams.get('seed'), seed, `${preset}: the same seed`);
    await shot(page, `pipeline-en-${preset}`);
    await page.goto(fixedUrl.href);
    await page.waitForSelector('[data-testid="scene"][data-ready="true"]');
    const after = await findings(page);
    assert.ok(!after.some((f) => f.stage === stage), `${preset}: fixed by ${fixedUrl.search}: ${after.map((f) => f.text)}`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('the happy path has no finding and every event reaches the database once', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=pipeline&lang=en`);
  assert.equal(await page.getAttribute('[data-testid="preset-story"]', 'data-preset'), 'happy');
  assert.equal((await findings(page)).length, 0);
  assert.ok(await page.$('[data-testid="no-violation"]'));
  const s = await stats(page);
  assert.equal(s.applied, 48);
  assert.equal(s.duplicates + s.unapplied + s.refused + s.violations, 0);
  assert.equal(await page.$('[data-testid="fix-link"]'), null);
  await shot(page, 'pipeline-en-happy');
  assert.deepEqual(errors, []);
  await context.close();
});

test('compare runs the same seed with one setting flipped and marks the records that moved', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=pipeline&handler=per-message&lang=en`);
  const compare = '[data-testid="compare"]';
  assert.equal(await page.getAttribute(compare, 'data-change'), 'keyed-pool');
  const moved = Number(await page.getAttribute(compare, 'data-moved'));
  assert.ok(moved > 0, 'some records moved');
  const marked = await page.$$eval(`${compare} [data-side="before"] [data-testid="compare-record"][data-moved="1"]`, (els) => els.map((e) => e.className));
  assert.equal(marked.length, moved);
  assert.ok(marked.every((c) => c.includes('moved')));
  assert.ok((await page.$$(`${compare} [data-side="before"] [data-testid="compare-record"]`)).length === 48);
  // Flip another setting: the comparison follows.
  await page.selectOption('[data-testid="compare-change"]', 'sequential');
  await page.waitForFunction((sel) => document.querySelector(sel).dataset.change === 'sequential', compare);
  assert.match(await page.textContent('[data-testid="compare-summary"]'), /moved/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a service on kafka-go or sarama: its settings say which producer settings do not apply, and no fix offers them', async () => {
  for (const [lang, words] of [['ru', /У kafka-go нет ни enable\.idempotence, ни max\.in\.flight/], ['en', /kafka-go has neither enable\.idempotence nor max\.in\.flight/]]) {
    const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=pipeline&client=kafka-go&warehouse-client=kafka-go&lang=${lang}`);
    // Settings start folded on a phone, open here.
    const note = await page.textContent('.pipeline-settings [data-testid="fixed-producer"]');
    assert.match(note, words);
    const offered = await page.$$eval('[data-testid="compare-change"] option', (els) => els.map((e) => e.value));
    assert.ok(offered.length > 0);
    assert.ok(!offered.includes('idempotence') && !offered.includes('one-in-flight'), offered.join(', '));
    assert.ok(offered.includes('franz-go-client'), offered.join(', '));
    assert.deepEqual(errors, []);
    await context.close();
  }
  // With the Java client on both services, both settings are its own.
  const java = await openPage(env.browser, `${env.base}?scene=pipeline&lang=en`);
  assert.equal(await java.page.$('[data-testid="fixed-producer"]'), null);
  assert.equal(await java.page.$('[data-testid="one-batch-per-partition"]'), null);
  await java.context.close();
  // sarama takes idempotence, but one batch per partition is in flight
  // whatever the in-flight setting says (src/sim/clients.rs).
  const sarama = await openPage(env.browser, `${env.base}?scene=pipeline&client=sarama&warehouse-client=sarama&idempotence=0&lang=en`);
  assert.match(await sarama.page.textContent('[data-testid="one-batch-per-partition"]'), /since v1\.48 it keeps at most one batch per partition in flight/);
  const offered = await sarama.page.$$eval('[data-testid="compare-change"] option', (els) => els.map((e) => e.value));
  assert.ok(offered.includes('idempotence') && !offered.includes('one-in-flight'), offered.join(', '));
  assert.deepEqual(sarama.errors, []);
  await sarama.context.close();
  // franz-go without idempotence resends the next batch too, which the
  // scene's model does not: it says so.
  const franz = await openPage(env.browser, `${env.base}?scene=pipeline&client=franz-go&warehouse-client=franz-go&idempotence=0&lang=en`);
  assert.match(await franz.page.textContent('[data-testid="resends-on-retry"]'), /franz-go sends the next batch again too/);
  await franz.context.close();
  const idempotent = await openPage(env.browser, `${env.base}?scene=pipeline&client=franz-go&warehouse-client=franz-go&lang=en`);
  assert.equal(await idempotent.page.$('[data-testid="resends-on-retry"]'), null);
  await idempotent.context.close();
});

test('the sweep reports a rate over 100 seeds, in chunks, with no frame over 50 ms', async () => {
  const broken = await sweepWork(env.browser, env.base, '?scene=pipeline&idempotence=0&lang=en');
  assert.equal(broken.seeds, 100);
  assert.ok(broken.broken > 50 && broken.broken <= 100, `${broken.broken} of 100`);
  assert.match(broken.text, new RegExp(`Broken in ${broken.broken} of 100 runs`));
  // In chunks, one per frame: the page showed counts on the way, growing.
  assert.ok(broken.seen.filter((n) => n > 0 && n < 100).length >= 2, `counts shown: ${broken.seen}`);
  assert.deepEqual([...broken.seen].sort((a, b) => a - b), broken.seen, 'the count only grows');
  // Thread CPU time, so a busy machine's other processes do not count.
  assert.ok(broken.cpu.count > 2, `${broken.cpu.count} frames`);
  assert.ok(broken.cpu.max < 50, `the longest frame took ${broken.cpu.max.toFixed(1)} ms of CPU`);
  assert.equal(broken.longCpuTasks, 0, 'no long task');
  assert.deepEqual(broken.errors, []);
  const happy = await sweepWork(env.browser, env.base, '?scene=pipeline&lang=en');
  assert.equal(happy.seeds, 100);
  assert.equal(happy.broken, 0);
  assert.deepEqual(happy.errors, []);
});

test('the narration tells each step, in both languages', async () => {
  for (const lang of ['ru', 'en']) {
    const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=pipeline&handler=per-message&lang=${lang}&t=0`);
    const narration = () => page.textContent('[data-testid="narration"]');
    const intro = await narration();
    assert.match(intro, lang === 'ru' ? /Нажмите ▶/ : /Press ▶/);
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((old) => document.querySelector('[data-testid="narration"]').textContent !== old, intro);
    assert.match(await narration(), lang === 'ru' ? /checkout отправил order-\d+ · Created; партиционер java выбрал партицию \d/ : /checkout sent order-\d+ · Created; the java partitioner picked partition \d/);
    // At the end, the findings are in the page's language.
    await seekTo(page);
    const found = await findings(page);
    assert.ok(found.length > 0);
    assert.equal(/[а-яё]/i.test(found[0].text), lang === 'ru', found[0].text);
    assert.match(found[0].text, lang === 'ru' ? /Этап: «Обработчик» — горутина на каждое сообщение/ : /Stage: Handler, a goroutine per message/);
    assert.equal(/[а-яё]/i.test(await page.textContent('[data-testid="witness"]')), lang === 'ru');
    assert.match(await page.textContent('[data-testid="summary"]'), lang === 'ru' ? /первое — на этапе «Обработчик»/ : /the first at the Handler stage/);
    await shot(page, `pipeline-${lang}-per-message`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('on a phone the lanes fit, and embedded the figure comes alone with its findings', async () => {
  const phone = await openPage(env.browser, `${env.base}?scene=pipeline&idempotence=0&seed=43&lang=ru`, { width: 360, height: 780 });
  const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `horizontal scroll of ${overflow}px`);
  const box = await phone.page.$eval('[data-testid="pipeline-figure"]', (e) => e.getBoundingClientRect().width);
  assert.ok(box <= 360 && box > 250, `figure ${box}px wide`);
  assert.equal(await phone.page.getAttribute('[data-testid="pipeline-figure"]', 'viewBox').then((v) => v.split(' ')[2]), '360');
  assert.ok((await findings(phone.page)).length > 0);
  await shot(phone.page, 'pipeline-ru-phone');
  assert.deepEqual(phone.errors, []);
  await phone.context.close();
  const embed = await openPage(env.browser, `${env.base}?scene=pipeline&idempotence=0&seed=43&lang=en&embed=1`, { width: 800, height: 700 });
  assert.equal(await embed.page.getAttribute('[data-testid="scene"]', 'data-part'), 'figure');
  assert.ok((await findings(embed.page)).every((f) => f.stage === 'producer'));
  assert.equal(await embed.page.$('[data-testid="compare"]'), null);
  assert.equal(await embed.page.$('[data-testid="witness"]'), null);
  const height = await embed.page.evaluate(() => document.documentElement.scrollHeight);
  assert.ok(height <= 1000, `${height}px tall`);
  await shot(embed.page, 'pipeline-en-embed');
  assert.deepEqual(embed.errors, []);
  await embed.context.close();
});

test('every setting is in the link: changing one in the form rebuilds the run', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=pipeline&lang=en`);
  await page.selectOption('[data-testid="pl-handler"]', 'per-message');
  await page.waitForFunction(() => location.search.includes('handler=per-message'));
  await page.waitForSelector('[data-testid="violation"][data-stage="handler"]');
  await page.uncheck('[data-testid="pl-dedupe"]');
  await page.waitForFunction(() => location.search.includes('dedupe=0'));
  assert.equal(await page.getAttribute('[data-testid="preset-story"]', 'data-preset'), '');
  assert.match(await page.textContent('[data-testid="simplified"]'), /simplifies/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the pipeline exports for slides with its lanes and the witness path', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=pipeline&handler=per-message&lang=ru`);
  const [file] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="export-svg"]')]);
  const svg = (await readFile(await file.path())).toString('utf8');
  const wellFormed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    return doc.getElementsByTagName('parsererror').length === 0 && doc.documentElement.nodeName === 'svg';
  }, svg);
  assert.ok(wellFormed, 'the SVG parses as XML');
  assert.match(svg, /data-testid="witness-path"/);
  assert.match(svg, /data-stage="handler"/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the smallest fix and the comparison run after the scene is ready, and then show', async () => {
  // The happy path has no finding, so no fix; the keyless one has both.
  for (const [path, hasFix] of [['pipeline/', false], ['en/pipeline/?key-by=none', true]]) {
    // The two cards as they are when the live scene is first marked ready.
    const { page, context, errors, busy } = await openAtReady(env.browser, `${env.base}${path}`);
    assert.equal(busy.compare, 'true', `${path}: the comparison had not run yet`);
    assert.equal(busy.fix, hasFix ? 'true' : undefined, `${path}: the fix had not run yet`);
    await settled(page);
    assert.equal(await page.getAttribute('[data-testid="compare"]', 'aria-busy'), 'false');
    assert.ok(Number(await page.getAttribute('[data-testid="compare"]', 'data-moved')) >= 0);
    assert.ok(await page.$('[data-testid="compare-summary"]'), `${path}: the comparison shows`);
    assert.equal(!!(await page.$('[data-testid="fix"]')), hasFix, path);
    if (hasFix) {
      assert.equal(await page.getAttribute('[data-testid="fix"]', 'aria-busy'), 'false');
      assert.equal(await page.$('[data-testid="fix"] .dim'), null, `${path}: no longer searching`);
      assert.ok(await page.$('[data-testid="fix-link"]'), `${path}: a fix`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  }
});
