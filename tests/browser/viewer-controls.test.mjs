// The viewer's controls and what it shows besides the board: turn jumps, the step in the
// address, the health chart, hands with stats and rules text, grouped mana, card text that is
// markup shown as text, and the sample index of a batch linking each game's page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { OUT, ROOT, RTG_BIN, openPage } from './lib.mjs';
import { boardsOf, embedded, tilesOf } from './viewer-data.mjs';

/** The health a chart's polyline shows at each of `steps` steps (the later point of a step wins). */
function healthOfLine(points, top, steps) {
  const at = points.trim().split(/\s+/).map((p) => p.split(',').map(Number));
  const health = [];
  let k = 0;
  for (let i = 0; i < steps; i++) {
    while (k + 1 < at.length && at[k + 1][0] <= i) k++;
    health.push(top - at[k][1]);
  }
  return health;
}

test('the viewer jumps by turns, keeps the step in the address, charts health and shows hands', async () => {
  const html = join(OUT, 'viewer-turns.html');
  const replay = join(OUT, 'viewer-turns.json');
  execFileSync(
    RTG_BIN,
    ['play', 'aggro', 'midrange', '--seed', '3', '--bot', 'heuristic', '--quiet', '--record', replay, '--html', html],
    { cwd: ROOT, encoding: 'utf8' },
  );
  const data = embedded(readFileSync(html, 'utf8'));
  const last = data.view.steps.length - 1;
  const { page, consoleErrors, screenshot, close } = await openPage(html);
  try {
    const boards = await boardsOf(page, data);
    const hash = () => page.evaluate(() => location.hash);
    const step = async () => Number(await page.getAttribute('body', 'data-step'));
    // The title names the seed as typed, and the header the bots.
    assert.equal(await page.textContent('#title'), 'aggro vs midrange — seed 3');
    assert.equal(await page.textContent('#bots'), 'aggro: heuristic · midrange: heuristic');

    // Turns: the first step of each is where the turn changes.
    const starts = boards.map((b, i) => i).filter((i) => i === 0 || boards[i].turn !== boards[i - 1].turn);
    assert.deepEqual(await page.evaluate(() => window.rtgViewer.turnStarts), starts);
    assert.ok(starts.length >= 4, 'a game of several turns');
    await page.keyboard.press('PageDown');
    assert.equal(await step(), starts[1]);
    assert.equal(await page.getAttribute('body', 'data-turn'), String(boards[starts[1]].turn));
    await page.click('#next-turn');
    assert.equal(await step(), starts[2]);
    await page.keyboard.press('Shift+ArrowRight');
    assert.equal(await step(), starts[3]);
    await page.keyboard.press('ArrowRight');
    assert.equal(await step(), starts[3] + 1);
    // Back from inside a turn: its start; from a start: the turn before.
    await page.click('#prev-turn');
    assert.equal(await step(), starts[3]);
    await page.keyboard.press('PageUp');
    assert.equal(await step(), starts[2]);
    await page.keyboard.press('Shift+ArrowLeft');
    assert.equal(await step(), starts[1]);
    // From the last turn, the next turn is the end; from the start, the previous one is step 0.
    await page.keyboard.press('End');
    await page.keyboard.press('PageDown');
    assert.equal(await step(), last);
    await page.keyboard.press('Home');
    await page.click('#prev-turn');
    assert.equal(await step(), 0);

    // The address follows the step, and the link names it.
    await page.click('#next');
    assert.equal(await hash(), '#step=1');
    assert.equal(await page.getAttribute('#step-link', 'href'), '#step=1');
    await page.keyboard.press('PageDown');
    assert.equal(await hash(), `#step=${starts[1]}`);
    // An address typed goes there.
    await page.evaluate((n) => { location.hash = `#step=${n}`; }, starts[2] + 2);
    await page.waitForFunction((n) => document.body.dataset.step === String(n), starts[2] + 2);

    // The health chart: both lines give every step's health, the mark is on the current step,
    // and a click goes to the step under it.
    const chart = await page.$eval('#health-chart', (svg) => ({
      top: Number(svg.dataset.top),
      width: Number(svg.dataset.width),
      lines: [0, 1].map((s) => svg.querySelector(`.hp${s}`).getAttribute('points')),
    }));
    assert.equal(chart.width, last);
    for (const seat of [0, 1]) {
      assert.deepEqual(
        healthOfLine(chart.lines[seat], chart.top, boards.length),
        boards.map((b) => b.players[seat].health),
        `seat ${seat}: the chart's health at every step`,
      );
    }
    assert.equal(await page.getAttribute('#health-now', 'x1'), String(starts[2] + 2));
    const legend = await page.textContent('#chart-legend');
    assert.ok(legend.includes(data.view.names[0]) && legend.includes(data.view.names[1]), legend);
    const box = await page.locator('#health-chart').boundingBox();
    await page.mouse.click(box.x + box.width * 0.75, box.y + box.height / 2);
    const clicked = await step();
    assert.ok(Math.abs(clicked - Math.round(last * 0.75)) <= 2, `clicked at 75%: step ${clicked} of ${last}`);
    assert.equal(await page.getAttribute('#health-now', 'x1'), String(clicked));
    assert.equal(await hash(), `#step=${clicked}`);

    // Cards in the hand of the player to act: a creature's printed stats and rules text, mana
    // cards grouped; the other hand stays face down, one back per card.
    const faces = data.view.faces;
    const mana = (c) => faces[c.card_id].kind === 'mana';
    const shown = boards.findIndex((b) => {
      const hand = b.players[b.to_act].hand;
      return hand.some((c) => faces[c.card_id].stats) && hand.filter(mana).length >= 2;
    });
    assert.ok(shown >= 0, 'a hand with a creature and two mana cards');
    await page.fill('#slider', String(shown));
    const seat = boards[shown].to_act;
    const hand = boards[shown].players[seat].hand;
    const tiles = await tilesOf(page, `#hand-${seat} .card`);
    assert.deepEqual(tiles.flatMap((t) => t.ids).sort((a, b) => a - b), hand.map((c) => c.id).sort((a, b) => a - b));
    for (const t of tiles) {
      const card = hand.find((c) => c.id === t.id);
      const face = faces[card.card_id];
      if (face.stats) assert.equal(t.pt, `${face.stats[0]}/${face.stats[1]}`, `${face.name}: its stats`);
      else assert.equal(t.pt, null, `${face.name}: no stats`);
      if (face.kind !== 'mana' && face.text) assert.equal(t.text, face.text, `${face.name}: its rules text`);
      if (mana(card)) {
        const same = hand.filter((c) => c.card_id === card.card_id).length;
        assert.equal(t.count, same, `${face.name}: one tile for all ${same}`);
        if (same > 1) assert.equal(t.title, `${card.label} ×${same}`);
      }
    }
    const other = await tilesOf(page, `#hand-${1 - seat} .card`);
    assert.equal(other.length, boards[shown].players[1 - seat].hand.length, 'one back per hidden card');
    assert.ok(other.every((t) => t.back && t.pt === null && t.text === null));
    await screenshot('viewer-hand');

    // The battlefield's identical mana cards: one tile, counted.
    const field = boards.findIndex((b) => b.players.some((p) => p.battlefield.filter(mana).length >= 3));
    assert.ok(field >= 0, 'a battlefield with three mana cards');
    await page.fill('#slider', String(field));
    for (const s of [0, 1]) {
      const cards = boards[field].players[s].battlefield.filter(mana);
      const shownMana = await tilesOf(page, `#battlefield-${s} .mana-row .card`);
      const kinds = new Set(cards.map((c) => [c.card_id, c.flags.join()].join('|')));
      assert.equal(shownMana.length, kinds.size, `seat ${s}: one tile per kind of mana card`);
      assert.equal(shownMana.reduce((n, t) => n + t.count, 0), cards.length);
    }
    assert.deepEqual(consoleErrors, []);
  } finally {
    await close();
  }

  // A page opened at a step starts there; a bad or out-of-range step starts at 0 or the end.
  for (const [given, expected] of [
    ['#step=5', 5], [`#step=${last}`, last], ['#step=99999999999999999999', last], ['#step=-3', 0],
    ['#step=abc', 0], ['#step=', 0], ['#stp=4', 0],
  ]) {
    const opened = await openPage(html, { hash: given });
    try {
      assert.equal(await opened.page.getAttribute('body', 'data-step'), String(expected), given);
      assert.equal(await opened.page.evaluate(() => location.hash), `#step=${expected}`, given);
      await opened.page.keyboard.press('ArrowLeft');
      assert.equal(await opened.page.evaluate(() => location.hash), `#step=${Math.max(0, expected - 1)}`, given);
      assert.deepEqual(opened.consoleErrors, [], given);
    } finally {
      await opened.close();
    }
  }

  // The replay's page is the same page, and a later game of the seed says which.
  const again = join(OUT, 'viewer-turns-replayed.html');
  execFileSync(RTG_BIN, ['replay', replay, '--quiet', '--html', again], { cwd: ROOT });
  assert.equal(readFileSync(again, 'utf8'), readFileSync(html, 'utf8'));
  const fifth = join(OUT, 'viewer-game-5.html');
  execFileSync(
    RTG_BIN,
    ['play', 'aggro', 'midrange', '--seed', '3', '--game', '5', '--bot', 'heuristic', '--quiet', '--html', fifth],
    { cwd: ROOT },
  );
  assert.match(readFileSync(fifth, 'utf8'), /<title>aggro vs midrange — seed 3, game 5<\/title>/);
});

