/* The hub's page helpers, for every game's pages: the reader's language and the hub's words
   (/api/i18n), DOM building, the live stream shared by the pages open in one browser, the
   connection badge. A game's own scripts build on these (its words are in the same
   catalogue, beside the hub's). Plain JS, no build step, nothing from outside the hub. Data
   is only ever set as text. */
"use strict";

const Hub = (() => {
  const LANGS = ["en", "zh-Hant", "zh-Hans"];
  const LANG_KEY = "hub.lang";
  let catalogue = null;
  let lang = "en";
  const langListeners = [];

  function chooseLang() {
    const asked = new URLSearchParams(location.search).get("lang") || localStorage.getItem(LANG_KEY)
      || localStorage.getItem("citadels.lang");  // the choice saved before the key was the hub's
    if (asked && LANGS.includes(asked)) return asked;
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

  /* An id as words when nothing better is known: "city_hall" -> "City Hall". */
  function title(id) {
    return String(id).replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
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

  /* A view's own fields as a list of label and value, for pages that know nothing of the
     game (the plain pages): each field a game declares no words for is labelled by its
     name ("field_<key>" in its page_facts' ui words it); what the page shows otherwise
     (`skip`), nulls and nested objects are left out; a list is shown as its items. */
  const SHOWN_ELSEWHERE = ["seat", "seats", "name", "names", "options", "pending", "over", "winner", "result",
    "paused", "pause", "recent", "display", "hint", "game", "table", "pause_reason", "paused_for", "store_error"];  // the table's own, for no player
  function facts(obj, skip) {
    const rows = [];
    for (const [key, value] of Object.entries(obj || {})) {
      if (SHOWN_ELSEWHERE.includes(key) || (skip || []).includes(key) || value === null || value === undefined) continue;
      const scalar = (x) => ["string", "number", "boolean"].includes(typeof x);
      if (!(scalar(value) || (Array.isArray(value) && value.every(scalar)))) continue;
      const shown = Array.isArray(value) ? list(value.map(String)) : typeof value === "boolean" ? (value ? "✓" : "–") : String(value);
      rows.push(el("div", { "data-field": key }, el("dt", { text: t("field_" + key) || title(key) }), el("dd", { text: shown })));
    }
    return el("dl", { class: "facts" }, rows);
  }

  /* What the page's template says of it: its API's address and, on a seat's page, the seat. */
  const page = () => ({ api: document.body.dataset.api, seat: Number(document.body.dataset.seat) || null });

  /* Punctuation differs: "Readers: A, B" but "讀卡器：A、B". */
  const colon = () => (lang === "en" ? ": " : "：");
  const list = (items) => items.join(lang === "en" ? ", " : "、");

  /* Why the game is paused, in the reader's language (the hub gives it as data). */
  function pauseText(v) {
    const why = v.pause || {};
    if (why.reader) return t("paused_reader", { seat: seatName(v, why.reader) });
    if (why.reason) return t("paused_reason", { reason: why.reason });
    return t("paused");
  }

  /* An event's sentence in the reader's language (the game's words); its kind when the
     game gives it none. */
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
    localStorage.setItem(LANG_KEY, next);
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
     single stream: the page holding the Web Lock "hub-live" opens the EventSource and
     relays every message on the BroadcastChannel "hub-live"; the others listen. A page
     that is (or becomes) visible takes the lock over (a hidden tab may be frozen by the
     browser), and the page it took it from follows again; when the stream's page closes,
     the lock passes to another page. Whoever opens the stream sends the last id it saw
     (Last-Event-ID: it gets exactly what it missed). A page that joins asks for the last
     message so it can draw at once. Without these APIs each page has its own stream.
     EventSource resumes by itself; if the hub refused us (busy, restarted) we open a new
     stream carrying the last id we saw.
     live(onMessage) calls onMessage({id, view, events}) for every change; returns stop(). */
  function live(onMessage) {
    const NAME = "hub-live";
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

  /* The sticky header's status sentence and pause banner: always on screen. The page's
     scroll stops below the header (scroll-padding), so nothing brought into view hides
     under it; the header's height is measured again when it changes or the screen turns. */
  /* A game log, newest round first, each round's events newest first under its heading:
     `text(e)` words an event ("" leaves it out), `roundTitle(n)` heads a round, `empty` is
     said when nothing is told yet. */
  function logByRound(events, text, roundTitle, empty) {
    const told = events.filter((e) => text(e));
    if (!told.length) return [el("p", { class: "dim", text: empty })];
    const rounds = new Map();
    for (const e of told) {
      const r = e.round || 0;
      if (!rounds.has(r)) rounds.set(r, []);
      rounds.get(r).push(e);
    }
    return [...rounds.entries()].sort((a, b) => b[0] - a[0]).map(([r, list]) =>
      el("section", { class: "round", "data-round": String(r) }, el("h3", { text: roundTitle(r) }),
        el("ul", {}, [...list].reverse().map((e) => el("li", { "data-kind": e.kind, text: text(e) })))));
  }

  function frame(status, pause) {
    const line = document.getElementById("status");
    if (line) { line.textContent = status || ""; line.hidden = !status; }
    const banner = document.getElementById("paused");
    if (banner) { banner.textContent = pause || ""; banner.hidden = !pause; }
    measureBar();
  }

  function measureBar() {
    const bar = document.querySelector(".bar");
    if (!bar) return;
    const height = Math.ceil(bar.getBoundingClientRect().height) + "px";
    document.documentElement.style.setProperty("--bar-height", height);
    document.documentElement.style.scrollPaddingTop = height;
  }
  window.addEventListener("resize", measureBar);

  return {
    init, t, title, el, seatName, pauseText, eventText, colon, list, live, setConn, frame, logByRound, facts, page,
    onLang: (fn) => langListeners.push(fn),
    get lang() { return lang; },
    get catalogue() { return catalogue; },
  };
})();
