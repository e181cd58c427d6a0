// The pushrummy browser game: plain JavaScript, no build step, no library.
//
// The page knows no rule of the game. It shows the view document of its own seat (sent by
// the server, examples/web/server.py) and offers the moves the view lists; a move is sent
// back as it is, inside a move document. The seat's secret token stays in the URL's
// fragment (#game=…&seat=…&token=…), which the browser never sends to a server, and goes
// with each request as "Authorization: Bearer <token>".
"use strict";

const SUITS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
// A lay-down step that holds wild cards is listed as its shape ("shape 4S *=4 *=4"); the
// phase is then filling_wilds, whose only moves are the fillings ("fill 2C JK"). Selecting
// all of a meld's cards, wilds included, offers it as one move instead (the matches box).
const MOVE_GROUPS = [
  ["draw", "Draw", ["take", "push", "draw_stock"]],
  ["buying", "The upcard is offered to you", ["buy_upcard", "pass_upcard"]],
  ["lay_down", "Lay down (one meld at a time)", ["lay_down", "lay_down_shape"]],
  ["fill_wilds", "Fill the wild places", ["fill_wilds"]],
  ["new_meld", "New meld", ["new_meld"]],
  ["lay_off", "Lay off", ["lay_off"]],
  ["exchange_wild", "Exchange a wild", ["exchange_wild"]],
  ["discard", "Discard", ["discard"]],
];
const POLL_MS = 1500;

const session = {
  game: null,
  seat: null,
  token: null,
  humans: [],
  view: null,
  lastEvent: -1, // the index of the last event shown in the feed
  shownProgress: null, // the progress of the view shown (its moves' precondition)
  sending: false, // a move is on its way: no other is sent until its answer
  movedThisDeal: false, // whether this seat has moved in the current deal (from the feed)
  selected: new Set(), // indices into view.hand
  matchRequest: 0,
  pollTimer: null,
};

function byId(id) {
  return document.getElementById(id);
}

function make(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "dataset") Object.assign(node.dataset, value);
    else if (key === "className") node.className = value;
    else if (key === "onclick") node.addEventListener("click", value);
    else node.setAttribute(key, value);
  }
  for (const child of children) {
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
}

// -- cards ---------------------------------------------------------------------------------

function cardText(code) {
  if (code === "JK") return "JK";
  return code.slice(0, -1) + SUITS[code.slice(-1)];
}

// Card codes inside a text (a move's notation, an event, an error) in the hand's symbols:
// "discard 3C" -> "discard 3♣". The code itself stays in the data attributes.
function withSymbols(text) {
  return String(text).replace(/\b(10|[2-9AJQK])([CDHS])\b/g, (_, rank, suit) => rank + SUITS[suit]);
}

function isWild(code) {
  return session.view.variant.wild_cards.includes(code);
}

function cardFace(code, role = null, tag = "span") {
  const red = code.endsWith("H") || code.endsWith("D");
  const node = make(tag, {
    className: `cardface ${red ? "red" : "black"}${code === "JK" || isWild(code) ? " wild" : ""}`,
    dataset: { card: code },
  });
  node.textContent = role ? `${cardText(code)}=${role}` : cardText(code);
  return node;
}

// The role of each card of a meld: a set's wilds stand for its rank, a run's cards for the
// rank at their run position (the variant's run_positions), in the run's suit. A shape's
// wild places (null) have the role a wild card there would have.
function roles(meld) {
  return meld.cards.map((code, i) => {
    if (code !== null && !isWild(code)) return null;
    if (meld.kind === "set") return meld.rank;
    const rank = session.view.variant.run_positions[String(meld.start + i)];
    return rank + SUITS[meld.suit];
  });
}

// A wild place of an announced shape: "*=4", the wild card to come.
function wildPlace(role) {
  return make("span", { className: "cardface place", dataset: { card: "" } }, `*=${role}`);
}

// An announced shape as text: its naturals, and "*=role" at each wild place.
function shapeText(shape) {
  const shapeRoles = roles(shape);
  return shape.cards.map((code, i) => (code === null ? `*=${shapeRoles[i]}` : cardText(code))).join(" ");
}

