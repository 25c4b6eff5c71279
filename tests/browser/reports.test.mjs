// The report pages (`--html` of simulate, tournament, goldfish and verdict) in a real browser: each loads
// without a console error, every number it shows is the JSON report's (the same command's
// `--json` output), and a screenshot of each is saved under target/browser/ for review.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { OUT, ROOT, RTG_BIN, openPage } from './lib.mjs';

/** Runs `rtg ARGS --json --html OUT/NAME.html` and returns the page's path and the JSON. */
function report(name, args) {
  const page = join(OUT, `${name}.html`);
  const stdout = execFileSync(RTG_BIN, [...args, '--json', '--html', page], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return { page, json: JSON.parse(stdout) };
}

/** The value at a dotted path of the JSON (`matrix.0.1.win_rate`). */
function at(json, path) {
  return path.split('.').reduce((v, key) => (v == null ? undefined : v[key]), json);
}

/** Checks every number of the page tagged with its JSON path; returns how many there were. */
async function numbersMatch(page, json) {
  const shown = await page.$$eval('[data-json]', (els) =>
    els.map((e) => ({
      path: e.dataset.json,
      value: e.dataset.value,
      format: e.dataset.format,
      text: e.textContent.trim(),
    })),
  );
  for (const { path, value, format, text } of shown) {
    const expected = at(json, path);
    assert.notEqual(expected, undefined, `${path} is not in the JSON`);
    if (expected === null) {
      assert.equal(value, 'null', path);
      assert.equal(text, '–', path);
      continue;
    }
    assert.equal(Number(value), expected, `${path}: the page holds ${value}`);
    if (format === 'int') assert.equal(text, String(expected), path);
    if (format === 'pct') {
      assert.match(text, /^-?\d+\.\d%$/, path);
      assert.ok(Math.abs(parseFloat(text) - 100 * expected) <= 0.05 + 1e-9, `${path}: ${text} for ${expected}`);
    }
    if (format === 'dec2') assert.ok(Math.abs(parseFloat(text) - expected) <= 0.005 + 1e-9, `${path}: ${text} for ${expected}`);
    if (format === 'points') {
      assert.match(text, /^[+-]\d+\.\d$/, path);
      assert.ok(Math.abs(parseFloat(text) - expected) <= 0.05 + 1e-9, `${path}: ${text} for ${expected}`);
    }
  }
  return shown.length;
}

/** The JSON embedded in the page equals the printed one, but for the timing. */
async function embeddedMatches(page, json) {
  const embedded = JSON.parse(await page.textContent('#report-json'));
  const strip = (j) => ({ ...j, seconds: 0 });
  assert.deepEqual(strip(embedded), strip(json));
}

test('a batch page shows the JSON report, the cards and the settings', async () => {
  const { page: file, json } = report('reports-batch', [
    'simulate', 'aggro', 'midrange', '--games', '60', '--seed', '5', '--bot', 'greedy', '--card-stats',
  ]);
  const { page, consoleErrors, screenshot, close } = await openPage(file);
  try {
    assert.deepEqual(consoleErrors, []);
    const n = await numbersMatch(page, json);
    assert.ok(n >= 8 * json.cards.length, `only ${n} numbers`);
    await embeddedMatches(page, json);
    // The derived win rate is the JSON's wins over finished games, draws half.
    const finished = json.games - json.failures.length;
    const rate = await page.getAttribute('[data-derived="win_rate_a"]', 'data-value');
    assert.equal(Number(rate), (json.wins_a + json.draws / 2) / finished);
    // One row per card, and never-played cards flagged.
    assert.equal(await page.locator('table.cards tbody tr').count(), json.cards.length);
    const never = json.cards.filter((c) => c.never_played).length;
    assert.equal(await page.locator('table.cards tr.never').count(), never);
    assert.match(await page.textContent('#command'), /^rtg simulate aggro midrange --games 60 --seed 5 --bot greedy/);
    assert.equal(await page.textContent('#digest'), json.cards_digest);
    assert.equal(await page.locator('#samples').count(), 1);
    await screenshot('reports-batch');
  } finally {
    await close();
  }
});

test('a tournament page draws the matrix as a heat map of the JSON cells', async () => {
  const { page: file, json } = report('reports-tournament', [
    'tournament', '--games', '10', '--seed', '2', '--bot', 'greedy', '--card-stats',
  ]);
  const { page, consoleErrors, screenshot, close } = await openPage(file);
  try {
    assert.deepEqual(consoleErrors, []);
    await numbersMatch(page, json);
    await embeddedMatches(page, json);
    const n = json.decks.length;
    assert.equal(await page.locator('#heatmap g.cell').count(), n * (n - 1));
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        if (i === j) {
          assert.equal(json.matrix[i][j], null);
          continue;
        }
        const text = await page.textContent(`#heatmap g.cell[data-row="${i}"][data-col="${j}"] text`);
        assert.ok(Math.abs(parseFloat(text) - 100 * json.matrix[i][j].win_rate) <= 0.05 + 1e-9, text);
      }
    }
    assert.equal(await page.locator('#standings tbody tr').count(), n);
    // Beside the ranks, the meta: each deck's share of the equilibrium field (the shares sum
    // to 1) and its win rate against that field, the JSON's `meta` (in deck order) of the
    // row's deck (the rows are in rank order).
    assert.equal(json.meta.length, n);
    const meta = await page.$$eval('#standings tbody tr', (rows) =>
      rows.map((row) => ({
        deck: row.cells[1].textContent,
        share: Number(row.querySelector('td.meta-share [data-json]').dataset.value),
        vs: Number(row.querySelector('td.meta-vs [data-json]').dataset.value),
      })),
    );
    meta.forEach(({ deck, share, vs }) => {
      const i = json.decks.indexOf(deck);
      assert.ok(i >= 0, deck);
      assert.equal(share, json.meta[i].share);
      assert.equal(vs, json.meta[i].win_rate_vs_field);
    });
    assert.ok(Math.abs(meta.reduce((sum, m) => sum + m.share, 0) - 1) <= 1e-9);
    assert.equal(await page.locator('table.cards tbody tr').count(), json.cards.length);
    await screenshot('reports-tournament');
    // A small one of the heat map and standings alone, the picture docs/reports.md shows.
    mkdirSync(join(ROOT, 'target', 'browser'), { recursive: true });
    await page.setViewportSize({ width: 760, height: 900 });
    await page.locator('#matrix').screenshot({ path: join(ROOT, 'target', 'browser', 'reports-heatmap.png') });
  } finally {
    await close();
  }
});

