/* Cities & Knights' admin page: the table's state; Pause or Resume (only the one that
   applies); undo the last move (named, asked first, with a reason); the game's corrections
   (its plug-in's: a seat's settlements, cities, walls, Defender points, an improvement
   level), each with every seat's points beside it; a new game; seat links by name; the
   results at game over. Every answer is shown beside the control that asked. */
"use strict";

(() => {
  const C = Hub;
  const K = CK;
  const $ = (id) => document.getElementById(id);
  let admin = null;  // the pieces every admin page has (Hub.adminPage)
  let formTouched = false;

  function outcome(path, result) {
    if (result.ok) {
      fillCurrent.done = false;  // the corrections start again from what the hub keeps now
      return K.t("page.done");
    }
    if (result.code === "reason_required") return K.t("page.need_reason");
    if (path === "/void" && ["not_available", "nothing_to_undo", "nothing_to_void"].includes(result.code)) return K.t("page.nothing_to_undo");
    const known = K.t("refusal." + result.code);
    const field = result.field ? K.t("page.check_field", { field: K.t(result.field === "seat" ? "page.seat" : "page.value") }) : "";
    return [known || K.t("page.bad"), field].filter((x) => x).join(" ");
  }

  const label = (text, control) => C.el("label", {}, C.el("span", { text: text + " " }), control);

  function correctionRows(s) {
    const v = s.view || {};
    return (s.corrections || []).map((c) => C.el("div", { class: "row correction", id: "place-" + c.name },
      C.el("h3", { text: K.t(c.label) }),
      ...c.fields.map((f) => label(K.t(f.label), f.seat
        ? C.el("select", { id: c.name + "-" + f.name, "data-field": f.name },
          (v.seats || []).map((x) => C.el("option", { value: String(x.seat), text: K.seatName(v, x.seat) })))
        : C.el("input", { id: c.name + "-" + f.name, type: "number", min: f.low, max: f.high, value: 0, "data-field": f.name }))),
      C.el("input", { id: c.name + "-reason", maxLength: 200, placeholder: K.t("page.reason"), "data-field": "reason" }),
      admin.button(c.name, K.t("page.set"), () => {
        const body = { reason: $(c.name + "-reason").value };
        for (const f of c.fields) body[f.name] = Number($(c.name + "-" + f.name).value);
        admin.post("/correct/" + c.name, body);
      }),
      admin.feedback(c.name))).map((row) => { row.addEventListener("change", (e) => { if (e.target.dataset.field === "seat") fillCurrent(admin.status); }); return row; });
  }

  /* A correction's value starts at what the hub keeps now for the chosen seat. */
  function current(v, what, seat) {
    const x = (v.seats || []).find((y) => y.seat === seat);
    if (!x) return 0;
    if (what === "defender") return x.sources.defender;
    return K.COLOURS.includes(what) ? x.improvements[what] || 0 : x[what];
  }

  function fillCurrent(s) {
    for (const c of s.corrections || []) {
      const seat = $(c.name + "-seat");
      const value = $(c.name + "-value");
      if (seat && value && document.activeElement !== value) value.value = String(current(s.view || {}, c.name, Number(seat.value)));
    }
  }

  function build(s, pieces) {
    admin = pieces;
    fillCurrent.done = false;
    K.dress();
    const players = C.el("select", { id: "players" }, [3, 4].map((n) => C.el("option", { value: String(n), text: String(n), selected: n === 4 })));
    const names = C.el("div", { id: "names", class: "names" });
    const fillNames = () => {
      const old = [...names.querySelectorAll("input")].map((i) => i.value);
      names.replaceChildren(...Array.from({ length: Number(players.value) }, (_, i) =>
        C.el("input", { placeholder: K.t("page.name_n", { n: i + 1 }), maxLength: 24, value: old[i] || "" })));
    };
    players.addEventListener("change", fillNames);
    const diceMode = C.el("select", { id: "dice-mode" }, ["hub", "physical"].map((m) => C.el("option", { value: m, text: K.t("page.dice_" + m) })));
    const form = C.el("form", { id: "place-game" }, label(K.t("page.players"), players), label(K.t("page.dice_mode"), diceMode),
      label(K.t("page.seed"), C.el("input", { id: "seed", inputMode: "numeric", maxLength: 18 })), names,
      C.el("button", { type: "submit", text: K.t("page.start_game") }), admin.feedback("game"));
    form.addEventListener("input", () => { formTouched = true; });
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const seed = $("seed").value.trim();
      const result = await admin.post("/game", { players: Number(players.value), names: [...names.querySelectorAll("input")].map((i) => i.value),
        mode: "physical", dice: diceMode.value, seed: seed ? Number(seed) : null });
      if (result.ok) formTouched = false;
    });
    $("main").replaceChildren(
      C.el("section", { id: "admin-result", class: "ck-panel ck-result", hidden: true }),
      C.el("section", { class: "panel" }, C.el("h2", { text: K.t("page.table") }),
        C.el("div", { id: "admin-status", class: "status" }), admin.pauseRow()),
      C.el("section", { class: "panel" }, C.el("h2", { text: K.t("page.corrections") }), admin.undoRow(),
        C.el("ul", { id: "points-now", class: "ck-points-now" }),
        ...correctionRows(s)),
      C.el("section", { class: "panel" }, C.el("h2", { text: K.t("page.new_game") }), form),
      C.el("section", { class: "panel" }, C.el("h2", { text: K.t("page.seat_links") }), C.el("div", { id: "seat-links", class: "links" })));
    fillNames();
  }

  function render(s) {
    const v = s.view || {};
    C.frame(K.status(v), K.pauseText({ ...v, paused: s.paused || v.paused }));
    const result = $("admin-result");
    result.hidden = !v.winner;
    result.replaceChildren(...(v.winner ? [C.el("h2", { text: K.t("page.results") + C.colon() + K.winnerText(v) }), K.results(v)] : []));
    admin.drawTable(s, Boolean(v.winner), s.last_move ? admin.lastMove(K.eventText) || s.last_move : null);
    if (!fillCurrent.done) { fillCurrent(s); fillCurrent.done = true; }
    $("points-now").replaceChildren(...(v.seats || []).map((x) => C.el("li", { "data-seat": String(x.seat) },
      C.el("b", { text: K.seatName(v, x.seat) }), C.colon() + x.vp + (C.lang === "en" ? " " : "") + K.t("page.points_unit") + " · "
        + K.pieces(x) + " · "
        + K.COLOURS.map((c) => K.t("plain." + c) + (C.lang === "en" ? " " : "") + (x.improvements[c] || 0)).join(" · "))));
  }

  C.adminPage({ t: K.t, seatName: K.seatName, outcome, build, draw: render });
})();