// -- seats ---------------------------------------------------------------------------------

function seatName(seat) {
  const view = session.view;
  if (seat === view.seat) return `you (seat ${seat})`;
  const who = session.humans.includes(seat) ? "person" : "bot";
  const partner = view.variant.partnerships && view.sides[seat] === view.side ? "partner, " : "";
  return `seat ${seat} (${partner}${who})`;
}

function sideName(side) {
  const view = session.view;
  const seats = view.sides.map((s, seat) => [s, seat]).filter(([s]) => s === side);
  const label = view.variant.partnerships
    ? `side ${side}: seats ${seats.map(([, seat]) => seat).join(" & ")}`
    : `seat ${side}`;
  return side === view.side ? `${label} (you)` : label;
}

// -- the server --------------------------------------------------------------------------

function setBusy(delta) {
  const main = byId("game");
  main.dataset.busy = String(Number(main.dataset.busy) + delta);
}

async function api(method, path, body) {
  const headers = { Accept: "application/json" };
  if (session.token) headers.Authorization = `Bearer ${session.token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  setBusy(1);
  try {
    const response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    let data = null;
    try {
      data = await response.json();
    } catch (_) {
      data = null;
    }
    if (!response.ok) {
      const error = new Error((data && data.message) || `HTTP ${response.status}`);
      error.status = response.status;
      error.data = data;
      throw error;
    }
    return data;
  } finally {
    setBusy(-1);
  }
}

function seatPath(what) {
  const game = encodeURIComponent(session.game);
  return `/api/games/${game}/seats/${session.seat}/${what}?since=${session.lastEvent + 1}`;
}

async function refresh() {
  try {
    show(await api("GET", seatPath("view")));
  } catch (error) {
    showError(error);
    if (error.status === 403) byId("status").textContent = "This link's game is gone, or its token is wrong.";
    else schedulePoll();
  }
}

async function send(listedMove) {
  // A listed move goes back as it is (labels and precondition), inside a move document.
  // One move at a time: a second click while the first is on its way is ignored.
  if (session.sending) return;
  session.sending = true;
  setSending(true);
  const document_ = { schema: "pushrummy.move", version: 1, ...listedMove };
  try {
    const envelope = await api("POST", seatPath("moves"), document_);
    session.selected.clear();
    show(envelope);
  } catch (error) {
    if (error.status === 409 && error.data && error.data.error === "StaleMoveError") {
      // The game moved on before this click arrived (another tab, a retry, a double click):
      // nothing went wrong, the page was behind. Show the game as it is now, quietly.
      await refresh();
    } else showError(error);
  } finally {
    session.sending = false;
    setSending(false);
  }
}

function setSending(on) {
  const main = byId("game");
  main.dataset.sending = on ? "true" : "false";
  for (const button of document.querySelectorAll("#moves button.move, #matches button.move, #next-deal")) {
    button.disabled = on;
  }
}

function showError(error) {
  const box = byId("error");
  const data = error.data || {};
  const where = data.path ? ` at ${data.path}` : "";
  // An illegal move's message ends with its rule id, "[draw.choice]" (data.rule).
  box.textContent = `${data.error || "Error"}${where}: ${withSymbols(error.message)}`;
  box.dataset.status = String(error.status || "");
  box.hidden = false;
}

function schedulePoll() {
  if (session.pollTimer !== null) clearTimeout(session.pollTimer);
  session.pollTimer = null;
  const view = session.view;
  if (view && view.phase !== "game_over" && view.current_player !== view.seat) {
    session.pollTimer = setTimeout(refresh, POLL_MS);
  }
}

// -- rendering ---------------------------------------------------------------------------

function show(envelope) {
  const before = session.view;
  session.humans = envelope.humans;
  session.view = envelope.view;
  session.shownProgress = envelope.view.progress;
  if (!before || JSON.stringify(before.hand) !== JSON.stringify(session.view.hand)) {
    session.selected.clear();
  }
  byId("error").hidden = true;
  renderEvents();
  renderInfo();
  renderSeats();
  renderScores();
  renderShape();
  renderTable();
  renderHand();
  renderMoves();
  // The matches of the last view are stale (its moves may be illegal now): asked anew.
  clear(byId("matches"));
  updateMatches();
  const main = byId("game");
  main.dataset.renders = String(Number(main.dataset.renders) + 1);
  main.dataset.phase = session.view.phase;
  main.dataset.deal = String(session.view.deal_number);
  main.dataset.turn = String(session.view.turn);
  main.dataset.current = session.view.current_player === null ? "" : String(session.view.current_player);
  schedulePoll();
}

function renderEvents() {
  const list = byId("events");
  const events = session.view.events;
  if (Array.isArray(events)) {
    for (const event of events) {
      if (event.index <= session.lastEvent) continue;
      list.append(make("li", { dataset: { index: String(event.index), type: event.type } }, withSymbols(event.text)));
      session.lastEvent = event.index;
      if (event.type === "deal_started") session.movedThisDeal = false;
      else if (event.seat === session.view.seat) session.movedThisDeal = true;
    }
    list.scrollTop = list.scrollHeight;
  }
  byId("no-events").hidden = list.children.length > 0;
}

function renderInfo() {
  const view = session.view;
  byId("deal").textContent = `${view.deal_number} of ${view.variant.deals.length} (dealer: ${seatName(view.dealer)})`;
  byId("contract").textContent = view.contract;
  byId("phase").textContent = view.phase.replace("_", " ");
  byId("turn").textContent = view.current_player === null ? "\u2014" : seatName(view.current_player);
  byId("stock").textContent = `${view.stock_size} cards`;
  const up = byId("upcard");
  clear(up);
  up.dataset.card = view.upcard || "";
  up.append(view.upcard ? cardFace(view.upcard) : "\u2014");
  let status;
  if (view.phase === "game_over") status = "The game is over.";
  else if (view.phase === "between_deals") {
    const result = view.results[view.results.length - 1];
    const early = result.went_out !== null && result.went_out !== view.seat && !session.movedThisDeal;
    status = early
      ? `Deal ${view.deal_number} is over: ${seatName(result.went_out)} went out before your first turn.`
      : `Deal ${view.deal_number} is over.`;
  }
  else if (view.current_player === view.seat) {
    status = {
      draw: view.variant.draw_style === "stock" ? "Your turn: take the upcard or draw from the stock." : "Your turn: take the upcard or push it.",
      buying: `${view.upcard} is offered by ${seatName(view.offered_by)}: buy it (with ${view.variant.buy_penalty} penalty card${view.variant.buy_penalty === 1 ? "" : "s"}) or pass.`,
      play: "Your turn: meld, lay off, then discard.",
      laying_down: "Your turn: place the rest of your contract.",
      filling_wilds: `Your turn: choose the wild cards for ${view.shape ? shapeText(view.shape) : "your meld"}.`,
    }[view.phase];
  } else if (view.phase === "filling_wilds" && view.shape) {
    status = `Waiting for ${seatName(view.current_player)} to fill ${shapeText(view.shape)}\u2026`;
  } else if (view.phase === "buying") {
    status = `Waiting for ${seatName(view.current_player)} to buy or pass ${view.upcard}, offered by ${seatName(view.offered_by)}\u2026`;
  } else status = `Waiting for ${seatName(view.current_player)}\u2026`;
  byId("status").textContent = status;
}

function renderSeats() {
  const view = session.view;
  const body = byId("seats").tBodies[0];
  clear(body);
  for (let seat = 0; seat < view.players; seat++) {
    const marks = (seat === view.current_player ? "\u25b6 " : "") + seatName(seat) + (seat === view.dealer ? " \u00b7 dealer" : "");
    const known = make("td");
    for (const code of view.known[seat]) known.append(cardFace(code), " ");
    body.append(
      make(
        "tr",
        { dataset: { seat: String(seat) }, className: seat === view.seat ? "me" : "" },
        make("td", {}, marks),
        make("td", {}, String(view.sides[seat])),
        make("td", { className: "count" }, String(view.hand_sizes[seat])),
        known,
        make("td", {}, view.laid_down[seat] ? "\u2713" : ""),
      ),
    );
  }
}

function renderScores() {
  const view = session.view;
  const table = byId("scores");
  const sides = view.totals.map((_, side) => side);
  clear(table.tHead);
  clear(table.tBodies[0]);
  table.tHead.append(make("tr", {}, make("th", {}, "deal"), ...sides.map((side) => make("th", {}, sideName(side)))));
  for (const result of view.results) {
    const out = result.went_out === null ? "nobody out" : `${seatName(result.went_out)} out`;
    table.tBodies[0].append(
      make(
        "tr",
        { dataset: { deal: String(result.deal_number) } },
        make("td", {}, `${result.deal_number} (${out})`),
        ...result.penalties.map((points) => make("td", {}, String(points))),
      ),
    );
  }
  table.tBodies[0].append(
    make("tr", { id: "totals", className: "totals" }, make("th", {}, "total"), ...view.totals.map((t, side) => make("th", { dataset: { side: String(side) } }, String(t)))),
  );
  const outcome = byId("outcome");
  if (view.outcome) {
    const winners = view.outcome.winners.map(sideName).join(", ");
    const mine = view.outcome.winners.includes(view.side);
    outcome.textContent = `Game over \u2014 ${mine ? "you win" : "you lose"}: lowest total ${winners}.`;
  } else outcome.textContent = "";
}

// The shape announced in filling_wilds (every seat sees it): its naturals and wild places.
function renderShape() {
  const view = session.view;
  const box = byId("shape");
  clear(box);
  const shape = view.phase === "filling_wilds" ? view.shape : null;
  box.hidden = !shape;
  if (!shape) return;
  const who = view.current_player === view.seat ? "You are laying down" : `${seatName(view.current_player)} is laying down`;
  box.append(make("h3", {}, `${who} this meld, its wild cards next:`));
  const node = make("div", {
    className: "meld shape",
    dataset: { kind: shape.kind, cards: shape.cards.map((code) => code || "*").join(" ") },
  });
  const shapeRoles = roles(shape);
  shape.cards.forEach((code, i) => node.append(code === null ? wildPlace(shapeRoles[i]) : cardFace(code)));
  box.append(node);
}

function renderTable() {
  const view = session.view;
  const box = byId("table");
  clear(box);
  if (view.table.length === 0) {
    box.append(make("p", { className: "empty" }, "No melds yet."));
    return;
  }
  for (let owner = 0; owner < view.players; owner++) {
    const melds = view.table.filter((entry) => entry.owner === owner);
    if (melds.length === 0) continue;
    const group = make("div", { className: "owner", dataset: { owner: String(owner) } }, make("h3", {}, seatName(owner)));
    for (const entry of melds) {
      const meld = entry.meld;
      const node = make("div", {
        className: "meld",
        dataset: { meldId: String(entry.id), owner: String(owner), cards: meld.cards.join(" ") },
      });
      node.append(make("span", { className: "meld-id" }, `#${entry.id}`));
      const meldRoles = roles(meld);
      meld.cards.forEach((code, i) => node.append(cardFace(code, meldRoles[i])));
      group.append(node);
    }
    box.append(group);
  }
}

