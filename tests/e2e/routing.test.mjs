// Scene "routing" in the release build, in real headless Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, records, shot, seekTo, stats, thenChanged } from './harness.mjs';

const env = useBrowser();

const partitionOf = (page) => page.getAttribute('[data-testid="routing-partition"]', 'data-partition');

async function typeKey(page, key) {
  await page.fill('[data-testid="key-input"]', key);
}

test('typing order-42 with 3 partitions routes to partition 0, as the Java client does', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=routing&lang=en`);
  await page.fill('[data-testid="partitions-input"]', '3');
  await typeKey(page, 'order-99');
  await page.waitForFunction(() => document.querySelector('[data-testid="murmur2-value"]').dataset.value !== '501153024');
  await typeKey(page, 'order-42');
  await page.waitForFunction(() => document.querySelector('[data-testid="key-input"]').value === 'order-42');
  assert.equal(await partitionOf(page), '0');
  assert.equal(await page.textContent('[data-testid="routing-partition"]'), '0');
  // Kafka's own vector: murmur2("21") = -973932308, partition 0 of 3; abs() says 2.
  await typeKey(page, '21');
  await page.waitForFunction(() => document.querySelector('[data-testid="murmur2-value"]').dataset.value === '-973932308');
  assert.equal(await partitionOf(page), '0');
  assert.equal(await page.getAttribute('[data-testid="abs-trap"]', 'data-abs-partition'), '2');
  const clients = await page.$$eval('[data-testid="client-partition"]', (rows) =>
    Object.fromEntries(rows.map((r) => [r.dataset.client, r.dataset.partition])),
  );
  assert.equal(clients.java, '0');
  assert.equal(clients['kafka-go'], 'any');
  for (const id of ['sarama', 'sarama-reference', 'librdkafka']) assert.match(clients[id], /^[0-2]$/);
  await page.click('[data-testid="hash-steps"] summary');
  await shot(page, 'routing-en-key-21');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a key that looks like markup is shown as text', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=routing&lang=en`);
  let dialogs = 0;
  page.on('dialog', async (d) => {
    dialogs += 1;
    await d.dismiss();
  });
  const evil = '<img src=x onerror=alert(1)>';
  await typeKey(page, evil);
  await page.waitForFunction(() => document.querySelector('[data-testid="key-input"]').value.startsWith('<img'));
  assert.equal(await page.$$eval('.routing img', (imgs) => imgs.length), 0);
  assert.equal(await page.inputValue('[data-testid="key-input"]'), evil);
  // The bytes are shown, and the link carries the key safely.
  const bytes = await page.textContent('[data-testid="key-bytes"]');
  assert.match(bytes, /^3c 69 6d 67/);
  await page.click('[data-testid="play"]');
  await page.click('[data-testid="pause"]');
  assert.ok(page.url().includes('key=%3Cimg'));
  const again = await openPage(env.browser, page.url());
  assert.equal(await again.page.inputValue('[data-testid="key-input"]'), evil);
  assert.equal(dialogs, 0);
  assert.deepEqual([...errors, ...again.errors], []);
  await again.context.close();
  await context.close();
});

