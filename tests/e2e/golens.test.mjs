// The Go client lens: a tab per client in every scene where a client
// setting matters, the code as selectable text with a copy button, the
// warnings where a library's default breaks the order, and the routing
// scene's "switching client" view, checked against partitioners written
// here again from the clients' formulas.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useBrowser, openPage, linkTab, recordConsole, sceneTable, settled, noteReady } from './harness.mjs';

const env = useBrowser();

// The scenes with a lens whose tab the link names `client=`; the
// pipeline's is `go-client=` (its `client=` is the checkout service's).
const LENS_SCENES = sceneTable().lens.filter((scene) => scene !== 'pipeline');
const CLIENTS = ['franz-go', 'sarama', 'kafka-go', 'confluent-kafka-go', 'java'];
// The Kafka the conformance suite runs, whose client the Java tab names.
const KAFKA = readFileSync(new URL('../kafka/java/pom.xml', import.meta.url), 'utf8').match(/<kafka\.version>([^<]+)</)[1];

// Kafka's murmur2 (Utils.murmur2), masked as BuiltInPartitioner does.
function murmur2(bytes) {
  const m = 0x5bd1e995;
  let h = (0x9747b28c ^ bytes.length) >>> 0;
  const full = bytes.length & ~3;
  for (let i = 0; i < full; i += 4) {
    let k = (bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24)) >>> 0;
    k = Math.imul(k, m) >>> 0;
    k = (k ^ (k >>> 24)) >>> 0;
    k = Math.imul(k, m) >>> 0;
    h = (Math.imul(h, m) ^ k) >>> 0;
  }
  const rest = bytes.length & 3;
  if (rest >= 3) h = (h ^ (bytes[full + 2] << 16)) >>> 0;
  if (rest >= 2) h = (h ^ (bytes[full + 1] << 8)) >>> 0;
  if (rest >= 1) h = Math.imul((h ^ bytes[full]) >>> 0, m) >>> 0;
  h = (h ^ (h >>> 13)) >>> 0;
  h = Math.imul(h, m) >>> 0;
  return (h ^ (h >>> 15)) >>> 0;
}

function fnv1a(bytes) {
  let h = 0x811c9dc5;
  for (const b of bytes) h = Math.imul((h ^ b) >>> 0, 0x01000193) >>> 0;
  return h >>> 0;
}

const utf8 = (s) => [...new TextEncoder().encode(s)];
const javaPartition = (key, n) => (murmur2(utf8(key)) & 0x7fffffff) % n;
// sarama's NewHashPartitioner: int32(h) % n, negated when negative.
const saramaPartition = (key, n) => Math.abs((fnv1a(utf8(key)) | 0) % n);

// The code on screen, once the lens module has answered for the link's
// program (src/golens/view.rs).
const code = async (page) => {
  await page.waitForSelector('[data-testid="golens"][data-lens-state="ready"]');
  return page.$eval('[data-testid="go-code"]', (el) => el.innerText);
};