function renderHand() {
  const view = session.view;
  const box = byId("hand");
  clear(box);
  byId("hand-count").textContent = `(${view.hand.length} cards)`;
  // While a shape of this seat waits for its wild cards, its naturals are marked in the hand.
  const inShape = [];
  if (view.phase === "filling_wilds" && view.shape && view.current_player === view.seat) {
    inShape.push(...view.shape.cards.filter((code) => code !== null));
  }
  view.hand.forEach((code, index) => {
    const button = cardFace(code, null, "button");
    button.type = "button";
    button.classList.add("card");
    button.dataset.index = String(index);
    const at = inShape.indexOf(code);
    if (at >= 0) {
      inShape.splice(at, 1);
      button.classList.add("in-shape");
      button.title = "in the shape you announced";
    }
    button.setAttribute("aria-pressed", session.selected.has(index) ? "true" : "false");
    if (view.taken === code) button.title = "the upcard you took this turn";
    button.addEventListener("click", () => {
      if (session.selected.has(index)) session.selected.delete(index);
      else session.selected.add(index);
      button.setAttribute("aria-pressed", session.selected.has(index) ? "true" : "false");
      updateMatches();
    });
    box.append(button);
  });
}

function moveButton(move) {
  const button = make(
    "button",
    { type: "button", className: `move ${move.type}`, title: withSymbols(move.description), dataset: { notation: move.notation, type: move.type } },
    withSymbols(move.notation),
  );
  button.disabled = session.sending;
  button.addEventListener("click", () => send(move));
  return button;
}

