// axe-core (from npm, injected into the page) on every scene in both
// languages: no serious or critical issue.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { useBrowser, openPage } from './harness.mjs';

const env = useBrowser();
const require = createRequire(import.meta.url);
const SCENES = ['log', 'replication', 'routing', 'producer', 'repartition', 'group', 'workers', 'disk', 'rabbitmq'];

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
