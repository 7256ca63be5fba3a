/* Citadels' page helpers: card, character and type names, districts, the status sentence,
   over the hub's own (Hub: language, words, DOM building, the live stream), which it
   passes on under the same names. Plain JS, no build step. Data is only ever set as text. */
"use strict";

const Citadels = (() => {
  let catalogue = null;
  let lang = "en";
  const { t, title, el, seatName, pauseText, eventText, colon, list, live, setConn } = Hub;
  const sync = () => { catalogue = Hub.catalogue; lang = Hub.lang; };
  Hub.onLang(sync);  // first: the pages' own listeners then read the new language
  async function init() { await Hub.init(); sync(); }

  function card(id, fallback) {
    if (id === null || id === undefined) return "–";
    const names = catalogue && catalogue.cards[lang];
    return (names && names[id]) || fallback || (catalogue && catalogue.cards.en[id]) || title(id);
  }

  /* A character's words (name, ability, prompt, refusal) in the game's edition: an edition
     lists only what it says differently from Classic. */
  function characterWord(v, id, field) {
    const of = (edition) => {
      const chars = catalogue && catalogue.characters && catalogue.characters[edition];
      const mine = chars && (chars[lang] || chars.en);
      return mine && mine[id] && mine[id][field];
    };
    return of((v && v.edition) || "classic") || of("classic") || "";
  }

  function typeName(type) {
    const types = catalogue && catalogue.types[lang];
    return (types && types[type]) || title(type || "");
  }

  function typeLetter(type) {
    const letters = catalogue && catalogue.type_letters[lang];
    return (letters && letters[type]) || "";
  }

  const typeOrder = () => (catalogue && catalogue.type_order) || [];

  /* The five district types as marks (letter + colour): collected ones filled. */
  function typeMarks(city) {
    const have = new Set((city || []).map((d) => d.type));
    const box = el("span", { class: "types" });
    for (const type of typeOrder()) {
      const got = have.has(type);
      box.append(el("span", {
        class: "type-mark t-" + type + (got ? " got" : ""), "data-type": type,
        title: typeName(type), "aria-label": typeName(type) + (got ? " ✓" : ""),
      }, typeLetter(type)));
    }
    return box;
  }

  function verb(v) {
    const verbs = catalogue && catalogue.verbs[lang];
    return (verbs && verbs[v]) || title(v);
  }

  /* A district's type and cost in the game's edition (the 2000 Observatory costs 5). */
  function districtFacts(v, id) {
    const of = (edition) => catalogue && catalogue.districts && catalogue.districts[edition] &&
      catalogue.districts[edition][id];
    return of((v && v.edition) || "classic") || of("classic") || {};
  }

  /* What a unique district does, in the game's edition and the reader's language ("" if nothing). */
  function districtAbility(v, id) {
    const of = (edition) => {
      const all = catalogue && catalogue.district_abilities && catalogue.district_abilities[edition];
      const mine = all && (all[lang] || all.en);
      return mine && mine[id];
    };
    return of((v && v.edition) || "classic") || of("classic") || "";
  }

  /* One sheet at the foot of the screen says what a card does: opened by a tap (a phone has
     no hover) or Enter, closed by a tap elsewhere, Escape or its button. It lives outside
     what the live updates redraw, so a new frame does not close it. */
  let sheet = null;
  function explain(name, text, facts) {
    if (!sheet) {
      sheet = el("div", { id: "explain", class: "explain-sheet", role: "dialog", "aria-live": "polite" });
      sheet.hidden = true;
      document.body.append(sheet);
      document.addEventListener("click", (e) => {
        if (!sheet.hidden && !e.target.closest("[data-explains], #explain")) sheet.hidden = true;
      });
      document.addEventListener("keydown", (e) => { if (e.key === "Escape") sheet.hidden = true; });
      Hub.onLang(() => { sheet.hidden = true; });
    }
    const close = el("button", { type: "button", class: "close", text: t("close") });
    close.addEventListener("click", () => { sheet.hidden = true; });
    sheet.replaceChildren(el("div", { class: "head" }, el("strong", { text: name }),
      facts ? el("span", { class: "facts", text: facts }) : null), el("p", { text }), close);
    sheet.hidden = false;
  }

  /* Make `node` open the sheet on a tap, a click or Enter. */
  function explains(node, name, text, facts) {
    node.dataset.explains = "1";
    node.tabIndex = 0;
    node.setAttribute("role", "button");
    const open = () => explain(name, text, facts);
    node.addEventListener("click", open);
    node.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); open(); } });
    return node;
  }

  /* A district as a chip: type letter and colour, name, cost. A unique district says what
     it does in its title (hover) and on a tap (the sheet), in the game's edition (`v`). */
  function district(d, v) {
    const type = d.type || "unique";
    const name = card(d.id, d.name);
    const ability = districtAbility(v, d.id);
    const facts = typeName(type) + " · " + t("cost_n", { n: d.cost ?? "?" });
    const item = el("li", {
      class: "district t-" + type + (ability ? " has-ability" : ""), "data-id": d.id, "data-type": type,
      title: ability ? facts + "\n" + ability : typeName(type),
    }, el("span", { class: "type-letter", "aria-hidden": "true", text: typeLetter(type) }), name);
    item.append(el("span", { class: "cost", text: d.cost === undefined ? "" : String(d.cost) }));
    if (ability) explains(item, name, ability, facts);
    return item;
  }

  /* The colour key: each type's letter, colour and name. */
  function typeKey() {
    return el("ul", { class: "type-key" }, typeOrder().map((type) =>
      el("li", { class: "t-" + type }, el("span", { class: "type-mark got t-" + type, text: typeLetter(type) }), typeName(type))));
  }

  /* Characters each player chooses per round: two with 2-3 players, else one. */
  const picksPerRound = (v) => ((v.seats || []).length <= 3 ? 2 : 1) * (v.seats || []).length;

  /* One sentence: what is happening now and who must act. */
  function statusSentence(v) {
    if (!v || !v.seats || !v.seats.length) return t("st_setup");
    const round = t("round_n", { n: v.round });
    const p = v.pending;
    const seat = p ? seatName(v, p.seat) : "";
    if (v.result) {
      const best = (v.result.seats || []).find((s) => s.seat === v.result.winner) || {};
      return t("st_over", { seat: seatName(v, v.result.winner), score: best.score ?? "" });
    }
    if (v.phase === "draft") {
      if (!p) return round + " · " + t("phase_draft");
      if (p.kind === "faceup") return t("st_faceup", { round, seat });
      if (p.kind === "discard") return t("st_discard", { round, seat });
      const n = (v.seats || []).reduce((sum, s) => sum + (s.chosen || 0), 0);
      return t("st_draft", { round, seat, n, total: picksPerRound(v) });
    }
    const character = v.calling ? card(v.calling.character) : "";
    let text;
    if (p && ["turn", "keep", "toss"].includes(p.kind)) text = t("st_" + p.kind, { seat, character });
    else if (p && p.kind === "graveyard") text = t("st_graveyard", { seat });
    else if (character) text = t("st_calling", { character });
    else text = t("phase_" + (v.phase || "setup"));
    const extra = [];
    if (v.killed) extra.push(t("st_killed", { character: card(v.killed) }));
    if (v.robbed) extra.push(t("st_robbed", { thief: card("thief"), character: card(v.robbed) }));
    return [text, ...extra].join(lang === "en" ? " " : "");
  }

  /* Marks drawn by the page for a killed or robbed character, never a glyph the Pi's fonts
     lack (tests/hardware/test_pi_fonts.py): a dagger, and a coin taken drawn in CSS. The words are
     the element's label (the caller's aria-label or title). */
  function marks(killed, robbed) {
    return [killed ? el("span", { class: "mark killed-mark", "aria-hidden": "true", text: "†" }) : null,
      robbed ? el("i", { class: "mark robbed-mark", "aria-hidden": "true" }) : null];
  }

  /* The characters of this game in calling order, each with what the whole table knows of
     it (the public view's `characters`): out face up, still to come, playing now or played
     (and by whom), called with nobody answering (it was out face down), killed, robbed;
     then how many still lie face down, never which. `move`: the last move's events (a kill
     or a robbery named lights its character); `mine`: the seat page's own characters. */
  function characterStrip(box, v, move, mine) {
    if (!box) return;
    const strip = v.characters || [];
    const named = new Set((move || []).filter((e) => e.kind === "killed" || e.kind === "robbed_named").map((e) => e.character));
    const own = new Set(mine || []);
    const items = strip.map((c) => {
      const seat = c.seat ? seatName(v, c.seat) : "";
      const state = {
        faceup: t("char_faceup"), to_come: t("char_to_come"), facedown: t("char_facedown"), silent: t("char_silent"),
        playing: t("char_playing", { seat }), played: t("char_played", { seat }),
      }[c.state] || "";
      const flags = [c.killed ? t("killed") : "", c.robbed ? t("robbed") : ""].filter((x) => x);
      const said = [state, ...flags].join(lang === "en" ? " · " : "、");
      return el("li", {
        class: "s-" + c.state + (c.killed ? " killed" : "") + (c.robbed ? " robbed" : "") + (own.has(c.id) ? " mine" : "") +
          (named.has(c.id) ? " just" : ""),
        "data-id": c.id, "data-state": c.state, "aria-label": card(c.id) + colon() + said + (own.has(c.id) ? colon() + t("char_yours") : ""),
        title: own.has(c.id) ? t("char_yours") : null,
      }, el("span", { class: "who" }, el("span", { class: "rank", text: String(c.rank) }), card(c.id), marks(c.killed, c.robbed)),
      el("span", { class: "state", text: said }));
    });
    const told = strip.filter((c) => c.state === "facedown").length;
    const hidden = v.facedown_count === null || v.facedown_count === undefined ? 0 : v.facedown_count - told;
    if (hidden > 0) items.push(el("li", { class: "hidden-count", text: t("char_hidden", { n: hidden }) }));
    box.replaceChildren(...items);
    box.hidden = !items.length;
  }

  /* The game over: the winner, each seat's score and how it was made, best first, and the
     deal's seed (kept secret while the game ran, told once it is over: the admin can deal
     the same game again with it). Shown by the scoreboard and the admin page. */
  function resultNodes(v) {
    const r = v.result;
    if (!r) return [];
    const out = [el("h2", { id: "winner" }, t("winner") + colon() + seatName(v, r.winner) +
      (r.tiebreak ? (Hub.lang === "en" ? " (" + t("tiebreak") + ")" : "（" + t("tiebreak") + "）") : ""))];
    const keys = ["districts", "all_types", "completion", "uniques"];
    const table = el("table");
    table.append(el("thead", {}, el("tr", {}, el("th", { text: t("player") }), el("th", { text: t("total") }),
      keys.map((k) => el("th", { class: "turned", "data-key": k }, el("span", { class: "turned", text: t(k) }))))));
    const body = el("tbody");
    const rows = [...(r.seats || [])].sort((a, b) => b.score - a.score);
    for (const s of rows) {
      const b = s.breakdown || {};
      body.append(el("tr", { class: s.seat === r.winner ? "winner" : "", "data-seat": String(s.seat) },
        el("td", { text: seatName(v, s.seat) }),
        el("td", { class: "score", text: String(s.score) }),
        keys.map((k) => el("td", { text: String(b[k] ?? 0) }))));
    }
    table.append(body);
    out.push(table);
    if (v.seed !== null && v.seed !== undefined) out.push(el("p", { id: "seed", class: "seed", text: t("seed_was", { seed: String(v.seed) }) }));
    return out;
  }

  return {
    init, t, card, characterWord, resultNodes, marks, characterStrip, frame: Hub.frame, typeName, statusSentence, pauseText, colon, list, typeLetter, typeMarks, typeKey, verb, el, seatName, district, eventText, live, setConn,
    districtFacts, districtAbility, explain, explains,
    onLang: Hub.onLang,
    get lang() { return lang; },
    get catalogue() { return catalogue; },
  };
})();