test('null key: the keyless strategy decides, and one order\'s events are handled out of order', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=routing&lang=en&partitions=3`);
  assert.equal((await page.$$('[data-testid="violation"]')).length, 0, 'keyed by order id: no violation');
  await page.check('[data-testid="key-null"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="routing-partition"]').dataset.partition === 'any');
  assert.match(await page.textContent('[data-testid="routing-partition"]'), /uniform-sticky/);
  assert.equal(await page.$('[data-testid="murmur2-value"]'), null);
  const clients = await page.$$eval('[data-testid="client-partition"]', (rows) => rows.map((r) => r.dataset.partition));
  assert.deepEqual(clients, ['any', 'any', 'any', 'any', 'any']);
  // The stream opens on its outcome: null keys spread orders over partitions.
  await page.waitForSelector('[data-testid="violation"]');
  const spread = await records(page);
  assert.equal(spread.length, 20);
  const nullKeyed = await page.$$eval('[data-testid="record"]', (els) => els.every((e) => e.dataset.keyNull === 'true'));
  assert.ok(nullKeyed);
  for (const strategy of ['round-robin', 'sticky', 'uniform-sticky']) {
    await page.selectOption('[data-testid="keyless-strategy"]', strategy);
    await page.waitForFunction((s) => location.search.includes(`keyless=${s}`), strategy);
    assert.ok((await page.$$('[data-testid="violation"]')).length > 0, strategy);
  }
  assert.match(page.url(), /key-null=1/);
  // Every way side by side on the same seed: only the keyed stream keeps order.
  const compared = await page.$$eval('[data-testid="comparison-row"]', (rows) =>
    Object.fromEntries(rows.map((r) => [r.dataset.routing, Number(r.dataset.violations)])),
  );
  assert.equal(compared['order-id'], 0);
  for (const s of ['round-robin', 'sticky', 'uniform-sticky']) assert.ok(compared[s] > 0, s);
  await shot(page, 'routing-en-null-key');
  assert.deepEqual(errors, []);
  await context.close();
});

test('links open the routing scene with key, partitions and strategy', async () => {
  const long = 'k'.repeat(10000);
  const { page, context, errors } = await openPage(
    env.browser,
    `${env.base}?scene=routing&lang=ru&key=${encodeURIComponent(long)}&partitions=64&key-null=0&keyless=sticky`,
  );
  const p = Number(await partitionOf(page));
  assert.ok(p >= 0 && p < 64);
  assert.equal((await page.$$('.partition-strip li')).length, 64);
  // Russian groups the digits with a no-break space, which \s matches.
  assert.match(await page.textContent('.bytes'), /10\s000 байт/);
  await page.click('[data-testid="hash-steps"] summary');
  assert.match(await page.textContent('[data-testid="hash-steps"]'), /2492/);
  await shot(page, 'routing-ru-long-key');
  const nullKey = await openPage(env.browser, `${env.base}?scene=routing&lang=en&key-null=1&keyless=round-robin`);
  assert.equal(await nullKey.page.$eval('[data-testid="keyless-strategy"]', (s) => s.value), 'round-robin');
  assert.deepEqual([...errors, ...nullKey.errors], []);
  await nullKey.context.close();
  await context.close();
});

test('explicit partitions win over the key, and a missing one is the producer\'s error', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=routing&lang=en&key=order-42&partitions=3`);
  await page.check('[data-testid="placement"][value="explicit"]');
  await page.fill('[data-testid="explicit-partition"]', '2');
  await page.waitForFunction(() => document.querySelector('[data-testid="routing-partition"]').dataset.partition === '2');
  await page.fill('[data-testid="explicit-partition"]', '7');
  await page.waitForSelector('[data-testid="route-error"]');
  assert.match(await page.textContent('[data-testid="route-error"]'), /no partition 7/);
  // Since 2.2 the producer waits max.block.ms for metadata, then times out.
  assert.match(await page.textContent('[data-testid="route-error"]'), /max\.block\.ms.*TimeoutException: "Partition 7 of topic orders with partition count 3 is not present in metadata after 60000 ms\."/);
  await page.check('[data-testid="placement"][value="region"]');
  await typeKey(page, 'asia/order-42');
  await page.waitForFunction(() => document.querySelector('[data-testid="routing-partition"]').dataset.partition === '2');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the key histogram counts 100,000 keys across the partitions', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=routing&lang=en&partitions=7&keys=100000`);
  const counts = await page.$$eval('[data-testid="histogram-bar"]', (bars) => bars.map((b) => Number(b.dataset.count)));
  assert.equal(counts.length, 7);
  assert.equal(counts.reduce((a, b) => a + b, 0), 100000);
  await page.fill('[data-testid="partitions-input"]', '12');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="histogram-bar"]').length === 12);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a partition count typed out of range is clamped with a note, in both languages', async () => {
  for (const [lang, typed, used, words] of [['en', '99', '64', /99 is outside 1–64; using 64/], ['ru', '0', '1', /0 — вне границ 1–64, взято 1/]]) {
    const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=routing&lang=${lang}`);
    assert.equal(await page.$('[data-testid="clamp-note"]'), null);
    await page.fill('[data-testid="partitions-input"]', typed);
    await page.waitForSelector('[data-testid="clamp-note"]');
    assert.match(await page.textContent('[data-testid="clamp-note"]'), words);
    await page.waitForFunction((used) => location.search.includes(`partitions=${used}`), used);
    // A value in range clears the note.
    await page.fill('[data-testid="partitions-input"]', '6');
    await page.waitForFunction(() => !document.querySelector('[data-testid="clamp-note"]'));
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('phone width: no horizontal scroll', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=routing&lang=ru&key-null=1`, { width: 360, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `horizontal scroll of ${overflow}px at 360px`);
  await shot(page, 'routing-ru-phone');
  assert.deepEqual(errors, []);
  await context.close();
});