test('every lens scene has a tab per client, each with its library, in both languages', async () => {
  const tab = await linkTab(env.browser);
  for (const scene of LENS_SCENES) {
    for (const lang of ['ru', 'en']) {
      const { page, errors } = await tab.open(`${env.base}?scene=${scene}&lang=${lang}`);
      const tabs = await page.$$eval('[data-testid="go-tab"]', (els) => els.map((e) => e.dataset.client));
      assert.deepEqual(tabs, CLIENTS, `${scene} ${lang}`);
      assert.match(await page.textContent('#golens-title'), lang === 'ru' ? /На Go/ : /In Go/);
      for (const client of CLIENTS) {
        await page.click(`[data-testid="go-tab"][data-client="${client}"]`);
        await page.waitForSelector(`[data-testid="go-code"][data-client="${client}"]`);
        assert.equal(await page.getAttribute(`[data-testid="go-tab"][data-client="${client}"]`, 'aria-selected'), 'true');
        const text = await code(page);
        if (client === 'java') {
          assert.ok(text.includes(`kafka-clients ${KAFKA}`), `${scene}: the Java tab names kafka-clients ${KAFKA}`);
          assert.match(text, /public class Main/);
        } else {
          assert.match(text, /^\/\/ github\.com\/\S+ v\d+\.\d+\.\d+/, `${scene} ${client}`);
          assert.match(text, /\npackage main\n/);
          assert.match(text, /func main\(\) \{/);
        }
        // The link names the tab, so a shared link opens it.
        const link = await page.inputValue('[data-testid="share-link"]');
        assert.equal(new URL(link).searchParams.get('client'), client === 'franz-go' ? null : client, link);
      }
      assert.deepEqual(errors, [], `${scene} ${lang}`);
    }
  }
  await tab.close();
});

test('the code is selectable text, the copy button copies it, and a frame can show the lens alone', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1200, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  const errors = [];
  recordConsole(page, errors);
  await page.goto(`${env.base}?scene=producer&preset=idempotent&lang=en&client=sarama`);
  await page.waitForSelector('[data-testid="scene"][data-ready="true"]');
  await settled(page);
  const selected = await page.evaluate(() => {
    const pre = document.querySelector('[data-testid="go-code"]');
    const range = document.createRange();
    range.selectNodeContents(pre);
    const sel = window.getSelection();
    sel.removeAllRanges();
    sel.addRange(range);
    return { text: sel.toString(), userSelect: getComputedStyle(pre).userSelect };
  });
  assert.notEqual(selected.userSelect, 'none');
  assert.match(selected.text, /cfg\.Producer\.Idempotent = true\n/);
  assert.match(selected.text, /cfg\.Net\.MaxOpenRequests = 1\n/);
  // The lines that differ from sarama's defaults are marked, and only those.
  const marked = await page.$$eval('[data-testid="go-code"] [data-changed="1"]', (els) => els.map((e) => e.textContent.trim()));
  assert.ok(marked.includes('cfg.Producer.Idempotent = true'), marked.join('\n'));
  assert.ok(!marked.some((l) => l.startsWith('cfg := sarama.NewConfig()')), marked.join('\n'));
  await page.click('[data-testid="copy-code"]');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied.trimEnd(), (await code(page)).trimEnd());
  assert.match(await page.textContent('[data-testid="save-code"]'), /producer-sarama\.go/);
  // The SVG export is the scene's markup: the code goes with it.
  const exported = await page.evaluate(() => new XMLSerializer().serializeToString(document.querySelector('[data-testid="scene"]')));
  assert.match(exported, /cfg\.Producer\.Idempotent = true/);
  await page.goto(`${env.base}?scene=workers&embed=1&part=go&lang=ru`);
  await page.waitForSelector('[data-testid="scene"][data-ready="true"]');
  await settled(page);
  assert.ok(await page.$('[data-testid="go-code"]'));
  assert.equal(await page.$('[data-testid="workers-input"]'), null, 'the lens alone, without the settings');
  assert.deepEqual(errors, []);
  await context.close();
});

