// The replay viewer: a page written by `rtg play --html`, stepped to its last step with the
// keyboard, must show the board of the game's final state (health and battlefield cards), as the
// terminal narration printed it, with no console error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { OUT, ROOT, RTG_BIN, openPage } from './lib.mjs';

/** The page's embedded data, read back from the file the way the page reads it. */
function embedded(html) {
  const m = html.match(/<script type="application\/json" id="rtg-replay">([\s\S]*?)<\/script>/);
  assert.ok(m, 'the page embeds its replay in <script id="rtg-replay">');
  return JSON.parse(m[1]);
}

/**
 * Every step's board, as the page rebuilds it from the changes it stores (`rtgViewer.boardAt`),
 * checked against a plain decoding here that applies every change from the start: the page's
 * kept boards and copies give the same boards.
 */
async function boardsOf(page, data) {
  const boards = await page.evaluate(() =>
    Array.from({ length: window.rtgViewer.steps }, (_, i) => window.rtgViewer.boardAt(i)),
  );
  assert.equal(boards.length, data.view.steps.length);
  const cards = new Map();
  const b = {
    turn: 0, phase: '', active: 0, to_act: 0, combats: [], pending_triggers: 0, pending_choices: [],
    result: null, end_reason: null,
    players: data.view.names.map((name) => ({ name, health: 0, pool: '', deck: 0, lost: false, hand: [], battlefield: [], graveyard: [] })),
  };
  data.view.steps.forEach(({ patch }, i) => {
    for (const [k, v] of Object.entries(patch)) if (k !== 'players' && k !== 'cards') b[k] = v;
    for (const [id, view] of Object.entries(patch.cards ?? {})) cards.set(Number(id), view);
    (patch.players ?? []).forEach((change, seat) => {
      for (const [k, v] of Object.entries(change ?? {})) {
        if (Array.isArray(v)) b.players[seat][k].splice(v[0], v[1], ...v[2]);
        else b.players[seat][k] = v;
      }
    });
    const shown = {
      ...b,
      players: b.players.map((p) => ({
        ...p,
        hand: p.hand.map((id) => cards.get(id)),
        battlefield: p.battlefield.map((id) => cards.get(id)),
        graveyard: p.graveyard.map((id) => cards.get(id)),
      })),
    };
    assert.deepEqual(JSON.parse(JSON.stringify(boards[i])), JSON.parse(JSON.stringify(shown)), `step ${i}: the page's board`);
  });
  return boards;
}

/** The final board the terminal printed: per player, health and the battlefield's labels. */
function finalBoardFromText(text) {
  const end = text.slice(text.lastIndexOf('\n== End — turn '));
  const lines = end.split('\n');
  const players = [];
  for (let i = 0; i < lines.length; i++) {
    const m = lines[i].match(/^ {2}(\S+)\s+health\s+(-?\d+)\s/);
    if (m) {
      const board = lines[i + 1].replace(/^\s+board: /, '');
      players.push({ name: m[1], health: Number(m[2]), board });
    }
  }
  return players;
}

/**
 * A zone's tiles as the page shows them: one per card, or one per group of identical mana cards
 * (`count` of them, `ids` all their instance ids), in the order of the zone.
 */
async function tilesOf(page, selector) {
  const tiles = await page.$$eval(selector, (nodes) =>
    nodes.map((n) => ({
      id: Number(n.dataset.id),
      ids: n.dataset.ids ? n.dataset.ids.split(',').map(Number) : [Number(n.dataset.id)],
      count: Number(n.dataset.count ?? 1),
      pos: Number(n.dataset.pos),
      label: n.querySelector('.title')?.firstChild?.textContent ?? null,
      title: n.querySelector('.title')?.textContent ?? null,
      pt: n.querySelector('.pt')?.textContent ?? null,
      text: n.querySelector('.text')?.textContent ?? null,
      flags: (n.querySelector('.flags')?.textContent ?? '').split(' · ').filter((f) => f),
      mana: n.classList.contains('mana'),
      back: n.classList.contains('back'),
    })),
  );
  return tiles.sort((a, b) => a.pos - b.pos);
}

