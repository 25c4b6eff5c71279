// The replay viewer: a page written by `rtg play --html`, stepped to its last step with the
// keyboard, must show the board of the game's final state (health and battlefield cards), as the
// terminal narration printed it, with no console error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OUT, ROOT, RTG_BIN, openPage } from './lib.mjs';

/** The page's embedded data, read back from the file the way the page reads it. */
function embedded(html) {
  const m = html.match(/<script type="application\/json" id="rtg-replay">([\s\S]*?)<\/script>/);
  assert.ok(m, 'the page embeds its replay in <script id="rtg-replay">');
  return JSON.parse(m[1]);
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

/** A battlefield as the text lists it, from the page's cards (mana cards counted). */
function textOf(cards) {
  const parts = [];
  const counts = new Map();
  for (const c of cards) {
    let t = c.label;
    if (c.pt) t += ' ' + c.pt;
    const flags = c.flags.filter((f) => f !== 'damaged');
    if (flags.length) t += ' (' + flags.join(', ') + ')';
    if (c.mana && parts.includes(t)) {
      counts.set(t, (counts.get(t) ?? 1) + 1);
      continue;
    }
    parts.push(t);
  }
  return parts.map((t) => (counts.has(t) ? `${t} ×${counts.get(t)}` : t)).join(', ') || '-';
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
  const finalBoard = steps[steps.length - 1].board;
  const text = finalBoardFromText(printed);
  assert.equal(text.length, 2, printed.slice(-800));

  const { page, consoleErrors, screenshot, close } = await openPage(html);
  try {
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
      const cards = await page.$$eval(`#battlefield-${seat} .card`, (nodes) =>
        nodes.map((n) => ({
          id: Number(n.dataset.id),
          pos: Number(n.dataset.pos),
          label: n.querySelector('.title').textContent,
          pt: n.querySelector('.pt')?.textContent ?? null,
          flags: (n.querySelector('.flags')?.textContent ?? '').split(' · ').filter((f) => f),
          mana: n.classList.contains('mana'),
        })),
      );
      // Mana cards and creatures are in two rows; each card keeps its place in the zone.
      cards.sort((a, b) => a.pos - b.pos);
      assert.deepEqual(
        cards.map((c) => c.id),
        finalBoard.players[seat].battlefield.map((c) => c.id),
        `seat ${seat}: the battlefield's cards, in order`,
      );
      assert.equal(textOf(cards), text[seat].board, `seat ${seat}: the battlefield as printed`);
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
    const attack = steps.findIndex((s) => s.board.combats.length > 0);
    assert.ok(attack > 0, 'the game has an attack');
    await page.fill('#slider', String(attack));
    assert.equal(await page.getAttribute('body', 'data-step'), String(attack));
    assert.ok((await page.$$eval('#arrows line', (l) => l.length)) >= steps[attack].board.combats.length);
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
  const steps = embedded(readFileSync(html, 'utf8')).view.steps;
  const blocked = steps.findIndex((s) => s.board.combats.some((c) => c.blockers.length > 0));
  assert.ok(blocked > 0, 'the game has a block');
  const blockers = steps[blocked].board.combats.reduce((n, c) => n + c.blockers.length, 0);
  const { page, consoleErrors, close } = await openPage(html);
  try {
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