test('changing a setting changes the code', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=workers&lang=en&client=kafka-go`);
  assert.match(await code(page), /NewKeyedWorkerPool\(8, 64\)/);
  assert.match(await code(page), /h\.Sum32\(\)%uint32\(len\(p\.queues\)\)/);
  await page.$eval('[data-testid="workers-input"]', (el) => {
    el.value = '5';
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await page.waitForFunction(() => document.querySelector('[data-testid="go-code"]').innerText.includes('NewKeyedWorkerPool(5, 64)'));
  // The note finds a key where the chapter's signed form and the clean
  // form pick different workers; check it with the formulas here.
  const note = await page.textContent('[data-testid="signed-note"]');
  const [, key] = note.match(/key (order-\d+)/);
  const h = fnv1a(utf8(key));
  assert.ok(h >= 2 ** 31, `${key}: the high bit turns the 32-bit int negative`);
  assert.notEqual(Math.abs((h | 0) % 5), h % 5, key);
  assert.match(note, new RegExp(`worker comes out ${Math.abs((h | 0) % 5)} instead of ${h % 5}`));

  await page.goto(`${env.base}?scene=routing&lang=en`);
  await page.waitForSelector('[data-testid="scene"][data-ready="true"]');
  await settled(page);
  assert.match(await code(page), /"order-42" → partition 0 of 3/);
  await page.fill('[data-testid="key-input"]', 'customer-7');
  await page.waitForFunction(() => document.querySelector('[data-testid="go-code"]').innerText.includes('"customer-7"'));
  assert.match(await code(page), new RegExp(`"customer-7" → partition ${javaPartition('customer-7', 3)} of 3`));
  assert.deepEqual(errors, []);
  await context.close();
});

test('the kafka-go tab of the keyed routing scene warns that its default balancer breaks the order', async () => {
  const tab = await linkTab(env.browser);
  for (const lang of ['ru', 'en']) {
    const { page, errors } = await tab.open(`${env.base}?scene=routing&lang=${lang}&client=kafka-go`);
    const warnings = await page.$$eval('[data-testid="client-warning"]', (els) => els.map((e) => [e.dataset.severity, e.textContent]));
    assert.equal(warnings.length, 1, JSON.stringify(warnings));
    assert.equal(warnings[0][0], 'breaks-order');
    assert.match(warnings[0][1], lang === 'ru' ? /по кругу/ : /round-robin/);
    assert.match(await code(page), /Balancer: kafka\.Murmur2Balancer\{\},/);
    // franz-go's default is Java's: nothing to warn about, nothing marked.
    await page.click('[data-testid="go-tab"][data-client="franz-go"]');
    await page.waitForSelector('[data-testid="go-code"][data-client="franz-go"]');
    assert.equal(await page.$('[data-testid="client-warning"]'), null);
    assert.equal(await page.$('[data-testid="go-code"] [data-changed="1"]'), null);
    // With a null key, kafka-go cannot stick as the scene's uniform sticky does.
    await page.goto(`${env.base}?scene=routing&lang=${lang}&client=kafka-go&key-null=1`);
    await page.waitForSelector('[data-testid="scene"][data-ready="true"]');
  await settled(page);
    assert.equal(await page.getAttribute('[data-testid="client-warning"]', 'data-severity'), 'cannot');
    assert.deepEqual(errors, []);
  }
  await tab.close();
});

test('the switching view lists the keys that move, as the clients compute them', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=routing&lang=en&partitions=5`);
  const rows = () => page.$$eval('[data-testid="switch-key"]', (els) => els.map((e) => ({ ...e.dataset })));
  const listed = await rows();
  assert.equal(listed[0].key, 'order-42');
  assert.ok(listed.length > 5);
  for (const r of listed) {
    assert.equal(Number(r.from), saramaPartition(r.key, 5), r.key);
    assert.equal(Number(r.to), javaPartition(r.key, 5), r.key);
    assert.equal(r.moves, r.from === r.to ? '0' : '1', r.key);
  }
  let moved = 0;
  for (let i = 1; i <= 1000; i++) if (saramaPartition(`order-${i}`, 5) !== javaPartition(`order-${i}`, 5)) moved++;
  assert.equal(await page.getAttribute('[data-testid="switch-view"]', 'data-moved'), String(moved));
  assert.match(await page.textContent('[data-testid="switch-summary"]'), new RegExp(`of 1000 keys on 5 partitions, ${moved} move`));
  assert.match(await page.textContent('[data-testid="switch-option"]'), /kgo\.StickyKeyPartitioner\(kgo\.SaramaCompatHasher\(fnv32a\)\)/);
  // From sarama to sarama's own murmur2 partitioner is Java's placement again.
  await page.selectOption('[data-testid="switch-from"]', 'java');
  await page.selectOption('[data-testid="switch-to"]', 'sarama-murmur2');
  await page.waitForFunction(() => document.querySelector('[data-testid="switch-view"]').dataset.moved === '0');
  assert.match(await page.textContent('[data-testid="switch-option"]'), /sarama\.NewMurmur2Partitioner/);
  const link = new URL(await page.inputValue('[data-testid="share-link"]'));
  assert.equal(link.searchParams.get('switch-from'), 'java');
  assert.equal(link.searchParams.get('switch-to'), 'sarama-murmur2');
  // In Russian, with Russian number agreement.
  await page.goto(`${env.base}?scene=routing&lang=ru&partitions=3`);
  await page.waitForSelector('[data-testid="scene"][data-ready="true"]');
  await settled(page);
  assert.match(await page.textContent('[data-testid="switch-summary"]'), /из 1000 ключей на 3 партициях \d+ переед/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the pipeline lens writes the checkout service and its group, with the partitioner its client implies', async () => {
  const tab = await linkTab(env.browser);
  for (const lang of ['ru', 'en']) {
    const { page, errors } = await tab.open(`${env.base}?scene=pipeline&lang=${lang}&go-client=kafka-go`);
    await page.waitForSelector('[data-testid="go-code"][data-client="kafka-go"]');
    const text = await code(page);
    for (const part of [/func produce\(\) \{/, /func consume\(\) \{/, /\tproduce\(\)\n\tconsume\(\)/, /NewKeyedWorkerPool\(4, 64\)/]) {
      assert.match(text, part, lang);
    }
    // The scene's services run Java's murmur2: kafka-go needs the option,
    // and its default RoundRobin would break the order shown.
    const marked = await page.$$eval('[data-testid="go-code"] [data-changed="1"]', (els) => els.map((e) => e.textContent.trim()));
    assert.ok(marked.includes('Balancer: kafka.Murmur2Balancer{},'), marked.join('\n'));
    const warnings = await page.$$eval('[data-testid="client-warning"]', (els) => els.map((e) => [e.dataset.severity, e.textContent]));
    assert.ok(warnings.some(([s, t]) => s === 'breaks-order' && /RoundRobin/.test(t)), JSON.stringify(warnings));
    assert.ok(warnings.some(([s]) => s === 'cannot'), 'kafka-go has no idempotent producer');
    // The tab is `go-client=`: `client=` stays the checkout service's.
    await page.click('[data-testid="go-tab"][data-client="sarama"]');
    await page.waitForSelector('[data-testid="go-code"][data-client="sarama"]');
    assert.match(await code(page), /cfg\.Producer\.Partitioner = sarama\.NewMurmur2Partitioner/);
    const link = new URL(await page.inputValue('[data-testid="share-link"]'));
    assert.equal(link.searchParams.get('go-client'), 'sarama');
    assert.equal(link.searchParams.get('client'), 'java');
    // The keyless preset puts both services on kafka-go's default: its tab
    // writes no balancer, and says that this is what breaks the order.
    await page.click('[data-testid="preset"][data-preset="keyless"]');
    await page.click('[data-testid="go-tab"][data-client="kafka-go"]');
    await page.waitForFunction(() => !document.querySelector('[data-testid="go-code"][data-client="kafka-go"]')?.innerText.includes('Balancer:'));
    const keyless = await page.$$eval('[data-testid="client-warning"]', (els) => els.map((e) => [e.dataset.severity, e.textContent]));
    assert.ok(keyless.some(([s, t]) => s === 'breaks-order' && /kafka\.Murmur2Balancer\{\}/.test(t)), JSON.stringify(keyless));
    // franz-go reproduces it with its round-robin partitioner, marked.
    await page.click('[data-testid="go-tab"][data-client="franz-go"]');
    await page.waitForSelector('[data-testid="go-code"][data-client="franz-go"]');
    const franz = await page.$$eval('[data-testid="go-code"] [data-changed="1"]', (els) => els.map((e) => e.textContent.trim()));
    assert.ok(franz.includes('kgo.RecordPartitioner(kgo.RoundRobinPartitioner()),'), franz.join('\n'));
    assert.deepEqual(errors, [], lang);
  }
  // A sarama checkout service: franz-go writes sarama's hash, and the code
  // says so in the language of the page.
  const { page, errors } = await tab.open(`${env.base}?scene=pipeline&lang=ru&client=sarama&warehouse-client=sarama&embed=1&part=go`);
  assert.match(await code(page), /kgo\.StickyKeyPartitioner\(kgo\.SaramaCompatHasher\(fnv32a\)\)/);
  assert.match(await code(page), /\/\/ FNV-1a, как у sarama/);
  assert.equal(await page.$('[data-testid="lane"]'), null, 'the lens alone, without the figure');
  assert.deepEqual(errors, []);
  await tab.close();
});

test('region placement writes the region partitioner in every client, placing keys as the scene does', async () => {
  const hooks = {
    'franz-go': /kgo\.RecordPartitioner\(regionPartitioner\(\)\),/,
    sarama: /cfg\.Producer\.Partitioner = newRegionPartitioner/,
    'kafka-go': /Balancer: regionBalancer\{\},/,
    'confluent-kafka-go': /if p, ok := regionPartition\(key, n\); ok \{/,
    java: /PARTITIONER_CLASS_CONFIG, RegionPartitioner\.class/,
  };
  // The region split as the scene's partitioner has it: eu 0, us 1, asia 2,
  // modulo the count; any other key by Java's murmur2.
  const regionPartition = (key, n) => {
    const slash = key.indexOf('/');
    const i = slash < 0 ? -1 : ['eu', 'us', 'asia'].indexOf(key.slice(0, slash));
    return i < 0 ? javaPartition(key, n) : i % n;
  };
  const tab = await linkTab(env.browser);
  for (const lang of ['ru', 'en']) {
    for (const [key, n] of [['asia/order-7', 2], ['us/x', 5], ['order-42', 3]]) {
      const { page, errors } = await tab.open(`${env.base}?scene=routing&placement=region&key=${encodeURIComponent(key)}&partitions=${n}&lang=${lang}`);
      for (const client of CLIENTS) {
        await page.click(`[data-testid="go-tab"][data-client="${client}"]`);
        await page.waitForSelector(`[data-testid="go-code"][data-client="${client}"]`);
        const text = await code(page);
        assert.match(text, hooks[client], `${client} ${key}`);
        assert.match(text, /regionPartition/);
        const p = regionPartition(key, n);
        assert.match(text, new RegExp(`"${key}" → ${lang === 'ru' ? 'партиция' : 'partition'} ${p} `), `${client} ${key}`);
        // The partitioner is in the code now: no note that it is missing.
        assert.equal(await page.$('[data-testid="client-warning"]'), null, `${client} ${key}`);
      }
      assert.deepEqual(errors, [], `${lang} ${key}`);
    }
  }
  await tab.close();
});

test('at 360 px the lens fits the screen: the code scrolls inside its box', async () => {
  const tab = await linkTab(env.browser, { width: 360, height: 800 });
  for (const scene of sceneTable().lens) {
    const { page, errors } = await tab.open(`${env.base}?scene=${scene}&lang=ru&part=go`);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= 360, `${scene}: ${wide} px wide`);
    const box = await page.$eval('[data-testid="go-scroll"]', (el) => el.getBoundingClientRect().right);
    assert.ok(box <= 360, `${scene}: the code box ends at ${box}`);
    // The code is wider than the phone: its box scrolls, and says so.
    assert.ok(await page.$eval('[data-testid="go-scroll"]', (el) => el.scrollWidth > el.clientWidth), scene);
    assert.deepEqual(errors, []);
  }
  await tab.close();
});

test('where a producer or a consumer is on screen, the lens tabulates what each client does, each cell naming its conformance case, the shown tab marked', async () => {
  const tab = await linkTab(env.browser);
  for (const [lang, kept, twice] of [['ru', 'порядок сохранён', /дубль/], ['en', 'order kept', /duplicate/]]) {
    const { page, errors } = await tab.open(`${env.base}?scene=producer&preset=catastrophe&client=sarama&lang=${lang}`);
    await page.click('[data-testid="what-your-client-does"] summary');
    // The table is drawn once opened, by the render the toggle schedules.
    await page.waitForSelector('[data-testid="measured-cell"]');
    const cells = await page.$$eval('[data-testid="measured-cell"]', (els) =>
      els.map((e) => ({ client: e.dataset.client, case: e.dataset.case, text: e.textContent.trim(), shown: e.classList.contains('shown'), safe: e.classList.contains('safe') })),
    );
    assert.equal(cells.length, 3 * CLIENTS.length);
    const retry = Object.fromEntries(cells.filter((c) => c.case.startsWith('lens-retry/')).map((c) => [c.client, c]));
    assert.equal(retry.sarama.text, kept);
    assert.equal(retry['kafka-go'].text, kept);
    assert.match(retry['franz-go'].text, twice);
    assert.ok(!retry.java.safe && retry.sarama.safe);
    assert.deepEqual(cells.filter((c) => c.shown).map((c) => c.client), ['sarama', 'sarama', 'sarama']);
    // Each cell names its case (a host test checks each is planned: report.rs).
    assert.ok(cells.every((c) => /^lens-(retry|lost-answer)\/[a-z-]+\/[a-z0-9-]+$/.test(c.case)), cells.map((c) => c.case).join(' '));
    assert.deepEqual(errors, []);
  }
  // A consumer's program on screen: the consumer's rows.
  const group = await tab.open(`${env.base}?scene=group&lang=en&client=kafka-go`);
  await group.page.click('[data-testid="what-your-client-does"] summary');
  await group.page.waitForSelector('[data-testid="measured-cell"]');
  const consumerCells = await group.page.$$eval('[data-testid="measured-cell"]', (els) =>
    els.map((e) => ({ client: e.dataset.client, case: e.dataset.case, text: e.textContent.trim(), safe: e.classList.contains('safe') })),
  );
  // A member killed mid-record, under each commit, and a rebalance mid-record.
  assert.equal(consumerCells.length, 5 * CLIENTS.length);
  assert.ok(consumerCells.every((c) => /^lens-consumer\/[a-z-]+\/(group-auto|group-manual|workers-keyed-pool|group-auto-rebalance|group-manual-rebalance)$/.test(c.case)), consumerCells.map((c) => c.case).join(' '));
  const rebalance = Object.fromEntries(consumerCells.filter((c) => c.case.endsWith('/group-auto-rebalance')).map((c) => [c.client, c]));
  assert.equal(rebalance.sarama.text, 'the rebalance waits for the handler; nothing handled again');
  assert.equal(rebalance['franz-go'].text, 'the whole last poll handled again');
  const auto = Object.fromEntries(consumerCells.filter((c) => c.case.endsWith('/group-auto')).map((c) => [c.client, c]));
  assert.equal(auto['franz-go'].text, 'the whole last poll handled again');
  assert.equal(auto['kafka-go'].text, 'only the record in flight handled again');
  assert.ok(consumerCells.filter((c) => c.case.endsWith('/workers-keyed-pool')).every((c) => !c.safe && c.text === 'what was handed on is lost'));
  assert.deepEqual(group.errors, []);
  // No producer or consumer program on screen, no table.
  const routing = await tab.open(`${env.base}?scene=routing&lang=en`);
  assert.equal(await routing.page.$('[data-testid="what-your-client-does"]'), null);
  await tab.close();
});

test('a scene page loads its own bundle, then the lens module once the scene is ready, and its code comes from it', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  recordConsole(page, errors);
  // When the live scene first says it is ready, on the page's own clock.
  await noteReady(page);
  const wasm = [];
  page.on('request', (r) => r.url().endsWith('.wasm') && wasm.push(new URL(r.url()).pathname));
  // The page's own program is at hand from its copy (the seed), so the
  // panel may be ready before the module is even asked for: the module
  // comes after, and the test waits for it, not for the panel.
  const lensAsked = page.waitForRequest((r) => /kafka-ordering-lab-lens-[^/]*_bg\.wasm$/.test(r.url()));
  await page.goto(`${env.base}repartition/`);
  await settled(page);
  assert.equal(await page.getAttribute('[data-testid="golens"]', 'data-lens-state'), 'ready');
  await lensAsked;
  assert.equal(wasm.length, 2, wasm.join(' '));
  assert.match(wasm[0], /kafka-ordering-lab-repartition-ru-[0-9a-f]+_bg\.wasm$/);
  assert.match(wasm[1], /kafka-ordering-lab-lens-ru-en-[0-9a-f]+_bg\.wasm$/);
  // Its resource timing is there once its response has ended.
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /kafka-ordering-lab-lens-.*\.wasm$/.test(e.name)));
  const { readyAt, lensAt } = await page.evaluate(() => ({
    readyAt: window.atReady.at,
    lensAt: performance.getEntriesByType('resource').find((e) => /kafka-ordering-lab-lens-.*\.wasm$/.test(e.name)).startTime,
  }));
  assert.ok(readyAt > 0 && lensAt >= readyAt, `ready at ${readyAt} ms, the lens module asked for at ${lensAt} ms`);
  assert.match(await code(page), /package main/);
  // Another tab is a question to the loaded module, not another download.
  await page.click('[data-testid="go-tab"][data-client="java"]');
  await page.waitForSelector('[data-testid="go-code"][data-client="java"]');
  assert.match(await code(page), /public class Main/);
  assert.equal(wasm.length, 2, wasm.join(' '));
  assert.deepEqual(errors, []);
  await context.close();
});

