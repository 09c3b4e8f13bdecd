// Refreshes the README's pictures from the built app (`make build` first):
// each scene's figure as its page opens, in English at a laptop's width and
// in Russian at a phone's, and the producer's catastrophe as a strip of
// frames. Run by hand: node tests/e2e/readme-shots.mjs
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, launch, SCENES } from './harness.mjs';

const out = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'static', 'readme');
const SIZES = [['laptop', 'en', { width: 1280, height: 800 }], ['phone', 'ru', { width: 390, height: 844 }]];
// The catastrophe's frames, in ms of Kafka time: two batches on their way,
// the first one's error coming back, the second written while the first
// backs off, the first one's retry on its way, and the retry written after
// the record it came before.
const CATASTROPHE = [8, 24, 60, 175, 207];

const { server, base } = await serve();
const browser = await launch();
for (const [size, lang, viewport] of SIZES) {
  const page = await browser.newPage({ viewport });
  const figure = async (query, file) => {
    await page.goto(`${base}?${query}`);
    await page.waitForSelector('[data-testid="scene"][data-ready="true"]');
    // The sticky player would sit over a tall figure's picture.
    await page.addStyleTag({ content: '.controls { display: none !important; }' });
    await (await page.$('[data-testid="figure"]')).screenshot({ path: join(out, file) });
  };
  for (const scene of SCENES) await figure(`scene=${scene}&lang=${lang}`, `${scene}-${size}.png`);
  if (size === 'laptop') {
    for (const [i, t] of CATASTROPHE.entries()) {
      await figure(`scene=producer&preset=catastrophe&lang=en&t=${t}`, `catastrophe-${i + 1}.png`);
    }
  }
  await page.close();
}
await browser.close();
server.close();
