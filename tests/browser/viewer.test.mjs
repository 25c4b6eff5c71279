// The replay viewer: a page written by `rtg play --html`, stepped to its last step with the
// keyboard, must show the board of the game's final state (health and battlefield cards), as the
// terminal narration printed it, with no console error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { OUT, ROOT, RTG_BIN, openPage } from './lib.mjs';
import { boardsOf, embedded, textOf, tilesOf } from './viewer-data.mjs';

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
