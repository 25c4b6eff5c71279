// What every report page shares, in a real browser: the bots named at the top, tables sorted by
// a click on any header, everything fitting a window 1,400 pixels wide (with many decks and long
// names too), the tournament's standings by rank, and the batch page's win rates on the play
// and on the draw and its game-length histogram, each checked against the command's JSON.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { OUT, ROOT, RTG_BIN, openPage } from './lib.mjs';

/** Runs `rtg ARGS --json --html OUT/NAME.html` and returns the page's path and the JSON. */
function report(name, args) {
  const page = join(OUT, `${name}.html`);
  const stdout = execFileSync(RTG_BIN, [...args, '--json', '--html', page], { cwd: ROOT, encoding: 'utf8' });
  return { name, page, json: JSON.parse(stdout) };
}

// Cards with long names (one without a space to break at) and decks with long names, made of
// new card ids only, so the run is the same whether `--cards` adds to the bundled cards or
// replaces them.
const WIDE = join(OUT, 'wide');
const LONG_CARD = 'Extraordinarily Long-Winded Goblin Warrior of the Northern Reaches, Who Never Stops Talking';
const UNBROKEN = 'Unbreakablecardnamewithoutanyspacesatallthatgoesonandonforeverandever';
const WIDE_DECKS = 12;

function writeWideContent() {
  mkdirSync(join(WIDE, 'cards'), { recursive: true });
  mkdirSync(join(WIDE, 'decks'), { recursive: true });
  const card = (id, lines) => writeFileSync(join(WIDE, 'cards', `${id}.yaml`), `card_id: ${id}\n${lines.join('\n')}\n`);
  card('wide_mana_01', ['name: Fire Mana Of A Name Long Enough To Need Wrapping In Its Cell', 'description: Mana.', 'type: mana', 'mana:', '  fire: 1']);
  card('wide_goblin_01', [`name: ${LONG_CARD}`, 'description: A 2/2.', 'type: creature', 'mana:', '  fire: 1', 'attack: 2', 'defense: 2']);
  card('wide_giant_01', [`name: ${UNBROKEN}`, 'description: A 4/4.', 'type: creature', 'mana:', '  fire: 3', 'attack: 4', 'defense: 4']);
  const decks = [];
  for (let i = 1; i <= WIDE_DECKS; i++) {
    const name = `a-deck-whose-name-is-long-enough-to-crowd-the-matrix-number-${String(i).padStart(2, '0')}`;
    const giants = i % 4;
    const file = join(WIDE, 'decks', `${name}.yaml`);
    writeFileSync(file, `name: ${name}\ncards:\n  wide_mana_01: 16\n  wide_goblin_01: ${24 - giants}\n${giants ? `  wide_giant_01: ${giants}\n` : ''}`);
    decks.push(file);
  }
  return decks;
}

const pages = {};

before(() => {
  const decks = writeWideContent();
  const wide = ['--cards', join(WIDE, 'cards'), '--decks', join(WIDE, 'decks')];
  pages.batch = report('pages-batch', ['simulate', 'aggro', 'midrange', '--games', '80', '--seed', '4', '--bot-a', 'heuristic', '--bot-b', 'greedy', '--card-stats']);
  pages.tournament = report('pages-tournament', ['tournament', 'aggro', 'midrange', 'flyers', 'control', '--games', '8', '--seed', '3', '--bot', 'heuristic']);
  pages.goldfish = report('pages-goldfish', ['goldfish', 'aggro', '--games', '30', '--seed', '2', '--bot', 'heuristic']);
  pages.verdict = report('pages-verdict', ['verdict', 'aggro', 'midrange', '--rungs', 'random,greedy', '--games', '20', '--seed', '3']);
  pages.impact = report('pages-impact', ['card-impact', 'aggro', '--vs', 'midrange', '--games', '20', '--seed', '1', '--bot', 'greedy', '--card', 'goblin_01', '--card', 'fireball_01']);
  pages.wideTournament = report('pages-wide-tournament', ['tournament', ...decks, '--games', '2', '--seed', '1', '--bot', 'greedy', '--card-stats', ...wide]);
  pages.wideBatch = report('pages-wide-batch', ['simulate', decks[0], decks[1], '--games', '20', '--seed', '1', '--bot', 'greedy', '--card-stats', ...wide]);
});

