// What the viewer's tests read of a page: its embedded data, every step's board as the page
// rebuilds it (checked against a plain decoding of the patches), and a zone's tiles as shown.
import assert from 'node:assert/strict';

/** The page's embedded data, read back from the file the way the page reads it. */
export function embedded(html) {
  const m = html.match(/<script type="application\/json" id="rtg-replay">([\s\S]*?)<\/script>/);
  assert.ok(m, 'the page embeds its replay in <script id="rtg-replay">');
  return JSON.parse(m[1]);
}

/**
 * Every step's board, as the page rebuilds it from the changes it stores (`rtgViewer.boardAt`),
 * checked against a plain decoding here that applies every change from the start: the page's
 * kept boards and copies give the same boards.
 */
export async function boardsOf(page, data) {
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

/**
 * A zone's tiles as the page shows them: one per card, or one per group of identical mana cards
 * (`count` of them, `ids` all their instance ids), in the order of the zone.
 */
export async function tilesOf(page, selector) {
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
export function textOf(tiles) {
  return tiles.map((c) => {
    let t = c.label;
    if (c.pt) t += ' ' + c.pt;
    const flags = c.flags.filter((f) => f !== 'damaged');
    if (flags.length) t += ' (' + flags.join(', ') + ')';
    return c.count > 1 ? `${t} ×${c.count}` : t;
  }).join(', ') || '-';
}
