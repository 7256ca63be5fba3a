/* The Builders' admin page: the table's state, a new game (players, names, seed), pause
   and resume, undo the last move, the game's corrections (its plug-in's declarations: a
   seat's coins), the seat links. Every answer is shown beside the control that asked; a
   refused field is marked; the undo names the move it takes back and asks first. */
"use strict";

(() => {
  const C = Hub;
  const B = Builders;
  const api = document.body.dataset.api;
  const $ = (id) => document.getElementById(id);
  let last = null;
  const answers = {};  // place -> [good|bad, text]
  let confirming = false;
  let confirmed = null;
  let formTouched = false;
  let formFrom = "";

  /* Where a request's answer is shown: beside the control that sent it. */
  const placeOf = (path) => (path === "/resume" ? "pause" : path.startsWith("/correct/") ? path.slice("/correct/".length) : path.slice(1));

  function outcome(path, result, label) {
    if (result.ok) return B.t("page.done");
    if (result.code === "reason_required") return B.t("page.need_reason");
    if (path === "/void" && ["not_available", "nothing_to_undo"].includes(result.code)) return B.t("page.nothing_to_undo");
    const known = B.t("refusal." + result.code);
    if (label) return (known ? known + " " : "") + B.t("page.check_field", { field: label });
    return known || B.t("page.bad");
  }

  /* The field a refusal names, marked in the form that sent it; its label, said. */
  function mark(place, field) {
    const form = $("place-" + place);
    if (!form) return null;
    for (const node of form.querySelectorAll(".invalid")) { node.classList.remove("invalid"); node.removeAttribute("aria-invalid"); }
    const input = field && form.querySelector(`[data-field="${CSS.escape(field)}"]`);
    if (!input) return null;
    input.classList.add("invalid");
    input.setAttribute("aria-invalid", "true");
    input.focus();
    return input.dataset.label ? B.t(input.dataset.label) : input.placeholder;
  }

  async function post(path, body) {
    const place = placeOf(path);
    let result = { ok: false };
    try {
      const response = await fetch(api + path, {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body || {}),
      });
      result = await response.json();
      const field = result.ok ? null : result.field || (result.code === "reason_required" ? "reason" : null);
      answers[place] = [result.ok ? "good" : "bad", outcome(path, result, mark(place, field))];
    } catch (err) {
      answers[place] = ["bad", B.t("page.offline")];
    }
    await status();
    return result;
  }

  const field = (id, label, attrs) => C.el("label", {}, C.el("span", { text: B.t(label) + " " }),
    C.el("input", { id, "data-label": label, ...attrs }));
  const feedback = (place) => C.el("p", { id: place + "-feedback", class: "feedback", role: "status", "aria-live": "polite" });
  const button = (id, text, click, hidden) => {
    const b = C.el("button", { id, type: "button", text, hidden: Boolean(hidden) });
    b.addEventListener("click", click);
    return b;
  };

  let history = [];
  let historyOf = "";

  /* The last move in the log's words: the sentences of the history's latest move (what an
     undo takes back), the next turn's start left out. */
  function logWords() {
    const moves = history.filter((e) => e.move);
    if (!moves.length) return null;
    const latest = moves[moves.length - 1].move;
    const said = moves.filter((e) => e.move === latest && e.kind !== "turn_started").map(B.eventText).filter((x) => x);
    return said.length ? said.join(C.lang === "en" ? " " : "") : null;
  }

  /* A move as the log says it ("2 coins 3"), in the page's words: "Bo: Take 3 coins" (while
     the history is not read yet). */
  function moveWords(v, text) {
    const [seatText, verb, ...args] = text.split(" ");
    if (seatText === "0" && verb === "adjust") {
      return B.t("page.coins_move", { name: B.seatName(v, Number(args[0])), delta: (Number(args[1]) > 0 ? "+" : "") + args[1] });
    }
    let what;
    if (verb === "coins") what = args[0] === "1" ? B.t("display.coins_1") : B.t("display.coins_n", { n: args[0], actions: { "3": 2, "6": 3 }[args[0]] });
    else if (verb === "open" || verb === "recruit") what = B.t("display." + verb, { card: B.card(args[0]) });
    else if (verb === "send") what = B.t("display.send", { worker: B.card(args[0]), site: B.card(args[1]) });
    else what = B.t("display." + verb) || verb;
    return B.seatName(v, Number(seatText)) + C.colon() + what;
  }

  /* One form per correction the game declares (`status.corrections`), with every seat's
     value it corrects (`shows`: coins) beside it. */
  function correctionRows(s) {
    const v = s.view || {};
    return (s.corrections || []).map((c) => C.el("div", { class: "row correction", id: "place-" + c.name },
      c.shows ? C.el("ul", { class: "shows", id: c.name + "-shows" }) : null,
      ...c.fields.map((f) => (f.seat
        ? C.el("label", {}, C.el("span", { text: B.t(f.label) + " " }), C.el("select", { id: c.name + "-" + f.name, "data-field": f.name,
          "data-label": f.label }, (v.seats || []).map((x) => C.el("option", { value: String(x.seat), text: B.seatName(v, x.seat) }))))
        : field(c.name + "-" + f.name, f.label, { type: "number", min: f.low, max: f.high, value: f.nonzero ? 1 : 0, "data-field": f.name }))),
      C.el("input", { id: c.name + "-reason", maxLength: 200, placeholder: B.t("page.reason"), "data-field": "reason", "data-label": "page.reason" }),
      button(c.name, B.t(c.label), () => {
        const body = { reason: $(c.name + "-reason").value };
        for (const f of c.fields) body[f.name] = Number($(c.name + "-" + f.name).value);
        post("/correct/" + c.name, body);
      }),
      feedback(c.name)));
  }

  function build(s) {
    B.dress();
    const players = C.el("select", { id: "players", "data-field": "players", "data-label": "page.players" },
      [2, 3, 4].map((n) => C.el("option", { value: String(n), text: String(n), selected: n === 3 })));
    const names = C.el("div", { id: "names", class: "names" });
    const fillNames = () => {
      const old = [...names.querySelectorAll("input")].map((i) => i.value);
      names.replaceChildren(...Array.from({ length: Number(players.value) }, (_, i) =>
        C.el("input", { maxLength: C.catalogue.game.name_limit, placeholder: B.t("page.name_n", { n: i + 1 }), value: old[i] || "", "data-field": "names." + (i + 1) })));
    };
    players.addEventListener("change", fillNames);
    const form = C.el("form", { id: "new-game" },
      C.el("label", {}, C.el("span", { text: B.t("page.players") + " " }), players),
      field("seed", "page.seed", { inputMode: "numeric", maxLength: 18, "data-field": "seed" }), names,
      C.el("button", { type: "submit", text: B.t("page.start_game") }), feedback("game"));
    form.id = "place-game";
    form.addEventListener("input", () => { formTouched = true; });
    form.addEventListener("change", () => { formTouched = true; });
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const seed = $("seed").value.trim();
      const result = await post("/game", { players: Number(players.value), names: [...names.querySelectorAll("input")].map((i) => i.value),
        mode: "physical", seed: seed ? Number(seed) : null });
      if (result.ok) formTouched = false;
    });
    const confirm = C.el("div", { id: "void-confirm", class: "confirm", role: "alertdialog", hidden: true },
      C.el("p", { id: "void-question" }),
      button("void-yes", B.t("page.undo_yes"), async () => {
        confirming = false;
        $("void-confirm").hidden = true;
        const result = await post("/void", { reason: $("void-reason").value, expected: confirmed });
        if (result.ok) $("void-reason").value = "";
      }),
      button("void-no", B.t("page.undo_no"), () => { confirming = false; $("void-confirm").hidden = true; }));
    confirm.querySelector("#void-yes").className = "danger";
    $("main").replaceChildren(
      C.el("p", { id: "table-status", class: "status-line b-status" }),
      C.el("section", { id: "admin-result", class: "b-result", hidden: true }),
      C.el("section", { class: "panel" }, C.el("h2", { text: B.t("page.table") }),
        C.el("div", { id: "admin-status", class: "status" }),
        C.el("div", { class: "row", id: "place-pause" },
          C.el("input", { id: "pause-reason", maxLength: 200, placeholder: B.t("page.reason"), "data-field": "reason" }),
          button("pause", B.t("page.pause"), () => post("/pause", { reason: $("pause-reason").value })),
          button("resume", B.t("page.resume"), () => post("/resume", {}), true), feedback("pause"))),
      C.el("section", { class: "panel" }, C.el("h2", { text: B.t("page.new_game") }), form),
      C.el("section", { class: "panel" }, C.el("h2", { text: B.t("page.corrections") }),
        C.el("div", { class: "row", id: "place-void" }, C.el("p", { id: "void-what", class: "last-move" }),
          C.el("input", { id: "void-reason", maxLength: 200, placeholder: B.t("page.reason"), "data-field": "reason", "data-label": "page.reason" }),
          button("void", B.t("page.undo"), () => {
            if (!$("void-reason").value.trim()) {  // asked before anything is sent: the reason is required
              answers.void = ["bad", B.t("page.need_reason")];
              mark("void", "reason");
              render(last);
              return;
            }
            mark("void", null);
            confirming = true;
            confirmed = last && last.last_move;  // what the question names; refused if another move comes first
            render(last);
            $("void-yes").focus();
          }), confirm, feedback("void")),
        ...correctionRows(s)),
      C.el("section", { class: "panel" }, C.el("h2", { text: B.t("page.seat_links") }), C.el("div", { id: "seat-links", class: "links" })));
    fillNames();
  }

  /* The form starts from the game on the table (its players and names) until the admin changes it. */
  function prefill(v) {
    const seats = v.seats || [];
    const key = JSON.stringify(seats.map((x) => x.name));
    if (!seats.length || formTouched || key === formFrom) return;
    formFrom = key;
    $("players").value = String(seats.length);
    $("players").dispatchEvent(new Event("change"));
    formTouched = false;
    [...$("names").querySelectorAll("input")].forEach((input, i) => {
      const name = seats[i] ? seats[i].name : "";
      input.value = name && name !== "Seat " + (i + 1) ? name : "";
    });
  }

  function render(s) {
    if (!s) return;
    const v = s.view || {};
    const online = Object.entries(s.seats_online || {}).map(([k, on]) => B.seatName(v, Number(k)) + (on ? " ✓" : " ×"));
    $("table-status").textContent = B.status(v);
    $("admin-status").textContent = [v.result ? B.t("page.over") : s.paused ? B.t("page.paused") : B.t("page.running"),
      B.t("page.readers") + C.colon() + (online.join(C.lang === "en" ? ", " : "、") || "–")].join(" · ");
    // only the control that applies: Pause while it runs, Resume while it is paused, neither once it is over
    $("pause").hidden = Boolean(s.paused || v.result);
    $("pause-reason").hidden = Boolean(s.paused || v.result);
    $("resume").hidden = !s.paused;
    renderResult(v);
    for (const place of ["pause", "game", "void", ...(s.corrections || []).map((c) => c.name)]) {
      const box = $(place + "-feedback");
      if (!box) continue;
      box.className = "feedback " + (answers[place] ? answers[place][0] : "");
      box.textContent = answers[place] ? answers[place][1] : "";
    }
    const what = s.last_move ? logWords() || moveWords(v, s.last_move) : null;
    $("void-what").textContent = what ? B.t("page.last_move", { move: what }) : B.t("page.nothing_to_undo");
    $("void").disabled = !what || s.can_undo === false;
    $("void-question").textContent = what ? B.t("page.undo_confirm", { move: what }) : "";
    $("void-confirm").hidden = !(confirming && what);
    for (const c of s.corrections || []) {
      const list = $(c.name + "-shows");
      if (list) list.replaceChildren(...(v.seats || []).map((x) => C.el("li", { "data-seat": String(x.seat) },
        C.el("span", { class: "name", text: B.seatName(v, x.seat) }), " ", C.el("b", { text: String(x[c.shows]) }), " " + B.t("page." + c.shows))));
    }
    prefill(v);
    $("seat-links").replaceChildren(...(s.seat_links || []).map((l) => C.el("figure", {},
      C.el("img", { src: l.qr, alt: B.seatName(v, l.seat) }),
      C.el("figcaption", {}, B.seatName(v, l.seat) + " ", C.el("a", { href: l.url, text: B.t("page.link") })))));
  }

  /* At the game over, the results: rank, player, score and how it was made. */
  function renderResult(v) {
    const box = $("admin-result");
    box.hidden = !v.result;
    if (!v.result) { box.replaceChildren(); return; }
    const seats = [...v.result.seats].sort((a, b) => a.rank - b.rank || a.seat - b.seat);
    box.replaceChildren(C.el("h2", { text: B.resultText(v) }), C.el("p", { text: B.endedText(v) }),
      C.el("table", {}, C.el("thead", {}, C.el("tr", {}, ["page.rank", "page.player", "page.points_col", "page.coins_col",
        "page.coin_points", "page.score_col"].map((h) => C.el("th", { text: B.t(h) })))),
      C.el("tbody", {}, seats.map((x) => C.el("tr", { "data-seat": String(x.seat) },
        C.el("td", { text: String(x.rank) }), C.el("td", { class: "who", text: B.seatName(v, x.seat) }),
        C.el("td", { text: String(x.points) }), C.el("td", { text: String(x.coins) }),
        C.el("td", { text: "+" + (x.coin_points ?? Math.floor(x.coins / 10)) }), C.el("td", { class: "score", text: String(x.score) }))))));
  }

  let built = "";
  async function status() {
    const response = await fetch(api + "/status", { cache: "no-store" });
    if (!response.ok) return;
    last = await response.json();
    const v = last.view || {};
    const moved = JSON.stringify([last.last_move, v.round, v.pending, v.actions_left, (v.recent || []).length]);
    try {  // the log's words for the last move: read again only when the table moved
      if (moved !== historyOf) {
        const told = await fetch("/api/history", { cache: "no-store" });
        if (told.ok) { history = (await told.json()).events || []; historyOf = moved; }
      }
    } catch (err) { /* the last move is said from the log's text meanwhile */ }
    const shape = JSON.stringify([last.corrections, C.lang]);
    if (shape !== built) { built = shape; build(last); }
    render(last);
  }

  async function start() {
    await C.init();
    C.onLang(() => { built = ""; formFrom = ""; if (last) status(); });
    await status();
    C.live(() => status());
  }

  start();
})();