function renderMoves() {
  const view = session.view;
  const box = byId("moves");
  clear(box);
  const left = byId("contract-left");
  left.textContent = view.contract_left.length ? `Still to place: ${view.contract_left.join(" + ")}` : "";
  const nextDeal = byId("next-deal-box");
  const ended = view.phase === "between_deals" || view.phase === "game_over";
  nextDeal.hidden = !ended;
  byId("next-deal").hidden = view.phase !== "between_deals";
  byId("next-deal").disabled = session.sending;
  // The last deal's end: who went out, each seat's hand as shown for scoring, and each
  // side's penalty; on the page from the deal's end until the next deal is dealt.
  renderDealOver(ended ? view.results[view.results.length - 1] || null : null);
  const grouped = new Set(MOVE_GROUPS.flatMap(([, , types]) => types));
  const groups = [...MOVE_GROUPS, ["other", "Other moves", null]];
  for (const [key, title, types] of groups) {
    // A move of a type the page does not know still gets its button (with its labels).
    const moves = view.legal_moves.filter((move) => (types ? types.includes(move.type) : !grouped.has(move.type)));
    if (moves.length === 0) continue;
    const group = make("div", { className: "moves", dataset: { group: key } });
    for (const move of moves) group.append(moveButton(move));
    box.append(make("h3", {}, `${title} (${moves.length})`), group);
  }
  if (view.legal_moves.length === 0 && view.phase !== "between_deals" && view.phase !== "game_over") {
    box.append(make("p", {}, "Not your turn."));
  }
}

