// The last step of the release build (build/dist.mjs): pre-renders every
// scene's default frame, and the lesson's first step, in Russian and
// English, into static pages of their own: `log/index.html`,
// `en/log/index.html`, …, `lesson/index.html`, and the root's `index.html`
// (the log, as `/` opens it). A static host serves each page's HTML with
// its figure in it, so the learner sees the figure before the wasm
// arrives; the app then empties the body as it mounts and draws the same
// markup before the next paint, so the swap is one frame
// (src/ui/shell.rs `use_ready`).
//
// Why the app itself in headless Chromium, not Yew's server-side
// rendering: the copy is then the very DOM the app draws, effects and
// all, so the hand-over cannot show a difference; SSR would need a second
// build of the app with Yew's `ssr` feature and every render-time browser
// call (the window's width picks the phone layout, the address is read for
// links) moved behind a seam, for the same markup. It drives the app
// exactly as the browser tests do, with the same server and playwright-core
// (build/lib.mjs).
//
// Each page holds four copies (wide and narrow, whole and embedded: the
// app's markup differs on each) and a small inline script that puts the
// one that fits the window and the link on the page. Each copy is the
// text of a `<script type="text/html">`, which the browser neither runs
// nor parses into elements: on a phone, building the elements of all four
// was most of the time before the figure showed; the placing script
// parses the one it puts.
// A narrow copy is kept as its differences from the wide one (`patchOf`;
// the embedded copies are kept so too, see PATCH_OF): the two differ only
// in the figure's geometry, but a pipeline page's copy is 42 KB, more
// than gzip's 32 KB window, so gzip could not find the
// narrow copy's repeats of the wide one and sent both whole. Kept as
// differences, the Russian pipeline page went from 35.6 KB gzip to 27.1
// and routing's from 30.0 to 22.7 (2026-12-04): bytes a phone on Slow 4G
// receives while it waits for the wasm. Brotli's window is larger; for it
// nothing changes.
// A link that asks for another state than the pre-rendered one (any
// parameter that the page's own link does not have with that value) gets
// the copy as a neutral placeholder of the same size (static/style.css).
//
// The copies name no host and no base: a link the app wrote as a path
// under the base is kept relative to the `<base href>`, so the same pages
// serve under any sub-path (build/rebase.mjs writes only that element).
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { serve, launch, SCENES, withoutLineComments } from './lib.mjs';

// The app's own threshold (src/widgets/layout.rs NARROW_BELOW_PX); a host test
// (tests/e2e_scenes.rs) checks the two agree.
const NARROW_BELOW_PX = 720;
const VARIANTS = [
  { name: 'wide', viewport: { width: 1200, height: 900 }, embed: false },
  { name: 'narrow', viewport: { width: 360, height: 800 }, embed: false },
  { name: 'wide-embed', viewport: { width: 1200, height: 900 }, embed: true },
  { name: 'narrow-embed', viewport: { width: 360, height: 800 }, embed: true },
];
// Which copy each one is kept as differences from: the embedded copy is
// the whole one's figure and controls with less around them, so it is
// kept as differences from the whole copy at its width, and the narrow
// embedded one from the narrow one, a copy itself kept as differences (the
// placing script follows the chain). Before, the wide embedded copy was
// kept whole, and the narrow embedded one as differences from it, at the
// other width, where the figure's geometry differs almost everywhere:
// with these bases the Russian workers page went from 42.5 KB gzip to 31.7,
// repartition's from 32.2 to 26.7 and the pipeline's from 30.3 to 27.4,
// the 24 pages 42 KB less in all (2026-12-05, Node's zlib at level 9):
// bytes that share a phone's bandwidth with the wasm.
const PATCH_OF = { narrow: 'wide', 'wide-embed': 'wide', 'narrow-embed': 'narrow' };
// How long a page the browser's cache answered waits for its app before
// it places its copy (the placing script, below). On the bench's phone
// (4× CPU) a warm load starts the app about 100 ms after this script.
const COPY_WAIT_MS = 250;
const START = '<!-- prerender: build/prerender.mjs -->';
const END = '<!-- /prerender -->';

