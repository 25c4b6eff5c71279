"use strict";
(function () {
  const data = JSON.parse(document.getElementById("rtg-replay").textContent);
  const steps = data.view.steps;
  const faces = data.view.faces;

  // Each step holds what its board changed (docs/viewer.md, "The page's data"); boards are
  // rebuilt here. One rebuilt board is kept every KEEP steps (at most 256 of them), so memory holds
  // 256 boards at most and showing a step applies fewer than KEEP changes to a copy of the nearest.
  const KEEP = Math.max(64, Math.ceil(steps.length / 256));
  const emptyPlayer = (name) => ({ name, health: 0, pool: "", deck: 0, lost: false, hand: [], battlefield: [], graveyard: [] });
  const empty = () => ({
    turn: 0, phase: "", active: 0, to_act: 0, players: data.view.names.map(emptyPlayer), combats: [],
    pending_triggers: 0, pending_choices: [], result: null, end_reason: null, cards: new Map(),
  });
  const copy = (b) => Object.assign({}, b, {
    players: b.players.map((p) => Object.assign({}, p, { hand: p.hand.slice(), battlefield: p.battlefield.slice(), graveyard: p.graveyard.slice() })),
    cards: new Map(b.cards),
  });
  const SCALARS = ["turn", "phase", "active", "to_act", "combats", "pending_triggers", "pending_choices", "result", "end_reason"];
  function apply(b, patch) {
    for (const key of SCALARS) if (key in patch) b[key] = patch[key];
    if (patch.cards) for (const id of Object.keys(patch.cards)) b.cards.set(Number(id), patch.cards[id]);
    (patch.players || []).forEach((change, seat) => {
      if (!change) return;
      const p = b.players[seat];
      for (const key of ["health", "pool", "deck", "lost"]) if (key in change) p[key] = change[key];
      for (const zone of ["hand", "battlefield", "graveyard"]) {
        const splice = change[zone];
        if (splice) p[zone].splice(splice[0], splice[1], ...splice[2]);
      }
    });
  }
  const kept = [];
  function rebuilt(i) {
    const k = Math.floor(i / KEEP);
    while (kept.length <= k) {
      const n = kept.length;
      const b = n === 0 ? empty() : copy(kept[n - 1]);
      const from = n === 0 ? 0 : (n - 1) * KEEP + 1;
      for (let s = from; s <= Math.min(n * KEEP, steps.length - 1); s++) apply(b, steps[s].patch);
      kept.push(b);
    }
    const b = copy(kept[k]);
    for (let s = k * KEEP + 1; s <= i; s++) apply(b, steps[s].patch);
    return b;
  }
  // The board of step i as the drawing code reads it: each zone a list of card views.
  function boardAt(i) {
    const b = rebuilt(i);
    const views = (ids) => ids.map((id) => b.cards.get(id)).filter((c) => c);
    const players = b.players.map((p) => Object.assign({}, p, { hand: views(p.hand), battlefield: views(p.battlefield), graveyard: views(p.graveyard) }));
    return Object.assign({}, b, { players, cards: undefined });
  }
  // The turn of every step, read from the patches (a patch says the turn when it changes), and
  // the first step of each turn: what the turn buttons jump between.
  const turnOf = [];
  steps.forEach((step, i) => turnOf.push("turn" in step.patch ? step.patch.turn : (i ? turnOf[i - 1] : 0)));
  const turnStarts = turnOf.map((t, i) => i).filter((i) => i === 0 || turnOf[i] !== turnOf[i - 1]);
  // The start of the turn of step `from`, or of the turn before when `from` is its start.
  function prevTurn(from) {
    let to = 0;
    for (const s of turnStarts) { if (s < from) to = s; else break; }
    return to;
  }
  // The start of the next turn; the last step from the last turn.
  function nextTurn(from) {
    for (const s of turnStarts) if (s > from) return s;
    return steps.length - 1;
  }
  // The step an address names (`#step=N`), clamped to the game's steps; null when it names none.
  function stepOfHash(hash) {
    const m = /^#step=(-?\d+)$/.exec(hash);
    return m ? Math.max(0, Math.min(steps.length - 1, Number(m[1]))) : null;
  }
  // For tests and tools: the board of any step, rebuilt, and the first step of each turn.
  window.rtgViewer = { steps: steps.length, boardAt, turnStarts };
  const $ = (id) => document.getElementById(id);
  const el = (tag, cls, text) => {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  };
  let at = 0;
  $("title").textContent = data.title;
  $("bots").textContent = data.bots || "";
  // The chart's legend: each seat's colour and name, as text.
  const legend = $("chart-legend");
  legend.replaceChildren(el("span", "", "health: "));
  data.view.names.forEach((name, seat) => {
    if (seat) legend.appendChild(document.createTextNode(" · "));
    legend.appendChild(el("span", "hp" + seat, "■ " + name));
  });
  $("slider").max = String(steps.length - 1);

  // One card's tile; `count` > 1 for identical mana cards shown once (`ids`: all of them).
  function cardEl(card, board, seat, faceUp, pos, zone, ids) {
    if (!faceUp) {
      const back = el("div", "card back");
      back.title = "hidden card";
      return back;
    }
    const f = faces[card.card_id] || { name: card.card_id, kind: "", cost: "", text: "", techniques: [] };
    const c = el("div", "card " + f.kind);
    c.dataset.id = String(card.id);
    c.dataset.pos = String(pos);
    const title = el("div", "title", card.label);
    if (ids && ids.length > 1) {
      title.appendChild(document.createTextNode(" "));
      title.appendChild(el("span", "count", "×" + ids.length));
      c.dataset.count = String(ids.length);
      c.dataset.ids = ids.join(",");
    }
    c.appendChild(title);
    if (f.kind !== "mana") c.appendChild(el("div", "cost", f.cost));
    // Techniques as the card has them now: the printed ones, those removed struck through,
    // those granted marked `+`.
    const granted = card.granted || [];
    const removed = card.removed || [];
    if (f.techniques.length || granted.length) {
      const t = el("div", "cost techniques");
      const parts = f.techniques.map((name) => el("span", removed.includes(name) ? "removed" : "", name))
        .concat(granted.map((name) => el("span", "granted", "+" + name)));
      parts.forEach((part, i) => {
        if (i > 0) t.appendChild(document.createTextNode(", "));
        t.appendChild(part);
      });
      if (granted.length) t.dataset.granted = granted.join(",");
      if (removed.length) t.dataset.removed = removed.join(",");
      c.appendChild(t);
    }
    if (card.flags.length) c.appendChild(el("div", "flags", card.flags.join(" · ")));
    if (card.flags.includes("tapped")) c.classList.add("tapped");
    if (card.attack !== null && card.attack !== undefined) {
      const printed = f.stats || [card.attack, card.defense];
      const pt = el("div", "pt", card.attack + "/" + card.defense);
      if (card.damage > 0) pt.classList.add("hurt");
      else if (card.attack > printed[0] || card.defense > printed[1]) pt.classList.add("up");
      pt.dataset.attack = String(card.attack);
      pt.dataset.defense = String(card.defense);
      c.appendChild(pt);
      // Static abilities change its stats: the printed ones beside the current ones.
      if (card.printed) {
        const was = el("div", "printed", "printed " + card.printed[0] + "/" + card.printed[1]);
        pt.dataset.printed = card.printed[0] + "/" + card.printed[1];
        c.appendChild(was);
      }
    }
    // In a hand, what the card is: a creature's printed attack/defense and its rules text.
    if (zone === "hand") {
      if (f.stats) {
        const pt = el("div", "pt", f.stats[0] + "/" + f.stats[1]);
        pt.dataset.attack = String(f.stats[0]);
        pt.dataset.defense = String(f.stats[1]);
        c.appendChild(pt);
      }
      // A mana card's text says what every mana card does: on hover only.
      if (f.text && f.kind !== "mana") c.appendChild(el("div", "text", f.text));
    }
    for (const combat of board.combats) {
      if (combat.attacker === card.id) c.classList.add("attacking");
      if (combat.blockers.includes(card.id)) c.classList.add("blocking");
    }
    c.title = f.name + (ids && ids.length > 1 ? " ×" + ids.length : "") + (f.text ? "\n" + f.text : "");
    return c;
  }

  // What makes two mana cards interchangeable on the board: the same card, label and state.
  const sameness = (c) => [c.card_id, c.label, c.flags.join(","), (c.granted || []).join(","), (c.removed || []).join(",")].join("|");

  // `only` keeps some of the cards (by face), each keeping its position in the zone. Face up,
  // identical mana cards are one tile (`Fire Mana ×3`), where the first of them is; face down,
  // every card is its own back, so a hidden hand's mana is not counted.
  function row(label, cards, board, seat, faceUp, cls, only, zone) {
    const r = el("div", "row " + cls);
    r.appendChild(el("div", "label", label));
    const tiles = [];
    const group = new Map();
    cards.forEach((card, pos) => {
      const f = faces[card.card_id] || {};
      if (only && !only(f)) return;
      if (faceUp && f.kind === "mana") {
        const key = sameness(card);
        const tile = group.get(key);
        if (tile) { tile.ids.push(card.id); return; }
        group.set(key, { card, pos, ids: [card.id] });
        tiles.push(group.get(key));
      } else tiles.push({ card, pos, ids: [card.id] });
    });
    for (const t of tiles) r.appendChild(cardEl(t.card, board, seat, faceUp, t.pos, zone, t.ids));
    return r;
  }

  function playerEl(board, seat) {
    const p = board.players[seat];
    const s = $("p" + seat);
    s.replaceChildren();
    s.className = "player" + (board.active === seat ? " active" : "") + (p.lost ? " lost" : "");
    const stats = el("div", "stats");
    stats.appendChild(el("span", "name", p.name));
    const health = el("span", "health", "♥ " + p.health);
    health.id = "health-" + seat;
    health.dataset.health = String(p.health);
    stats.appendChild(health);
    stats.appendChild(el("span", "", "pool " + p.pool));
    const deck = el("span", "", "deck " + p.deck);
    deck.id = "deck-" + seat;
    stats.appendChild(deck);
    stats.appendChild(el("span", "", "hand " + p.hand.length));
    if (board.to_act === seat && !board.result) stats.appendChild(el("span", "flags", "to act"));
    s.appendChild(stats);
    const faceUp = $("reveal").checked || board.to_act === seat;
    const hand = row("hand", p.hand, board, seat, faceUp, "hand", null, "hand");
    hand.id = "hand-" + seat;
    // The battlefield in two rows: mana cards, then the rest (creatures).
    const field = el("div", "battlefield");
    field.id = "battlefield-" + seat;
    field.appendChild(row("mana", p.battlefield, board, seat, true, "mana-row", (f) => f.kind === "mana", "battlefield"));
    field.appendChild(row("battlefield", p.battlefield, board, seat, true, "creatures", (f) => f.kind !== "mana", "battlefield"));
    if (seat === 1) { s.appendChild(hand); s.appendChild(field); }
    else { s.appendChild(field); s.appendChild(hand); }
    const grave = el("div", "grave", "graveyard (" + p.graveyard.length + "): " +
      (p.graveyard.map((c) => c.label).join(", ") || "-"));
    grave.id = "graveyard-" + seat;
    s.appendChild(grave);
  }

  function center(node, origin) {
    const r = node.getBoundingClientRect();
    return [r.left + r.width / 2 - origin.left, r.top + r.height / 2 - origin.top];
  }

  function drawArrows(board) {
    const svg = $("arrows");
    const main = $("main");
    const origin = main.getBoundingClientRect();
    svg.setAttribute("width", String(main.scrollWidth));
    svg.setAttribute("height", String(main.scrollHeight));
    svg.replaceChildren();
    const ns = "http://www.w3.org/2000/svg";
    const defs = document.createElementNS(ns, "defs");
    for (const [name, color] of [["atk", "#b3261e"], ["blk", "#1f5fb3"]]) {
      const m = document.createElementNS(ns, "marker");
      m.setAttribute("id", "head-" + name);
      m.setAttribute("viewBox", "0 0 10 10");
      m.setAttribute("refX", "9"); m.setAttribute("refY", "5");
      m.setAttribute("markerWidth", "7"); m.setAttribute("markerHeight", "7");
      m.setAttribute("orient", "auto-start-reverse");
      const path = document.createElementNS(ns, "path");
      path.setAttribute("d", "M 0 0 L 10 5 L 0 10 z");
      path.setAttribute("fill", color);
      m.appendChild(path);
      defs.appendChild(m);
    }
    svg.appendChild(defs);
    const line = (from, to, kind) => {
      const l = document.createElementNS(ns, "line");
      l.setAttribute("x1", from[0]); l.setAttribute("y1", from[1]);
      l.setAttribute("x2", to[0]); l.setAttribute("y2", to[1]);
      l.setAttribute("stroke", kind === "atk" ? "#b3261e" : "#1f5fb3");
      l.setAttribute("stroke-width", "3");
      l.setAttribute("marker-end", "url(#head-" + kind + ")");
      l.setAttribute("class", kind === "atk" ? "attack" : "block");
      svg.appendChild(l);
    };
    const node = (id) => main.querySelector('.battlefield .card[data-id="' + id + '"]');
    for (const combat of board.combats) {
      const attacker = node(combat.attacker);
      if (!attacker) continue;
      const a = center(attacker, origin);
      if (combat.blockers.length === 0) {
        const target = $("health-" + combat.defender);
        if (target) line(a, center(target, origin), "atk");
      }
      for (const b of combat.blockers) {
        const blocker = node(b);
        if (blocker) line(center(blocker, origin), a, "blk");
      }
    }
  }

  function show(i) {
    at = Math.max(0, Math.min(steps.length - 1, i));
    const step = steps[at];
    const board = boardAt(at);
    playerEl(board, 0);
    playerEl(board, 1);
    const story = $("story");
    story.replaceChildren();
    const head = step.action || (at === 0 ? "The game starts: " + board.players[0].name + " goes first." : "[" + board.phase + "]");
    story.appendChild(el("div", "action", head));
    const list = el("ul");
    for (const line of step.lines) list.appendChild(el("li", "", line));
    if (step.lines.length) story.appendChild(list);
    // Choices waiting for a player (PTG 0.9's `choose_mana`): who chooses, for what, between what.
    const choices = board.pending_choices || [];
    if (choices.length) {
      const waiting = el("div", "");
      waiting.id = "choices";
      for (const c of choices) {
        const opts = c.options.length > 1
          ? c.options.slice(0, -1).join(", ") + " or " + c.options[c.options.length - 1]
          : c.options.join("");
        const line = el("div", "choice", "waiting: " + board.players[c.player].name + " chooses for " + c.label + ": " + opts);
        line.dataset.card = String(c.card);
        line.dataset.options = String(c.options.length);
        waiting.appendChild(line);
      }
      story.appendChild(waiting);
    }
    if (board.result) {
      const end = el("div", "", board.result + (board.end_reason ? ". It ended because " + board.end_reason + "." : ""));
      end.id = "end";
      story.appendChild(end);
    }
    // The result in the header only once the game is over: stepping through is not spoilt.
    $("result").textContent = board.result ? board.result + (board.end_reason ? " — " + board.end_reason : "") : "";
    $("slider").value = String(at);
    $("where").textContent = "step " + at + " / " + (steps.length - 1) + " — turn " + board.turn +
      ", " + board.players[board.active].name + ", " + board.phase;
    document.body.dataset.step = String(at);
    document.body.dataset.turn = String(board.turn);
    // The chart's mark, and the address: `#step=N` names this step (replaced, not pushed, so
    // stepping does not fill the browser's history).
    const now = $("health-now");
    if (now) { now.setAttribute("x1", String(at)); now.setAttribute("x2", String(at)); }
    const hash = "#step=" + at;
    $("step-link").href = hash;
    if (location.hash !== hash) {
      try { history.replaceState(null, "", hash); } catch (_) { location.replace(hash); }
    }
    drawArrows(board);
  }

  $("first").onclick = () => show(0);
  $("prev-turn").onclick = () => show(prevTurn(at));
  $("next-turn").onclick = () => show(nextTurn(at));
  $("prev").onclick = () => show(at - 1);
  $("next").onclick = () => show(at + 1);
  $("last").onclick = () => show(steps.length - 1);
  $("slider").oninput = (e) => show(Number(e.target.value));
  $("reveal").onchange = () => show(at);
  window.addEventListener("resize", () => show(at));
  // A click on the chart goes to the step under it.
  const chart = $("health-chart");
  if (chart) chart.addEventListener("click", (e) => {
    const r = chart.getBoundingClientRect();
    const width = Number(chart.dataset.width) || 1;
    if (r.width > 0) show(Math.round(((e.clientX - r.left) / r.width) * width));
  });
  // An address typed or pasted (`#step=N`) goes there.
  window.addEventListener("hashchange", () => {
    const i = stepOfHash(location.hash);
    if (i !== null && i !== at) show(i);
  });
  document.addEventListener("keydown", (e) => {
    if ((e.key === "ArrowRight" && e.shiftKey) || e.key === "PageDown") { show(nextTurn(at)); e.preventDefault(); }
    else if ((e.key === "ArrowLeft" && e.shiftKey) || e.key === "PageUp") { show(prevTurn(at)); e.preventDefault(); }
    else if (e.key === "ArrowRight") { show(at + 1); e.preventDefault(); }
    else if (e.key === "ArrowLeft") { show(at - 1); e.preventDefault(); }
    else if (e.key === "Home") { show(0); e.preventDefault(); }
    else if (e.key === "End") { show(steps.length - 1); e.preventDefault(); }
  });
  // A page opened at `#step=N` starts there; any other address, at the start.
  show(stepOfHash(location.hash) ?? 0);
})();
