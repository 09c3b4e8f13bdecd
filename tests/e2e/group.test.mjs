// Scene "group" in the release build, in real headless Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, stats, seekTo, shot, thenChanged } from './harness.mjs';

const env = useBrowser();

const seekToEnd = (page) => seekTo(page);
const owners = (page) =>
  page.$$eval('[data-testid="assignment"]', (els) => Object.fromEntries(els.map((e) => [e.dataset.partition, e.dataset.member])));

test('range assigns 7 partitions to 3 members as [0,1,2], [3,4], [5,6]', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=group&partitions=7&members=3&assignor=range&actions=&lang=en`);
  assert.deepEqual(await owners(page), {
    0: 'consumer-1', 1: 'consumer-1', 2: 'consumer-1',
    3: 'consumer-2', 4: 'consumer-2',
    5: 'consumer-3', 6: 'consumer-3',
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('twelve members sort as strings: consumer-10 comes before consumer-2', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=group&partitions=12&members=12&assignor=range&actions=&lang=en`);
  const o = await owners(page);
  assert.equal(o[1], 'consumer-10');
  assert.equal(o[4], 'consumer-2');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a link without actions opens after a crash, with the records handled twice', async () => {
  for (const link of ['?scene=group&lang=en', '?scene=group&embed=1&lang=ru']) {
    const { page, context, errors } = await openPage(env.browser, `${env.base}${link}`);
    // The compact frame keeps what the crash repeated beside the members.
    assert.ok((await page.$$('[data-testid="twice"] [data-testid="violation"]')).length > 0, link);
    if (!link.includes('embed')) {
      assert.ok((await stats(page)).duplicates > 0, link);
      assert.equal((await page.$$('[data-testid="generation"]')).length, 2, `${link}: the crash's rebalance`);
      assert.ok(!Object.values(await owners(page)).includes('consumer-2'), link);
    }
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('crash a member: its partitions move and records are handled twice', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=group&actions=&t=1500&lang=en`);
  assert.equal((await stats(page)).duplicates, 0);
  await page.click('[data-testid="crash-member"][data-member="consumer-2"]');
  await page.waitForFunction(() => location.search.includes('crash%3Aconsumer-2'));
  await seekToEnd(page);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="generation"]').length === 2);
  const s = await stats(page);
  assert.ok(s.duplicates > 0, `duplicates: ${s.duplicates}`);
  assert.ok((await page.$$('[data-testid="violation"]')).length > 0);
  const o = await owners(page);
  assert.ok(!Object.values(o).includes('consumer-2'));
  await shot(page, 'group-en-crash');
  // The idempotent handler skips the repeats.
  await page.check('[data-testid="idempotent"]');
  await page.waitForFunction(() => location.search.includes('idempotent=1'));
  await seekToEnd(page);
  const after = await stats(page);
  assert.equal(after.duplicates, 0);
  assert.ok(after.skipped > 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('more members than partitions: the extra one sits idle, and that is allowed', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=group&partitions=2&members=3&actions=&lang=ru`);
  assert.ok(await page.$('[data-testid="idle-note"]'));
  assert.deepEqual(Object.values(await owners(page)).sort(), ['consumer-1', 'consumer-2']);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0);
  await shot(page, 'group-ru-idle');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a crashed member keeps its partitions until session.timeout.ms, and nobody reads them', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=group&lang=en&actions=crash%3Aconsumer-2%402500`);
  await seekTo(page, 3000);
  const o = await owners(page);
  const theirs = Object.keys(o).filter((p) => o[p] === 'consumer-2');
  assert.ok(theirs.length > 0, 'still consumer-2\'s half a second after the crash');
  for (const p of theirs) {
    assert.equal(await page.$eval(`[data-testid="assignment"][data-partition="${p}"] [data-testid="paused-why"]`, (e) => e.dataset.why), 'ownerdown');
  }
  assert.equal((await page.$$('[data-testid="generation"]')).length, 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test('cooperative-sticky: a join revokes in one generation and assigns in the next', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=group&lang=ru&assignor=cooperative-sticky&actions=add%402000`);
  await seekToEnd(page);
  const lines = await page.$$eval('[data-testid="generation"]', (els) => els.map((e) => e.textContent));
  assert.equal(lines.length, 3, lines.join(' | '));
  assert.match(lines[1], /отозвана партиция 5: нового владельца она получит в следующем поколении/);
  assert.match(lines[2], /переехала партиция 5/);
  assert.equal((await owners(page))[5], 'consumer-4');
  await shot(page, 'group-ru-cooperative-join');
  assert.deepEqual(errors, []);
  await context.close();
});

const narration = (page) => page.textContent('[data-testid="narration"]');

test('group narrates each step, in both languages', async () => {
  const cases = [
    ['en', /^Press ▶ or →: each member calls poll\(\) .* On this link, consumer-2 crashes at 2\.5\u00a0s\./, [
      /The producer appended offset 0 to partition 0; consumer-1 fetches it with its next poll\(\)\.$/,
      /consumer-1 called poll\(\) and got offset 0 of partition 0; it starts on offset 0 of partition 0 \(order-0 · Created\)\. The next auto commit comes no sooner than 1\u00a0s/,
      /consumer-2 called poll\(\) and got nothing: it has read everything in partitions 2, 3 so far\.$/,
    ], [
      /^The producer appended offset 0 to partition 1; consumer-1 fetches it with its next poll\(\)\.$/,
      /^consumer-1 processed offset 0 of partition 0 \(order-0 · Created\)\. Partition 0's committed offset is still 0: if consumer-1 crashed before the next auto commit, offset 0 of partition 0 would be processed again\.$/,
    ]],
    ['ru', /^Нажмите ▶ или →: каждый участник вызывает poll\(\) .* По сценарию этой ссылки на 2,5\u00a0с consumer-2 упадёт\./, [
      /Продюсер дописал в партицию 0 сообщение с offset 0, и consumer-1 заберёт его следующим вызовом poll\(\)\.$/,
      /consumer-1 вызвал poll\(\) и получил offset 0 партиции 0; он начинает с offset 0 партиции 0 \(order-0 · Created\)\./,
      /consumer-2 вызвал poll\(\) и ничего не получил: в партициях 2, 3 он уже прочитал всё\.$/,
    ], [
      /^Продюсер дописал в партицию 1 сообщение с offset 0, и consumer-1 заберёт его следующим вызовом poll\(\)\.$/,
      /^consumer-1 обработал offset 0 партиции 0 \(order-0 · Created\)\. Закоммиченный offset партиции 0 всё ещё 0: если consumer-1 упадёт до следующего автокоммита, offset 0 партиции 0 придётся обработать заново\.$/,
    ]],
  ];
  for (const [lang, intro, atZero, later] of cases) {
    const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=group&lang=${lang}&t=0`);
    // The first polls happen at 0 ms: the intro leads what they did.
    const opening = await narration(page);
    assert.match(opening, intro);
    assert.match(opening, lang === 'en' ? /consumer-3 called poll\(\) and got nothing: it has read everything in partitions 4, 5 so far\.$/ : /consumer-3 вызвал poll\(\) и ничего не получил: в партициях 4, 5 он уже прочитал всё\.$/);
    // Back through the steps taken at 0 ms, to the world before any.
    const back = [];
    for (let i = 0; i < 4; i++) {
      await thenChanged(page, () => page.click('[data-testid="step-back"]'));
      back.push(await narration(page));
    }
    for (const shape of atZero) assert.ok(back.some((t) => intro.test(t) && shape.test(t)), `${shape}: ${back.join(' | ')}`);
    assert.match(back.at(-1), lang === 'en' ? /crashes at 2\.5\u00a0s\.$/ : /упадёт\.$/);
    const seen = [];
    for (let i = 0; i < 10; i++) {
      await thenChanged(page, () => page.click('[data-testid="step-forward"]'));
      seen.push(await narration(page));
    }
    assert.ok(new Set(seen).size >= 8, `the narration changes with the steps: ${seen.join(' | ')}`);
    for (const shape of later) assert.ok(seen.some((t) => shape.test(t)), `${shape}: ${seen.join(' | ')}`);
    assert.ok(!intro.test(seen.at(-1)), 'past 0 ms the intro gives way');
    // What the narration says of the commit is what the table shows.
    assert.equal(await page.getAttribute('[data-testid="committed"][data-partition="0"]', 'data-offset'), '0');
    await shot(page, `group-${lang}-narration-steps`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('the default link opens on a narration of the records handled twice', async () => {
  for (const [link, recap] of [
    ['?scene=group&lang=en', '4 records were processed twice: offsets 14–15 of partition 2 and offsets 14–15 of partition 3. A member that crashed had processed them without committing, so the partition\'s new owner re-read them from the committed offset.'],
    ['?scene=group&embed=1&lang=ru', 'Дважды обработаны 4 сообщения: offset\'ы 14–15 партиции 2 и offset\'ы 14–15 партиции 3. Упавший участник обработал их, но не успел закоммитить, и новый владелец партиции перечитал их с закоммиченного offset\'а.'],
  ]) {
    const { page, context, errors } = await openPage(env.browser, `${env.base}${link}`);
    const text = await narration(page);
    assert.ok(text.endsWith(recap), `${link}: ${text}`);
    // The recap counts what the "handled twice" card lists; a compact
    // frame keeps the card and leaves the counters to the whole scene.
    if (!link.includes('embed=1')) assert.equal((await stats(page)).duplicates, 4);
    const twice = await page.$$eval('[data-testid="twice"] [data-testid="violation"]', (els) => els.map((e) => e.textContent));
    assert.equal(twice.length, 4);
    for (const [p, o] of [[2, 14], [2, 15], [3, 14], [3, 15]]) {
      assert.ok(twice.some((t) => t.includes(`${p}, offset ${o})`)), `${p}/${o}: ${twice.join(' | ')}`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('group narration tells the crash, the rebalance and the first repeat as they happen', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=group&lang=en&t=2499`);
  await thenChanged(page, () => page.click('[data-testid="step-forward"]'));
  assert.match(await narration(page), /^consumer-2 crashed\. Nobody reads partitions 2, 3 until session\.timeout\.ms \(1\u00a0s\) passes and the group notices\. The next owner resumes at the committed offset: partition 2 at 14, so offsets 14–15 of partition 2, processed but not committed, will be processed twice; partition 3 at 14/);
  await seekTo(page, 3899);
  await thenChanged(page, () => page.click('[data-testid="step-forward"]'));
  assert.equal(await narration(page), 'Generation 2: range moved partition 2 from consumer-2 to consumer-1 and partition 3 from consumer-2 to consumer-3. A new owner starts at the partition\'s committed offset: 14 on partition 2 and 14 on partition 3.');
  const seen = [];
  for (let i = 0; i < 12 && !seen.some((t) => / a second time\./.test(t)); i++) {
    await thenChanged(page, () => page.click('[data-testid="step-forward"]'));
    seen.push(await narration(page));
  }
  assert.match(seen.at(-1), /^consumer-3 processed offset 14 of partition 3 \(order-3003 · Shipped\) a second time\. Its former owner processed it before crashing but never committed it, and consumer-3 resumed partition 3 at the committed offset, 14/);
  assert.equal((await stats(page)).duplicates, 1);
  assert.deepEqual(errors, []);
  await context.close();
});

const epochLines = (page) => page.$$eval('[data-testid="generation"]', (els) => els.map((e) => e.textContent));

test('group-protocol=consumer: a join moves one partition, let go before it is taken, and nobody else stops', async () => {
  for (const [lang, freed, taken, heartbeat, note] of [
    ['ru', /освобождена партиция (\d+): до heartbeat'а нового владельца она свободна/, /новому владельцу ушла партиция (\d+)/, /consumer-\d прислал (первый )?heartbeat/, /По протоколу consumer группа не останавливается целиком/],
    ['en', /partition (\d+) let go, nobody's until the new owner's heartbeat/, /partition (\d+) taken by a new owner/, /consumer-\d heartbeats/, /Under the consumer protocol the group never stops as a whole/],
  ]) {
    const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=group&lang=${lang}&group-protocol=consumer&actions=add%402000`);
    await seekToEnd(page);
    const lines = await epochLines(page);
    const let_go = lines.findIndex((l) => freed.test(l));
    const took = lines.findIndex((l) => taken.test(l) && l.match(taken)[1] === (lines[let_go] ?? '').match(freed)?.[1]);
    assert.ok(let_go > 0 && took > let_go, `${lang}: let go, then taken: ${lines.join(' | ')}`);
    const p = lines[let_go].match(freed)[1];
    assert.equal((await owners(page))[p], 'consumer-4');
    assert.equal(await page.$eval('[data-testid="group-protocol"]', (e) => e.value), 'consumer');
    assert.equal(await page.$eval('[data-testid="remote-assignor"]', (e) => e.value), 'uniform');
    assert.ok(await page.$eval('[data-testid="assignor"]', (e) => e.disabled), 'partition.assignment.strategy does not apply');
    assert.match(await page.textContent('[data-testid="protocol-note"]'), note);
    // Stepping through the join tells each member's heartbeat.
    // From just before the join, step until a member's heartbeat is told
    // (heartbeats that change nothing are stepped over).
    await seekTo(page, 1990);
    const seen = [];
    for (let i = 0; i < 40 && !seen.some((t) => heartbeat.test(t)); i++) {
      await thenChanged(page, () => page.click('[data-testid="step-forward"]'));
      seen.push(await narration(page));
    }
    assert.ok(seen.some((t) => heartbeat.test(t)), seen.join(' | '));
    await shot(page, `group-${lang}-consumer-protocol-join`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('group-protocol=consumer pauses less than the classic eager protocol on the same join', async () => {
  const paused = async (query) => {
    const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=group&lang=en&actions=add%402000&${query}`);
    await seekToEnd(page);
    const s = await stats(page);
    assert.deepEqual(errors, []);
    await context.close();
    return s;
  };
  const eager = await paused('assignor=sticky');
  const consumer = await paused('group-protocol=consumer');
  // The "paused" counter: partition-milliseconds nobody could read.
  assert.ok(consumer.paused * 2 < eager.paused, `consumer ${consumer.paused} ms, eager ${eager.paused} ms`);
});

test('the classic protocol is named as classic, and the consumer protocol plays at phone width and embedded', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=group&lang=en`);
  assert.match(await page.textContent('[data-testid="protocol-note"]'), /The classic protocol \(group\.protocol=classic, the default\)/);
  await context.close();
  assert.deepEqual(errors, []);
  for (const link of ['?scene=group&lang=ru&group-protocol=consumer&remote-assignor=range', '?scene=group&lang=en&group-protocol=consumer&embed=1']) {
    const { page, context, errors } = await openPage(env.browser, `${env.base}${link}`, { width: 390, height: 844 });
    await page.waitForSelector('[data-testid="group-figure"]');
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= 390, `${link}: ${wide} px wide`);
    await shot(page, `group-consumer-phone${link.includes('embed') ? '-embed' : ''}`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});
