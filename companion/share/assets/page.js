// The players' view of a shared table (companion share): reads state.json, then follows the stream.
// Everything from the journal is plain text and goes into the page with textContent, never as HTML
// (names may hold markup or bidi controls); only the rules fragment, rendered by the server from the
// rules texts, is parsed as HTML.  The Content-Security-Policy allows no inline script or style.
"use strict";

(function () {
  var root = document.documentElement;
  var LANGS = ["en", "fa", "zh_Hant", "zh_Hans"];
  var HTMLLANG = { en: "en", fa: "fa", zh_Hant: "zh-Hant", zh_Hans: "zh-Hans" };
  var params = new URLSearchParams(location.search);
  var lang = LANGS.indexOf(params.get("lang")) >= 0 ? params.get("lang")
    : (LANGS.indexOf(root.getAttribute("data-lang")) >= 0 ? root.getAttribute("data-lang") : "en");

  var ui = {};
  var source = null;          // the EventSource of the current language
  var generation = 0;         // bumped on every (re)connection: late answers of an older one are dropped
  var streamed = false;       // the stream has spoken for this generation: state.json answers are older
  var retryTimer = null;
  var hiddenSince = null;
  var panelKind = null;
  var connected = false;

  function $(id) { return document.getElementById(id); }

  function clear(node) {
    while (node.firstChild) { node.removeChild(node.firstChild); }
  }

  function textOf(value) {
    if (value === null || value === undefined) { return ""; }
    return String(value);
  }

  function label(key) {
    return typeof ui[key] === "string" ? ui[key] : "";
  }

  function url(path, extra) {
    // The page lives at /t/TOKEN/, so relative paths stay under the token.
    var u = new URL(path, location.href);
    u.search = "";
    u.searchParams.set("lang", lang);
    if (extra) { Object.keys(extra).forEach(function (k) { u.searchParams.set(k, extra[k]); }); }
    return u.toString();
  }

  // --- status line -------------------------------------------------------------------------------
  function showStatus(text, kind) {
    var box = $("s-status");
    box.textContent = text;
    box.className = kind || "";
    box.hidden = !text;
  }

  // --- player names, isolated ----------------------------------------------------------------------
  // The lines are plain text with the journal's bidi controls stripped, so a Latin name at the start of a
  // Persian sentence (or a Persian name in an English one) would take the punctuation and digits next to
  // it into its own direction.  The names are known from the public state: each whole occurrence is put
  // in a <bdi> (its text still set with textContent), as the TUI isolates them.
  var names = [];

  function collectNames(pub) {
    var found = {};
    Object.keys(pub).forEach(function (key) {
      var value = pub[key];
      if (Array.isArray(value) && (key === "in_cave" || key === "winners" || key === "players")) {
        value.forEach(function (v) { if (typeof v === "string" && v) { found[v] = true; } });
      } else if (value && typeof value === "object" && !Array.isArray(value)) {
        Object.keys(value).forEach(function (k) { if (k) { found[k] = true; } });
      }
    });
    names = Object.keys(found).sort(function (a, b) { return b.length - a.length; });
  }

  var WORD = /[\p{L}\p{M}\p{N}]/u;
  var HAN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
  function wordChar(ch) { return !!ch && WORD.test(ch) && !HAN.test(ch); }

  function setText(node, text) {
    clear(node);
    var at = 0;
    var pieces = [];
    while (at < text.length) {
      var best = -1, bestName = "";
      names.forEach(function (name) {
        var i = text.indexOf(name, at);
        while (i >= 0) {
          var before = i > 0 ? text.charAt(i - 1) : "";
          var after = text.charAt(i + name.length);
          if (!(wordChar(before) && wordChar(name.charAt(0))) &&
              !(wordChar(after) && wordChar(name.charAt(name.length - 1)))) { break; }
          i = text.indexOf(name, i + 1);
        }
        if (i >= 0 && (best < 0 || i < best || (i === best && name.length > bestName.length))) {
          best = i; bestName = name;
        }
      });
      if (best < 0) { break; }
      if (best > at) { pieces.push(text.slice(at, best)); }
      pieces.push({ name: bestName });
      at = best + bestName.length;
    }
    if (at < text.length) { pieces.push(text.slice(at)); }
    pieces.forEach(function (piece) {
      if (typeof piece === "string") {
        node.appendChild(document.createTextNode(piece));
      } else {
        var bdi = document.createElement("bdi");
        bdi.className = "name";
        bdi.textContent = piece.name;
        node.appendChild(bdi);
      }
    });
  }

  // --- rendering ---------------------------------------------------------------------------------
  function fillList(list, items) {
    clear(list);
    (items || []).forEach(function (item) {
      var li = document.createElement("li");
      if (Array.isArray(item)) {
        var sub = document.createElement("ul");
        fillList(sub, item);
        li.appendChild(sub);
      } else if (item && typeof item === "object") {
        setText(li, textOf(item.text));
        if (typeof item.kind === "string") { li.setAttribute("data-kind", item.kind); }
      } else {
        setText(li, textOf(item));
      }
      list.appendChild(li);
    });
  }

  function renderGrid(grid) {
    var box = $("s-grid");
    clear(box);
    var rows = Array.isArray(grid) ? grid : null;
    if (!rows || rows.length === 0) { box.hidden = true; return; }
    var faces = (ui.faces && typeof ui.faces === "object") ? ui.faces : {};
    rows.forEach(function (row, r) {
      (Array.isArray(row) ? row : []).forEach(function (face, c) {
        var cell = document.createElement("div");
        cell.className = "cell";
        cell.setAttribute("data-row", String(r + 1));
        cell.setAttribute("data-col", String(c + 1));
        cell.setAttribute("data-face", textOf(face));
        var span = document.createElement("span");
        span.textContent = typeof faces[face] === "string" ? faces[face] : textOf(face);
        cell.appendChild(span);
        box.appendChild(cell);
      });
    });
    box.hidden = false;
  }

  function renderControls() {
    var names = (ui.languages && typeof ui.languages === "object") ? ui.languages : {};
    var select = $("s-lang");
    Array.prototype.forEach.call(select.options, function (opt) {
      if (typeof names[opt.value] === "string") { opt.textContent = names[opt.value]; }
    });
    select.value = lang;
    if (label("language")) { select.setAttribute("aria-label", label("language")); }
    [["s-rules", "rules"], ["s-card", "card"]].forEach(function (pair) {
      var button = $(pair[0]);
      button.textContent = label(pair[1]);
      button.hidden = !label(pair[1]);
    });
    $("s-panel-close").textContent = label("close") || "×";
  }

  function render(state) {
    if (!state || typeof state !== "object") { return; }
    if (state.lang && state.lang !== lang) { return; }   // an answer for the language we left
    ui = (state.ui && typeof state.ui === "object") ? state.ui : {};
    root.setAttribute("lang", HTMLLANG[lang] || "en");
    root.setAttribute("dir", state.dir === "rtl" ? "rtl" : "ltr");
    root.setAttribute("data-lang", lang);
    var title = textOf(state.title);
    if (title) { document.title = title; $("s-title").textContent = title; }
    renderControls();

    var pub = (state.public && typeof state.public === "object") ? state.public : {};
    collectNames(pub);
    renderGrid(pub.grid);
    var lines = Array.isArray(state.lines) ? state.lines : [];
    fillList($("s-lines"), lines.length ? lines : (label("waiting") ? [label("waiting")] : []));

    $("s-state-label").textContent = label("state");
    $("s-readonly").textContent = label("readonly");
    $("s-log-label").textContent = label("log");
    var log = Array.isArray(state.log) ? state.log : [];
    fillList($("s-log"), log);
    $("s-log-box").hidden = log.length === 0 && !label("log");

    var winners = Array.isArray(state.winners) ? state.winners
      : (state.finished && Array.isArray(pub.winners) ? pub.winners : []);
    $("s-winners-label").textContent = label("winners");
    fillList($("s-winners-list"), winners);
    $("s-winners").hidden = !(state.finished && winners.length);

    root.setAttribute("data-events", textOf(state.events));
    root.setAttribute("data-finished", state.finished ? "true" : "false");
  }

  // --- live updates ------------------------------------------------------------------------------
  function closeSource() {
    if (source) { source.close(); source = null; }
    connected = false;
  }

  function connect() {
    generation += 1;
    var mine = generation;
    streamed = false;
    if (retryTimer) { clearTimeout(retryTimer); retryTimer = null; }
    closeSource();

    fetch(url("state.json"), { cache: "no-store", credentials: "same-origin" })
      .then(function (r) { if (!r.ok) { throw new Error(String(r.status)); } return r.json(); })
      .then(function (state) { if (mine === generation && !streamed) { render(state); } })
      .catch(function () { if (mine === generation && !connected) { showStatus(label("reconnecting") || "…", ""); } });

    if (typeof EventSource !== "function") { return; }
    var es = new EventSource(url("stream"));
    source = es;
    es.addEventListener("state", function (ev) {
      if (mine !== generation) { return; }
      var state;
      try { state = JSON.parse(ev.data); } catch (e) { return; }
      streamed = true;
      connected = true;
      showStatus("", "");
      render(state);
    });
    es.addEventListener("open", function () {
      if (mine !== generation) { return; }
      connected = true;
      showStatus("", "");
    });
    es.addEventListener("error", function () {
      if (mine !== generation) { return; }
      connected = false;
      showStatus(label("reconnecting") || "…", "");
      // EventSource retries by itself while CONNECTING; once CLOSED (server refused, e.g. 503) we do.
      if (es.readyState === EventSource.CLOSED && !retryTimer) {
        // A little random, so that the phones of a table refused together do not all come back at once.
        retryTimer = setTimeout(function () { retryTimer = null; if (mine === generation) { connect(); } },
          2000 + Math.floor(Math.random() * 3000));
      }
    });
  }

  // A phone that slept may hold a dead connection the browser still calls open: start afresh.
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden") { hiddenSince = Date.now(); return; }
    var slept = hiddenSince !== null && Date.now() - hiddenSince > 5000;
    hiddenSince = null;
    if (slept || !source || source.readyState !== EventSource.OPEN) { connect(); }
  });
  window.addEventListener("online", function () { connect(); });

  // --- language ----------------------------------------------------------------------------------
  $("s-lang").addEventListener("change", function (ev) {
    var chosen = ev.target.value;
    if (LANGS.indexOf(chosen) < 0 || chosen === lang) { return; }
    lang = chosen;
    var u = new URL(location.href);
    u.searchParams.set("lang", lang);
    history.replaceState(null, "", u.toString());
    root.setAttribute("lang", HTMLLANG[lang]);
    root.setAttribute("dir", lang === "fa" ? "rtl" : "ltr");
    connect();
    if (panelKind) { openPanel(panelKind); }
  });

  // --- rules and reference card ------------------------------------------------------------------
  function openPanel(kind) {
    panelKind = kind;
    var body = $("s-panel-body");
    var asked = lang;
    $("s-panel").hidden = false;
    document.body.classList.add("panel-open");
    body.setAttribute("lang", HTMLLANG[lang]);
    body.setAttribute("dir", lang === "fa" ? "rtl" : "ltr");
    body.setAttribute("data-kind", kind);
    fetch(url("rules", { kind: kind }), { credentials: "same-origin" })
      .then(function (r) { if (!r.ok) { throw new Error(String(r.status)); } return r.text(); })
      .then(function (html) {
        if (panelKind !== kind || asked !== lang) { return; }
        // The fragment is the server's rendering of the rules texts, not journal data.  Parsed in an
        // inert document (no script runs there; the CSP forbids inline ones anyway), then moved in.
        var doc = new DOMParser().parseFromString(html, "text/html");
        Array.prototype.forEach.call(doc.querySelectorAll("script, style, link, iframe, object, embed"),
          function (n) { n.parentNode.removeChild(n); });
        clear(body);
        Array.prototype.slice.call(doc.body.childNodes).forEach(function (n) {
          body.appendChild(document.importNode(n, true));
        });
        body.scrollTop = 0;
      })
      .catch(function () {
        if (panelKind !== kind) { return; }
        clear(body);
        var p = document.createElement("p");
        p.textContent = label("reconnecting") || "…";
        body.appendChild(p);
      });
    $("s-panel-close").focus();
  }

  function closePanel() {
    panelKind = null;
    $("s-panel").hidden = true;
    document.body.classList.remove("panel-open");
  }

  $("s-rules").addEventListener("click", function () { openPanel("rules"); });
  $("s-card").addEventListener("click", function () { openPanel("card"); });
  $("s-panel-close").addEventListener("click", closePanel);
  document.addEventListener("keydown", function (ev) {
    if (ev.key === "Escape" && panelKind) { closePanel(); }
  });

  $("s-lang").value = lang;
  connect();
})();
