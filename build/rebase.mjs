// A built dist for a host's sub-path: the same files, with the sub-path
// written into each page's `<base href>`. Nothing else in a build names its
// base: the loader's bundle names (build/pages.mjs) and the pre-rendered
// copies' links (build/prerender.mjs) are relative to that element, and
// the app reads its base from it (src/ui/app.rs `base_path`). So a sub-path needs
// no second build.
//
// Usage: node build/rebase.mjs DIST OUT PUBLIC_URL, e.g. `node
// build/rebase.mjs dist dist-subpath /kafka-lab/`.
import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT_BASE = '<base href="/" />';

/** Writes `publicUrl` into the `<base href>` of every page under `dir`. */
export async function rebase(dir, publicUrl) {
  if (!/^\/([^"<>\s]+\/)?$/.test(publicUrl)) {
    throw new Error(`the public URL must be a path that starts and ends with "/", such as /kafka-lab/, not ${publicUrl}`);
  }
  let pages = 0;
  for (const entry of await readdir(dir, { recursive: true })) {
    if (!entry.endsWith('index.html')) continue;
    const file = join(dir, entry);
    const html = await readFile(file, 'utf8');
    if (html.split(ROOT_BASE).length !== 2) throw new Error(`${file}: expected one ${ROOT_BASE}`);
    await writeFile(file, html.replace(ROOT_BASE, `<base href="${publicUrl}" />`));
    pages += 1;
  }
  if (pages === 0) throw new Error(`${dir}: no page to rebase`);
  return pages;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [from, to, publicUrl] = process.argv.slice(2);
  if (!from || !to || !publicUrl) throw new Error('usage: node build/rebase.mjs DIST OUT PUBLIC_URL');
  await rm(resolve(to), { recursive: true, force: true });
  await cp(resolve(from), resolve(to), { recursive: true });
  const pages = await rebase(resolve(to), publicUrl);
  console.error(`rebase: ${pages} pages in ${to} under ${publicUrl}`);
}
