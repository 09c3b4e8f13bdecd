import { serve, launch, openPage } from './harness.mjs';
const { server, base } = await serve();
const browser = await launch();
for (const [name, q, vp, sel] of JSON.parse(process.argv[2])) {
  const p = await openPage(browser, base + q, vp);
  if (sel) await (await p.page.$(sel)).screenshot({ path: `/tmp/${name}.png` });
  else await p.page.screenshot({ path: `/tmp/${name}.png` });
  await p.context.close();
}
await browser.close(); server.close();
