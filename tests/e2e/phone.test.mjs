// The first screen on a phone: the scene, not the nine-item menu. The menu
// folds into one button that names the open scene; on a wide screen it is
// the full list, as before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, linkTab, seriousIssues, shot, simTime, SCENES } from './harness.mjs';

const env = useBrowser();
const PHONE = { width: 360, height: 800 };

const visibleLinks = (page) =>
  page.$$eval('[data-testid="scene-link"]', (links) =>
    links.filter((a) => a.getBoundingClientRect().height > 0).map((a) => a.dataset.scene),
  );

test('at 360×800 the log figure is on the first screen and the menu is folded', async () => {
  const tab = await linkTab(env.browser, PHONE);
  for (const lang of ['ru', 'en']) {
    const { page, errors } = await tab.open(`${env.base}?scene=log&lang=${lang}`);
    const toggle = '[data-testid="scene-menu-toggle"]';
    assert.ok(await page.$(toggle), `${lang}: a button to unfold the menu`);
    assert.equal(await page.getAttribute(toggle, 'aria-expanded'), 'false');
    assert.deepEqual(await visibleLinks(page), [], `${lang}: no scene links on the first screen`);
    const title = await page.textContent('h1');
    assert.ok((await page.textContent(toggle)).includes(`1. ${title}`), `${lang}: the button names the open scene`);
    // The figure starts above the sticky control bar, with no scrolling.
    const { figure, controls } = await page.evaluate(() => ({
      figure: document.querySelector('[data-testid="log-figure"]').getBoundingClientRect().top,
      controls: document.querySelector('.controls').getBoundingClientRect().top,
    }));
    assert.ok(figure < controls - 100, `${lang}: the figure starts at ${figure}px, the controls at ${controls}px`);
    await shot(page, `phone-first-screen-${lang}`);
    assert.deepEqual(await seriousIssues(page), [], `${lang}: the folded menu`);

    // Space on the focused button unfolds the list of all nine scenes.
    await page.focus(toggle);
    await page.keyboard.press('Space');
    await page.waitForFunction((sel) => document.querySelector(sel).getAttribute('aria-expanded') === 'true', toggle);
    assert.deepEqual(await visibleLinks(page), SCENES);
    assert.equal(await page.getAttribute('[data-testid="scene-link"][aria-current="page"]', 'data-scene'), 'log');
    assert.equal(await page.$('[data-testid="pause"]'), null, 'the button, not the run, took the Space');
    assert.deepEqual(await seriousIssues(page), [], `${lang}: the unfolded menu`);
    await shot(page, `phone-menu-open-${lang}`);
    await page.click(toggle);
    await page.waitForFunction((sel) => document.querySelector(sel).getAttribute('aria-expanded') === 'false', toggle);
    assert.deepEqual(await visibleLinks(page), []);

    // A link in the unfolded list opens its scene, with the list folded again.
    await page.click(toggle);
    await page.click('[data-testid="scene-link"][data-scene="routing"]');
    await page.waitForSelector('[data-testid="scene"][data-scene="routing"][data-ready="true"]');
    assert.equal(await page.getAttribute(toggle, 'aria-expanded'), 'false');
    assert.ok((await page.textContent(toggle)).includes(`3. ${await page.textContent('h1')}`));
    assert.deepEqual(errors, []);
  }
  await tab.close();
});

test('on a phone every scene starts with its own title, not the chrome', async () => {
  const tab = await linkTab(env.browser, PHONE);
  for (const scene of SCENES) {
    const { page, errors } = await tab.open(`${env.base}?scene=${scene}&lang=ru`);
    const top = await page.$eval('main h1', (h) => h.getBoundingClientRect().top);
    assert.ok(top < 200, `${scene}: the title is at ${top}px`);
    assert.deepEqual(errors, []);
  }
  await tab.close();
});

