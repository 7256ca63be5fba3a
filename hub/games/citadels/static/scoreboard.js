/* Public scoreboard: what is happening now (in the sticky header), the characters in calling
   order, every seat's running score with the last move where it happened, the whole game log. */
"use strict";

(() => {
  const C = Citadels;
  const DRAFT_KINDS = new Set(["draft_turn", "picked"]);
  let view = null;
  let history = null;
  const follow = Hub.seatFollower();  // the seat that must act, brought into view
  const speak = Hub.speaker("citadels.speak");

  /* A revealed character on its seat: killed and robbed say so in a mark drawn by the page
     (a dagger the Pi's fonts have; a coin taken, drawn in CSS) and in words for a reader. */
  function characterChip(v, id) {
    const killed = v.killed === id;
    const robbed = v.robbed === id;
    const said = [killed ? C.t("killed") : "", robbed ? C.t("robbed") : ""].filter((x) => x).join(C.lang === "en" ? ", " : "、");
    return C.el("span", { class: "chip" + (killed ? " killed" : "") + (robbed ? " robbed" : ""), "data-id": id,
      title: said || null, "aria-label": said ? C.card(id) + C.colon() + said : null },
    C.card(id), C.marks(killed, robbed));
  }

  /* What the seat is doing now, in a word: choosing, chosen, playing. */
  function seatState(v, s, pending) {
    if (pending) return C.el("span", { class: "badge now", text: "▶ " + (v.phase === "draft" ? C.t("choosing") : C.t("playing")) });
    if (v.phase === "draft" && s.chosen > 0) return C.el("span", { class: "badge chosen", text: "✓ " + C.t("chosen") });
    return null;
  }

  /* The last move: the events of the latest move in this round's history that changed the
     table (gold, cards, a build, a destruction, a robbery, a swap, a kill...), as the history
     numbers them (`move`). Shown on the seats and cities it touched, until the next one. */
  const MOVE_KINDS = new Set(["gold", "cards", "built", "destroyed", "robbery", "swapped", "killed", "robbed_named",
    "graveyard_taken", "crown", "completed", "instruct"]);
  const SEAT_KEYS = ["seat", "warlord_seat", "thief_seat", "victim_seat", "other"];

  function lastMove(v) {
    const events = (history && history.events) || [];
    for (let i = events.length - 1; i >= 0; i--) {
      const e = events[i];
      if (!MOVE_KINDS.has(e.kind)) continue;
      if (v.round && e.round !== v.round) return [];
      return e.move === undefined ? [e] : events.filter((x) => x.move === e.move);
    }
    return [];
  }

  const touches = (e, seat) => SEAT_KEYS.some((k) => e[k] === seat);

  /* What the last move did to one seat: its sentences, gold and card changes, the district
     it built, the district it lost, whether its hand was swapped. */
  function moveOn(move, seat) {
    const mine = move.filter((e) => touches(e, seat));
    const sum = (kind) => mine.filter((e) => e.kind === kind && e.seat === seat).reduce((n, e) => n + (e.delta || 0), 0);
    const said = [...new Set(mine.map((e) => C.eventText(e)).filter((x) => x))];
    return {
      touched: mine.length > 0,
      said,
      gold: sum("gold"),
      cards: sum("cards"),
      swapped: mine.some((e) => e.kind === "swapped"),
      built: new Set(mine.filter((e) => e.kind === "built" && e.seat === seat).map((e) => e.district)),
      lost: mine.filter((e) => e.kind === "destroyed" && e.seat === seat),
    };
  }

  const signed = (n) => (n > 0 ? "+" + n : "−" + Math.abs(n));

  function seatCard(v, s, winner, move) {
    const pending = !v.result && v.pending && v.pending.seat === s.seat;
    const now = moveOn(move, s.seat);
    const card = C.el("article", {
      class: "seat" + (pending ? " pending" : "") + (winner === s.seat ? " winner" : "") + (now.touched ? " moved" : ""),
      "data-seat": String(s.seat),
      "aria-current": pending ? "true" : null,
    });
    card.append(C.el("header", {},
      C.el("span", { class: "name", text: C.seatName(v, s.seat) }),
      s.crown ? C.el("img", { class: "crown", src: "/static/icon.svg", alt: C.t("crown"), title: C.t("crown") }) : null,
      seatState(v, s, pending),
      C.el("span", { class: "score", title: C.t("score") },
        C.el("b", { class: "points", text: String(s.score ?? 0) }), C.lang === "en" ? " " : "", C.t("points"))));
    if (now.said.length) {
      card.append(C.el("p", { class: "last-move" }, C.el("span", { class: "label", text: C.t("last_move") + C.colon() }),
        now.said.join(C.lang === "en" ? " " : "")));
    }
    const got = new Set((s.city || []).map((d) => d.type)).size;
    card.append(C.el("div", { class: "nums" },
      C.el("span", { title: C.t("gold") }, C.el("i", { class: "coin", "aria-label": C.t("gold") }),
        C.el("b", { class: "gold", text: String(s.gold) }),
        now.gold ? C.el("span", { class: "delta " + (now.gold > 0 ? "up" : "down"), text: signed(now.gold) }) : null),
      C.el("span", { title: C.t("cards") }, C.el("i", { class: "cardback", "aria-label": C.t("cards") }),
        C.el("b", { class: "hand-size", text: String(s.hand) }),
        now.cards ? C.el("span", { class: "delta " + (now.cards > 0 ? "up" : "down"), text: signed(now.cards) }) : null,
        now.swapped ? C.el("span", { class: "delta swapped", text: "⇄", title: C.t("hands_swapped"), "aria-label": C.t("hands_swapped") }) : null),
      C.el("span", { class: "collected", title: C.t("types_collected", { n: got }) }, C.typeMarks(s.city))));
    const city = C.el("ul", { class: "city" });
    for (const id of s.characters || []) city.append(C.el("li", { class: "character" }, characterChip(v, id)));
    if (s.complete) city.append(C.el("li", { class: "chip done", text: C.t("complete") }));
    if (s.online === false) city.append(C.el("li", { class: "chip offline", text: C.t("reader_offline") }));
    for (const d of s.city || []) {
      const item = C.district(d, v);
      if (now.built.has(d.id)) item.classList.add("just-built");
      city.append(item);
    }
    for (const e of now.lost) {
      const item = C.district({ id: e.district, type: e.type, cost: e.cost }, v);
      item.classList.add("destroyed");
      item.append(C.el("span", { class: "gone", text: C.t("destroyed") }));
      city.append(item);
    }
    if (city.childElementCount) card.append(city);
    return card;
  }

  function renderResult(v) {
    const box = document.getElementById("result");
    box.hidden = !v.result;
    box.replaceChildren(...C.resultNodes(v));
  }

  function tableInfo(v) {
    const parts = [];
    const gap = C.lang === "en" ? " " : "";
    if (v.round) parts.push(C.t("round_n", { n: v.round }));
    if (v.deck !== undefined && v.deck !== null) parts.push(C.t("deck") + gap + v.deck);
    if ((v.seats || []).length && (v.seats || []).every((s) => s.online !== false)) parts.push(C.t("readers_all_online"));
    if (v.setup) {  // before the first move: how the characters are laid out
      const who = (v.seats || []).find((s) => s.seat === v.setup.crowned);
      parts.push(C.t("setup_characters", { name: (who && who.name) || String(v.setup.crowned),
        down: v.setup.face_down, up: v.setup.face_up }));
    }
    document.getElementById("table-info").textContent = parts.join(" · ");
  }

  function render(v) {
    view = v;
    C.frame(C.statusSentence(v), v.paused ? C.pauseText(v) : null);
    const winner = v.result ? v.result.winner : null;
    const move = lastMove(v);
    C.characterStrip(document.getElementById("strip"), v, move);
    const seats = document.getElementById("seats");
    seats.dataset.count = String((v.seats || []).length);  // a TV lays out the grid by the number of seats
    seats.replaceChildren(...(v.seats || []).map((s) => seatCard(v, s, winner, move)));
    renderResult(v);
    tableInfo(v);
    document.getElementById("key").replaceChildren(C.el("span", { class: "label", text: C.t("key") }), C.typeKey());
    follow(v.pending && !v.result ? v.pending.seat : null);
  }

  /* The whole game, newest round first; each round's draft chatter folded into one line. */
  function renderLog() {
    const box = document.getElementById("log");
    const events = ((history && history.events) || []).filter((e) => C.eventText(e));
    if (!events.length) { box.replaceChildren(C.el("p", { class: "dim", text: C.t("log_empty") })); return; }
    const rounds = new Map();
    for (const e of events) {
      const r = e.round || 0;
      if (!rounds.has(r)) rounds.set(r, []);
      rounds.get(r).push(e);
    }
    const sections = [];
    for (const [r, list] of [...rounds.entries()].sort((a, b) => b[0] - a[0])) {
      const draft = list.filter((e) => DRAFT_KINDS.has(e.kind));
      const told = list.filter((e) => !DRAFT_KINDS.has(e.kind)).reverse();
      const items = told.map((e) => C.el("li", { "data-kind": e.kind, text: C.eventText(e) }));
      const picks = draft.filter((e) => e.kind === "picked").length;
      if (picks) {
        items.push(C.el("li", { class: "folded" }, C.el("details", {},
          C.el("summary", { text: C.t("draft_folded", { n: picks }) }),
          C.el("ul", {}, draft.filter((e) => e.kind === "picked").map((e) => C.el("li", { text: C.eventText(e) }))))));
      }
      sections.push(C.el("section", { class: "round", "data-round": String(r) },
        C.el("h3", { text: r ? C.t("round_n", { n: r }) : C.t("phase_setup") }), C.el("ul", {}, items)));
    }
    box.replaceChildren(...sections);
  }

  /* The log is read again 200 ms after a live message; readings overlap on a loaded
     machine: one asked before the reading already drawn is dropped, or its late answer
     would put back a shorter log, and nothing would ask again. */
  let historyTimer = null;
  let historyAsked = 0;
  let historyDrawn = 0;
  async function loadHistory() {
    historyTimer = null;
    const mine = ++historyAsked;
    try {
      const response = await fetch("/api/history", { cache: "no-store" });
      if (!response.ok) return;
      const told = await response.json();
      if (mine < historyDrawn) return;
      historyDrawn = mine;
      history = told;
      renderLog();
      if (view) render(view);  // the last move comes from the history
      document.body.dataset.historyId = String(history.id);
    } catch (err) {
      /* the live stream reconnects and asks again */
    }
  }

  function scheduleHistory() {
    if (!historyTimer) historyTimer = setTimeout(loadHistory, 200);
  }

  async function start() {
    await C.init();
    C.onLang(() => { if (view) render(view); renderLog(); });
    let live = false;
    C.live((message) => {
      render(message.view);
      scheduleHistory();
      // Only speak what happens now, not a backlog replayed after a reconnect.
      if (live && message.events && message.events.length <= 8) speak(message.events);
      live = true;
    });
  }

  start();
})();