/** A battlefield as the text lists it, from the page's tiles (identical mana cards counted). */
function textOf(tiles) {
  return tiles.map((c) => {
    let t = c.label;
    if (c.pt) t += ' ' + c.pt;
    const flags = c.flags.filter((f) => f !== 'damaged');
    if (flags.length) t += ' (' + flags.join(', ') + ')';
    return c.count > 1 ? `${t} ×${c.count}` : t;
  }).join(', ') || '-';
}

test('the viewer steps to the end with the keyboard and shows the final board', async () => {
  const html = join(OUT, 'viewer-aggro-midrange.html');
  const replay = join(OUT, 'viewer-aggro-midrange.json');
  const printed = execFileSync(
    RTG_BIN,
    ['play', 'aggro', 'midrange', '--seed', '3', '--record', replay, '--html', html],
    { cwd: ROOT, encoding: 'utf8' },
  );
  const data = embedded(readFileSync(html, 'utf8'));
  const recorded = JSON.parse(readFileSync(replay, 'utf8'));
  assert.deepEqual(data.replay, recorded, 'the page embeds the replay file as written');
  const steps = data.view.steps;
  assert.equal(steps.length, recorded.actions.length + 1, 'one step per action, and the start');
  const text = finalBoardFromText(printed);
  assert.equal(text.length, 2, printed.slice(-800));

  const { page, consoleErrors, screenshot, close } = await openPage(html);
  try {
    const boards = await boardsOf(page, data);
    const finalBoard = boards[boards.length - 1];
    assert.equal(await page.getAttribute('body', 'data-step'), '0');
    // Step through the first few actions one key at a time, then jump to the end.
    for (let i = 1; i <= 3; i++) {
      await page.keyboard.press('ArrowRight');
      assert.equal(await page.getAttribute('body', 'data-step'), String(i));
    }
    await page.keyboard.press('ArrowLeft');
    assert.equal(await page.getAttribute('body', 'data-step'), '2');
    await page.keyboard.press('End');
    const last = String(steps.length - 1);
    assert.equal(await page.getAttribute('body', 'data-step'), last);
    // One more → stays on the last step.
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.getAttribute('body', 'data-step'), last);
    assert.equal(await page.inputValue('#slider'), last);

    for (const seat of [0, 1]) {
      const health = Number(await page.getAttribute(`#health-${seat}`, 'data-health'));
      assert.equal(health, finalBoard.players[seat].health, `seat ${seat}: health as in the data`);
      assert.equal(health, text[seat].health, `seat ${seat}: health as the terminal printed it`);
      const tiles = await tilesOf(page, `#battlefield-${seat} .card`);
      // Mana cards and creatures are in two rows; each tile keeps the place of its first card
      // in the zone, and a group holds every identical mana card.
      assert.deepEqual(
        tiles.flatMap((c) => c.ids).sort((a, b) => a - b),
        finalBoard.players[seat].battlefield.map((c) => c.id).sort((a, b) => a - b),
        `seat ${seat}: every card of the battlefield, once`,
      );
      assert.deepEqual(
        tiles.map((c) => c.id),
        finalBoard.players[seat].battlefield.map((c) => c.id).filter((id) => tiles.some((t) => t.id === id)),
        `seat ${seat}: the battlefield's tiles, in order`,
      );
      assert.equal(textOf(tiles), text[seat].board, `seat ${seat}: the battlefield as printed`);
    }
    const story = await page.textContent('#end');
    assert.ok(story.includes(finalBoard.result), story);
    assert.match(await page.textContent('#result'), / wins on turn | draw on turn /);

    // The hand of the player not to act is face down until revealed.
    const hidden = 1 - finalBoard.to_act;
    const backs = await page.$$eval(`#hand-${hidden} .card.back`, (n) => n.length);
    assert.equal(backs, finalBoard.players[hidden].hand.length);
    await page.check('#reveal');
    assert.equal(await page.$$eval(`#hand-${hidden} .card.back`, (n) => n.length), 0);

    // The slider and the buttons move too; an attack is drawn as an arrow.
    const attack = boards.findIndex((b) => b.combats.length > 0);
    assert.ok(attack > 0, 'the game has an attack');
    await page.fill('#slider', String(attack));
    assert.equal(await page.getAttribute('body', 'data-step'), String(attack));
    assert.ok((await page.$$eval('#arrows line', (l) => l.length)) >= boards[attack].combats.length);
    await screenshot('viewer-attack');
    await page.click('#first');
    assert.equal(await page.getAttribute('body', 'data-step'), '0');
    await page.click('#next');
    assert.equal(await page.getAttribute('body', 'data-step'), '1');
    await page.keyboard.press('End');

    const shot = await screenshot('viewer');
    copyFileSync(shot, join(OUT, 'viewer.png'));
    assert.deepEqual(consoleErrors, []);
  } finally {
    await close();
  }
});

