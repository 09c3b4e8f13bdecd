// axe-core (from npm, injected into the page) on every scene in both
// languages: no serious or critical issue.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { useBrowser, openPage, SCENES } from './harness.mjs';

const env = useBrowser();
const require = createRequire(import.meta.url);

for (const scene of SCENES) {
  test(`axe: ${scene} has no serious or critical issue, in Russian and English`, async () => {
    const axeSource = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
    for (const lang of ['ru', 'en']) {
      const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=${scene}&lang=${lang}`);
      await page.addScriptTag({ content: axeSource });
      const found = await page.evaluate(async () => {
        const result = await window.axe.run(document, { resultTypes: ['violations'] });
        return result.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
      });
      assert.deepEqual(found, [], `${scene} ${lang}`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
}

test('? opens the shortcuts help and Esc closes it; the help button does too', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=log&lang=en`);
  assert.equal(await page.$('[data-testid="shortcuts-help"]'), null);
  await page.keyboard.press('Shift+Slash');
  await page.waitForSelector('[data-testid="shortcuts-help"]');
  assert.match(await page.textContent('[data-testid="shortcuts-help"]'), /Space/);
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('[data-testid="shortcuts-help"]'));
  await page.click('[data-testid="help"]');
  await page.waitForSelector('[data-testid="shortcuts-help"]');
  assert.deepEqual(errors, []);
  await context.close();
});

test('with reduced motion, playing moves from event to event, never in between', async () => {
  const context = await env.browser.newContext({ reducedMotion: 'reduce', viewport: { width: 1100, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${env.base}?scene=log&lang=en`);
  await page.waitForSelector('[data-testid="scene"][data-ready="true"]');
  await page.click('[data-testid="play"]');
  const seen = new Set();
  for (let i = 0; i < 30; i++) {
    seen.add(await page.getAttribute('[data-testid="scene"]', 'data-sim-time'));
    await page.waitForTimeout(50);
  }
  // 1.5 s of wall time at one event per 600 ms: a handful of distinct
  // moments, all of them event times (the log scene's first send is at 300).
  assert.ok(seen.size >= 2 && seen.size <= 5, [...seen].join(','));
  assert.ok([...seen].every((t) => t === '0' || Number(t) >= 300));
  await context.close();
});
