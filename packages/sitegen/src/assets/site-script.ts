/**
 * assets/site.js: theme toggle, the `/` shortcut and search. Plain ES5-style JavaScript kept as a
 * string so the package stays pure (no bundler, no file reads at run time); the tests run this
 * exact text in a VM to measure search.
 *
 * Search loads search-index.js by adding a <script> tag the first time the box is used (a page
 * opened from file:// may not fetch). Ranking, best first: exact name, name prefix, exact
 * qualified name or qualified-name suffix, name substring, qualified-name substring, then every
 * word found in the qualified name, kind, repository or summary. Ties: shorter name, then
 * alphabetical, then site order. One keystroke is one linear pass over the index.
 */
export const SITE_JS = `(function () {
  'use strict';
  var root = document.documentElement.getAttribute('data-root') || '';

  function prepare(index) {
    return index.items.map(function (row, i) {
      return {
        row: row, order: i,
        name: row[0].toLowerCase(), qualified: row[1].toLowerCase(),
        text: (row[1] + ' ' + row[2] + ' ' + row[3] + ' ' + row[4]).toLowerCase()
      };
    });
  }

  function tierOf(entry, q, words) {
    if (entry.name === q) return 0;
    if (entry.name.lastIndexOf(q, 0) === 0) return 1;
    var qn = entry.qualified;
    if (qn === q || (qn.length > q.length && qn.slice(qn.length - q.length - 1) === '.' + q)) return 2;
    if (entry.name.indexOf(q) !== -1) return 3;
    if (qn.indexOf(q) !== -1) return 4;
    for (var w = 0; w < words.length; w++) if (entry.text.indexOf(words[w]) === -1) return -1;
    return 5;
  }

  function search(entries, query, limit) {
    var q = String(query).trim().toLowerCase();
    if (!q) return [];
    var words = q.split(/\\s+/);
    var tiers = [[], [], [], [], [], []];
    for (var i = 0; i < entries.length; i++) {
      var tier = tierOf(entries[i], q, words);
      if (tier >= 0) tiers[tier].push(entries[i]);
    }
    var out = [];
    for (var t = 0; t < tiers.length && out.length < limit; t++) {
      var bucket = tiers[t];
      if (bucket.length > 1 && out.length + bucket.length > limit) {
        // Only the best of a large bucket are shown: sort just enough of them.
        bucket = bucket.slice().sort(compare).slice(0, limit - out.length);
      } else {
        bucket.sort(compare);
      }
      for (var b = 0; b < bucket.length && out.length < limit; b++) out.push(bucket[b].row);
    }
    return out;
  }

  function compare(a, b) {
    return a.name.length - b.name.length || (a.name < b.name ? -1 : a.name > b.name ? 1 : a.order - b.order);
  }

  window.codedocsSearch = { prepare: prepare, search: search };
  if (typeof document.getElementById !== 'function') return;

  var entries = null;
  var waiting = [];
  function withIndex(callback) {
    if (entries) return callback(entries);
    waiting.push(callback);
    if (waiting.length > 1) return;
    var script = document.createElement('script');
    script.src = root + 'search-index.js';
    script.onload = function () {
      entries = prepare(window.CODEDOCS_SEARCH_INDEX || { items: [] });
      var queue = waiting; waiting = [];
      queue.forEach(function (fn) { fn(entries); });
    };
    script.onerror = function () { waiting = []; };
    document.head.appendChild(script);
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text != null) node.textContent = text;
    return node;
  }

  function resultItem(row) {
    var li = el('li', 'search-result');
    var a = el('a');
    a.href = root + row[5];
    a.appendChild(el('code', 'result-name', row[0]));
    a.appendChild(el('span', 'kind', row[2]));
    a.appendChild(el('span', 'result-where', row[1] + ' · ' + row[3]));
    if (row[4]) a.appendChild(el('span', 'result-summary', row[4]));
    li.appendChild(a);
    return li;
  }

  function setupToggle() {
    var button = document.getElementById('theme-toggle');
    if (!button) return;
    var media = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
    function effective() {
      var chosen = document.documentElement.getAttribute('data-theme');
      if (chosen) return chosen;
      return media && media.matches ? 'dark' : 'light';
    }
    function sync() { button.setAttribute('aria-pressed', effective() === 'dark' ? 'true' : 'false'); }
    sync();
    if (media && media.addEventListener) media.addEventListener('change', sync);
    button.addEventListener('click', function () {
      var next = effective() === 'dark' ? 'light' : 'dark';
      document.documentElement.setAttribute('data-theme', next);
      try { window.localStorage.setItem('codedocs-site-theme', next); } catch (e) { /* not remembered */ }
      sync();
    });
  }

  function setupSearch() {
    var input = document.getElementById('search-input');
    var box = document.getElementById('search-results');
    if (!input || !box) return;
    var active = -1;
    function links() { return box.querySelectorAll('a'); }
    function highlightActive() {
      var all = links();
      for (var i = 0; i < all.length; i++) all[i].classList.toggle('active', i === active);
    }
    function render() {
      var query = input.value;
      if (!query.trim()) { box.hidden = true; box.textContent = ''; return; }
      withIndex(function (list) {
        if (input.value !== query) return;
        var rows = search(list, query, 20);
        box.textContent = '';
        active = -1;
        if (rows.length === 0) {
          box.appendChild(el('p', 'search-empty', 'No object matches “' + query.trim() + '”.'));
        } else {
          var ol = el('ol');
          rows.forEach(function (row) { ol.appendChild(resultItem(row)); });
          box.appendChild(ol);
        }
        box.hidden = false;
      });
    }
    input.addEventListener('focus', function () { withIndex(function () {}); });
    input.addEventListener('input', render);
    input.addEventListener('keydown', function (event) {
      var all = links();
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        if (!all.length) return;
        event.preventDefault();
        if (event.key === 'ArrowDown') active = (active + 1) % all.length;
        else active = active <= 0 ? all.length - 1 : active - 1;
        highlightActive();
      } else if (event.key === 'Enter') {
        event.preventDefault();
        if (active >= 0 && all[active]) window.location.href = all[active].href;
        else openSearchPage();
      } else if (event.key === 'Escape') {
        box.hidden = true;
        input.blur();
      }
    });
    // Enter opens the search page by navigation, not by submitting the form: a sandboxed page
    // (the server serves sites so) may not submit forms (the form stays for pages without scripts).
    function openSearchPage() {
      var q = input.value.trim();
      if (q) window.location.href = root + 'search.html?q=' + encodeURIComponent(q);
    }
    if (input.form) {
      input.form.addEventListener('submit', function (event) {
        event.preventDefault();
        openSearchPage();
      });
    }
    document.addEventListener('click', function (event) {
      if (!box.contains(event.target) && event.target !== input) box.hidden = true;
    });
    document.addEventListener('keydown', function (event) {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      var target = event.target;
      var tag = target && target.tagName;
      if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || (target && target.isContentEditable)) return;
      event.preventDefault();
      input.focus();
      input.select();
    });

    var page = document.getElementById('search-page-results');
    if (page) {
      var query = new URLSearchParams(window.location.search).get('q') || '';
      var status = document.getElementById('search-page-status');
      if (query) {
        input.value = query;
        withIndex(function (list) {
          var rows = search(list, query, 200);
          rows.forEach(function (row) { page.appendChild(resultItem(row)); });
          if (status) status.textContent = rows.length + ' result' + (rows.length === 1 ? '' : 's') + ' for “' + query + '”' + (rows.length === 200 ? ' (the first 200)' : '') + '.';
        });
      }
    }
  }

  setupToggle();
  setupSearch();
})();
`;