test('blocks are drawn between creatures, and a draw at the turn limit says why it ended', async () => {
  const html = join(OUT, 'viewer-flyers-control.html');
  execFileSync(
    RTG_BIN,
    ['play', 'flyers', 'control', '--seed', '2', '--bot-a', 'heuristic', '--bot-b', 'heuristic', '--quiet', '--html', html],
    { cwd: ROOT, encoding: 'utf8' },
  );
  const { page, consoleErrors, close } = await openPage(html);
  try {
    const boards = await boardsOf(page, embedded(readFileSync(html, 'utf8')));
    const blocked = boards.findIndex((b) => b.combats.some((c) => c.blockers.length > 0));
    assert.ok(blocked > 0, 'the game has a block');
    const blockers = boards[blocked].combats.reduce((n, c) => n + c.blockers.length, 0);
    await page.fill('#slider', String(blocked));
    assert.equal(await page.$$eval('#arrows line.block', (l) => l.length), blockers);
    assert.ok((await page.$$eval('.card.blocking', (n) => n.length)) >= 1);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await close();
  }

  const short = join(OUT, 'viewer-draw.html');
  execFileSync(RTG_BIN, ['play', 'aggro', 'control', '--max-turns', '3', '--quiet', '--html', short], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const draw = await openPage(short);
  try {
    assert.equal(await draw.page.textContent('#result'), '', 'no result before the end');
    await draw.page.click('#last');
    const end = await draw.page.textContent('#end');
    assert.match(end, /draw on turn \d+\. It ended because the turn limit of 3 turns was reached\./);
    assert.deepEqual(draw.consoleErrors, []);
  } finally {
    await draw.close();
  }
});

test('a game of PTG 0.9\'s language shows its artifacts, tapped creatures, techniques and choices', async () => {
  // Two decks of the fixture cards (free spells: Prism's choose_mana, Frost Snare's tap, Borrowed
  // Wings' granted flying; Chime of Haste, an artifact; Tinker, which makes artifact tokens) under
  // the ptg-0.9 rules, where attackers tap.
  const dir = join(OUT, 'language');
  const cards = join(dir, 'cards');
  const decks = join(dir, 'decks');
  mkdirSync(cards, { recursive: true });
  mkdirSync(decks, { recursive: true });
  for (const card of ['fire_mana_01', 'goblin_01']) {
    copyFileSync(join(ROOT, 'cards', `${card}.yaml`), join(cards, `${card}.yaml`));
  }
  for (const card of ['prism_01', 'chime_of_haste_01', 'tinker_01', 'frost_snare_01', 'wings_01', 'brawler_01', 'cower_01']) {
    copyFileSync(join(ROOT, 'fixtures', 'language', `${card}.yaml`), join(cards, `${card}.yaml`));
  }
  const list = [
    'fire_mana_01: 12', 'goblin_01: 8', 'prism_01: 4', 'chime_of_haste_01: 3', 'tinker_01: 3',
    'frost_snare_01: 2', 'wings_01: 2', 'brawler_01: 2', 'cower_01: 2',
  ].map((l) => `  ${l}`).join('\n');
  for (const name of ['tinkers', 'smiths']) {
    writeFileSync(join(decks, `${name}.yaml`), `name: ${name}\ncards:\n${list}\n`);
  }
  const html = join(OUT, 'viewer-language.html');
  const printed = execFileSync(
    RTG_BIN,
    ['play', 'tinkers', 'smiths', '--cards', cards, '--decks', decks, '--rules', 'ptg-0.9', '--seed', '1', '--html', html],
    { cwd: ROOT, encoding: 'utf8' },
  );
  const data = embedded(readFileSync(html, 'utf8'));
  const faces = data.view.faces;
  const field = (board) => board.players.flatMap((p) => p.battlefield);
  // The terminal says the same in words.
  assert.match(printed, / must choose for Prism: \{fire: 2\} or \{water: 1\}/);
  assert.match(printed, / chooses \{(fire: 2|water: 1)\} for Prism/);
  assert.match(printed, /\(attacked, tapped\)/);
  assert.match(printed, /\(artifact/);

  const { page, consoleErrors, screenshot, close } = await openPage(html);
  try {
    const boards = await boardsOf(page, data);
    const choice = boards.findIndex((b) => (b.pending_choices ?? []).length > 0);
    const tapped = boards.findIndex((b) => field(b).some((c) => c.attack !== null && c.flags.includes('tapped')));
    const artifact = boards.findIndex((b) => field(b).some((c) => faces[c.card_id].kind === 'artifact'));
    const granted = boards.findIndex((b) => field(b).some((c) => (c.granted ?? []).length > 0));
    for (const [what, at] of [['a pending choice', choice], ['a tapped creature', tapped], ['an artifact', artifact], ['a granted technique', granted]]) {
      assert.ok(at > 0, `the game has ${what}:\n${printed.slice(0, 3000)}`);
    }
    assert.match(await page.textContent('#title'), /— rules ptg-0\.9$/);
    // The choice: who chooses, for which card, and its two options.
    await page.fill('#slider', String(choice));
    const waiting = boards[choice].pending_choices[0];
    const shown = await page.$$eval('#choices .choice', (n) => n.map((c) => ({ text: c.textContent, card: Number(c.dataset.card), options: Number(c.dataset.options) })));
    assert.equal(shown.length, boards[choice].pending_choices.length);
    assert.equal(shown[0].card, waiting.card);
    assert.equal(shown[0].options, 2);
    assert.ok(shown[0].text.includes(`chooses for ${waiting.label}: {fire: 2} or {water: 1}`), shown[0].text);
    assert.ok(shown[0].text.includes(boards[choice].players[waiting.player].name), shown[0].text);
    await screenshot('viewer-choice');
    // A tapped creature: marked, with its stats.
    await page.fill('#slider', String(tapped));
    const tappedIds = field(boards[tapped]).filter((c) => c.attack !== null && c.flags.includes('tapped')).map((c) => c.id);
    for (const id of tappedIds) {
      const card = page.locator(`.battlefield .card[data-id="${id}"]`);
      assert.ok(await card.evaluate((n) => n.classList.contains('tapped')), `card ${id} is drawn tapped`);
      assert.match(await card.locator('.flags').textContent(), /tapped/);
      assert.ok((await card.locator('.pt').count()) === 1, `card ${id} shows its stats`);
    }
    await screenshot('viewer-tapped');
    // An artifact: on the battlefield's row of permanents, marked as one, with no stats.
    await page.fill('#slider', String(artifact));
    const artifactIds = field(boards[artifact]).filter((c) => faces[c.card_id].kind === 'artifact').map((c) => c.id);
    for (const id of artifactIds) {
      const card = page.locator(`.battlefield .creatures .card[data-id="${id}"]`);
      assert.equal(await card.count(), 1, `artifact ${id} is on the battlefield`);
      assert.ok(await card.evaluate((n) => n.classList.contains('artifact')));
      assert.match(await card.locator('.flags').textContent(), /artifact/);
      assert.equal(await card.locator('.pt').count(), 0);
    }
    // A technique granted: shown as the card has it now.
    await page.fill('#slider', String(granted));
    const flyer = field(boards[granted]).find((c) => (c.granted ?? []).length > 0);
    const techniques = page.locator(`.battlefield .card[data-id="${flyer.id}"] .techniques`);
    assert.equal(await techniques.getAttribute('data-granted'), flyer.granted.join(','));
    assert.match(await techniques.textContent(), new RegExp(`\\+${flyer.granted[0]}`));
    assert.deepEqual(consoleErrors, []);
  } finally {
    await close();
  }
});

test('a game with a static lord shows the printed stats beside the current ones', async () => {
  // Goblin Warlord (fixtures/statics/): other goblins you control get +1/+1 while it is there.
  const dir = join(OUT, 'statics');
  const cards = join(dir, 'cards');
  const decks = join(dir, 'decks');
  mkdirSync(cards, { recursive: true });
  mkdirSync(decks, { recursive: true });
  for (const card of ['fire_mana_01', 'goblin_01']) {
    copyFileSync(join(ROOT, 'cards', `${card}.yaml`), join(cards, `${card}.yaml`));
  }
  for (const card of ['goblin_warlord_01', 'goblin_grunt_01', 'smite_01']) {
    copyFileSync(join(ROOT, 'fixtures', 'statics', `${card}.yaml`), join(cards, `${card}.yaml`));
  }
  const list = ['fire_mana_01: 12', 'goblin_01: 6', 'goblin_warlord_01: 4', 'goblin_grunt_01: 6', 'smite_01: 2']
    .map((l) => `  ${l}`).join('\n');
  for (const name of ['lords', 'horde']) {
    writeFileSync(join(decks, `${name}.yaml`), `name: ${name}\ncards:\n${list}\n`);
  }
  const html = join(OUT, 'viewer-statics.html');
  const printed = execFileSync(
    RTG_BIN,
    ['play', 'lords', 'horde', '--cards', cards, '--decks', decks, '--seed', '1', '--html', html],
    { cwd: ROOT, encoding: 'utf8' },
  );
  assert.match(printed, / gets \+1\/\+1 while Goblin Warlord #\d+ is on the battlefield/);
  assert.match(printed, /\(printed 1\/1/);
  const field = (board) => board.players.flatMap((p) => p.battlefield);
  const { page, consoleErrors, screenshot, close } = await openPage(html);
  try {
    const boards = await boardsOf(page, embedded(readFileSync(html, 'utf8')));
    const lorded = boards.findIndex((b) => field(b).some((c) => c.printed));
    assert.ok(lorded > 0, `the game has a creature a static ability changes:\n${printed.slice(0, 3000)}`);
    await page.fill('#slider', String(lorded));
    for (const c of field(boards[lorded])) {
      const card = page.locator(`.battlefield .card[data-id="${c.id}"]`);
      if (c.attack === null) continue;
      assert.equal(await card.locator('.pt').textContent(), `${c.attack}/${c.defense}`);
      if (c.printed) {
        assert.equal(await card.locator('.pt').getAttribute('data-printed'), c.printed.join('/'));
        assert.equal(await card.locator('.printed').textContent(), `printed ${c.printed.join('/')}`);
        assert.notDeepEqual([c.attack, c.defense + c.damage], c.printed, 'current stats differ from printed');
      } else {
        assert.equal(await card.locator('.printed').count(), 0, `card ${c.id} shows no printed stats`);
      }
    }
    await screenshot('viewer-statics');
    assert.deepEqual(consoleErrors, []);
  } finally {
    await close();
  }
});

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
