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

  const onLang = (fn) => langListeners.push(fn);

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

  /* The page's title in the reader's language. (A game's stylesheet is its static/style.css,
     linked in the page's head: a sheet added from here came after the page was drawn, which
     showed it unstyled for a moment.) */
  function dress(text) {
    document.title = text;
    const heading = document.getElementById("title");
    if (heading) heading.textContent = text;
  }

  /* Bring the seat that must act into view when it changes, unless the reader scrolled in
     the last 8 s; keep it there while the page settles (the last move and the log, drawn
     when the history comes, can push it down), not later (the reader may be reading the
     log). Returns follow(seat): seat a number, or null for none. */
  function seatFollower() {
    let shown = null;
    let shownAt = 0;
    let chasedAt = 0;  // when the page last brought it into view: a layout change soon after moves it again
    let chasing = false;  // whether the page brought the seat into view (the reader did not scroll)
    let lastUserScroll = 0;
    for (const kind of ["wheel", "touchmove", "keydown"]) {
      window.addEventListener(kind, () => { lastUserScroll = Date.now(); }, { passive: true });
    }
    const bring = (now) => {
      const node = document.querySelector(`#seats .seat[data-seat="${shown}"]`);
      if (node && node.scrollIntoView) node.scrollIntoView({ block: "nearest" });
      chasedAt = now;
    };
    // the page settling (a stylesheet, the log, a picture arriving late on a slow phone) pushes
    // the seat away after it was brought into view: bring it back, unless the reader scrolled
    if (window.ResizeObserver) {
      new ResizeObserver(() => {
        const now = Date.now();
        if (chasing && lastUserScroll <= shownAt && now - chasedAt <= 3000) bring(now);
      }).observe(document.body);
    }
    return (seat) => {
      const now = Date.now();
      if (seat === shown) {
        if (!chasing || now - shownAt > 3000 || lastUserScroll > shownAt) return;
      } else {
        shown = seat;
        shownAt = now;
        chasing = seat !== null && now - lastUserScroll >= 8000;
        if (!chasing) return;
      }
      bring(now);
    };
  }

  /* The page's Speak switch (#speak, remembered in the browser under `key`) and the voice it
     turns on: returns speak(events), saying each event's `speech` in the reader's language
     with the browser's own voice while the switch is on. */
  function speaker(key) {
    let on = localStorage.getItem(key) === "1";
    const box = document.getElementById("speak");
    if (box) {
      box.checked = on;
      box.addEventListener("change", () => {
        on = box.checked;
        localStorage.setItem(key, on ? "1" : "0");
        if (!on && "speechSynthesis" in window) window.speechSynthesis.cancel();
      });
    }
    return (events) => {
      if (!on || !("speechSynthesis" in window)) return;
      for (const e of events) {
        const said = e.speech && (e.speech[lang] || e.speech.en);
        if (!said) continue;
        const u = new SpeechSynthesisUtterance(said);
        u.lang = (catalogue && catalogue.speech && catalogue.speech[lang]) || "en-GB";
        window.speechSynthesis.speak(u);
      }
    };
  }

  /* A game's scoreboard: the hub keeps the plumbing, the game's script draws. The first view
     comes from /api/public, then one with every live message; the game's history (its
     events, oldest first) from /api/history, read again 200 ms after a message, meanwhile
     the message's worded events joining it with their round. `draw(view, history)` draws the
     page (again when the language changes); `acting(view)` names the seat brought into
     view (null: none); the Speak switch is remembered under `speakKey` and says a message's
     events when it brings at most `speakMax` (more is a backlog replayed after a reconnect). */
  async function scoreboard({ draw, acting, speakKey, speakMax = 8 }) {
    await init();
    const speak = speaker(speakKey);
    const follow = seatFollower();
    let view = null;
    let history = [];
    let timer = null;
    const render = () => {
      if (!view) return;
      draw(view, history);
      follow(acting(view));
    };
    let asked = 0;
    let drawn = 0;
    let heardId = -1;  // the id of the last live message, whose events the log already shows
    async function loadHistory() {
      // readings overlap on a loaded machine: one asked before the reading already drawn is
      // dropped, or its late answer would put back a shorter log, and nothing would ask again;
      // so is one older than the live message last heard (its events are in the log already:
      // the reading that message asked for brings them)
      timer = null;
      const mine = ++asked;
      try {
        const response = await fetch("/api/history", { cache: "no-store" });
        if (!response.ok) return;
        const data = await response.json();
        if (mine < drawn || data.id < heardId) return;
        drawn = mine;
        history = data.events || [];
        render();
        document.body.dataset.historyId = String(data.id);
      } catch (err) {
        /* the live stream reconnects and asks again */
      }
    }
    const first = await (await fetch("/api/public", { cache: "no-store" })).json();
    view = first.view;
    await loadHistory();
    onLang(render);
    let heard = false;  // the first message may be a backlog: it is drawn, not said
    live((message) => {
      const events = message.events || [];
      view = message.view;
      heardId = message.id;
      history = history.concat(events.filter((e) => e.words).map((e) => ({ ...e, round: e.round ?? view.round })));
      render();
      if (!timer) timer = setTimeout(loadHistory, 200);
      if (heard && events.length <= speakMax) speak(events);
      heard = true;
    });
  }

  /* A seat's page: the hub keeps the plumbing, the game's script draws. The seat's own view
     comes from its API (the page's `data-api`), again with every live message (`heard(message)`
     first, if given) and after every answer. `draw(view, seat)` draws the page from `seat`:
     `busy` while an answer is on its way, `feedback` ([good|bad, text]) for the last one, and
     `send(action)`, which sends an action (not while busy or paused) and words the hub's
     reply with the game's `t`: page.sent ({what}: `label(view, action)`), page.refused
     ({why}: the game's refusal.<code>, else the hub's code_<code>, else page.bad) or
     page.offline. */
  async function seatPage({ draw, t: say, label, heard }) {
    const api = document.body.dataset.api;
    const seat = { view: null, busy: false, feedback: null, send };
    const render = () => { if (seat.view) draw(seat.view, seat); };
    let asked = 0;
    let drawn = 0;
    async function refresh() {
      // readings overlap (every live message and every answer asks): one asked before the
      // reading already drawn is dropped, or its late answer would put back a table that has
      // moved on, and nothing would ask again (the last reading asked is always drawn)
      const mine = ++asked;
      const response = await fetch(api, { cache: "no-store" });
      if (!response.ok) return;
      const data = await response.json();
      if (mine < drawn) return;
      drawn = mine;
      seat.view = data.view;
      document.body.dataset.viewId = String(data.id);
      render();
    }
    async function send(action) {
      if (seat.busy || (seat.view && seat.view.paused)) return;
      seat.busy = true;
      const what = label(seat.view, action);
      render();
      try {
        const response = await fetch(api + "/answer", {
          method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ action }),
        });
        const result = await response.json();
        const why = say("refusal." + result.code) || t("code_" + result.code) || say("page.bad");
        seat.feedback = result.ok ? ["good", say("page.sent", { what })] : ["bad", say("page.refused", { why })];
      } catch (err) {
        seat.feedback = ["bad", say("page.offline")];
      } finally {
        seat.busy = false;
        await refresh();
      }
    }
    await init();
    onLang(render);
    await refresh();
    live((message) => { if (heard) heard(message); refresh(); });
  }

  /* A game's admin page: the hub keeps the plumbing, the game's script builds and draws.
     The table's status (`<data-api>/status`: its view, paused, the seats online, the last
     move, can_undo, the game's corrections, the seat links) and the game's history are read
     at start and with every live message; `build(status, admin)` builds the page (again
     when the corrections or the language change), `draw(status, admin)` fills it in.
     `admin` holds the pieces every admin page has, in the game's words (`t`, `seatName`):
     post(path, body)  sends a request; its answer, worded by the game's
                       `outcome(path, result, place)`, is shown beside the control that
                       sent it (`feedback(place)`); then the status is read again;
     mark(place, field) marks the field a refusal names in the form #place-<place>;
     button(id, text, click, hidden), feedback(place): a button; an answer's box;
     pauseRow(), undoRow(): Pause or Resume with a reason; the undo of the last move, named
                       and asked first, with a reason;
     drawTable(status, over, move): the table's line (readers online), only the control
                       that applies (neither once the game is `over`), every answer, the
                       undo naming `move` (the last move in words, null: none) and the seat
                       links, filled in;
     lastMove(eventText): the last move in the log's words (the sentences of the history's
                       latest move, the next turn's start left out), null while none. */
  async function adminPage({ t: say, seatName: nameOf, outcome, build, draw }) {
    const api = page().api;
    const $ = (id) => document.getElementById(id);
    const admin = { status: null, history: [], answers: {}, confirming: false, confirmed: null,
      post, mark, button, feedback, pauseRow, undoRow, drawTable, lastMove };
    const redraw = () => { if (admin.status) draw(admin.status, admin); };
    const placeOf = (path) => (path === "/resume" ? "pause" : path.startsWith("/correct/") ? path.slice("/correct/".length) : path.slice(1));

    async function post(path, body) {
      const place = placeOf(path);
      let result = { ok: false };
      try {
        const response = await fetch(api + path, {
          method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body || {}),
        });
        result = await response.json();
        admin.answers[place] = [result.ok ? "good" : "bad", outcome(path, result, place)];
      } catch (err) {
        admin.answers[place] = ["bad", say("page.offline")];
      }
      await status();
      return result;
    }

    function mark(place, field) {
      const form = $("place-" + place);
      if (!form) return null;
      for (const node of form.querySelectorAll(".invalid")) { node.classList.remove("invalid"); node.removeAttribute("aria-invalid"); }
      const input = field && form.querySelector(`[data-field="${CSS.escape(field)}"]`);
      if (!input) return null;
      input.classList.add("invalid");
      input.setAttribute("aria-invalid", "true");
      input.focus();
      return input.dataset.label ? say(input.dataset.label) : input.placeholder;
    }

    function button(id, text, click, hidden) {
      const b = el("button", { id, type: "button", text, hidden: Boolean(hidden) });
      b.addEventListener("click", click);
      return b;
    }
    function feedback(place) {
      return el("p", { id: place + "-feedback", class: "feedback", role: "status", "aria-live": "polite" });
    }
    function reasonBox(id) {
      return el("input", { id, maxLength: 200, placeholder: say("page.reason"), "data-field": "reason", "data-label": "page.reason" });
    }

    function pauseRow() {
      return el("div", { class: "row", id: "place-pause" }, reasonBox("pause-reason"),
        button("pause", say("page.pause"), () => post("/pause", { reason: $("pause-reason").value })),
        button("resume", say("page.resume"), () => post("/resume", {}), true), feedback("pause"));
    }

    function undoRow() {
      const hide = () => { admin.confirming = false; $("void-confirm").hidden = true; };
      const yes = button("void-yes", say("page.undo_yes"), async () => {
        hide();
        const result = await post("/void", { reason: $("void-reason").value, expected: admin.confirmed });
        if (result.ok) $("void-reason").value = "";
      });
      yes.className = "danger";
      const confirm = el("div", { id: "void-confirm", class: "confirm", role: "alertdialog", hidden: true },
        el("p", { id: "void-question" }), yes, button("void-no", say("page.undo_no"), hide));
      return el("div", { class: "row", id: "place-void" }, el("p", { id: "void-what", class: "last-move" }), reasonBox("void-reason"),
        button("void", say("page.undo"), () => {
          if (!$("void-reason").value.trim()) {  // asked before anything is sent: the reason is required
            admin.answers.void = ["bad", say("page.need_reason")];
            mark("void", "reason");
            redraw();
            return;
          }
          mark("void", null);
          admin.confirming = true;
          admin.confirmed = admin.status && admin.status.last_move;  // what the question names; refused if another move comes first
          redraw();
          $("void-yes").focus();
        }), confirm, feedback("void"));
    }

    function drawTable(s, over, move) {
      const v = s.view || {};
      const online = Object.entries(s.seats_online || {}).map(([k, on]) => nameOf(v, Number(k)) + (on ? " ✓" : " ×"));
      $("admin-status").textContent = [over ? say("page.over") : s.paused ? say("page.paused") : say("page.running"),
        say("page.readers") + colon() + (list(online) || "–")].join(" · ");
      // only the control that applies: Pause while it runs, Resume while it is paused, neither once it is over
      $("pause").hidden = Boolean(s.paused || over);
      $("pause-reason").hidden = Boolean(s.paused || over);
      $("resume").hidden = !s.paused;
      for (const place of ["pause", "game", "void", ...(s.corrections || []).map((c) => c.name)]) {
        const box = $(place + "-feedback");
        if (!box) continue;
        box.className = "feedback " + (admin.answers[place] ? admin.answers[place][0] : "");
        box.textContent = admin.answers[place] ? admin.answers[place][1] : "";
      }
      $("void-what").textContent = move ? say("page.last_move", { move }) : say("page.nothing_to_undo");
      $("void").disabled = !move || s.can_undo === false;
      $("void-question").textContent = move ? say("page.undo_confirm", { move }) : "";
      $("void-confirm").hidden = !(admin.confirming && move);
      $("seat-links").replaceChildren(...(s.seat_links || []).map((l) => el("figure", {},
        el("img", { src: l.qr, alt: nameOf(v, l.seat) }),
        el("figcaption", {}, nameOf(v, l.seat) + " ", el("a", { href: l.url, text: say("page.link") })))));
    }

    function lastMove(eventText) {
      const moves = admin.history.filter((e) => e.move);
      if (!moves.length) return null;
      const latest = moves[moves.length - 1].move;
      const said = moves.filter((e) => e.move === latest && e.kind !== "turn_started").map(eventText).filter((x) => x);
      return said.length ? said.join(lang === "en" ? " " : "") : null;
    }

    let built = "";
    let historyOf = "";
    let asked = 0;
    let drawn = 0;
    let historyAt = 0;
    async function status() {
      // readings overlap (a live message, an answer): one older than the reading already drawn
      // is dropped, never a newer one (while messages keep coming, each reading still lands)
      const mine = ++asked;
      const response = await fetch(api + "/status", { cache: "no-store" });
      if (!response.ok) return;
      const s = await response.json();
      const moved = JSON.stringify([s.last_move, s.view]);
      try {  // the log's words for the last move: read again only when the table moved
        if (moved !== historyOf) {
          const told = await fetch("/api/history", { cache: "no-store" });
          if (told.ok && mine > historyAt) { admin.history = (await told.json()).events || []; historyOf = moved; historyAt = mine; }
        }
      } catch (err) { /* the last move is said from the log's text meanwhile */ }
      if (mine < drawn) return;
      drawn = mine;
      admin.status = s;
      const shape = JSON.stringify([s.corrections, lang]);
      if (shape !== built) { built = shape; build(s, admin); }
      draw(s, admin);
    }

    await init();
    onLang(() => { built = ""; if (admin.status) status(); });
    await status();
    live(() => status());
  }

  return {
    init, t, title, el, seatName, pauseText, eventText, colon, list, live, setConn, frame, logByRound, facts, page,
    dress, seatFollower, speaker, scoreboard, seatPage, adminPage,
    onLang,
    get lang() { return lang; },
    get catalogue() { return catalogue; },
  };
})();
