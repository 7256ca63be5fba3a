/* The Builders' page helpers, over the hub's shared ones (Hub.el, .live, .init):
   its words in the reader's language (/api/i18n's "builders"), cards, resources as icons
   (a shape and a colour, never colour alone, the rulebook's word beside or on tap),
   workers with their wage, sites with their progress, the status sentence, the result. */
"use strict";

const Builders = (() => {
  const C = Hub;
  const RESOURCES = ["stone", "wood", "knowledge", "tile"];
  const TARGET = 17;  // the points that start the last round (the rulebook's)

  function words() {
    const all = (C.catalogue && C.catalogue.builders) || {};
    return all[C.lang] || all.en || {};
  }

  /* A phrase in the reader's language with {placeholders} filled in (English if missing). */
  function t(key, values) {
    const en = ((C.catalogue && C.catalogue.builders) || {}).en || {};
    let text = words()[key] || en[key] || "";
    for (const [k, v] of Object.entries(values || {})) text = text.split("{" + k + "}").join(String(v));
    return text;
  }

  /* A counted phrase: "key_1" for one where the language has it ("1 point", "2 points"). */
  const counted = (key, n, values) => t(n === 1 && words()[key + "_1"] ? key + "_1" : key, { n, ...(values || {}) });

  const card = (id) => (id ? t("card." + id) || id : "–");
  const seatName = (v, seat) => {
    const s = ((v && v.seats) || []).find((x) => x.seat === seat);
    return s && s.name && s.name !== "Seat " + seat ? s.name : t("seat", { seat });
  };
  const joined = (names) => names.join(t("log.and"));

  /* One resource: its shape and colour, its amount, its word on hover and for readers. */
  function res(kind, amount, cls) {
    const word = t(kind);
    return C.el("span", { class: "res res-" + kind + (cls ? " " + cls : ""), title: word, "aria-label": word + " " + amount },
      C.el("i", { class: "shape", "aria-hidden": "true" }), C.el("span", { class: "n", text: String(amount) }));
  }

  /* A card's resources as icons (a worker's output, a building's needs); "nothing" when all are 0. */
  function icons(amounts) {
    const parts = RESOURCES.filter((r) => amounts && amounts[r]).map((r) => res(r, amounts[r]));
    return parts.length ? C.el("span", { class: "icons" }, parts) : C.el("span", { class: "dim", text: t("page.nothing") });
  }

  /* A site's progress, resource by resource: placed / needed, done ones checked. */
  function progress(s) {
    const parts = RESOURCES.filter((r) => s.needs && s.needs[r]).map((r) => {
      const need = s.needs[r];
      const have = Math.min(need, (s.have && s.have[r]) || 0);
      const node = res(r, have + "/" + need, have >= need ? "met" : "short");
      node.setAttribute("aria-label", t(r) + " " + have + "/" + need);
      return node;
    });
    return C.el("span", { class: "icons progress" }, parts);
  }

  const isMachine = (w) => w.type === "machine";

  /* A worker: its type, what it produces (icons) and its wage, labelled. A machine: no wage. */
  function worker(w) {
    return C.el("li", { class: "chip b-worker" + (isMachine(w) ? " b-machine" : ""), "data-id": w.id },
      C.el("span", { class: "who", text: isMachine(w) ? card(w.id) : t("type." + w.type) || card(w.id) }), " ",
      icons(w.output), " ",
      isMachine(w) ? null : C.el("span", { class: "wage", text: t("page.wage", { n: w.wage }) }));
  }

  /* A face-up building: name, what it pays and scores, what it needs. */
  function building(b) {
    const gain = b.kind === "machine" ? t("page.machine_gain", { points: b.points })
      : t("page.gain", { coins: b.coins, points: counted("page.n_points", b.points) });
    return C.el("li", { class: "b-building", "data-id": b.id },
      C.el("b", { text: card(b.id) }), " ", C.el("span", { class: "gain", text: gain }),
      C.el("div", { class: "b-needs" }, C.el("span", { class: "label", text: t("page.needs_all") + C.colon() }), icons(b.needs)));
  }

  /* A site under construction: its name, progress per resource, the workers on it. */
  function site(s) {
    return C.el("li", { class: "b-site", "data-id": s.id },
      C.el("b", { text: card(s.id) }), " ",
      C.el("span", { class: "gain", text: s.kind === "machine" ? t("page.machine_gain", { points: s.points })
        : t("page.gain", { coins: s.coins, points: counted("page.n_points", s.points) }) }),
      C.el("div", { class: "b-needs" }, progress(s)),
      s.workers.length ? C.el("ul", { class: "chips" }, s.workers.map(worker)) : null);
  }

  /* The actions left as pips: filled for those left, hollow for those spent of three. */
  function pips(left) {
    const total = Math.max(3, left);
    const dots = [];
    for (let i = 0; i < total; i++) dots.push(C.el("i", { class: "pip" + (i < left ? " on" : "") }));
    return C.el("span", { class: "pips", title: counted("page.actions_left", left), "aria-hidden": "true" }, dots);
  }

  /* Who started the last round, and why, from the public story ("last_round" events). */
  function lastRoundText(v, history) {
    if (!v.last_round) return "";
    if (v.last_round === "blocked") return t("page.last_round_blocked");
    const e = [...(history || [])].reverse().find((x) => x.kind === "last_round");
    const points = e && e.points ? e.points : TARGET;
    return t("page.last_round_by", { name: seatName(v, v.ended_by), points: counted("page.n_points", points) });
  }

  /* One sentence: whose turn and how many actions are left (the end when it is over). */
  function status(v) {
    if (!v || !v.seats) return "";
    if (v.result) return resultText(v);
    const parts = [t("page.round_n", { n: v.round })];
    if (v.pending) parts.push(counted("page.turn_of", v.actions_left, { name: seatName(v, v.pending.seat) }));
    return parts.join(" · ");
  }

  /* Why the table is paused, in the hub's words for the page's language (never the hub's English). */
  function pauseText(v) {
    return v.paused ? C.pauseText({ ...v, pause: v.paused_for || {} }) : null;
  }

  function resultText(v) {
    const r = v.result;
    const winners = r.winners || [];
    if (winners.length > 1) return t("page.over") + " · " + t("page.shared", { names: joined(winners.map((s) => seatName(v, s))) });
    const best = (r.seats || []).find((s) => s.seat === winners[0]) || {};
    return t("page.over") + " · " + t("page.winner", { name: seatName(v, winners[0]), score: counted("page.n_points", best.score) });
  }

  /* Why the game ended and what decided it, in words. */
  function endedText(v) {
    const r = v.result || {};
    const parts = [];
    if (v.last_round) parts.push(t("page.ended_by." + v.last_round, { target: TARGET, name: seatName(v, v.ended_by) }));
    if (r.decided_by && r.decided_by !== "score") parts.push(t("page.decided_by." + r.decided_by));
    return parts.join(" ");
  }

  function eventText(e) {
    return (e.words && (e.words[C.lang] || e.words.en)) || "";
  }

  /* The page's title and the stylesheet of The Builders (same origin: the CSP allows it). */
  const dress = () => C.dress(t("page.title"));

  /* The four resources with their shapes and words: the page's key. */
  function key() {
    return C.el("p", { class: "b-key" }, C.el("span", { class: "label", text: t("page.key") + C.colon() }),
      RESOURCES.map((r) => C.el("span", { class: "key-item" }, res(r, ""), C.el("span", { text: t(r) }))));
  }

  return { t, counted, card, seatName, res, icons, progress, worker, building, site, pips, status, pauseText,
    resultText, endedText, lastRoundText, eventText, dress, key, isMachine, joined, RESOURCES, TARGET };
})();