// A copy's markup as the tokens its differences count in: each up to and
// with a `>`, and the text after the last one.
const TOKENS = /[^>]*>|[^>]+$/g;
/** A copy from the other one's tokens and its differences from them. */
const applyPatch = (base, patch) => patch.map((p) => (typeof p === 'string' ? p : base.slice(p[0], p[1]).join(''))).join('');

/**
 * The page's placing script: which copy, and whether as a placeholder.
 * `chrome` is the pieces a link's `hide=` may name (the scene table's,
 * from src/params/chrome.rs).
 */
const placer = (chrome) => `(() => {
  // A copy kept as differences (patchOf): runs of the other copy's tokens
  // ([from, to]) and the text between them. That copy may be kept as
  // differences too.
  const applyPatch = ${applyPatch};
  const markup = (stored) => (stored.dataset.patchOf ? patched(stored) : stored.textContent);
  const patched = (stored) => applyPatch(
    markup(document.querySelector('script[data-variant="' + stored.dataset.patchOf + '"]')).match(${TOKENS}),
    JSON.parse(stored.textContent),
  );
  const light = () => {
    const theme = new URLSearchParams(location.search).get('theme');
    return theme === 'light' || (theme === 'auto' && matchMedia('(prefers-color-scheme: light)').matches);
  };
  const place = () => {
    const link = new URLSearchParams(location.search);
    const embed = link.has('embed') && !['0', 'false'].includes(link.get('embed'));
    // Not embedded is the page's own state, as the app leaves it out of links.
    if (!embed) link.delete('embed');
    // The chrome a link hides is hidden on the copy by the mark the app
    // sets (static/style.css): the copy still shows that link's state. A
    // value the app refuses (it then says so over the scene) is another state.
    const chrome = ${JSON.stringify(chrome)};
    const hide = link.getAll('hide');
    const hidden = hide.length === 1 ? hide[0].split(',').map((p) => p.trim()).filter((p) => p) : null;
    if (hidden && hidden.every((p) => chrome.includes(p))) link.delete('hide');
    const variant = (innerWidth < ${NARROW_BELOW_PX} ? 'narrow' : 'wide') + (embed ? '-embed' : '');
    const stored = document.querySelector('script[data-variant="' + variant + '"]');
    // None once the app has cleared the body (a bundle that failed after
    // it started): nothing to place then.
    if (!stored) return;
    const own = new URLSearchParams(stored.dataset.query);
    const names = [...link.keys()];
    const same = names.length === new Set(names).size && names.every((n) => own.get(n) === link.get(n));
    const template = document.createElement('template');
    template.innerHTML = markup(stored);
    const copy = template.content.firstElementChild;
    copy.dataset.prerender = same ? 'static' : 'placeholder';
    if (!link.has('hide') && hidden?.length) copy.dataset.hide = chrome.filter((p) => hidden.includes(p)).join(' ');
    // The palette the link asks for, the placeholder's too.
    if (light()) copy.dataset.theme = 'light';
    // The placeholder's loading note is in the page's language: a link in
    // the other one (the bundle the loader chose, build/pages.mjs)
    // gets the bare box.
    if (!same && document.documentElement.dataset.bundle !== stored.dataset.lang) copy.dataset.otherLanguage = '';
    // The share link names this host, which the build could not know.
    const share = copy.querySelector('[data-testid="share-link"]');
    if (share && same) share.value = location.origin + location.pathname + stored.dataset.query;
    if (same) document.documentElement.lang = stored.dataset.lang;
    document.body.append(copy);
  };
  // A page the browser's cache answered, as when a learner comes back to a
  // course page within the host's max-age: its bundle is in the cache too,
  // and the live app draws the scene a moment later. Placed anyway, the copy
  // was parsed, laid out and painted only to be replaced then
  // (build/pages.mjs), on the same main thread: on the bench's phone,
  // repartition's warm load was 43 to 153 ms sooner without it (medians of
  // interleaved loads, BENCHMARKS.md, "2026-12-07"). So it waits: placed
  // only if the app has not started ${COPY_WAIT_MS} ms later (a bundle the
  // cache no longer holds), or at once if the bundle fails (the loader calls
  // kolPlaceCopy), so that the copy's note can say so. Meanwhile the page is
  // bare: its background is the palette's the link asks for
  // (static/style.css), and a course's frame is told no height until there
  // is something to measure (static/frame.js).
  if (performance.getEntriesByType('navigation')[0]?.deliveryType !== 'cache') return place();
  if (light()) document.documentElement.dataset.theme = 'light';
  let placed = false;
  window.kolPlaceCopy = () => placed || ((placed = true), place());
  setTimeout(() => window.kolStarted || window.kolPlaceCopy(), ${COPY_WAIT_MS});
})();`;

