// Every scene, in both languages, at phone width and embedded: it loads,
// it has no horizontal scroll at 360 px, and the console stays clean (no
// error, no warning) while it loads and while it plays.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, linkTab, shot, topSpeed, loopPlay, seekTo, SCENES } from './harness.mjs';

const env = useBrowser();

for (const scene of SCENES) {
  test(`${scene}: both languages, phone width, embedded`, async () => {
    const tab = await linkTab(env.browser, { width: 360, height: 780 });
    for (const lang of ['ru', 'en']) {
      const phone = await tab.open(`${env.base}?scene=${scene}&lang=${lang}`);
      assert.equal(await phone.page.getAttribute('[data-testid="scene"]', 'data-scene'), scene);
      const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${scene} ${lang}: horizontal scroll of ${overflow}px at 360px`);
      const summary = await phone.page.textContent('[data-testid="summary"]');
      assert.match(summary, /\d/, `${scene} ${lang}: a state summary for screen readers`);
      assert.equal(await phone.page.getAttribute('[data-testid="summary"]', 'aria-live'), 'polite');
      const h1 = await phone.page.textContent('h1');
      assert.equal(/[а-яё]/i.test(h1), lang === 'ru', `${scene}: the title is in ${lang}`);
      await shot(phone.page, `all-${scene}-${lang}-phone`);
      assert.deepEqual(phone.errors, []);
    }
    await tab.close();
    const embed = await openPage(env.browser, `${env.base}?scene=${scene}&lang=ru&embed=1`, { width: 800, height: 700 });
    assert.equal(await embed.page.$('.topbar'), null);
    assert.ok(await embed.page.$('[data-testid="lang"]'), 'the language switch stays reachable when embedded');
    await shot(embed.page, `all-${scene}-embed`);
    assert.deepEqual(embed.errors, []);
    await embed.context.close();
    // Played at top speed from its last quarter, over its end (play there
    // starts again) and on from the start: the console stays clean too.
    const played = await openPage(env.browser, `${env.base}?scene=${scene}&lang=en`);
    const max = Number(await played.page.getAttribute('[data-testid="timeline"]', 'max'));
    await seekTo(played.page, Math.round((max * 3) / 4));
    await topSpeed(played.page);
    await played.page.evaluate(() => {
      // Moves of the simulated clock, and how often it went back to the
      // start: a short run restarts many times.
      window.__moves = 0;
      window.__restarts = 0;
      const root = document.querySelector('[data-testid="scene"]');
      let last = Number(root.dataset.simTime);
      new MutationObserver(() => {
        const now = Number(root.dataset.simTime);
        if (now < last) window.__restarts++;
        if (now !== last) window.__moves++;
        last = now;
      }).observe(root, { attributes: true });
    });
    // Over the end at least once, and at least 20 moves of the clock
    // however busy the machine (this file runs beside another,
    // tests/e2e/run.mjs): a busier machine draws fewer frames, each
    // carrying more of the run.
    const stop = await loopPlay(played.page);
    const moved = await played.page
      .waitForFunction(() => window.__restarts > 0 && window.__moves > 20, null, { timeout: 30_000 })
      .then(() => true, () => false);
    await stop();
    const seen = await played.page.evaluate(() => [window.__restarts, window.__moves]);
    assert.ok(moved, `${scene}: ${seen[0]} restarts in ${seen[1]} moves of the clock`);
    // The ready mark is set once, outside Yew's markup: renders keep it.
    assert.equal(await played.page.getAttribute('[data-testid="scene"]', 'data-ready'), 'true');
    assert.deepEqual(played.errors, []);
    await played.context.close();
  });
}
