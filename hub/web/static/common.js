/* Shared helpers for every page: language, card names, DOM building, the live stream.
   Plain JS, no build step, nothing from outside the hub. Data is only ever set as text. */
"use strict";

const Citadels = (() => {
  let catalogue = null;
  let lang = "en";
  const langListeners = [];

  function chooseLang() {
    const asked = new URLSearchParams(location.search).get("lang") || localStorage.getItem("citadels.lang");
    if (asked && ["en", "zh-Hant", "zh-Hans"].includes(asked)) return asked;
    const nav = (navigator.language || "en").toLowerCase();
    if (nav.startsWith("zh")) return /cn|sg|hans/.test(nav) ? "zh-Hans" : "zh-Hant";
    return "en";
  }

  /* A UI phrase in the reader's language, with {placeholders} filled in. A missing key
     falls back to English, never to the key itself (no id ever reaches a person). A count
     of 1 takes the phrase's singular entry, "<key>.when_<count>_is_1", if it has one. */
  function t(key, values) {
    const ui = catalogue && (catalogue.ui[lang] || catalogue.ui.en);
    for (const [k, v] of Object.entries(values || {})) {
      const singular = key + ".when_" + k + "_is_1";
      const one = v === 1 || v === "1" || v === "+1" || v === "-1";
      if (one && catalogue && catalogue.ui.en[singular] !== undefined) { key = singular; break; }
    }
    let text = (ui && ui[key]) || (catalogue && catalogue.ui.en[key]) || "";
    for (const [k, v] of Object.entries(values || {})) text = text.split("{" + k + "}").join(String(v));
    return text;
  }

  function title(id) {
    return String(id).replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
  }

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

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === undefined || v === null || v === false) continue;
      if (k === "class") node.className = v;
      else if (k === "text") node.textContent = v;
      else if (k.startsWith("data-") || k.startsWith("aria-")) node.setAttribute(k, v);
      else node[k] = v;
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  /* A player's name; a seat the table did not name ("Seat 3") is said in the reader's language. */
  function seatName(view, seat) {
    const s = ((view && view.seats) || []).find((x) => x.seat === seat);
    const name = s ? s.name : "";
    const m = /^Seat (\d+)$/.exec(name || "");
    if (!name || (m && Number(m[1]) === seat)) return t("seat_n", { n: seat });
    return name;
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
      langListeners.push(() => { sheet.hidden = true; });
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

  /* Punctuation differs: "Readers: A, B" but "讀卡器：A、B". */
  const colon = () => (lang === "en" ? ": " : "：");
  const list = (items) => items.join(lang === "en" ? ", " : "、");

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

  /* Why the game is paused, in the reader's language (the hub gives it as data). */
  function pauseText(v) {
    const why = v.pause || {};
    if (why.reader) return t("paused_reader", { seat: seatName(v, why.reader) });
    if (why.reason) return t("paused_reason", { reason: why.reason });
    return t("paused");
  }

  function eventText(event) {
    if (event.words) return event.words[lang] || event.words.en || "";
    return event.kind || "";
  }

  function applyStatic() {
    document.documentElement.lang = lang;
    for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
    for (const node of document.querySelectorAll("[data-i18n-ph]")) node.placeholder = t(node.dataset.i18nPh);
    document.title = t("title");
    const conn = document.getElementById("conn");
    if (conn && conn.dataset.state !== "connecting") setConn(conn.dataset.state);
    const select = document.getElementById("lang");
    if (select) select.value = lang;
  }

  function setLang(next) {
    lang = next;
    localStorage.setItem("citadels.lang", next);
    applyStatic();
    for (const fn of langListeners) fn(lang);
  }

  async function init() {
    lang = chooseLang();
    const response = await fetch("/api/i18n");
    catalogue = await response.json();
    applyStatic();
    const select = document.getElementById("lang");
    if (select) select.addEventListener("change", () => setLang(select.value));
  }

  function setConn(state) {
    const conn = document.getElementById("conn");
    if (!conn) return;
    conn.dataset.state = state;
    conn.textContent = state === "live" ? t("live") : t("reconnecting");
  }

  /* Live updates, one connection per browser. A browser opens at most six connections to
     the hub and every EventSource holds one, so the hub's pages open in one browser share a
     single stream: the page holding the Web Lock "citadels-live" opens the EventSource and
     relays every message on the BroadcastChannel "citadels-live"; the others listen. A page
     that is (or becomes) visible takes the lock over (a hidden tab may be frozen by the
     browser), and the page it took it from follows again; when the stream's page closes,
     the lock passes to another page. Whoever opens the stream sends the last id it saw
     (Last-Event-ID: it gets exactly what it missed). A page that joins asks for the last
     message so it can draw at once. Without these APIs each page has its own stream.
     EventSource resumes by itself; if the hub refused us (busy, restarted) we open a new
     stream carrying the last id we saw.
     live(onMessage) calls onMessage({id, view, events}) for every change; returns stop(). */
  function live(onMessage) {
    const NAME = "citadels-live";
    const shared = "locks" in navigator && typeof BroadcastChannel === "function";
    const channel = shared ? new BroadcastChannel(NAME) : null;
    let lastId = null;
    let lastData = null;
    let source = null;
    let stopped = false;
    let leading = !shared;  // without sharing, every page leads its own stream
    let attempt = 0;
    let release = null;

    function receive(data, id) {
      if (id && id === lastId && data === lastData) return;  // a relay of what we have
      if (id) lastId = id;
      lastData = data;
      let message;
      try { message = JSON.parse(data); } catch (err) { return; }
      setConn("live");
      document.body.dataset.eventId = String(message.id);
      onMessage(message);
    }

    function state(next) {
      setConn(next);
      if (channel) channel.postMessage({ state: next });
    }

    function open() {
      if (stopped || !leading || source) return;
      const url = lastId === null ? "/events" : "/events?last_event_id=" + encodeURIComponent(lastId);
      const mine = new EventSource(url);
      source = mine;
      mine.onopen = () => state("live");
      mine.onmessage = (e) => {
        receive(e.data, e.lastEventId);
        if (channel) channel.postMessage({ data: e.data, id: e.lastEventId });
      };
      mine.onerror = () => {
        state("lost");
        if (mine.readyState === EventSource.CLOSED && source === mine) {
          source = null;
          setTimeout(open, 2000);
        }
      };
    }

    function follow() {
      leading = false;
      if (source) source.close();
      source = null;
    }

    function lead(steal) {
      const mine = ++attempt;  // a newer request makes an older one give the lock straight back
      navigator.locks.request(NAME, steal ? { steal: true } : {}, () => new Promise((resolve) => {
        if (stopped || mine !== attempt) { resolve(); return; }
        release = resolve;
        leading = true;
        open();
      })).catch(() => {
        // another page took the stream over: follow it, and queue for the lock again
        if (mine !== attempt) return;
        follow();
        if (!stopped) lead(false);
      });
    }

    if (!shared) {
      open();
      return () => { stopped = true; if (source) source.close(); };
    }
    channel.onmessage = (e) => {
      const m = e.data || {};
      if (m.hello) {
        if (source && lastData !== null) channel.postMessage({ data: lastData, id: lastId });
      } else if (m.state) {
        setConn(m.state);
      } else if (typeof m.data === "string") {
        receive(m.data, m.id);
      }
    };
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible" && !leading && !stopped) lead(true);
    });
    lead(document.visibilityState === "visible");
    channel.postMessage({ hello: true });
    return () => {
      stopped = true;
      follow();
      if (release) release();
      channel.close();
    };
  }

  return {
    init, t, card, characterWord, typeName, statusSentence, pauseText, colon, list, typeLetter, typeMarks, typeKey, verb, el, seatName, district, eventText, live, setConn,
    districtFacts, districtAbility, explain, explains,
    onLang: (fn) => langListeners.push(fn),
    get lang() { return lang; },
    get catalogue() { return catalogue; },
  };
})();
