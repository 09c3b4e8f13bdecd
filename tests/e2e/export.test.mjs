// Exports for slides: SVG, PNG and the mermaid text of the sequence diagram.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { useBrowser, openPage } from './harness.mjs';

const env = useBrowser();

async function download(page, selector) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  return readFile(await file.path());
}

test('the scene exports as a well-formed SVG and as a PNG', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=log&lang=en&t=5350`);
  const svg = (await download(page, '[data-testid="export-svg"]')).toString('utf8');
  assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  const wellFormed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    return doc.getElementsByTagName('parsererror').length === 0 && doc.documentElement.nodeName === 'svg';
  }, svg);
  assert.ok(wellFormed, 'the SVG parses as XML');
  assert.match(svg, /data-testid="record"/);
  // The page's stylesheet travels inside the figure, so it looks as on screen.
  assert.match(svg, /<style>[^<]*\.controls \{/);
  const png = await download(page, '[data-testid="export-png"]');
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'a PNG signature');
  assert.ok(png.length > 1000);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the producer\'s sequence diagram exports as mermaid in the chapter\'s format', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=producer&preset=catastrophe&lang=ru`);
  const text = (await download(page, '[data-testid="export-mermaid"]')).toString('utf8');
  const lines = text.split('\n');
  assert.equal(lines[0], 'sequenceDiagram');
  assert.equal(lines[1].trim(), 'autonumber');
  assert.match(lines[2], /participant P as Продюсер \(max\.in\.flight=5\)/);
  assert.ok(lines.some((l) => /^ {4}P->>B: Батч 1/.test(l)));
  assert.ok(lines.some((l) => /^ {4}B-->>P: ACK/.test(l)));
  assert.ok(lines.some((l) => /^ {4}Note over P: /.test(l)));
  assert.deepEqual(errors, []);
  await context.close();
});