test('card names and rules text are shown as text, never as markup', async () => {
  const dir = join(OUT, 'hostile');
  const cards = join(dir, 'cards');
  const decks = join(dir, 'decks');
  mkdirSync(cards, { recursive: true });
  mkdirSync(decks, { recursive: true });
  copyFileSync(join(ROOT, 'cards', 'fire_mana_01.yaml'), join(cards, 'fire_mana_01.yaml'));
  const name = '<img src=x onerror="window.pwned=1">';
  const text = '</script><script>window.pwned=2</script><b>bold</b>';
  writeFileSync(
    join(cards, 'evil_01.yaml'),
    `card_id: evil_01\nname: '${name}'\ndescription: '${text}'\ntype: creature\nmana:\n  fire: 1\nattack: 2\ndefense: 2\n`,
  );
  for (const deck of ['evil', 'worse']) {
    writeFileSync(join(decks, `${deck}.yaml`), `name: ${deck}\ncards:\n  fire_mana_01: 14\n  evil_01: 16\n`);
  }
  const html = join(OUT, 'viewer-hostile.html');
  execFileSync(
    RTG_BIN,
    ['play', 'evil', 'worse', '--cards', cards, '--decks', decks, '--no-bundled', '--bot', 'heuristic', '--seed', '1', '--quiet', '--html', html],
    { cwd: ROOT, encoding: 'utf8' },
  );
  const { page, consoleErrors, close } = await openPage(html);
  try {
    await page.check('#reveal');
    const boards = await boardsOf(page, embedded(readFileSync(html, 'utf8')));
    const at = boards.findIndex((b) => b.players.some((p) => p.battlefield.some((c) => c.card_id === 'evil_01')));
    assert.ok(at > 0, 'an evil card on a battlefield');
    await page.fill('#slider', String(at));
    assert.equal(await page.$$eval('main img, main b, main script', (n) => n.length), 0, 'no markup from a card');
    const titles = await page.$$eval('main .card .title', (n) => n.map((t) => t.textContent));
    assert.ok(titles.some((t) => t.startsWith(name)), titles.join('\n'));
    const texts = await page.$$eval('main .card .text', (n) => n.map((t) => t.textContent));
    assert.ok(texts.includes(text), texts.join('\n'));
    assert.equal(await page.evaluate(() => window.pwned), undefined);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await close();
  }
});