test('on a wide screen the menu is the full list, with no fold button', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=log&lang=ru`, { width: 1280, height: 800 });
  assert.equal(await page.isVisible('[data-testid="scene-menu-toggle"]'), false);
  assert.deepEqual(await visibleLinks(page), SCENES);
  assert.deepEqual(errors, []);
  await context.close();
});

test('embedded on a phone, there is neither menu nor fold button', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.base}?scene=log&lang=ru&embed=1`, PHONE);
  assert.equal(await page.$('.topbar'), null);
  assert.equal(await page.$('[data-testid="scene-menu-toggle"]'), null);
  assert.deepEqual(errors, []);
  await context.close();
});

/**
 * Opens every closed `<details>`, so what it holds is laid out and measured
 * too. Some draw their content only once opened (the Go lens's table of
 * what each client does): their toggle events are tasks, and the render
 * each schedules has run by the second animation frame after them.
 */
const openAllDetails = (page) =>
  page.evaluate(async () => {
    document.querySelectorAll('details:not([open])').forEach((d) => { d.open = true; });
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  });

test('at 360 px every radio and checkbox has its words beside it, not under it', async () => {
  let measured = 0;
  const tab = await linkTab(env.browser, PHONE);
  for (const scene of SCENES) {
    for (const lang of ['ru', 'en']) {
      const { page, errors } = await tab.open(`${env.base}?scene=${scene}&lang=${lang}`);
      await openAllDetails(page);
      const found = await page.$$eval('input[type="radio"], input[type="checkbox"]', (inputs) =>
        inputs
          .filter((i) => i.getBoundingClientRect().width > 0)
          .map((input) => {
            // The control's name: the label's first words other than the
            // control itself and its help line.
            const label = input.closest('label');
            const name = label && [...label.children].find((c) => c !== input && !c.classList.contains('help') && c.textContent.trim());
            const box = input.getBoundingClientRect();
            const text = name?.getBoundingClientRect();
            return {
              id: `${input.dataset.testid}=${input.value}`,
              name: name?.textContent.trim(),
              box: { top: box.top, bottom: box.bottom, right: box.right },
              text: text && { top: text.top, left: text.left },
            };
          }),
      );
      for (const c of found) {
        assert.ok(c.text, `${scene} ${lang}: ${c.id} has a name in its label`);
        assert.ok(c.text.top < c.box.bottom, `${scene} ${lang}: "${c.name}" starts at ${c.text.top}px, under its control (${c.box.bottom}px)`);
        assert.ok(c.text.left >= c.box.right, `${scene} ${lang}: "${c.name}" starts at x=${c.text.left}, left of its control's edge ${c.box.right}`);
      }
      measured += found.length;
      assert.deepEqual(errors, []);
    }
  }
  await tab.close();
  // Seven scenes have switches (remedies, modes, strategies, placements and
  // flags): eighteen in each language.
  assert.ok(measured >= 36, `${measured} controls measured`);
});

/** Space an 800 px phone screen leaves above the sticky player controls. */
const freeHeight = (page) => page.$eval('.controls', (c) => window.innerHeight - c.getBoundingClientRect().height);

const boxes = (page, selector) =>
  page.$$eval(selector, (els) => els.map((e) => {
    const r = e.getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height };
  }));

