// Scene "log" in the release build, in real headless Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, records, simTime, digest, shot, thenChanged, seekTo, switchLanguage } from './harness.mjs';

const env = useBrowser();

test('a link without a moment opens on a log that already makes its point', async () => {
  for (const link of ['?scene=log&lang=en', '?scene=log&embed=1&lang=ru']) {
    const { page, context, errors } = await openPage(env.browser, `${env.base}${link}`);
    assert.equal(await simTime(page), 5350, link);
    const log = await records(page);
    assert.ok(log.length >= 5, `${link}: ${log.length} records`);
    assert.ok((await page.$$('[data-testid="segment"]')).length >= 2, `${link}: a rolled segment`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('the record in processing pulses while the run plays, and is still when it is paused', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=log&lang=en`);
  // What runs on the page: CSS animations included, so a paused page that
  // still animated would show here.
  const pulsing = () =>
    page.evaluate(() => ({
      playing: document.querySelector('[data-testid="scene"]').dataset.playing === 'true',
      processing: document.querySelectorAll('.record.processing .cell').length,
      animations: document.getAnimations().map((a) => a.animationName),
    }));
  // The link's moment has a record in processing, and the run is paused.
  const paused = await pulsing();
  assert.equal(paused.playing, false);
  assert.ok(paused.processing >= 1, 'a record in processing at the opening moment');
  assert.deepEqual(paused.animations, []);

  await page.click('[data-testid="play"]');
  await page.waitForFunction(() => document.querySelector('.record.processing .cell')?.getAnimations().some((a) => a.animationName === 'pulse'));
  assert.equal((await pulsing()).playing, true);

  await page.click('[data-testid="pause"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="scene"]').dataset.playing === undefined);
  assert.deepEqual((await pulsing()).animations, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('play, pause and step: offsets 0,1,2,3 for order-42, step back removes exactly the last', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=log&lang=en&t=0`);
  assert.equal(await simTime(page), 0);
  assert.deepEqual(await records(page), []);

  await page.click('[data-testid="play"]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="record"]').length >= 1);
  await page.click('[data-testid="pause"]');
  assert.ok((await simTime(page)) > 0);

  await thenChanged(page, () => page.click('[data-testid="reset"]'));
  assert.equal(await simTime(page), 0);
  for (let i = 0; i < 40 && (await records(page)).length < 4; i++) {
    await thenChanged(page, () => page.click('[data-testid="step-forward"]'));
  }
  const four = await records(page);
  assert.deepEqual(four.map((r) => r.offset), [0, 1, 2, 3]);
  assert.deepEqual(four.map((r) => r.key), ['order-42', 'order-42', 'order-42', 'order-42']);
  assert.deepEqual(four.map((r) => r.step), [1, 2, 3, 4]);
  assert.ok(four.every((r) => r.topic === 'orders' && r.partition === 0));
  await shot(page, 'log-en-four-records');

  const before = await simTime(page);
  await thenChanged(page, () => page.click('[data-testid="step-back"]'));
  assert.deepEqual((await records(page)).map((r) => r.offset), [0, 1, 2]);
  assert.ok((await simTime(page)) < before);
  await thenChanged(page, () => page.click('[data-testid="step-forward"]'));
  assert.deepEqual((await records(page)).map((r) => r.offset), [0, 1, 2, 3]);
  assert.equal(await simTime(page), before);

  assert.deepEqual(errors, []);
  await context.close();
});

test('keyboard: arrows step, Home resets, Space plays and pauses', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=log&lang=en`);
  await thenChanged(page, () => page.keyboard.press('ArrowRight'));
  await thenChanged(page, () => page.keyboard.press('ArrowRight'));
  const afterTwo = await simTime(page);
  assert.ok(afterTwo > 0);
  await thenChanged(page, () => page.keyboard.press('ArrowLeft'));
  assert.ok((await simTime(page)) < afterTwo);
  await thenChanged(page, () => page.keyboard.press('Home'));
  assert.equal(await simTime(page), 0);
  await page.keyboard.press('Space');
  await page.waitForSelector('[data-testid="pause"]');
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="scene"]').dataset.simTime) > 0);
  await page.keyboard.press('Space');
  await page.waitForSelector('[data-testid="play"]');
  // Space on the focused play button must toggle once, not twice.
  await page.focus('[data-testid="play"]');
  await page.keyboard.press('Space');
  await page.waitForSelector('[data-testid="pause"]');
  await page.keyboard.press('Space');
  await page.waitForSelector('[data-testid="play"]');
  assert.deepEqual(errors, []);
  await context.close();
});

test('scrubbing to a time equals opening a link at that time', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=log&lang=en&seed=7`);
  await page.$eval('[data-testid="timeline"]', (el) => {
    el.value = '6000';
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await page.waitForFunction(() => document.querySelector('[data-testid="scene"]').dataset.simTime === '6000');
  const scrubbed = await digest(page);
  const scrubbedRecords = await records(page);
  // Scrub back and forth, then compare with a fresh load of the same moment.
  await page.$eval('[data-testid="timeline"]', (el) => {
    el.value = '1000';
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.value = '6000';
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
  assert.equal(await digest(page), scrubbed);
  const fresh = await openPage(env.browser, `${env.base}?scene=log&lang=en&seed=7&t=6000`);
  assert.equal(await digest(fresh.page), scrubbed);
  assert.deepEqual(await records(fresh.page), scrubbedRecords);
  // The address bar is the shareable link to what is on screen.
  assert.match(page.url(), /t=6000/);
  assert.match(page.url(), /seed=7/);
  assert.deepEqual([...errors, ...fresh.errors], []);
  await fresh.context.close();
  await context.close();
});

test('the language switch changes the visible text', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=log&lang=en`);
  const h1En = await page.textContent('h1');
  const narrationEn = await page.textContent('[data-testid="narration"]');
  assert.match(h1En, /append-only log/);
  await switchLanguage(page);
  const h1Ru = await page.textContent('h1');
  assert.match(h1Ru, /[а-яё]/i);
  assert.notEqual(await page.textContent('[data-testid="narration"]'), narrationEn);
  assert.equal(await page.getAttribute('html', 'lang'), 'ru');
  assert.match(page.url(), /lang=ru/);
  await shot(page, 'log-ru-start');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a nonsense link shows a message, not a blank page', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=nonsense&seed=abc`);
  const message = await page.textContent('[data-testid="param-message"]');
  assert.match(message, /nonsense/);
  assert.match(message, /seed/);
  assert.match(message, /[а-яё]/i, 'the default language is Russian');
  assert.equal(await page.getAttribute('[data-testid="scene"]', 'data-scene'), 'log');
  assert.ok((await page.$$('[data-testid="step-forward"]')).length === 1);
  await shot(page, 'nonsense-params');
  assert.deepEqual(errors, []);
  await context.close();
});

test('segment.bytes changes where segments roll, keeping the moment', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=log&lang=en&t=20000`);
  const files = () => page.$$eval('[data-testid="segment"]', (els) => els.map((e) => e.dataset.file));
  assert.deepEqual(await files(), [
    '00000000000000000000.log',
    '00000000000000000004.log',
    '00000000000000000008.log',
  ]);
  await page.$eval('[data-testid="segment-bytes"]', (el) => {
    el.value = '2000';
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="segment"]').length === 1);
  assert.equal((await records(page)).length, 12);
  assert.match(page.url(), /segment-bytes=2000/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('screenshots: phone width, embedded, light theme', async () => {
  const phone = await openPage(env.browser, `${env.base}?scene=log&lang=ru&t=5200`, { width: 360, height: 780 });
  const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `horizontal scroll of ${overflow}px at 360px`);
  await shot(phone.page, 'log-ru-phone');
  const embed = await openPage(env.browser, `${env.base}?scene=log&lang=en&t=5200&embed=1`, { width: 800, height: 700 });
  assert.equal(await embed.page.$('.topbar'), null);
  assert.ok(await embed.page.$('[data-testid="play"]'));
  await shot(embed.page, 'log-en-embed');
  const light = await openPage(env.browser, `${env.base}?scene=log&lang=en&t=5200&theme=light`);
  await shot(light.page, 'log-en-light');
  assert.deepEqual([...phone.errors, ...embed.errors, ...light.errors], []);
  for (const p of [phone, embed, light]) await p.context.close();
});

test('a request on its way to the broker covers no record and no label, at any width', async () => {
  // The producer sends every 700 ms from 300 ms on, and a request takes at
  // least 150 ms to arrive: these moments each have one in flight, early,
  // midway and late in its trip, while the log has one, two and three
  // segment files.
  const sends = [1, 5, 9, 11].map((i) => 300 + 700 * i);
  for (const width of [1280, 800, 360]) {
    for (const lang of ['ru', 'en']) {
      const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=log&lang=${lang}&t=0`, { width, height: 900 });
      for (const sent of sends) {
        for (const dt of [30, 90, 145]) {
          await seekTo(page, sent + dt);
          const found = await page.evaluate(() => {
            const box = (e) => e.getBoundingClientRect();
            const pills = [...document.querySelectorAll('[data-testid="in-flight"] rect')].map(box);
            // Every word in the figure but the pill's own, and every record's cell.
            const others = [...document.querySelectorAll('[data-testid="log-figure"] text, [data-testid="record"] .cell')]
              .filter((e) => !e.closest('[data-testid="in-flight"]'))
              .map((e) => ({ what: e.closest('[data-testid="record"]') ? `record ${e.closest('[data-testid="record"]').dataset.offset}: ${e.textContent}` : e.textContent, r: box(e) }));
            const hit = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
            return {
              pills: pills.length,
              covered: pills.flatMap((p) => others.filter((o) => hit(p, o.r)).map((o) => o.what)),
              records: document.querySelectorAll('[data-testid="record"]').length,
            };
          });
          const where = `${width}px ${lang} at ${sent + dt} ms`;
          assert.equal(found.pills, 1, `${where}: a request in flight`);
          assert.deepEqual(found.covered, [], `${where}: the pill covers these`);
        }
      }
      await shot(page, `log-in-flight-${width}-${lang}`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  }
});
