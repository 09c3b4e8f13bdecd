// A panic in the release build: the error overlay replaces a frozen page.
// The panic is a real one inside Yew: a DOM call that Yew expects to
// succeed is made to throw, as a browser extension or an exotic browser
// might make it, and Yew's `expect` panics while it renders.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, shot } from './harness.mjs';

const env = useBrowser();

test('a panic while rendering shows the bilingual error overlay, as text, and its reload link brings the scene back', async () => {
  const url = `${env.base}?scene=log&lang=en`;
  const { page, context, errors } = await openPage(env.browser, url);
  assert.deepEqual(errors, []);
  await page.evaluate(() => {
    const original = Element.prototype.setAttribute;
    Element.prototype.setAttribute = function (name, value) {
      // Only the scene's own elements: the overlay, added to <body>, is
      // built with the same call.
      if (this.closest('[data-testid="scene"]')) throw new Error('injected <img src=x onerror=alert(1)>');
      return original.call(this, name, value);
    };
  });
  await page.click('[data-testid="play"]');
  const overlay = page.locator('#panic-overlay');
  await overlay.waitFor({ state: 'visible' });
  assert.equal(await overlay.getAttribute('role'), 'alert');
  const heading = await overlay.locator('h2').textContent();
  assert.match(heading, /Что-то сломалось/);
  assert.match(heading, /Something broke/);
  const message = await overlay.locator('pre').textContent();
  assert.match(message, /^invalid attribute key/, 'the panic message is shown, first');
  // The release bundles leave out where a panic happened (build/bundles.mjs),
  // and the overlay shows no empty place for it (src/ui/start.rs).
  assert.doesNotMatch(message, /redacted|panicked at/);
  assert.match(message, /<img src=x onerror=alert\(1\)>/, 'the thrown text is shown as text');
  assert.equal(await overlay.locator('img').count(), 0, 'nothing in the message became markup');
  // The overlay covers the page, on top of everything else.
  const box = await overlay.boundingBox();
  const viewport = page.viewportSize();
  assert.ok(box.width >= viewport.width * 0.9 && box.height >= viewport.height * 0.9, JSON.stringify(box));
  const top = await page.evaluate(() => document.elementFromPoint(innerWidth / 2, innerHeight / 2)?.closest('#panic-overlay') !== null);
  assert.ok(top, 'the overlay is what a click in the middle of the page reaches');
  // The module aborted after the hook: the one page error is that trap.
  assert.ok(errors.length >= 1 && errors.some((e) => /unreachable/i.test(e)), JSON.stringify(errors));
  await shot(page, 'panic-overlay');
  const reload = overlay.locator('a');
  // The link is the address bar's: the same scene, in the state the app
  // had written there.
  const href = await reload.getAttribute('href');
  assert.equal(href, page.url());
  assert.ok(href.startsWith(url), href);
  await Promise.all([page.waitForNavigation(), reload.click()]);
  await page.waitForSelector('[data-testid="scene"][data-ready="true"]');
  assert.equal(await page.locator('#panic-overlay').count(), 0);
  await context.close();
});