test('a lens module that does not load: the panel says so in the page language and loads it again on its button', async () => {
  for (const [lang, failed, again] of [['ru', 'Код не загрузился', 'Загрузить ещё раз'], ['en', 'The code did not load', 'Try again']]) {
    const context = await env.browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await context.newPage();
    const errors = [];
    recordConsole(page, errors);
    const lensWasm = /kafka-ordering-lab-lens-[^/]*_bg\.wasm$/;
    await page.route(lensWasm, (route) => route.abort('connectionreset'));
    await page.goto(`${env.base}?scene=producer&preset=catastrophe&lang=${lang}`);
    await page.waitForSelector('[data-testid="golens"][data-lens-state="failed"]');
    assert.equal((await page.textContent('[data-testid="lens-failed"] p')).trim(), failed);
    assert.equal((await page.textContent('[data-testid="lens-retry"]')).trim(), again);
    // And why, in the browser's words, for whoever looks into it.
    assert.match(await page.textContent('[data-testid="lens-failed-why"]'), /fetch|Failed|ERR_/);
    // The tabs stay, and the scene above works.
    assert.equal(await page.$$eval('[data-testid="go-tab"]', (els) => els.length), CLIENTS.length);
    assert.equal(await page.getAttribute('[data-testid="scene"]', 'data-ready'), 'true');
    assert.ok(errors.length > 0 && errors.every((e) => /Go lens could not load|Failed to load resource|ERR_CONNECTION_RESET|Failed to fetch/.test(e)), errors.join('\n'));
    await page.unroute(lensWasm);
    await page.click('[data-testid="lens-retry"]');
    await page.waitForSelector('[data-testid="golens"][data-lens-state="ready"]');
    assert.match(await code(page), /enable\.idempotence|Idempotent|idempotent|franz-go/);
    await context.close();
  }
});

