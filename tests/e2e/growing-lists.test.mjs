// Lists that grow while a scene plays keep the nodes they already have.
//
// Yew pairs the items of an unkeyed list from its end. A list spliced after
// other children (a lane's header, say), or one whose items carry no key,
// was rebuilt whole each time it grew: every record already drawn was
// removed and created again, which made the frames of the busiest scenes
// cost in proportion to everything on screen rather than to what changed.
// Each case tags its items at one moment, seeks later, and checks that the
// items still shown are the very same DOM nodes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, seekTo } from './harness.mjs';

const env = useBrowser();

const byLaneAndOffset = `(el) => {
  const lane = el.closest('[data-testid="lane"], [data-testid="partition-lane"]');
  return lane.dataset.topic + '/' + lane.dataset.partition + '/' + el.dataset.offset;
}`;

const cases = [
  {
    name: 'routing: the records in the partition lanes',
    query: '?scene=routing&lang=en',
    selector: '[data-testid="record"]',
    identity: byLaneAndOffset,
    // The chapter's 20 events land in the three lanes in the first
    // quarter of the run; the rest of it consumes them.
    at: [0.1, 0.2],
  },
  {
    name: 'routing: the lane headers',
    query: '?scene=routing&lang=en&partitions=64&key-null=1&keyless=round-robin',
    selector: '[data-testid="partition-lane"] .lane-bg',
    identity: `(el) => el.closest('[data-testid="partition-lane"]').dataset.partition`,
  },
  {
    name: 'routing: the handled events',
    query: '?scene=routing&lang=en',
    selector: '[data-testid="handled"] li',
    identity: `(el) => String([...el.parentNode.children].indexOf(el))`,
  },
  {
    name: 'repartition: the records in the lanes',
    query: '?scene=repartition&lang=en&from=1&to=64&strategy=new-topic',
    selector: '[data-testid="record"]',
    identity: byLaneAndOffset,
    // The old topic fills in the first fifth; the drain then holds it still.
    at: [0.06, 0.16],
  },
  {
    name: 'repartition: the lane headers',
    query: '?scene=repartition&lang=en&from=3&to=4',
    selector: '[data-testid="lane"] .lane-bg',
    identity: `(el) => { const l = el.closest('[data-testid="lane"]'); return l.dataset.topic + '/' + l.dataset.partition; }`,
  },
  {
    name: 'replication: the replicas’ logs',
    query: '?scene=replication&lang=en',
    selector: '.replica-log li',
    identity: `(el) => el.closest('[data-testid="replica"]').dataset.broker + '/' +
      (Number(el.parentNode.getAttribute('start')) + [...el.parentNode.children].indexOf(el))`,
  },
  {
    name: 'rabbitmq: the messages each consumer handled',
    query: '?scene=rabbitmq&lang=en',
    selector: '.handled-chips .chip-s',
    identity: `(el) => el.closest('[data-side]').dataset.side + '/' +
      [...el.closest('ol').children].indexOf(el.closest('li')) + '/' + [...el.parentNode.children].indexOf(el)`,
  },
  {
    name: 'rabbitmq: the violations found so far',
    query: '?scene=rabbitmq&lang=en',
    selector: '[data-testid="violation"]',
    identity: `(el) => el.dataset.key + '/' + el.dataset.partition + '/' + el.dataset.offset`,
    // Competing consumers break order one event at a time: one violation
    // at 10% of the run, four at 30%.
    at: [0.1, 0.3],
  },
];

for (const c of cases) {
  test(`${c.name} keep their nodes as the run goes on`, async () => {
    const { page, context, errors } = await openPage(env.browser, `${env.base}${c.query}`);
    const end = Number(await page.getAttribute('[data-testid="timeline"]', 'max'));
    const tag = (selector, identity) =>
      page.$$eval(selector, (els, identity) => {
        const id = (0, eval)(identity);
        window.__kept = new Map(els.map((el) => [id(el), el]));
        return window.__kept.size;
      }, identity);
    const check = (selector, identity) =>
      page.$$eval(selector, (els, identity) => {
        const id = (0, eval)(identity);
        let shared = 0;
        const replaced = [];
        for (const el of els) {
          const old = window.__kept.get(id(el));
          if (!old) continue;
          shared++;
          if (old !== el) replaced.push(id(el));
        }
        return { now: els.length, shared, replaced };
      }, identity);
    // Two moments a little apart, where the list has items and is still
    // growing: by default in the middle of the run.
    const [from, to] = c.at ?? [0.3, 0.45];
    await seekTo(page, Math.round(end * from));
    const before = await tag(c.selector, c.identity);
    assert.ok(before > 0, `${c.selector} has items at ${from} of the run`);
    await seekTo(page, Math.round(end * to));
    const after = await check(c.selector, c.identity);
    assert.ok(after.now > before || c.selector.includes('lane-bg'), `the list grew: ${before} → ${after.now}`);
    assert.ok(after.shared > 0, 'some items are shown at both moments');
    assert.deepEqual(after.replaced, [], 'items shown at both moments are the same nodes');
    assert.deepEqual(errors, []);
    await context.close();
  });
}