test('at 360 px the three replicas stand side by side, and fit on one screen', async () => {
  const links = [
    'scene=replication&lang=ru',
    // An unclean election: replicas that disagree, records above the HW.
    'scene=replication&lang=en&acks=1&unclean=1&replica-actions=slow%3A3%40500%2Ccrash%3A1%402000&t=12000',
  ];
  const tab = await linkTab(env.browser, PHONE);
  for (const link of links) {
    const { page, errors } = await tab.open(`${env.base}?${link}`);
    const replicas = await boxes(page, '[data-testid="replica"]');
    assert.equal(replicas.length, 3);
    for (const [i, r] of replicas.entries()) {
      assert.ok(Math.abs(r.top - replicas[0].top) < 1, `${link}: broker ${i + 1} starts at ${r.top}px, broker 1 at ${replicas[0].top}px`);
      assert.ok(r.left >= 0 && r.right <= PHONE.width, `${link}: broker ${i + 1} inside the screen`);
      if (i > 0) assert.ok(r.left >= replicas[i - 1].right, `${link}: broker ${i + 1} right of broker ${i}`);
    }
    // The logs start at one height, so one offset is read across them.
    const logs = await boxes(page, '.replica-log');
    assert.ok(logs.every((l) => Math.abs(l.top - logs[0].top) < 1), `${link}: logs at ${logs.map((l) => l.top)}`);
    // Stacked, they took 1250 px and more: now the comparison fits above
    // the player's controls.
    const height = Math.max(...replicas.map((r) => r.bottom)) - replicas[0].top;
    const free = await freeHeight(page);
    assert.ok(height <= free, `${link}: the replicas take ${height}px of the ${free}px a screen has`);
    // Each record in two short lines (offset and epoch, order and event),
    // none of them cut.
    const cut = await page.$$eval('.replica-log li > span', (spans) =>
      spans.filter((s) => s.getBoundingClientRect().right > s.closest('li').getBoundingClientRect().right + 0.5).map((s) => s.textContent));
    assert.deepEqual(cut, [], link);
    const lines = await page.$eval('.replica-log li', (li) => [...li.children].map((s) => s.getBoundingClientRect().top));
    assert.ok(Math.abs(lines[0] - lines[2]) < 1 && lines[1] > lines[0], `${link}: offset and epoch on one line, the record under them: ${lines}`);
    await shot(page, `phone-replicas-${link.includes('unclean') ? 'unclean' : 'default'}`);
    assert.deepEqual(errors, []);
  }
  await tab.close();
});

test('at 360 px RabbitMQ and Kafka stand side by side, their findings under both', async () => {
  const tab = await linkTab(env.browser, PHONE);
  for (const lang of ['ru', 'en']) {
    const { page, errors } = await tab.open(`${env.base}?scene=rabbitmq&lang=${lang}`);
    const part = (side, selector) => boxes(page, `.side[data-side="${side}"] > ${selector}`).then((b) => b[0]);
    for (const selector of ['h2', '[data-testid="violations-count"]', 'ol']) {
      const rabbit = await part('rabbitmq', selector);
      const kafka = await part('kafka', selector);
      assert.ok(Math.abs(rabbit.top - kafka.top) < 1, `${lang}: ${selector} of both sides in one row (${rabbit.top}, ${kafka.top})`);
      assert.ok(rabbit.left >= 0 && rabbit.right <= kafka.left && kafka.right <= PHONE.width, `${lang}: ${selector}: RabbitMQ left of Kafka, both on screen`);
    }
    // The consumers of both sides are compared on one screen.
    const top = (await part('rabbitmq', 'h2')).top;
    const bottom = Math.max((await part('rabbitmq', 'ol')).bottom, (await part('kafka', 'ol')).bottom);
    const free = await freeHeight(page);
    assert.ok(bottom - top <= free, `${lang}: the two sides take ${bottom - top}px of ${free}px`);
    // Each side's findings run across the whole width, under both lists,
    // headed by the name of their side.
    const rabbitFindings = await part('rabbitmq', '.violations');
    const kafkaFindings = await part('kafka', '.violations');
    assert.ok(rabbitFindings.top >= bottom && kafkaFindings.top >= rabbitFindings.bottom, `${lang}: findings under the lists`);
    assert.ok(rabbitFindings.width > PHONE.width * 0.9, `${lang}: the findings are ${rabbitFindings.width}px wide`);
    const heads = await page.$$eval('.side > .violations', (els) => els.map((e) => getComputedStyle(e, '::before').content));
    assert.deepEqual(heads, ['"RabbitMQ"', '"Kafka"']);
    assert.ok((await page.$$('.side[data-side="rabbitmq"] [data-testid="violation"]')).length > 0, 'the default link breaks order on the RabbitMQ side');
    await shot(page, `phone-rabbitmq-${lang}`);
    assert.deepEqual(errors, []);
  }
  await tab.close();
});