/**
 * A tab for one variant's copies, page after page: a link loaded in a tab
 * that has run the same bundle costs about half the CPU of a new context,
 * as Chromium keeps the compiled wasm in its process (tests/e2e/harness.mjs,
 * `linkTab`). The app stores nothing a scene page reads (only the levels'
 * progress, in localStorage), so each copy is still a first visit's.
 */
async function variantTab(browser, variant) {
  const context = await browser.newContext({ viewport: variant.viewport, reducedMotion: 'no-preference' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const tab = { page, cdp, errors: [], close: () => context.close() };
  page.on('pageerror', (e) => tab.errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && tab.errors.push(m.text()));
  return tab;
}

/** The app's markup at the page's link, once it is ready, as the page's copy. */
async function capture(tab, url) {
  const { page } = tab;
  // A blank page in between, so that nothing of the last copy's document
  // is left when this one loads.
  await page.goto('about:blank');
  // The last copy's wasm memories freed (its scene's and the lens
  // module's): a tab that loads page after page can otherwise run out of
  // the room V8 reserves for them before its collector runs
  // (tests/e2e/harness.mjs `linkTab`).
  await tab.cdp.send('HeapProfiler.collectGarbage');
  const errors = (tab.errors = []);
  await page.goto(url);
  await page.waitForSelector('.app:not([data-prerender]) [data-testid="scene"][data-ready="true"]');
  // The address bar holds the state's own link once the app wrote it.
  await page.waitForFunction(() => location.search.length > 1);
  // What comes a moment after the scene is ready (`aria-busy` until then):
  // the Go lens's code from its module (src/golens/view.rs), the
  // pipeline's analysis and comparison a frame later. The copy shows
  // them, as the live page then will.
  await page.waitForFunction(() => !document.querySelector('.app:not([data-prerender]) [aria-busy="true"]'));
  const lensState = () => document.querySelector('.app:not([data-prerender]) [data-testid="golens"]')?.dataset.lensState ?? 'none';
  const lens = await page.evaluate(`(${lensState})()`);
  if (lens !== 'none' && lens !== 'ready') throw new Error(`${url}: the Go lens is ${lens}`);
  // The lens module's answer for the copy's program, which the page keeps
  // beside the copies, so that the live panel has it at once.
  const lensSeed = lens === 'none' ? null : await page.evaluate(() => {
    const query = document.querySelector('.app:not([data-prerender]) [data-testid="golens"]').dataset.lensQuery;
    return new Promise((resolve, reject) =>
      window.kolLens(query, (text, error) => (text === undefined ? reject(new Error(error)) : resolve({ query, text }))),
    );
  });
  const got = await page.evaluate(() => {
    const live = document.querySelector('.app:not([data-prerender])');
    const app = live.cloneNode(true);
    // The app sets its fields' values as properties, which the markup
    // does not carry: written as attributes, the copy's fields show them.
    const fields = app.querySelectorAll('input, textarea, select');
    live.querySelectorAll('input, textarea, select').forEach((field, i) => {
      const copy = fields[i];
      if (field.tagName === 'SELECT') {
        [...copy.options].forEach((o, j) => o.toggleAttribute('selected', field.options[j].selected));
      } else if (field.type === 'checkbox' || field.type === 'radio') {
        copy.toggleAttribute('checked', field.checked);
      } else if (field.tagName === 'TEXTAREA') {
        copy.textContent = field.value;
      } else if (field.dataset.testid !== 'share-link') {
        copy.setAttribute('value', field.value);
      }
    });
    // A link the app wrote whole (a frame's link to the whole scene) names
    // this build's server, and a page's path names its base; the host
    // serves the page from its own origin and under its own base, so each
    // becomes relative to the page's <base href>, which resolves it there.
    const base = new URL(document.baseURI);
    for (const a of app.querySelectorAll('a[href]')) {
      const href = new URL(a.getAttribute('href'), base);
      if (href.origin === base.origin && href.pathname.startsWith(base.pathname)) {
        a.setAttribute('href', (href.pathname.slice(base.pathname.length) + href.search + href.hash) || './');
      }
    }
    // The copy is not the live app: nothing may take it for a ready one.
    app.querySelector('[data-testid="scene"]').removeAttribute('data-ready');
    app.querySelector('[data-testid="golens"]')?.removeAttribute('data-lens-state');
    app.querySelector('[data-testid="golens"]')?.removeAttribute('data-lens-query');
    return { html: app.outerHTML, query: location.search, lang: document.documentElement.lang };
  });
  if (errors.length) throw new Error(`${url}: ${errors.join('; ')}`);
  const origin = new URL(url).origin;
  if (got.html.includes(origin)) throw new Error(`${url}: the copy names the build's server ${origin}, which no reader can reach`);
  return { ...got, lensSeed };
}

const escapeAttr = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * A copy as the text of a script element: its markup as it is, since the
 * text of a script has no escapes. The only text that would end it early
 * or change how it is read is `</script` and `<!--` (the HTML standard's
 * "script data" states); the app writes neither (the serialiser writes a
 * text's `<` as `&lt;`), and the build stops if one ever appears.
 */
function storedCopy(c, copies) {
  const bad = c.html.match(/<\/script|<!--/i);
  if (bad) throw new Error(`${c.variant} ${c.query}: the copy holds "${bad[0]}", which would end its script element`);
  const attrs = `data-variant="${c.variant}" data-query="${escapeAttr(c.query)}" data-lang="${c.lang}"`;
  const of = copies.find((o) => o.variant === PATCH_OF[c.variant]);
  if (!of) return `<script type="text/html" ${attrs}>${c.html}</script>`;
  // JSON escapes no `<`, so the check above holds for this text too.
  const patch = JSON.stringify(differences(of.html.match(TOKENS), c.html.match(TOKENS)));
  if (applyPatch(of.html.match(TOKENS), JSON.parse(patch)) !== c.html) throw new Error(`${c.variant} ${c.query}: its differences from ${of.variant} do not give it back`);
  return `<script type="application/json" ${attrs} data-patch-of="${of.variant}">${patch}</script>`;
}

/**
 * The lens module's answers for the copies' programs (their variants
 * differ in the view alone, so they share one), each as the text of a
 * script element the page's loader reads (build/pages.mjs `kolLensSeed`).
 * After the copies, where gzip finds most of the code's text again.
 */
function lensSeeds(copies) {
  const seeds = new Map(copies.filter((c) => c.lensSeed).map((c) => [c.lensSeed.query, c.lensSeed.text]));
  return [...seeds].map(([query, text]) => {
    const bad = text.match(/<\/script|<!--/i);
    if (bad) throw new Error(`${query}: the lens's code holds "${bad[0]}", which would end its script element`);
    return `<script type="text/plain" data-lens-seed data-query="${escapeAttr(query)}">${text}</script>`;
  });
}

/**
 * `to` as runs of `from`'s tokens (`[start, end]`) and the text of the
 * tokens between them, by the longest common subsequence of the two
 * (a table of `from.length × to.length`: about a million cells for the
 * largest page, a few milliseconds).
 */
function differences(from, to) {
  const n = from.length;
  const m = to.length;
  // common[i * (m + 1) + j]: the longest common subsequence of from[i..] and to[j..].
  const common = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      common[i * (m + 1) + j] = from[i] === to[j]
        ? common[(i + 1) * (m + 1) + j + 1] + 1
        : Math.max(common[(i + 1) * (m + 1) + j], common[i * (m + 1) + j + 1]);
    }
  }
  const out = [];
  const push = (p) => {
    const last = out[out.length - 1];
    if (typeof p === 'string' && typeof last === 'string') out[out.length - 1] = last + p;
    else if (typeof p !== 'string' && Array.isArray(last) && last[1] === p[0]) last[1] = p[1];
    else out.push(p);
  };
  let i = 0;
  let j = 0;
  while (j < m) {
    if (i < n && from[i] === to[j]) {
      push([i, i + 1]);
      i++;
      j++;
    } else if (i < n && common[(i + 1) * (m + 1) + j] >= common[i * (m + 1) + j + 1]) {
      i++;
    } else {
      push(to[j]);
      j++;
    }
  }
  return out;
}

/**
 * Pre-renders the pages into `dist`, whose index.html is the page
 * build/pages.mjs wrote, with `<base href="/">`; `table` is the scene
 * table (build/scene-table/main.rs).
 */
export async function prerender(dist, table) {
  const shell = await readFile(join(dist, 'index.html'), 'utf8');
  if (shell.includes(START)) throw new Error(`${dist}/index.html is pre-rendered already`);
  const { server, base: url } = await serve(dist, '/');
  const browser = await launch();
  const pages = [];
  try {
    const all = ['ru', 'en'].flatMap((lang) =>
      [...SCENES.map((s) => ({ dir: s, query: `scene=${s}` })), { dir: 'lesson', query: 'lesson=1.1' }].map((page) => ({
        lang,
        ...page,
        dir: lang === 'en' ? join('en', page.dir) : page.dir,
      })),
    );
    // Two pages at a time, one per core: a capture waits on the app in
    // its renderer, and the other one's renderer uses that time.
    const queue = [...all];
    const worker = async () => {
      const tabs = await Promise.all(VARIANTS.map((v) => variantTab(browser, v)));
      for (let page = queue.shift(); page; page = queue.shift()) {
        const copies = [];
        for (const [i, v] of VARIANTS.entries()) {
          const query = `?${page.query}&lang=${page.lang}${v.embed ? '&embed=1' : ''}`;
          copies.push({ variant: v.name, ...(await capture(tabs[i], `${url}${query}`)) });
        }
        page.copies = copies;
        console.error(`prerendered ${page.dir}/`);
      }
      await Promise.all(tabs.map((t) => t.close()));
    };
    await Promise.all([worker(), worker()]);
    for (const { dir, copies, lang } of all) {
      pages.push({ dir, copies, lang });
      if (lang === 'ru' && dir === 'log') pages.push({ dir: '', copies, lang });
    }
  } finally {
    await browser.close();
    server.close();
  }

  for (const p of pages) {
    const block = [
      START,
      ...p.copies.map((c) => storedCopy(c, p.copies)),
      ...lensSeeds(p.copies),
      withoutLineComments(`<script>${placer(table.chrome)}</script>`),
      END,
      '',
    ].join('\n');
    const html = shell.replace('<html lang="ru">', `<html lang="${p.lang}">`).replace('</body>', `${block}</body>`);
    await mkdir(join(dist, p.dir), { recursive: true });
    await writeFile(join(dist, p.dir, 'index.html'), html);
  }
  console.error(`prerender: ${pages.length} pages in ${dist}`);
}