test('a goldfish page shows the kill-turn histogram of the JSON', async () => {
  const { page: file, json } = report('reports-goldfish', ['goldfish', 'aggro', '--games', '50', '--seed', '1', '--bot', 'greedy', '--card-stats']);
  const { page, consoleErrors, screenshot, close } = await openPage(file);
  try {
    assert.deepEqual(consoleErrors, []);
    await numbersMatch(page, json);
    await embeddedMatches(page, json);
    const bars = json.kill_turn.histogram;
    assert.ok(bars.length > 0);
    assert.equal(await page.locator('#kill-histogram rect').count(), bars.length);
    const labels = await page.$$eval('#kill-histogram text.value', (els) => els.map((e) => e.textContent));
    assert.deepEqual(labels, bars.map((b) => String(b.games)));
    for (const key of ['median', 'p10', 'p90']) {
      assert.equal(await page.textContent(`[data-json="kill_turn.${key}"]`), String(json.kill_turn[key]));
    }
    await screenshot('reports-goldfish');
  } finally {
    await close();
  }
});

test('a verdict page draws every rung with its interval and shows the call of the JSON', async () => {
  const { page: file, json } = report('reports-verdict', [
    'verdict', 'aggro', 'midrange', '--rungs', 'random,greedy,heuristic', '--games', '40', '--seed', '3',
  ]);
  const { page, consoleErrors, screenshot, close } = await openPage(file);
  try {
    assert.deepEqual(consoleErrors, []);
    const numbers = await numbersMatch(page, json);
    assert.ok(numbers >= json.rungs.length * 10, `${numbers} numbers`);
    const embedded = JSON.parse(await page.textContent('#report-json'));
    const untimed = (j) => ({ ...j, rungs: j.rungs.map((r) => ({ ...r, seconds: 0, report: { ...r.report, seconds: 0 } })) });
    assert.deepEqual(untimed(embedded), untimed(json));
    assert.equal(await page.locator('#ladder-chart circle.rung').count(), json.rungs.length);
    assert.equal(await page.locator('#ladder-chart line.interval').count(), json.rungs.length);
    // Higher win rates are drawn higher: the dots' heights follow the JSON's order.
    const ys = await page.$$eval('#ladder-chart circle.rung', (els) => els.map((e) => Number(e.getAttribute('cy'))));
    for (let i = 0; i < ys.length; i++) {
      for (let j = 0; j < ys.length; j++) {
        if (json.rungs[i].win_rate > json.rungs[j].win_rate) assert.ok(ys[i] < ys[j], `rung ${i} above rung ${j}`);
      }
    }
    assert.equal((await page.textContent('#call-summary')).trim(), json.call.summary);
    assert.equal(await page.locator('#shifts tbody tr').count(), json.shifts.length);
    await screenshot('reports-verdict');
  } finally {
    await close();
  }
});