test('at 360 px whatever scrolls sideways says so, is reachable by keyboard and named', async () => {
  const scrolled = {};
  const tab = await linkTab(env.browser, PHONE);
  for (const scene of SCENES) {
    for (const lang of ['ru', 'en']) {
      const { page, errors } = await tab.open(`${env.base}?scene=${scene}&lang=${lang}`);
      await openAllDetails(page);
      const wide = await page.evaluate(() =>
        [...document.body.querySelectorAll('*')]
          // A text field scrolls its own line, as every field does; a
          // visually hidden text (its class, or the same clip on it or an
          // element around it) is 1 px wide on purpose.
          .filter((e) => !e.matches('input, select, textarea, .visually-hidden, .visually-hidden *'))
          .filter((e) => {
            for (let n = e; n; n = n.parentElement) if (getComputedStyle(n).clip === 'rect(0px, 0px, 0px, 0px)') return false;
            return true;
          })
          .filter((e) => e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1)
          .map((e) => {
            const style = getComputedStyle(e);
            const name = document.getElementById(e.getAttribute('aria-labelledby') ?? '')?.textContent.trim();
            return {
              what: `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} (${e.scrollWidth}/${e.clientWidth})`,
              cue: e.classList.contains('table-scroll'),
              shades: (style.backgroundImage.match(/linear-gradient/g) ?? []).length,
              attachment: style.backgroundAttachment,
              focusable: e.tabIndex === 0,
              role: e.getAttribute('role'),
              name,
            };
          }),
      );
      for (const w of wide) {
        assert.ok(w.cue, `${scene} ${lang}: ${w.what} overflows without the scroll cue`);
        // Two covers scrolling with the content, two shades on the frame.
        assert.equal(w.shades, 4, `${scene} ${lang}: ${w.what}`);
        assert.equal(w.attachment, 'local, local, scroll, scroll', `${scene} ${lang}: ${w.what}`);
        assert.ok(w.focusable && w.role === 'group' && w.name, `${scene} ${lang}: ${w.what} is focusable and named (${w.name})`);
      }
      if (lang === 'ru') scrolled[scene] = wide.length;
      // Focused, the arrow keys scroll it rather than step the run.
      if (wide.length > 0) {
        const at = await simTime(page);
        // The first that overflows: a comparison's wrapper, stacked, does not.
        const box = await page.evaluateHandle(() => [...document.querySelectorAll('.table-scroll')].find((e) => e.scrollWidth > e.clientWidth + 1));
        await box.focus();
        const before = await box.evaluate((e) => e.scrollLeft);
        await page.keyboard.press('ArrowRight');
        await page.waitForFunction((b) => document.activeElement.scrollLeft > b, before);
        assert.equal(await simTime(page), at, `${scene} ${lang}: the arrow scrolled, the run stayed`);
      }
      assert.deepEqual(await seriousIssues(page), [], `${scene} ${lang} at 360 px`);
      assert.deepEqual(errors, []);
    }
  }
  await tab.close();
  // The clients, the owners, in each scene with a Go client lens its
  // code, and where the lens shows a producer or a consumer the table of
  // what each client does. The comparisons stack instead (below).
  assert.deepEqual(
    Object.fromEntries(Object.entries(scrolled).filter(([, n]) => n > 0)),
    { routing: 2, group: 3, repartition: 1, producer: 2, replication: 2, workers: 2, share: 1, pipeline: 2 },
  );
});