function renderDealOver(result) {
  const box = byId("deal-end");
  clear(box);
  box.hidden = !result;
  byId("deal-over").textContent = "";
  if (!result) return;
  const view = session.view;
  const out = result.went_out === null ? `nobody went out (${result.ended_by.replace("_", " ")})` : `${seatName(result.went_out)} went out`;
  const points = result.penalties.map((p, side) => `${sideName(side)} ${p}`).join(", ");
  byId("deal-over").textContent = `Deal ${result.deal_number} is over: ${out}. Penalties: ${points}.`;
  const table = make("table", { className: "deal-hands" });
  table.append(make("tr", {}, make("th", {}, "seat"), make("th", {}, "hand shown"), make("th", {}, "side's penalty")));
  result.hands.forEach((hand, seat) => {
    const cards = make("td", { className: "cards" });
    if (hand.length === 0) cards.append(seat === result.went_out ? "out" : "—");
    for (const code of hand) cards.append(cardFace(code), " ");
    const side = view.sides[seat];
    table.append(
      make("tr", { dataset: { seat: String(seat) } }, make("td", {}, seatName(seat)), cards, make("td", { className: "penalty" }, String(result.penalties[side]))),
    );
  });
  box.append(table);
}

// Which listed moves use exactly the selected cards: the server answers with
// pushrummy.moves_using on this seat's view.
async function updateMatches() {
  const view = session.view;
  const box = byId("matches");
  const indices = [...session.selected].sort((a, b) => a - b);
  const cards = indices.map((i) => view.hand[i]);
  byId("clear-selection").disabled = cards.length === 0;
  for (const button of box.querySelectorAll("button.move")) button.disabled = session.sending;
  byId("selected-text").textContent = cards.length
    ? `Selected: ${cards.map(cardText).join(" ")}`
    : "Select cards to see the moves that use exactly them.";
  const request = ++session.matchRequest;
  if (cards.length === 0 || view.legal_moves.length === 0) {
    clear(box);
    box.dataset.for = cards.join(" ");
    return;
  }
  try {
    const answer = await api("POST", seatPath("matching"), { cards });
    if (request !== session.matchRequest) return; // a newer selection is on its way
    clear(box);
    for (const move of answer.moves) box.append(moveButton(move));
    if (answer.moves.length === 0) box.append(make("p", { className: "empty" }, "No listed move uses exactly these cards."));
    box.dataset.for = cards.join(" ");
  } catch (error) {
    showError(error);
  }
}