test("a scene page's own link shows its code before the lens module arrives; another link waits for the module", async () => {
  const context = await env.browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  recordConsole(page, errors);
  // The lens module held back until released.
  let release;
  const held = new Promise((resolve) => (release = resolve));
  let asked = 0;
  await page.route(/kafka-ordering-lab-lens-[^/]*_bg\.wasm$/, async (route) => {
    asked++;
    await held;
    await route.continue();
  });
  // The page's own link: its pre-rendered copy holds the code (build/prerender.mjs).
  await page.goto(`${env.base}en/repartition/`);
  await page.waitForSelector('.app:not([data-prerender]) [data-testid="scene"][data-ready="true"]');
  assert.equal(await page.getAttribute('[data-testid="golens"]', 'data-lens-state'), 'ready');
  const seeded = await page.$eval('[data-testid="go-code"]', (el) => el.innerText);
  assert.match(seeded, /package main/);
  // The module is still asked for, so that the next tab is at hand, and
  // its answer for the same program is the same code.
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /kafka-ordering-lab-lens-.*\.js$/.test(e.name)));
  await page.click('[data-testid="go-tab"][data-client="sarama"]');
  await page.waitForSelector('[data-testid="golens"][data-lens-state="loading"]');
  // The last answer stays on screen, marked busy, while the next is asked.
  assert.equal(await page.getAttribute('[data-testid="golens"]', 'aria-busy'), 'true');
  assert.equal(await page.$eval('[data-testid="go-code"]', (el) => el.innerText), seeded);
  release();
  await page.waitForSelector('[data-testid="go-code"][data-client="sarama"]');
  assert.equal(await page.getAttribute('[data-testid="golens"]', 'data-lens-state'), 'ready');
  await page.click('[data-testid="go-tab"][data-client="franz-go"]');
  await page.waitForSelector('[data-testid="go-code"][data-client="franz-go"]');
  assert.equal(await page.$eval('[data-testid="go-code"]', (el) => el.innerText), seeded);
  assert.equal(asked, 1);
  assert.deepEqual(errors, []);
  await context.close();

  // Another link than the page's own: no code at hand, so the box waits,
  // about as tall as the code, saying so.
  const other = await env.browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page2 = await other.newPage();
  await page2.route(/kafka-ordering-lab-lens-[^/]*_bg\.wasm$/, () => {});
  await page2.goto(`${env.base}?scene=routing&client=sarama&key=user-7&lang=en`);
  await page2.waitForSelector('.app:not([data-prerender]) [data-testid="scene"][data-ready="true"]');
  assert.equal(await page2.getAttribute('[data-testid="golens"]', 'data-lens-state'), 'loading');
  assert.equal((await page2.textContent('[data-testid="lens-loading"]')).trim(), 'Loading the code…');
  const box = await page2.$eval('[data-testid="lens-loading"]', (el) => el.getBoundingClientRect().height);
  assert.ok(box > 300, `the waiting box is ${box} px tall`);
  await other.close();
});