test('at 360 px a comparison stacks each row, every value under its column\'s name; wide, it is a table', async () => {
  // A tab per size, the links still opened in turn at one size and the other.
  const tabs = new Map();
  for (const viewport of [PHONE, { width: 1280, height: 800 }]) tabs.set(viewport, await linkTab(env.browser, viewport));
  for (const [scene, lang] of [['routing', 'ru'], ['repartition', 'en']]) {
    for (const [viewport, tab] of tabs) {
      const { page, errors } = await tab.open(`${env.base}?scene=${scene}&lang=${lang}`);
      const rows = await page.$$eval('table.compare [data-testid="comparison-row"]', (rows) => rows.map((r) => {
        const table = r.closest('table').getBoundingClientRect().width;
        return [...r.querySelectorAll('td')].map((td) => ({
          label: td.dataset.label,
          shown: getComputedStyle(td, '::before').content,
          share: td.getBoundingClientRect().width / table,
        }));
      }));
      assert.ok(rows.length >= 3, `${scene}: ${rows.length} rows`);
      for (const cells of rows) {
        for (const c of cells) {
          assert.ok(c.label, `${scene}: a cell names its column`);
          if (viewport === PHONE) {
            assert.equal(c.shown, `"${c.label}"`, `${scene}: the name is shown beside the value`);
            assert.ok(c.share > 0.9, `${scene}: a value has the row's width (${c.share.toFixed(2)})`);
          } else {
            assert.equal(c.shown, 'none', `${scene}: wide, the header names the column`);
            assert.ok(c.share < 0.6, `${scene}: wide, cells share the row (${c.share.toFixed(2)})`);
          }
        }
      }
      if (viewport === PHONE) await shot(page, `phone-stacked-${scene}-${lang}`);
      assert.deepEqual(errors, []);
    }
  }
  for (const tab of tabs.values()) await tab.close();
});

test('on a phone a scene\'s settings start folded, so its figure is on the first screen; wide, they start open', async () => {
  // Every scene whose settings sit in a fold (src/widgets/fold.rs), found
  // on its page: the others lay their settings out in parts of their own.
  const folded = [];
  const tabs = { phone: await linkTab(env.browser, PHONE), wide: await linkTab(env.browser, { width: 1280, height: 900 }) };
  for (const scene of SCENES) {
    for (const lang of ['ru', 'en']) {
      const { page, errors } = await tabs.phone.open(`${env.base}?scene=${scene}&lang=${lang}`);
      const fold = '[data-testid="scene-settings"]';
      if (!(await page.$(fold))) {
        assert.deepEqual(errors, []);
        break;
      }
      if (lang === 'ru') folded.push(scene);
      assert.equal(await page.$eval(fold, (d) => d.open), false, `${scene}: folded`);
      assert.match(await page.textContent(`${fold} > summary`), lang === 'ru' ? /Настройки сцены/ : /Scene settings/);
      // The figure comes before the fold and starts on the first screen,
      // above the player.
      const { figure, after } = await page.$eval(fold, (d) => {
        const f = document.querySelector('[data-testid="figure"]');
        return { figure: f.getBoundingClientRect().top, after: Boolean(f.compareDocumentPosition(d) & Node.DOCUMENT_POSITION_FOLLOWING) };
      });
      assert.ok(after, `${scene}/${lang}: the settings come after the figure`);
      const controls = await page.$eval('.controls', (e) => e.getBoundingClientRect().top);
      assert.ok(figure < Math.min(controls, PHONE.height), `${scene}/${lang}: the figure starts at ${figure} px, the player at ${controls} px`);
      // Opened, the form is there, and a change leaves it open.
      await page.click(`${fold} > summary`);
      assert.equal(await page.$eval(fold, (d) => d.open), true);
      const field = await page.$(`${fold} input[type="number"], ${fold} input[type="range"]`);
      assert.ok(field, `${scene}: a setting to change`);
      const search = await page.evaluate(() => location.search);
      if (await field.getAttribute('type') === 'number') {
        const [min, now] = [Number(await field.getAttribute('min')), Number(await field.inputValue())];
        await field.fill(String(now === min ? min + 1 : min));
      } else {
        await field.focus();
        await page.keyboard.press('ArrowRight');
      }
      // The link follows every change of a setting.
      await page.waitForFunction((old) => location.search !== old, search);
      assert.equal(await page.$eval(fold, (d) => d.open), true, `${scene}: still open after a change`);
      assert.deepEqual(errors, []);
    }
    if (!folded.includes(scene)) continue;
    const wide = await tabs.wide.open(`${env.base}?scene=${scene}&lang=en`);
    assert.equal(await wide.page.$eval('[data-testid="scene-settings"]', (d) => d.open), true, `${scene}: open on a wide screen`);
  }
  await tabs.phone.close();
  await tabs.wide.close();
  assert.ok(folded.length >= 6, `the scenes with a settings fold: ${folded}`);
});
