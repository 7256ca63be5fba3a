/* The Builders' scoreboard: whose turn with the actions left as pips (the acting seat marked
   and brought into view), every player's points, coins and score, workers and machines with
   what they produce, sites with their progress, finished buildings, the last move on the
   seats it touched, the face-up rows (below the seats on a phone), the 17-point target and
   the last round, the result with ranks and why, and the game log, newest round first. */
"use strict";

(() => {
  const C = Hub;
  const B = Builders;
  let view = null;
  let history = [];

  /* The last move: the events of the latest action in the history that did something
     (the turn's bookkeeping left out), shown on the seats it touched until the next one. */
  const QUIET = new Set(["turn_started", "turn_ended", "last_round", "game_over"]);
  function lastMove() {
    for (let i = history.length - 1; i >= 0; i--) {
      const e = history[i];
      if (QUIET.has(e.kind) || e.move === undefined || e.move === 0) continue;
      if (view && view.round && e.round !== view.round && !view.result) return [];
      return history.filter((x) => x.move === e.move && !QUIET.has(x.kind));
    }
    return [];
  }

  function seatCard(v, s, move) {
    const pending = !v.result && v.pending && v.pending.seat === s.seat;
    const winner = v.result && (v.result.winners || []).includes(s.seat);
    const mine = move.filter((e) => e.seat === s.seat);
    const workers = s.workers.filter((w) => !B.isMachine(w));
    const machines = s.workers.filter(B.isMachine);
    const coinPoints = Math.floor(s.coins / 10);
    return C.el("article", { class: "seat b-seat" + (pending ? " pending" : "") + (winner ? " winner" : "") + (mine.length ? " moved" : ""),
      "data-seat": String(s.seat) },
      C.el("header", {},
        C.el("span", { class: "name", text: B.seatName(v, s.seat) }),
        s.first ? C.el("span", { class: "b-first", text: B.t("page.first") }) : null,
        pending ? C.el("span", { class: "badge now", text: "▶ " + B.t("page.playing") }) : null,
        C.el("span", { class: "score", title: B.t("page.score_is") },
          C.el("b", { class: "points", text: String(s.points) }), " ", B.counted("page.points_unit", s.points))),
      C.el("div", { class: "nums" },
        C.el("span", {}, C.el("b", { class: "coins", text: String(s.coins) }), " ", B.counted("page.coins_unit", s.coins)),
        C.el("span", { class: "b-score", title: B.t("page.score_is") },
          B.t("page.score_line", { score: s.score, points: s.points, coin_points: coinPoints })),
        s.online === false ? C.el("span", { class: "chip offline", text: "×" }) : null),
      pending ? C.el("p", { class: "b-actions" }, B.pips(v.actions_left), B.counted("page.actions_left", v.actions_left)) : null,
      mine.length ? C.el("p", { class: "last-move" }, C.el("span", { class: "label", text: B.t("page.last_move_label") + C.colon() }),
        mine.map(B.eventText).filter((x) => x).join(" ")) : null,
      C.el("h3", { text: B.t("page.workers") }),
      workers.length ? C.el("ul", { class: "chips workers" }, workers.map(B.worker)) : C.el("p", { class: "dim", text: B.t("page.none_idle") }),
      machines.length ? C.el("h3", { text: B.t("page.machines") }) : null,
      machines.length ? C.el("ul", { class: "chips machines" }, machines.map(B.worker)) : null,
      s.sites.length ? C.el("h3", { text: B.t("page.sites") }) : null,
      s.sites.length ? C.el("ul", { class: "sites" }, s.sites.map(B.site)) : null,
      s.finished.length ? C.el("h3", { text: B.t("page.finished") }) : null,
      s.finished.length ? C.el("ul", { class: "chips finished" },
        s.finished.map((b) => C.el("li", { class: "chip done", "data-id": b.id },
          B.card(b.id) + " · ", C.el("b", { text: B.counted("page.n_points", b.points) })))) : null);
  }

  /* Before the first move of a physical game: how to lay out the table (the apprentice
     each seat takes, the face-up rows in order). */
  function setup(v) {
    const s = v.setup;
    if (!s) return null;
    return C.el("section", { id: "setup", class: "b-setup" }, C.el("h2", { text: B.t("page.setup") }),
      C.el("p", { text: B.t("page.setup_rows") + ": " + s.buildings.map(B.card).join(", ") + " · " +
        s.workers.map(B.card).join(", ") }),
      C.el("ul", {}, Object.entries(s.apprentices).map(([seat, id]) => C.el("li", { "data-seat": seat,
        text: B.t("page.setup_takes", { name: B.seatName(v, Number(seat)), card: B.card(id) }) }))));
  }

  function rows(v) {
    const r = v.rows || { buildings: [], workers: [] };
    const d = v.decks || {};
    return C.el("div", { class: "b-rows" },
      C.el("section", { id: "row-buildings" }, C.el("h2", { text: B.t("page.row_buildings") + " · " + B.t("page.deck", { n: d.buildings ?? 0 }) }),
        C.el("ul", {}, r.buildings.map(B.building))),
      C.el("section", { id: "row-workers" }, C.el("h2", { text: B.t("page.row_workers") + " · " + B.t("page.deck", { n: d.workers ?? 0 }) }),
        C.el("ul", { class: "chips" }, r.workers.map(B.worker)),
        C.el("p", { id: "legend", class: "dim", text: B.t("page.legend") })));
  }

  /* The 17-point target, always in sight; the last round named with who started it and why. */
  function target(v) {
    const last = B.lastRoundText(v, history);
    return C.el("div", { id: "target", class: "b-target" + (last && !v.result ? " last" : "") },
      C.el("span", { text: B.t("page.target", { target: B.TARGET }) }),
      last && !v.result ? C.el("strong", { id: "last-round", text: last }) : null);
  }

  function result(v) {
    if (!v.result) return null;
    const seats = [...v.result.seats].sort((a, b) => a.rank - b.rank || a.seat - b.seat);
    const head = ["page.rank", "page.player", "page.points_col", "page.coins_col", "page.coin_points", "page.score_col"];
    return C.el("section", { id: "result", class: "b-result" }, C.el("h2", { id: "winner", text: B.resultText(v) }),
      C.el("p", { id: "why-ended", text: B.endedText(v) }),
      C.el("table", {}, C.el("thead", {}, C.el("tr", {}, head.map((h) => C.el("th", { text: B.t(h) })))),
        C.el("tbody", {}, seats.map((s) => C.el("tr", { "data-seat": String(s.seat), class: s.rank === 1 ? "first" : "" },
          C.el("td", { class: "rank", text: String(s.rank) }), C.el("td", { class: "who", text: B.seatName(v, s.seat) }),
          C.el("td", { text: String(s.points) }), C.el("td", { text: String(s.coins) }),
          C.el("td", { text: "+" + String(s.coin_points ?? Math.floor(s.coins / 10)) }),
          C.el("td", { class: "score", text: String(s.score) }))))),
      C.el("p", { class: "dim", text: B.t("page.score_is") }));
  }

  /* The game log, newest round first, each round's events newest first under its heading. */
  function logSections() {
    return C.logByRound(history, B.eventText, (n) => B.t("page.round_n", { n }), B.t("page.log_empty"));
  }

  function render(v, told) {
    view = v;
    history = told;
    B.dress();
    const main = document.getElementById("main");
    // the status sentence and the pause banner live in the hub's sticky header
    C.frame(B.status(view), B.pauseText(view));
    const move = lastMove();
    const seats = C.el("section", { id: "seats", class: "seats" }, (view.seats || []).map((s) => seatCard(view, s, move)));
    seats.dataset.count = String((view.seats || []).length);
    main.replaceChildren(C.el("div", { class: "board b-board" },
      C.el("div", { class: "now" }, target(view), result(view), setup(view), seats, rows(view), B.key()),
      C.el("aside", { class: "side" }, C.el("section", { class: "log" }, C.el("h2", { id: "log-title", text: B.t("page.log") }),
        C.el("div", { id: "log" }, logSections())))));
  }

  C.scoreboard({ draw: render, acting: (v) => (v.pending && !v.result ? v.pending.seat : null), speakKey: "builders.speak" });
})();