test('with many partitions, the lanes the stream will fill are in place from its first moment', async () => {
  const link = `${env.base}?scene=routing&lang=en&partitions=64&key-null=1&keyless=round-robin`;
  const { page, context, errors } = await openPage(env.browser, `${link}&t=0`);
  const lanes = () => page.$$eval('[data-testid="partition-lane"]', (els) =>
    els.map((g) => `${g.dataset.partition}:${g.querySelector('.lane-bg').getAttribute('height')}`));
  const atStart = await lanes();
  assert.equal((await records(page)).length, 0, 'nothing written yet');
  await seekTo(page);
  const filled = await records(page);
  assert.ok(filled.length > 0);
  assert.deepEqual(await lanes(), atStart, 'the same lanes, as tall, at the start and at the end');
  const used = new Set(filled.map((r) => String(r.partition)));
  assert.deepEqual(new Set(atStart.map((l) => l.split(':')[0])), used, 'exactly the partitions that receive records');
  assert.deepEqual(errors, []);
  await context.close();
});

const narration = (page) => page.textContent('[data-testid="narration"]');

/**
 * Steps forward until every pattern has been narrated, `max` steps, or the
 * run's end, and returns each narration on the way.
 */
async function stepThrough(page, max, patterns = []) {
  const seen = [];
  const atEnd = () => page.$eval('[data-testid="timeline"]', (e) => e.value === e.max);
  while (seen.length < max && !(await atEnd())) {
    if (patterns.length > 0 && patterns.every((p) => seen.some((t) => p.test(t)))) break;
    await thenChanged(page, () => page.click('[data-testid="step-forward"]'));
    seen.push(await narration(page));
  }
  return seen;
}