// -- the lobby -----------------------------------------------------------------------------

function fillLobby() {
  const variant = byId("variant").value;
  const players = byId("players");
  const counts = { push: [4], "cap-it": [4, 5, 6], "contract-rummy": [3, 4, 5, 6, 7, 8], liverpool: [3, 4, 5, 6, 7, 8] }[variant];
  const current = Number(players.value);
  clear(players);
  for (const n of counts) players.append(make("option", n === current ? { value: String(n), selected: "" } : { value: String(n) }, String(n)));
  const seats = byId("human-seats");
  for (const label of [...seats.querySelectorAll("label")]) label.remove();
  for (let seat = 0; seat < Number(players.value); seat++) {
    const box = make("input", seat === 0 ? { type: "checkbox", value: String(seat), checked: "" } : { type: "checkbox", value: String(seat) });
    seats.append(make("label", {}, box, ` seat ${seat}`));
  }
}

async function newGame(event) {
  event.preventDefault();
  const humans = [...byId("human-seats").querySelectorAll("input:checked")].map((box) => Number(box.value));
  if (humans.length === 0) {
    byId("status").textContent = "Choose at least one seat for a person.";
    return;
  }
  try {
    const answer = await api("POST", "/api/games", {
      variant: byId("variant").value,
      players: Number(byId("players").value),
      humans,
    });
    const list = byId("link-list");
    clear(list);
    const links = answer.seats.map(({ seat, token }) => {
      const params = new URLSearchParams({ game: answer.game, seat: String(seat), token });
      return [seat, `${location.origin}/#${params}`];
    });
    for (const [seat, url] of links) list.append(make("li", {}, `seat ${seat}: `, make("a", { href: url, target: "_blank", rel: "noopener" }, url)));
    byId("links").hidden = links.length < 2;
    location.hash = new URL(links[0][1]).hash; // play the first seat in this tab
  } catch (error) {
    byId("status").textContent = `Could not start a game: ${error.message}`;
  }
}

function start() {
  const params = new URLSearchParams(location.hash.slice(1));
  const seat = params.get("seat");
  if (params.get("game") && params.get("token") && seat !== null && /^\d+$/.test(seat)) {
    session.game = params.get("game");
    session.seat = Number(seat);
    session.token = params.get("token");
    session.view = null;
    session.lastEvent = -1;
    clear(byId("events"));
    byId("lobby").hidden = byId("links").hidden;
    byId("game").hidden = false;
    refresh();
  } else {
    byId("lobby").hidden = false;
    byId("game").hidden = true;
    byId("status").textContent = "Start a game.";
  }
}

document.addEventListener("DOMContentLoaded", () => {
  byId("variant").addEventListener("change", fillLobby);
  byId("players").addEventListener("change", fillLobby);
  byId("new-game-form").addEventListener("submit", newGame);
  // Any seated person deals on; the click carries the view's progress, so a second click
  // (or another person's, first) is quietly stale.
  byId("next-deal").addEventListener("click", () => send({ type: "next_deal", progress: session.shownProgress }));
  byId("clear-selection").addEventListener("click", () => {
    session.selected.clear();
    renderHand();
    updateMatches();
  });
  window.addEventListener("hashchange", start);
  fillLobby();
  start();
});
