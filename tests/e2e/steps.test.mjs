// A step shows a change: in every scene, each press of → changes what the
// learner sees (the figure, its caption or the scene's figures), never only
// the clock, and ← walks back through exactly the same states.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, SCENES, thenChanged, digest, seekTo, shot } from './harness.mjs';

const env = useBrowser();

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };
const PRESSES = 25;

/** What the learner sees of the scene, less the player's clock and bar. */
const seen = (page) =>
  page.$eval('[data-testid="scene"]', (scene) => {
    const copy = scene.cloneNode(true);
    copy.querySelectorAll('.player, [data-testid="time"], [data-testid="timeline"], [data-testid="share"], input').forEach((e) => e.remove());
    const figure = scene.querySelector('[data-testid="figure"]');
    return `${figure ? figure.outerHTML.replace(/ data-[a-z-]+="[^"]*"/g, '') : ''}\n${copy.innerText}`;
  });

const atEnd = (page) =>
  page.$eval('[data-testid="timeline"]', (el) => Number(el.value) >= Number(el.max) && !document.querySelector('[data-testid="scene"]').dataset.events);

SCENES.forEach((scene, i) => {
  // Half the scenes in Russian on a phone, half in English on a laptop.
  const [lang, viewport] = i % 2 === 0 ? ['ru', PHONE] : ['en', LAPTOP];
  test(`${scene}: each → shows a change, and ← retraces it exactly (${lang}, ${viewport.width} px)`, async () => {
    const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=${scene}&lang=${lang}`, viewport);
    await thenChanged(page, () => page.click('[data-testid="reset"]'));
    const digests = [await digest(page)];
    let before = await seen(page);
    for (let n = 0; n < PRESSES && !(await atEnd(page)); n++) {
      await thenChanged(page, () => page.click('[data-testid="step-forward"]'));
      const now = await seen(page);
      assert.notEqual(now, before, `${scene}: press ${n + 1} changed nothing a learner sees (t=${await page.getAttribute('[data-testid="scene"]', 'data-sim-time')})`);
      const caption = await page.$('[data-testid="narration"]');
      if (caption) assert.notEqual((await caption.textContent()).trim(), '', `${scene}: the step has its caption`);
      digests.push(await digest(page));
      before = now;
    }
    assert.ok(digests.length > 3, `${scene}: stepped ${digests.length - 1} times`);
    await shot(page, `steps-${scene}-${lang}`);
    for (const expected of digests.slice(0, -1).reverse()) {
      await thenChanged(page, () => page.click('[data-testid="step-back"]'));
      assert.equal(await digest(page), expected, `${scene}: ← returns to the state before`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
});

// Where idle polls happen (routing, repartition), a pause or a seek often
// stops right after one: ← still undoes the last change on screen, and
// at the end, ← then → comes back to the end as it looked.
for (const [scene, lang, viewport] of [['routing', 'ru', PHONE], ['repartition', 'en', LAPTOP]]) {
  test(`${scene}: ← from a seeked or ended state undoes a change on screen, and → comes back (${lang}, ${viewport.width} px)`, async () => {
    const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=${scene}&lang=${lang}`, viewport);
    const max = Number(await page.getAttribute('[data-testid="timeline"]', 'max'));
    for (const t of [Math.round(max / 3), Math.round(max / 2)]) {
      await seekTo(page, t);
      const here = await seen(page);
      await thenChanged(page, () => page.click('[data-testid="step-back"]'));
      assert.notEqual(await seen(page), here, `${scene}: ← from t=${t} changed nothing a learner sees`);
    }
    await seekTo(page);
    const [end, endDigest] = [await seen(page), await digest(page)];
    await thenChanged(page, () => page.click('[data-testid="step-back"]'));
    assert.notEqual(await seen(page), end, `${scene}: ← from the end changed nothing a learner sees`);
    await thenChanged(page, () => page.click('[data-testid="step-forward"]'));
    assert.equal(await digest(page), endDigest, `${scene}: → came back to the end`);
    assert.equal(await seen(page), end);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