/** The bots line's text, and whether it sits in the header above the first section. */
async function botsLine(page) {
  return page.evaluate(() => {
    const line = document.querySelector('header #bots');
    const first = document.querySelector('main section');
    return {
      text: line ? line.textContent.replace(/\s+/g, ' ').trim() : null,
      above: !!line && line.getBoundingClientRect().bottom <= first.getBoundingClientRect().top,
    };
  });
}

test('every page names its bots at the top', async () => {
  const expected = {
    batch: (j) => [`${j.deck_a} ${j.bots[0]}`, `${j.deck_b} ${j.bots[1]}`],
    tournament: (j) => [`every deck ${j.bots[0]}`],
    goldfish: (j) => [`${j.deck} ${j.bot}`, 'goldfish'],
    verdict: (j) => j.rungs.map((r) => r.bot),
    impact: (j) => [`${j.deck} ${j.bots[0]}`, `${j.vs} ${j.bots[1]}`],
  };
  assert.deepEqual(pages.batch.json.bots, ['heuristic', 'greedy']);
  for (const [kind, wanted] of Object.entries(expected)) {
    const { page: file, json } = pages[kind];
    const { page, consoleErrors, close } = await openPage(file);
    try {
      assert.deepEqual(consoleErrors, [], kind);
      const { text, above } = await botsLine(page);
      assert.ok(text?.startsWith('bots: '), `${kind}: ${text}`);
      assert.ok(above, `${kind}: the bots line is above the results`);
      for (const part of wanted(json)) assert.ok(text.includes(part), `${kind}: "${part}" not in "${text}"`);
    } finally {
      await close();
    }
  }
});

