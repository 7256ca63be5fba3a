/* Cities & Knights' admin page: the table's state; Pause or Resume (only the one that
   applies); undo the last move (named, asked first, with a reason); the game's corrections
   (its plug-in's: a seat's settlements, cities, walls, Defender points, an improvement
   level), each with every seat's points beside it; a new game; seat links by name; the
   results at game over. Every answer is shown beside the control that asked. */
"use strict";

(() => {
  const C = Hub;
  const K = CK;
  const api = document.body.dataset.api;
  const $ = (id) => document.getElementById(id);
  let last = null;
  let history = [];
  const answers = {};
  let confirming = false;
  let confirmed = null;
  let formTouched = false;

  const placeOf = (path) => (path === "/resume" ? "pause" : path.startsWith("/correct/") ? path.slice("/correct/".length) : path.slice(1));

  function outcome(path, result) {
    if (result.ok) return K.t("page.done");
    if (result.code === "reason_required") return K.t("page.need_reason");
    if (path === "/void" && ["not_available", "nothing_to_undo", "nothing_to_void"].includes(result.code)) return K.t("page.nothing_to_undo");
    const known = K.t("refusal." + result.code);
    const field = result.field ? K.t("page.check_field", { field: K.t(result.field === "seat" ? "page.seat" : "page.value") }) : "";
    return [known || K.t("page.bad"), field].filter((x) => x).join(" ");
  }

  async function post(path, body) {
    const place = placeOf(path);
    let result = { ok: false };
    try {
      const response = await fetch(api + path, {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body || {}),
      });
      result = await response.json();
      answers[place] = [result.ok ? "good" : "bad", outcome(path, result)];
      if (result.ok) fillCurrent.done = false;
    } catch (err) {
      answers[place] = ["bad", K.t("page.offline")];
    }
    await status();
    return result;
  }

  const feedback = (place) => C.el("p", { id: place + "-feedback", class: "feedback", role: "status", "aria-live": "polite" });
  const button = (id, text, click, hidden) => {
    const b = C.el("button", { id, type: "button", text, hidden: Boolean(hidden) });
    b.addEventListener("click", click);
    return b;
  };
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
      button(c.name, K.t("page.set"), () => {
        const body = { reason: $(c.name + "-reason").value };
        for (const f of c.fields) body[f.name] = Number($(c.name + "-" + f.name).value);
        post("/correct/" + c.name, body);
      }),
      feedback(c.name))).map((row) => { row.addEventListener("change", (e) => { if (e.target.dataset.field === "seat") fillCurrent(last); }); return row; });
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

  function build(s) {
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
      C.el("button", { type: "submit", text: K.t("page.start_game") }), feedback("game"));
    form.addEventListener("input", () => { formTouched = true; });
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const seed = $("seed").value.trim();
      const result = await post("/game", { players: Number(players.value), names: [...names.querySelectorAll("input")].map((i) => i.value),
        mode: "physical", dice: diceMode.value, seed: seed ? Number(seed) : null });
      if (result.ok) formTouched = false;
    });
    const confirm = C.el("div", { id: "void-confirm", class: "confirm", role: "alertdialog", hidden: true },
      C.el("p", { id: "void-question" }),
      button("void-yes", K.t("page.undo_yes"), async () => {
        confirming = false;
        $("void-confirm").hidden = true;
        const result = await post("/void", { reason: $("void-reason").value, expected: confirmed });
        if (result.ok) $("void-reason").value = "";
      }),
      button("void-no", K.t("page.undo_no"), () => { confirming = false; $("void-confirm").hidden = true; }));
    $("main").replaceChildren(
      C.el("section", { id: "admin-result", class: "ck-panel ck-result", hidden: true }),
      C.el("section", { class: "panel" }, C.el("h2", { text: K.t("page.table") }),
        C.el("div", { id: "admin-status", class: "status" }),
        C.el("div", { class: "row", id: "place-pause" },
          C.el("input", { id: "pause-reason", maxLength: 200, placeholder: K.t("page.reason") }),
          button("pause", K.t("page.pause"), () => post("/pause", { reason: $("pause-reason").value })),
          button("resume", K.t("page.resume"), () => post("/resume", {}), true), feedback("pause"))),
      C.el("section", { class: "panel" }, C.el("h2", { text: K.t("page.corrections") }),
        C.el("div", { class: "row", id: "place-void" }, C.el("p", { id: "void-what", class: "last-move" }),
          C.el("input", { id: "void-reason", maxLength: 200, placeholder: K.t("page.reason") }),
          button("void", K.t("page.undo"), () => {
            if (!$("void-reason").value.trim()) { answers.void = ["bad", K.t("page.need_reason")]; render(last); return; }
            confirming = true;
            confirmed = last && last.last_move;
            render(last);
          }), confirm, feedback("void")),
        C.el("ul", { id: "points-now", class: "ck-points-now" }),
        ...correctionRows(s)),
      C.el("section", { class: "panel" }, C.el("h2", { text: K.t("page.new_game") }), form),
      C.el("section", { class: "panel" }, C.el("h2", { text: K.t("page.seat_links") }), C.el("div", { id: "seat-links", class: "links" })));
    fillNames();
  }

  /* The last move in the log's words (what an undo takes back). */
  function lastMoveWords() {
    const moves = history.filter((e) => e.move);
    if (!moves.length) return null;
    const latest = moves[moves.length - 1].move;
    const said = moves.filter((e) => e.move === latest && e.kind !== "turn_started").map(K.eventText).filter((x) => x);
    return said.length ? said.join(C.lang === "en" ? " " : "") : null;
  }

  function render(s) {
    if (!s) return;
    const v = s.view || {};
    C.frame(K.status(v), K.pauseText({ ...v, paused: s.paused || v.paused }));
    const online = Object.entries(s.seats_online || {}).map(([k, on]) => K.seatName(v, Number(k)) + (on ? " ✓" : " ×"));
    $("admin-status").textContent = [v.winner ? K.t("page.over") : s.paused ? K.t("page.paused") : K.t("page.running"),
      K.t("page.readers") + C.colon() + (online.join(C.lang === "en" ? ", " : "、") || "–")].join(" · ");
    $("pause").hidden = Boolean(s.paused || v.winner);
    $("pause-reason").hidden = Boolean(s.paused || v.winner);
    $("resume").hidden = !s.paused;
    const result = $("admin-result");
    result.hidden = !v.winner;
    result.replaceChildren(...(v.winner ? [C.el("h2", { text: K.t("page.results") + C.colon() + K.winnerText(v) }), K.results(v)] : []));
    for (const place of ["pause", "game", "void", ...(s.corrections || []).map((c) => c.name)]) {
      const box = $(place + "-feedback");
      if (!box) continue;
      box.className = "feedback " + (answers[place] ? answers[place][0] : "");
      box.textContent = answers[place] ? answers[place][1] : "";
    }
    if (!fillCurrent.done) { fillCurrent(s); fillCurrent.done = true; }
    const what = s.last_move ? lastMoveWords() || s.last_move : null;
    $("void-what").textContent = what ? K.t("page.last_move", { move: what }) : K.t("page.nothing_to_undo");
    $("void").disabled = !what || s.can_undo === false;
    $("void-question").textContent = what ? K.t("page.undo_confirm", { move: what }) : "";
    $("void-confirm").hidden = !(confirming && what);
    $("points-now").replaceChildren(...(v.seats || []).map((x) => C.el("li", { "data-seat": String(x.seat) },
      C.el("b", { text: K.seatName(v, x.seat) }), C.colon() + x.vp + (C.lang === "en" ? " " : "") + K.t("page.points_unit") + " · "
        + K.pieces(x) + " · "
        + K.COLOURS.map((c) => K.t("plain." + c) + (C.lang === "en" ? " " : "") + (x.improvements[c] || 0)).join(" · "))));
    $("seat-links").replaceChildren(...(s.seat_links || []).map((l) => C.el("figure", {},
      C.el("img", { src: l.qr, alt: K.seatName(v, l.seat) }),
      C.el("figcaption", {}, K.seatName(v, l.seat) + " ", C.el("a", { href: l.url, text: K.t("page.link") })))));
  }

  let built = "";
  async function status() {
    const response = await fetch(api + "/status", { cache: "no-store" });
    if (!response.ok) return;
    last = await response.json();
    try {
      const told = await fetch("/api/history", { cache: "no-store" });
      if (told.ok) history = (await told.json()).events || [];
    } catch (err) { /* the last move is said from the log's text meanwhile */ }
    const shape = JSON.stringify([last.corrections, C.lang]);
    if (shape !== built) { built = shape; build(last); fillCurrent.done = false; }
    render(last);
  }

  async function start() {
    await C.init();
    C.onLang(() => { built = ""; if (last) status(); });
    await status();
    C.live(() => status());
  }

  start();
})();