test('the sample index links each game\'s viewer page, its replay and the batch\'s report', async () => {
  const dir = join(OUT, 'sample-index');
  execFileSync(
    RTG_BIN,
    ['simulate', 'aggro', 'midrange', '--games', '8', '--seed', '4', '--bot', 'heuristic', '--sample', '2', '--html', dir],
    { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const index = await openPage(join(dir, 'index.html'));
  let rows;
  try {
    rows = await index.page.$$eval('#samples tbody tr', (trs) =>
      trs.map((tr) => ({
        game: Number(tr.dataset.game),
        page: tr.querySelector('a').getAttribute('href'),
        replay: tr.querySelector('a.replay').getAttribute('href'),
        cells: Array.from(tr.cells, (td) => td.textContent),
      })),
    );
    assert.equal(rows.length, 2);
    assert.equal(await index.page.getAttribute('#report-link', 'href'), 'report.html');
    assert.match(await index.page.textContent('#what'), /2 of 8 games, seed 4; bots: aggro heuristic, midrange heuristic/);
    await index.screenshot('sample-index');
    assert.deepEqual(index.consoleErrors, []);
  } finally {
    await index.close();
  }
  readFileSync(join(dir, 'report.html'), 'utf8');
  for (const row of rows) {
    assert.equal(row.page, `game-${row.game}.html`);
    assert.equal(row.cells[1], `seed 4, game ${row.game}`);
    const replay = JSON.parse(readFileSync(join(dir, row.replay), 'utf8'));
    assert.deepEqual(replay.origin, { seed: 4, game: row.game });
    assert.ok(replay.actions.length > 0);
    // Each linked page opens, titled with the batch's seed and the game's number.
    const game = await openPage(join(dir, row.page), { hash: '#step=2' });
    try {
      const title = await game.page.textContent('#title');
      assert.equal(title, row.game === 0 ? 'aggro vs midrange — seed 4' : `aggro vs midrange — seed 4, game ${row.game}`);
      assert.equal(await game.page.getAttribute('body', 'data-step'), '2');
      assert.equal(Number(row.cells[4]), (await game.page.evaluate(() => window.rtgViewer.boardAt(window.rtgViewer.steps - 1))).turn);
      assert.deepEqual(game.consoleErrors, []);
    } finally {
      await game.close();
    }
  }
});