test('routing narrates each step of the stream, in both languages', async () => {
  const words = {
    en: {
      intro: /^Press ▶ or →: the producer sends 20 events of orders 40–44, keyed by order id, into a topic of 3 partitions/,
      placed: /^order-40 · Created → partition (\d+): murmur2\("order-40"\) & 0x7fffffff = (\d+), and \2 % 3 = \1\. Every order-40 event gets this partition/,
      lingered: /^linger\.ms = 50\sms ran out for partition \d+'s batch: it left for the broker with \d+ records?\.$/,
      idle: /^consumer-\d polled orders-\d: nothing new\. It polls again in 50\sms\.$/,
    },
    ru: {
      intro: /^Нажмите ▶ или →: продюсер отправляет 20 событий заказов 40–44 с ключом — номером заказа — в топик из 3 партиций/,
      // Russian groups the hash's digits with no-break spaces and says the remainder in words.
      placed: /^order-40 · Created → партиция (\d+): murmur2\("order-40"\) & 0x7fffffff = (\d[\d\s]*\d), остаток от деления на 3 — \1\. Все события order-40 попадают в эту партицию/,
      lingered: /^Истёк linger\.ms = 50\sмс, и батч партиции \d+ ушёл брокеру: в нём \d+ (сообщение|сообщения|сообщений)\.$/,
      idle: /^consumer-\d опросил orders-\d: новых сообщений нет\. Следующий опрос через 50\sмс\.$/,
    },
  };
  for (const [lang, w] of Object.entries(words)) {
    const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=routing&lang=${lang}&t=0`);
    assert.match(await narration(page), w.intro);
    const seen = await stepThrough(page, 12);
    assert.ok(new Set(seen).size >= 6, `the narration follows the steps: ${seen.join(' | ')}`);
    const placed = seen.map((t) => t.match(w.placed)).find(Boolean);
    assert.ok(placed, seen.join(' | '));
    const [, partition, hash] = placed;
    assert.equal(Number(hash.replace(/\s/g, '')) % 3, Number(partition), 'the told remainder is the told partition');
    assert.ok(seen.some((t) => w.lingered.test(t)), seen.join(' | '));
    // A poll that finds nothing changes nothing on screen: → passes over it.
    assert.ok(!seen.some((t) => w.idle.test(t)), seen.join(' | '));
    // The record lands where the narration said it would.
    await seekTo(page);
    const created = await page.$eval('[data-testid="record"][data-entity="order-40"][data-step="1"]', (e) => e.dataset.partition);
    assert.equal(created, partition);
    assert.match(await narration(page), lang === 'en' ? /^All 20 events are handled, each order's in the order it was written/ : /^Все 20 событий обработаны, события каждого заказа — в том порядке, в каком записаны/);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('routing with a null key narrates where an order splits and where it breaks', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=routing&lang=en&key-null=1`);
  // The scene opens on the outcome: the verdict counts the violations shown.
  const verdict = (await narration(page)).match(/^All 20 events are handled, but (\d+) events? (was|were) handled before an earlier event of their order/);
  assert.ok(verdict, await narration(page));
  assert.equal(Number(verdict[1]), (await stats(page)).violations);
  await seekTo(page, 0);
  assert.match(await narration(page), /with a null key \(the uniform sticky strategy\)/);
  const told = [
    /^order-40 · Created → partition \d: the producer picked it at random as the sticky partition/,
    /→ partition \d, the sticky partition: it stays until about batch\.size = 128 bytes have gone there\./,
    /^The broker appended a batch to orders-\d: \d+ records? at offsets? \d+(–\d+)?\./,
    /^consumer-\d took offset 0 of orders-\d: order-4\d · \w+\. It spends about \d+\sms on a record\.$/,
    // An order's event goes elsewhere than its previous one, and the
    // broken order is told with both consumers.
    /This order's (Created|Paid|Shipped) went to partition \d: two consumers at different speeds now hold the order/,
    /^⚠ consumer-\d handled order-4\d · \w+ \(orders-\d, offset \d+\), but consumer-\d had already handled this order's \w+ from orders-\d: the sequence of order-4\d is broken\.$/,
  ];
  const seen = await stepThrough(page, 400, told);
  for (const p of told) assert.ok(seen.some((t) => p.test(t)), `${p} in ${seen.join(' | ')}`);
  await shot(page, 'routing-en-null-key-narrated');
  assert.deepEqual(errors, []);
  await context.close();
});

test('only the stream, the part that steps, is narrated when a page embeds one part', async () => {
  for (const [part, narrated] of [['trace', false], ['clients', false], ['histogram', false], ['stream', true]]) {
    const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=routing&lang=ru&embed=1&part=${part}&t=0`);
    const shown = await page.$('[data-testid="narration"]');
    assert.equal(Boolean(shown), narrated, part);
    if (narrated) assert.match(await narration(page), /^Нажмите ▶ или →/);
    assert.deepEqual(errors, []);
    await context.close();
  }
});
