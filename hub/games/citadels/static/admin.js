/* Table admin: set up a game, pause/resume, enrol tags, corrections, seat links.
   Every answer is shown beside the control that asked for it; a refused request marks the
   field the hub names. The undo names the move it takes back and asks first; the game's
   own corrections (the plug-in's declarations, `status.corrections`) draw their forms here. */
"use strict";

(() => {
  const C = Citadels;
  const api = document.body.dataset.api;
  const $ = (id) => document.getElementById(id);

  /* Where each request's answer is shown, and the form whose fields it may mark. */
  const PLACES = {
    "/pause": ["pause-feedback", "pause-row"], "/resume": ["pause-feedback", "pause-row"],
    "/game": ["game-feedback", "new-game"],
    "/void": ["void-feedback", "void-row"], "/card": ["card-feedback", "card-entry"],
  };
  const place = (path) => PLACES[path] || [path.replace("/correct/", "") + "-feedback", path.replace("/correct/", "correct-")];

  function say(path, ok, text) {
    const box = $(place(path)[0]);
    if (!box) return;
    box.className = "feedback " + (ok ? "good" : "bad");
    box.textContent = text;
  }

  /* The field a refusal names, in the form that sent it: marked, focused, and its label said. */
  function mark(path, field) {
    const form = $(place(path)[1]);
    if (!form) return null;
    for (const node of form.querySelectorAll(".invalid")) { node.classList.remove("invalid"); node.removeAttribute("aria-invalid"); }
    if (!field) return null;
    const input = form.querySelector(`[data-field="${CSS.escape(field)}"]`);
    if (!input) return null;
    input.classList.add("invalid");
    input.setAttribute("aria-invalid", "true");
    input.focus();
    return input.dataset.label ? C.t(input.dataset.label) : input.placeholder || "";
  }

  /* What to tell the admin about an answer, in the page's language (never a code). */
  function outcome(path, result, label) {
    if (result.ok) return C.t("admin_ok_" + path.split("/").pop()) || C.t("done");
    if (result.code === "reason_required") return C.t("admin_need_reason");
    if (path === "/void" && ["not_available", "nothing_to_undo"].includes(result.code)) return C.t("admin_nothing_to_undo");
    const known = C.t("code_" + result.code);
    if (label) return known ? known + " " + C.t("admin_check_field", { field: label }) : C.t("admin_check_field", { field: label });
    return known || C.t("admin_bad");
  }

  async function post(path, body) {
    try {
      const response = await fetch(api + path, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body || {}),
      });
      const result = await response.json();
      const label = mark(path, result.ok ? null : result.field || (result.code === "reason_required" ? "reason" : null));
      say(path, result.ok, outcome(path, result, label));
      await status();
      return result;
    } catch (err) {
      say(path, false, C.t("admin_offline"));
      return { ok: false };
    }
  }

  /* ------------------------------------------------------------------ new game */
  let formTouched = false;
  let formFrom = "";

  function nameInputs() {
    const n = Number($("players").value);
    const box = $("names");
    const old = [...box.querySelectorAll("input")].map((i) => i.value);
    box.replaceChildren();
    for (let i = 0; i < n; i++) {
      box.append(C.el("input", { maxLength: C.catalogue.game.name_limit, placeholder: C.t("seat_n", { n: i + 1 }), value: old[i] || "",
        "data-seat": String(i + 1), "data-field": "names." + (i + 1), "data-label": "name_n" }));
    }
  }

  /* The form starts from the game on the table (players, names, edition, variant, mode; never
     its seed), and follows a new game until the admin changes something. */
  function prefill(form) {
    const key = JSON.stringify(form || null);
    if (!form || formTouched || key === formFrom) return;
    formFrom = key;
    $("players").value = String(form.players);
    $("edition").value = form.edition;
    variantChoices();
    $("variant").value = form.variant;
    $("mode").value = form.mode;
    nameInputs();
    const inputs = [...$("names").querySelectorAll("input")];
    inputs.forEach((input, i) => {
      const name = (form.names || [])[i] || "";
      input.value = /^Seat \d+$/.test(name) ? "" : name;
    });
  }

  /* ------------------------------------------------------------------ undo */
  let confirmed = null;
  const SEAT_ARG_VERBS = new Set(["swap", "destroy"]);

  /* A move as the log says it ("2 pick thief"), in the page's words: "Ann: Pick Thief". */
  function moveWords(v, text) {
    const [seatText, verb, ...args] = text.split(" ");
    const seat = Number(seatText);
    if (seat === 0 && verb === "adjust") {
      return C.t("admin_move_gold", { seat: C.seatName(v, Number(args[0])), delta: (Number(args[1]) > 0 ? "+" : "") + args[1] });
    }
    const words = verb === "graveyard" ? [C.verb("graveyard") + C.colon() + C.verb(args[0] || "")]
      : [C.verb(verb), ...args.map((a, i) => (SEAT_ARG_VERBS.has(verb) && i === 0 && /^\d+$/.test(a) ? C.seatName(v, Number(a)) : C.card(a)))];
    return (seat ? C.seatName(v, seat) + C.colon() : "") + words.join(C.lang === "en" ? " " : "");  // no space in Chinese
  }

  function renderUndo(s) {
    const v = s.view || {};
    const what = s.last_move ? moveWords(v, s.last_move) : null;
    $("void-what").textContent = what ? C.t("admin_last_move", { move: what }) : C.t("admin_nothing_to_undo");
    $("void").disabled = !what || s.can_undo === false;
    if (!what) $("void-confirm").hidden = true;
    $("void-question").textContent = what ? C.t("admin_undo_confirm", { move: what }) : "";
  }

  /* ------------------------------------------------------------------ the game's corrections */
  let correctionsDrawn = "";

  /* One form per declared correction: its fields (a seat is chosen by name), a reason, its
     button, the answer beside it, and every seat's `shows` value (gold) beside it. */
  function drawCorrections(s) {
    const v = s.view || {};
    const key = JSON.stringify([s.corrections, C.lang, (v.seats || []).map((x) => [x.seat, x.name])]);
    if (key === correctionsDrawn) return;
    correctionsDrawn = key;
    const kept = Object.fromEntries([...$("corrections").querySelectorAll("input, select")].map((i) => [i.id, i.value]));
    $("corrections").replaceChildren(...(s.corrections || []).map((c) => {
      const inputs = c.fields.map((f) => {
        const id = c.name + "-" + f.name;
        const input = f.seat
          ? C.el("select", { id, "data-field": f.name, "data-label": f.label },
            (v.seats || []).map((x) => C.el("option", { value: String(x.seat), text: C.seatName(v, x.seat) })))
          : C.el("input", { id, type: "number", min: f.low, max: f.high, value: kept[id] || (f.nonzero ? "1" : "0"),
            "data-field": f.name, "data-label": f.label });
        if (f.seat && (v.seats || []).some((x) => String(x.seat) === kept[id])) input.value = kept[id];
        return C.el("label", {}, C.el("span", { text: C.t(f.label) + " " }), input);
      });
      const reason = C.el("input", { id: c.name + "-reason", maxLength: 200, placeholder: C.t("reason_required"),
        value: kept[c.name + "-reason"] || "", "data-field": "reason", "data-label": "reason" });
      const button = C.el("button", { id: c.name, type: "button", text: C.t(c.label) });
      button.addEventListener("click", () => {
        const body = { reason: reason.value };
        for (const f of c.fields) body[f.name] = Number($(c.name + "-" + f.name).value);
        post("/correct/" + c.name, body);
      });
      return C.el("div", { class: "row correction", id: "correct-" + c.name },
        c.shows ? C.el("ul", { class: "shows", id: c.name + "-shows" }) : null,
        ...inputs, reason, button,
        C.el("p", { id: c.name + "-feedback", class: "feedback", role: "status", "aria-live": "polite" }));
    }));
  }

  function renderShows(s) {
    const v = s.view || {};
    for (const c of s.corrections || []) {
      const list = $(c.name + "-shows");
      if (!list) continue;
      list.replaceChildren(...(v.seats || []).map((x) => C.el("li", { "data-seat": String(x.seat) },
        C.el("span", { class: "name", text: C.seatName(v, x.seat) }), " ",
        C.el("b", { class: c.shows, text: String(x[c.shows]) }), " " + C.t(c.shows))));
    }
  }

  /* ------------------------------------------------------------------ status */
  /* Districts the table entered by hand, until their card is read on the owner's reader:
     a Warlord laying such a card is refused until then (docs/protocol.md). */
  function byHand(v, seats) {
    const entries = Object.entries(seats || {}).filter(([, cards]) => cards.length);
    if (!entries.length) return null;
    return C.t("admin_by_hand") + C.colon() +
      C.list(entries.map(([k, cards]) => C.seatName(v, Number(k)) + " " + C.list(cards.map((id) => C.card(id)))));
  }

  let linksShown = "";
  let last = null;
  function renderStatus(s) {
    const v = s.view || {};
    const online = Object.entries(s.seats_online || {})
      .map(([k, on]) => C.seatName(v, Number(k)) + (on ? " ✓" : " ×"));
    const phase = v.seats && v.seats.length ? C.t("phase_" + (v.phase || "setup")) : C.t("no_game");
    const parts = [
      v.result ? C.t("phase_over") : s.paused ? C.pauseText(v) : C.t("running"),
      v.round ? C.t("round_n", { n: v.round }) : null,
      phase,
      C.t("readers") + C.colon() + (online.length ? C.list(online) : "–"),
      C.t("live_pages") + C.colon() + s.live_pages,
      s.store_error ? C.t("record_not_saved") : null,
      byHand(v, s.entered_by_hand),
    ];
    $("admin-status").textContent = parts.filter((x) => x).join(" · ");
    $("table-status").textContent = C.statusSentence(v);
    // only the control that applies: Pause while it runs, Resume while paused, neither once over
    $("pause").hidden = Boolean(s.paused || v.result);
    $("pause-reason").hidden = Boolean(s.paused || v.result);
    $("resume").hidden = !s.paused;
    $("result").hidden = !v.result;
    $("result").replaceChildren(...C.resultNodes(v));
    prefill(s.game_form);
    renderUndo(s);
    drawCorrections(s);
    renderShows(s);
    const key = JSON.stringify([s.seat_links, C.lang]);
    if (key !== linksShown) {
      linksShown = key;
      $("seat-links").replaceChildren(...s.seat_links.map((l) => C.el("figure", {},
        C.el("img", { src: l.qr, alt: C.t("qr_for", { seat: C.seatName(v, l.seat) }) }),
        C.el("figcaption", {}, C.seatName(v, l.seat) + " ", C.el("a", { href: l.url, text: C.t("link") })))));
    }
  }

  /* Readings overlap (a live message's, an answer's): one asked before the reading already
     drawn is dropped, or its late answer would put back a table that has moved on. */
  let asked = 0;
  let drawn = 0;
  async function status() {
    const mine = ++asked;
    const response = await fetch(api + "/status", { cache: "no-store" });
    if (!response.ok) { say("/pause", false, C.t("admin_offline")); return; }
    const told = await response.json();
    if (mine < drawn) return;
    drawn = mine;
    last = told;
    renderStatus(last);
  }

  async function start() {
    await C.init();
    nameInputs();
    variantChoices();
    $("players").addEventListener("change", nameInputs);
    $("edition").addEventListener("change", variantChoices);
    $("new-game").addEventListener("input", () => { formTouched = true; });
    $("new-game").addEventListener("change", () => { formTouched = true; });
    $("new-game").addEventListener("submit", async (e) => {
      e.preventDefault();
      const seed = $("seed").value.trim();
      const result = await post("/game", {
        players: Number($("players").value),
        names: [...$("names").querySelectorAll("input")].map((i) => i.value),
        edition: $("edition").value,
        variant: $("variant").value,
        mode: $("mode").value,
        seed: seed ? Number(seed) : null,
      });
      if (result.ok) formTouched = false;
    });
    $("pause").addEventListener("click", () => post("/pause", { reason: $("pause-reason").value }));
    $("resume").addEventListener("click", () => post("/resume", {}));
    $("void").addEventListener("click", () => {
      if (!$("void-reason").value.trim()) {  // asked before anything is sent: the reason is required
        mark("/void", "reason");
        say("/void", false, C.t("admin_need_reason"));
        return;
      }
      mark("/void", null);
      confirmed = last && last.last_move;  // what the question names; refused if another move comes first
      $("void-confirm").hidden = false;
      $("void-yes").focus();
    });
    $("void-no").addEventListener("click", () => { $("void-confirm").hidden = true; $("void").focus(); });
    $("void-yes").addEventListener("click", async () => {
      $("void-confirm").hidden = true;
      const result = await post("/void", { reason: $("void-reason").value, expected: confirmed });
      if (result.ok) $("void-reason").value = "";
    });
    C.onLang(() => { nameInputs(); cardChoices(); variantChoices(); correctionsDrawn = ""; if (last) renderStatus(last); });
    cardChoices();
    $("card-verb").addEventListener("change", () => { $("card-target-label").hidden = $("card-verb").value !== "destroy"; });
    $("card").addEventListener("click", () => post("/card", {
      seat: Number($("card-seat").value), action: cardAction(), reason: $("card-reason").value,
    }));
    try { await status(); } finally { $("main").hidden = false; }  // the controls, once they work and show the table
    C.live(() => status());
  }

  /* The chosen edition's variants (Classic: classic7, classic8; 2000: standard, short), as
     the hub lists them in its catalogue; the first is the edition's default. */
  function variantChoices() {
    const select = $("variant");
    const variants = (C.catalogue.editions || {})[$("edition").value] || [];
    const kept = select.value;
    select.replaceChildren(...variants.map((v) => {
      const option = document.createElement("option");
      option.value = v;
      option.dataset.i18n = "variant_" + v;
      option.textContent = C.t("variant_" + v);
      return option;
    }));
    if (variants.includes(kept)) select.value = kept;
  }

  /* The admin names a card by its name in the page's language; the hub hears the move the
     card would have said on that seat's reader (e.g. "2 build manor"), never shown. */
  function cardChoices() {
    const select = $("card-id");
    const kept = select.value;
    const names = C.catalogue.cards[C.lang] || C.catalogue.cards.en;
    const ids = Object.keys(C.catalogue.cards.en).sort((a, b) => C.card(a).localeCompare(C.card(b), C.lang));
    select.replaceChildren(...ids.map((id) => {
      const option = document.createElement("option");
      option.value = id;
      option.textContent = names[id] || C.card(id);
      return option;
    }));
    if (kept) select.value = kept;
  }

  function cardAction() {
    const seat = Number($("card-seat").value);
    const verb = $("card-verb").value;
    const target = verb === "destroy" ? [Number($("card-target").value)] : [];
    return [seat, verb, ...target, $("card-id").value].join(" ");
  }

  start();
})();
