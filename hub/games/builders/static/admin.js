/* The Builders' admin page: the table's state, a new game (players, names, seed), pause
   and resume, undo the last move, the game's corrections (its plug-in's declarations: a
   seat's coins), the seat links. Every answer is shown beside the control that asked; a
   refused field is marked; the undo names the move it takes back and asks first. */
"use strict";

(() => {
  const C = Hub;
  const B = Builders;
  const $ = (id) => document.getElementById(id);
  let formTouched = false;
  let formFrom = "";

  /* A request's answer in words; a refused field is marked, and named. */
  function outcome(path, result, place) {
    if (result.ok) { admin.mark(place, null); return B.t("page.done"); }
    const label = admin.mark(place, result.field || (result.code === "reason_required" ? "reason" : null));
    if (result.code === "reason_required") return B.t("page.need_reason");
    if (path === "/void" && ["not_available", "nothing_to_undo"].includes(result.code)) return B.t("page.nothing_to_undo");
    const known = B.t("refusal." + result.code);
    if (label) return (known ? known + " " : "") + B.t("page.check_field", { field: label });
    return known || B.t("page.bad");
  }

  const field = (id, label, attrs) => C.el("label", {}, C.el("span", { text: B.t(label) + " " }),
    C.el("input", { id, "data-label": label, ...attrs }));
  let admin = null;  // the pieces every admin page has (Hub.adminPage)

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
      admin.button(c.name, B.t(c.label), () => {
        const body = { reason: $(c.name + "-reason").value };
        for (const f of c.fields) body[f.name] = Number($(c.name + "-" + f.name).value);
        admin.post("/correct/" + c.name, body);
      }),
      admin.feedback(c.name)));
  }

  function build(s, pieces) {
    admin = pieces;
    formFrom = "";
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
      C.el("button", { type: "submit", text: B.t("page.start_game") }), admin.feedback("game"));
    form.id = "place-game";
    form.addEventListener("input", () => { formTouched = true; });
    form.addEventListener("change", () => { formTouched = true; });
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const seed = $("seed").value.trim();
      const result = await admin.post("/game", { players: Number(players.value), names: [...names.querySelectorAll("input")].map((i) => i.value),
        mode: "physical", seed: seed ? Number(seed) : null });
      if (result.ok) formTouched = false;
    });
    $("main").replaceChildren(
      C.el("p", { id: "table-status", class: "status-line b-status" }),
      C.el("section", { id: "admin-result", class: "b-result", hidden: true }),
      C.el("section", { class: "panel" }, C.el("h2", { text: B.t("page.table") }),
        C.el("div", { id: "admin-status", class: "status" }), admin.pauseRow()),
      C.el("section", { class: "panel" }, C.el("h2", { text: B.t("page.new_game") }), form),
      C.el("section", { class: "panel" }, C.el("h2", { text: B.t("page.corrections") }), admin.undoRow(), ...correctionRows(s)),
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
    const v = s.view || {};
    $("table-status").textContent = B.status(v);
    renderResult(v);
    admin.drawTable(s, Boolean(v.result), s.last_move ? admin.lastMove(B.eventText) || moveWords(v, s.last_move) : null);
    for (const c of s.corrections || []) {
      const list = $(c.name + "-shows");
      if (list) list.replaceChildren(...(v.seats || []).map((x) => C.el("li", { "data-seat": String(x.seat) },
        C.el("span", { class: "name", text: B.seatName(v, x.seat) }), " ", C.el("b", { text: String(x[c.shows]) }), " " + B.t("page." + c.shows))));
    }
    prefill(v);
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

  C.adminPage({ t: B.t, seatName: B.seatName, outcome, build, draw: render });
})();