/** The sort key of a cell as the page defines it: a `data-sort`, else its first number's JSON value, else its text. */
function keysOf(page, tableSelector, column) {
  return page.$$eval(`${tableSelector} tbody tr`, (rows, column) => rows.map((row) => {
    const cell = row.cells[column];
    if (cell.hasAttribute('data-sort')) return cell.getAttribute('data-sort');
    const n = cell.querySelector('[data-value]');
    return n ? n.getAttribute('data-value') : cell.textContent.trim();
  }), column);
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
const empty = (k) => k === '' || k === 'null' || k === '–' || k === '-';

function assertSorted(keys, numeric, dir, what) {
  const present = keys.filter((k) => !empty(k));
  // Empty keys go last, both ways.
  assert.deepEqual(keys.slice(present.length).filter((k) => !empty(k)), [], `${what}: empty keys last`);
  for (let i = 1; i < present.length; i++) {
    const c = numeric ? Number(present[i - 1]) - Number(present[i]) : collator.compare(present[i - 1], present[i]);
    assert.ok(dir * c <= 0, `${what}: ${present[i - 1]} before ${present[i]} (${dir > 0 ? 'ascending' : 'descending'})`);
  }
}

test('clicking a header sorts the table by that column, numbers by value and text alphabetically, and again reverses it', async () => {
  const { page: file, json } = pages.tournament;
  const { page, consoleErrors, close } = await openPage(file);
  try {
    const table = '#standings-table';
    const header = (text) => page.locator(`${table} thead th`, { hasText: new RegExp(`^${text}$`) });
    const rate = await page.$$eval(`${table} thead th`, (ths) => ths.findIndex((th) => th.textContent === 'mean win rate'));
    await header('mean win rate').click();
    assert.equal(await header('mean win rate').getAttribute('aria-sort'), 'ascending');
    const up = (await keysOf(page, table, rate)).map(Number);
    assert.deepEqual(up, [...json.standings.map((s) => s.mean_win_rate)].sort((a, b) => a - b));
    await header('mean win rate').click();
    assert.equal(await header('mean win rate').getAttribute('aria-sort'), 'descending');
    const down = (await keysOf(page, table, rate)).map(Number);
    assert.deepEqual(down, [...up].reverse());
    // The deck names, alphabetically: the decks were given out of order.
    await header('deck').click();
    const names = await keysOf(page, table, 1);
    assert.deepEqual(names, [...json.decks].sort(collator.compare));
    assert.equal(await header('mean win rate').getAttribute('aria-sort'), null, 'one sorted column at a time');
    // By keyboard too.
    await header('games').focus();
    await page.keyboard.press('Enter');
    assert.equal(await header('games').getAttribute('aria-sort'), 'ascending');
    assert.deepEqual(consoleErrors, []);
  } finally {
    await close();
  }
});

test('every table of every page sorts by each of its columns', async () => {
  for (const [kind, { page: file }] of Object.entries(pages)) {
    const { page, consoleErrors, close } = await openPage(file);
    try {
      // In the page, for speed: each header of each table with a head is clicked twice, and
      // the column's keys are read after each click (the rule of `keysOf`).
      const tables = await page.evaluate(() => {
        document.querySelectorAll('details').forEach((d) => { d.open = true; });
        const key = (cell) => {
          if (cell.hasAttribute('data-sort')) return cell.getAttribute('data-sort');
          const n = cell.querySelector('[data-value]');
          return n ? n.getAttribute('data-value') : cell.textContent.trim();
        };
        return [...document.querySelectorAll('table')].filter((t) => t.tHead).map((t) => {
          const heads = [...t.tHead.rows[t.tHead.rows.length - 1].cells];
          return {
            id: t.id || t.className || t.dataset.deck || '?',
            sortable: t.classList.contains('sortable'),
            columns: heads.map((th, column) => {
              const keys = () => [...t.tBodies[0].rows].map((row) => key(row.cells[column]));
              const before = keys();
              th.click();
              const up = [keys(), th.getAttribute('aria-sort')];
              th.click();
              const down = [keys(), th.getAttribute('aria-sort')];
              return { before, up, down };
            }),
          };
        });
      });
      assert.ok(tables.length > 0, kind);
      for (const t of tables) {
        assert.ok(t.sortable, `${kind}: table ${t.id} has a head but does not sort`);
        t.columns.forEach(({ before, up, down }, column) => {
          const what = `${kind} table ${t.id} column ${column}`;
          const numeric = before.every((k) => empty(k) || /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?%?$/.test(k));
          assert.deepEqual([...up[0]].sort(), [...before].sort(), `${what}: the same rows`);
          assert.equal(up[1], 'ascending', what);
          assertSorted(up[0], numeric, 1, what);
          assert.equal(down[1], 'descending', what);
          assertSorted(down[0], numeric, -1, what);
        });
      }
      assert.deepEqual(consoleErrors, [], kind);
    } finally {
      await close();
    }
  }
});

test('every page fits a window 1,400 pixels wide, with many decks and long names too', async () => {
  const wide = pages.wideTournament.json;
  assert.equal(wide.decks.length, WIDE_DECKS);
  assert.ok(wide.cards.some((c) => c.name === LONG_CARD) && wide.cards.some((c) => c.name === UNBROKEN));
  for (const [kind, { page: file }] of Object.entries(pages)) {
    const { page, consoleErrors, screenshot, close } = await openPage(file);
    try {
      await page.setViewportSize({ width: 1400, height: 900 });
      const overflows = await page.evaluate(() => {
        document.querySelectorAll('details').forEach((d) => { d.open = true; });
        const bad = [];
        const doc = document.documentElement;
        if (doc.scrollWidth > doc.clientWidth) bad.push(`the page: ${doc.scrollWidth} > ${doc.clientWidth}`);
        for (const el of document.querySelectorAll('table, svg.chart, pre')) {
          const box = el.closest('section') ?? el.parentElement;
          if (box.scrollWidth > box.clientWidth) bad.push(`${box.id}: ${box.scrollWidth} > ${box.clientWidth}`);
          const right = el.getBoundingClientRect().right;
          const inner = box.getBoundingClientRect().right - parseFloat(getComputedStyle(box).paddingRight);
          if (right > inner + 0.5) bad.push(`${el.tagName} in ${box.id} ends at ${right}, past ${inner}`);
        }
        return bad;
      });
      assert.deepEqual(overflows, [], kind);
      assert.deepEqual(consoleErrors, [], kind);
      if (kind.startsWith('wide')) await screenshot(`pages-${kind}`);
    } finally {
      await close();
    }
  }
});

test('the tournament lists its standings by rank', async () => {
  for (const { page: file, json } of [pages.tournament, pages.wideTournament]) {
    const { page, close } = await openPage(file);
    try {
      const rows = await page.$$eval('#standings-table tbody tr', (trs) => trs.map((tr) => ({
        rank: Number(tr.cells[0].textContent),
        deck: tr.cells[1].textContent,
      })));
      assert.equal(rows.length, json.decks.length);
      const byRank = json.decks
        .map((deck, i) => ({ rank: json.standings[i].rank, deck, i }))
        .sort((a, b) => a.rank - b.rank || a.i - b.i)
        .map(({ rank, deck }) => ({ rank, deck }));
      assert.deepEqual(rows, byRank);
      assert.equal(rows[0].rank, 1);
    } finally {
      await close();
    }
  }
});

/** The 95% Wilson score interval of `score` successes in `n`. */
function wilson(score, n) {
  if (n <= 0) return [0, 1];
  const z = 1.959963984540054;
  const p = score / n;
  const denom = 1 + (z * z) / n;
  const center = (p + (z * z) / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denom;
  return [Math.max(0, center - half), Math.min(1, center + half)];
}

test('the batch page shows each deck on the play and on the draw, and the game lengths, from the JSON', async () => {
  const { page: file, json } = pages.batch;
  const { page, consoleErrors, close } = await openPage(file);
  try {
    const finished = json.games - json.failures.length;
    const rows = await page.$$eval('#play-draw-table tbody tr', (trs) => trs.map((tr) => {
      const derived = (name) => Number(tr.querySelector(`[data-derived="${name}_${tr.dataset.deck}_on_the_${tr.dataset.seat}"]`).dataset.value);
      return {
        deck: tr.dataset.deck,
        seat: tr.dataset.seat,
        games: Number(tr.cells[2].textContent),
        rate: derived('win_rate'),
        lo: derived('ci_low'),
        hi: derived('ci_high'),
      };
    }));
    assert.equal(rows.length, 4);
    let games = 0;
    for (const { deck, seat, games: n, rate, lo, hi } of rows) {
      const cell = (deck === 'a') === (seat === 'play') ? json.play_draw.a_first : json.play_draw.b_first;
      const score = cell[`wins_${deck}`] + cell.draws / 2;
      assert.equal(n, cell.games, `${deck} on the ${seat}`);
      assert.ok(Math.abs(rate - score / cell.games) < 1e-12, `${deck} on the ${seat}: ${rate}`);
      const [l, h] = wilson(score, cell.games);
      assert.ok(Math.abs(lo - l) < 1e-12 && Math.abs(hi - h) < 1e-12, `${deck} on the ${seat}: ${lo} .. ${hi}`);
      games += n;
    }
    // Each finished game is on the play for one deck and on the draw for the other.
    assert.equal(games, 2 * finished);
    assert.equal(json.play_draw.a_first.wins_a + json.play_draw.b_first.wins_b, json.first_player_wins);
    // The histogram: a column per length from the shortest game to the longest, adding up to the finished games.
    const bars = json.turns_histogram;
    assert.equal(bars.reduce((s, b) => s + b.games, 0), finished);
    const columns = await page.$$eval('#length-histogram text.value', (els) => els.map((e) => Number(e.dataset.value)));
    assert.equal(columns.length, json.turns_max - json.turns_min + 1);
    assert.equal(columns.reduce((s, g) => s + g, 0), finished);
    for (const b of bars) assert.equal(columns[b.turn - json.turns_min], b.games, `turn ${b.turn}`);
    assert.equal(await page.locator('#game-length-table tbody tr').count(), bars.length);
    const mean = Number(await page.getAttribute('[data-derived="turns_mean"]', 'data-value'));
    assert.ok(Math.abs(mean - json.turns_sum / finished) < 1e-9);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await close();
  }
});

test('the card-impact page shows each swap of the JSON', async () => {
  const { page: file, json } = pages.impact;
  const { page, consoleErrors, close } = await openPage(file);
  try {
    const cards = await page.$$eval('#swaps-table tbody tr', (trs) => trs.map((tr) => tr.dataset.card));
    assert.deepEqual(cards, json.cards.map((c) => c.card_id));
    for (const [i, c] of json.cards.entries()) {
      assert.equal(Number(await page.getAttribute(`[data-json="cards.${i}.delta"]`, 'data-value')), c.delta);
    }
    assert.equal(Number(await page.getAttribute('[data-json="baseline_win_rate"]', 'data-value')), json.baseline_win_rate);
    assert.equal(await page.textContent('#digest'), json.baseline.cards_digest);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await close();
  }
});
