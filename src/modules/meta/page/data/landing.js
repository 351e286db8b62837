// The landing page's behaviour (GET / in a browser): the "try it" forms call the API with
// fetch() and show the answer, the charts draw price history with uPlot, and the health
// table reads /health. Plain browser JavaScript, no build step; the page's
// Content-Security-Policy allows only scripts of this origin, so nothing here is inline.
(function () {
  'use strict';

  /** The longest answer shown in full; past it the text is cut (the link opens it whole). */
  var MAX_SHOWN = 200000;

  /** An ISO time as India reads it (the data is India's); anything else as it is. */
  function when(v) {
    if (typeof v !== 'string' || !/^\d{4}-\d\d-\d\dT/.test(v)) return v;
    var d = new Date(v);
    if (isNaN(d.getTime())) return v;
    return d.toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' }) + ' IST';
  }

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function apiHeaders() {
    var h = { accept: 'application/json' };
    var key = document.getElementById('api-key');
    if (key && key.value) h['x-api-key'] = key.value;
    return h;
  }

  // ---- try-it forms ----

  /** The URL a form asks for: path parameters put in the path, empty fields left out. */
  function requestUrl(form) {
    var path = form.getAttribute('data-path');
    var query = new URLSearchParams();
    Array.prototype.forEach.call(form.elements, function (f) {
      if (!f.name || f.value === '') return;
      if (f.getAttribute('data-in') === 'path') path = path.replace(':' + f.name, encodeURIComponent(f.value));
      else query.append(f.name, f.value);
    });
    var q = query.toString();
    return path + (q ? '?' + q : '');
  }

  function showAnswer(form, res, body, url, ms) {
    var status = form.querySelector('.status');
    var pre = form.querySelector('.answer');
    var old = form.querySelector('.image');
    if (old) {
      // The previous image's bytes are held until their URL is let go.
      URL.revokeObjectURL(old.firstChild.src);
      old.remove();
    }
    status.textContent = '';
    status.className = 'status ' + (res.ok ? 'ok' : 'error');
    status.append('HTTP ' + res.status + (res.statusText ? ' ' + res.statusText : '') + ' · ' + ms + ' ms · ');
    status.append(el('a', { href: url }, url));
    pre.hidden = false;
    if (body.image) {
      pre.textContent = body.type + ', ' + body.image.size + ' bytes';
      var box = el('div', { class: 'image' });
      box.append(el('img', { src: URL.createObjectURL(body.image), alt: 'The image ' + url + ' answered' }));
      pre.after(box);
    } else {
      pre.textContent = body.text.length > MAX_SHOWN ? body.text.slice(0, MAX_SHOWN) + '\n… (cut; open the link for all of it)' : body.text;
    }
  }

  /** Reads an answer as pretty JSON, text, or (for images) a blob. */
  function readBody(res) {
    var type = res.headers.get('content-type') || '';
    if (/json/.test(type)) {
      return res.text().then(function (t) {
        try { return { text: JSON.stringify(JSON.parse(t), null, 2) }; } catch (e) { return { text: t }; }
      });
    }
    if (/^image\//.test(type)) return res.blob().then(function (b) { return { image: b, type: type }; });
    return res.text().then(function (t) { return { text: t }; });
  }

  function onSubmit(ev) {
    var form = ev.target;
    if (!form.classList.contains('try')) return;
    ev.preventDefault();
    if (!form.reportValidity()) return;
    var url = requestUrl(form);
    var button = form.querySelector('button');
    var status = form.querySelector('.status');
    var t0 = performance.now();
    button.disabled = true;
    status.className = 'status';
    status.textContent = 'Asking ' + url + ' …';
    fetch(url, { headers: apiHeaders() })
      .then(function (res) {
        return readBody(res).then(function (body) { showAnswer(form, res, body, url, Math.round(performance.now() - t0)); });
      })
      .catch(function (err) {
        status.className = 'status error';
        status.textContent = 'No answer: ' + err.message;
      })
      .finally(function () { button.disabled = false; });
  }

  // ---- charts ----

  var COLOURS = ['#0a4fb8', '#b3261e', '#14632d'];
  var DAY_S = 86400;

  function dayToSec(day) { return Date.parse(day + 'T00:00:00Z') / 1000; }

  /** Several series of {date, price} (newest first) as uPlot's aligned columns, oldest first. */
  function align(seriesRows) {
    var days = {};
    seriesRows.forEach(function (rows) { rows.forEach(function (r) { days[r.date] = true; }); });
    var xs = Object.keys(days).sort();
    var cols = seriesRows.map(function (rows) {
      var by = {};
      rows.forEach(function (r) { by[r.date] = Number(r.price); });
      return xs.map(function (d) { return d in by ? by[d] : null; });
    });
    return [xs.map(dayToSec)].concat(cols);
  }

  function chartNote(fig, text) {
    var plot = fig.querySelector('.plot');
    plot.textContent = '';
    plot.classList.add('empty');
    plot.append(el('p', { class: 'note' }, text));
  }

  function getJson(url) {
    return fetch(url, { headers: apiHeaders() }).then(function (res) {
      return res.json().then(function (body) { return { status: res.status, body: body }; }, function () { return { status: res.status, body: {} }; });
    });
  }

  /** One sentence a screen reader (or anyone) can take in place of the lines. */
  function summarise(series, data, unit) {
    return series.map(function (s, i) {
      var col = data[i + 1];
      var first = -1, last = -1;
      col.forEach(function (v, j) { if (v !== null) { if (first < 0) first = j; last = j; } });
      if (first < 0) return s.label + ': no prices';
      var d = function (j) { return new Date(data[0][j] * 1000).toISOString().slice(0, 10); };
      return s.label + ': ' + col[last].toFixed(2) + ' ' + unit + ' on ' + d(last) + (last > first ? ' (' + col[first].toFixed(2) + ' on ' + d(first) + ')' : '');
    }).join('; ') + '.';
  }

  function draw(fig, series, data) {
    var plot = fig.querySelector('.plot');
    var unit = fig.getAttribute('data-unit');
    plot.textContent = '';
    var width = function () { return Math.max(240, plot.clientWidth - 8); };
    var opts = {
      width: width(),
      height: 260,
      tzDate: function (ts) { return uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'); },
      scales: { x: { time: true } },
      axes: [
        { space: 60, values: function (u, splits) { return splits.map(function (ts) { return new Date(ts * 1000).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' }); }); } },
        { size: 64, label: unit, labelSize: 20 },
      ],
      series: [{ label: 'Date', value: '{YYYY}-{MM}-{DD}' }].concat(series.map(function (s, i) {
        return { label: s.label, stroke: COLOURS[i % COLOURS.length], width: 2, spanGaps: true, points: { show: data[0].length < 40 }, value: function (u, v) { return v === null ? '–' : v.toFixed(2); } };
      })),
    };
    var chart = new uPlot(opts, data, plot);
    plot.setAttribute('data-drawn', String(data[0].length));
    fig.querySelector('.summary').textContent = summarise(series, data, unit);
    var pending = 0;
    window.addEventListener('resize', function () {
      clearTimeout(pending);
      pending = setTimeout(function () { chart.setSize({ width: width(), height: 260 }); }, 150);
    });
  }

  /** Draws the series, or says why not (no crawl yet, an error) in the chart's place. */
  function drawSeries(fig, series) {
    return Promise.all(series.map(function (s) { return getJson(s.url); })).then(function (answers) {
      var failed = answers.filter(function (a) { return a.status !== 200; });
      if (failed.length === answers.length) {
        // 503 when no crawl has succeeded: the API's own message says so.
        var msg = failed[0].body.message || 'HTTP ' + failed[0].status;
        return chartNote(fig, (failed[0].status === 503 ? 'No prices yet: ' : 'Not available: ') + msg);
      }
      var rows = answers.map(function (a) { return a.status === 200 && Array.isArray(a.body.data) ? a.body.data : []; });
      var data = align(rows);
      if (!data[0].length) return chartNote(fig, 'No prices stored in the last 30 days.');
      if (data[0].length === 1) {
        // One day gives uPlot no range to draw over: add an empty next day.
        data[0].push(data[0][0] + DAY_S);
        for (var i = 1; i < data.length; i++) data[i].push(null);
      }
      draw(fig, series, data);
    });
  }

  function loadChart(fig) {
    var series = JSON.parse(fig.getAttribute('data-series'));
    if (typeof uPlot === 'undefined') return Promise.resolve(chartNote(fig, 'The chart library did not load.'));
    return getJson(fig.getAttribute('data-status')).then(function (st) {
      if (st.status === 200 && st.body.last_success === null) {
        var next = st.body.next_run ? ' The next crawl is scheduled for ' + when(st.body.next_run) + '.' : '';
        var err = st.body.last_error ? ' The last attempt failed: ' + st.body.last_error : '';
        return chartNote(fig, 'No prices yet: no crawl has succeeded on this instance.' + next + err);
      }
      return drawSeries(fig, series);
    }).catch(function (err) { chartNote(fig, 'Could not load the prices: ' + err.message); });
  }

  // ---- health ----

  function cell(row, value, cls) {
    var td = el('td', cls ? { class: cls } : {});
    td.textContent = value === null || value === undefined ? '–' : typeof value === 'object' ? JSON.stringify(value) : String(when(value));
    row.append(td);
  }

  /** A table of rows (objects); columns are the keys given, or every key the rows have. */
  function table(caption, rows, columns) {
    var cols = columns || rows.reduce(function (acc, r) {
      Object.keys(r).forEach(function (k) { if (acc.indexOf(k) < 0) acc.push(k); });
      return acc;
    }, []);
    var t = el('table');
    t.append(el('caption', {}, caption));
    var head = el('tr');
    cols.forEach(function (c) { head.append(el('th', { scope: 'col' }, c.replace(/_/g, ' '))); });
    var thead = el('thead');
    thead.append(head);
    t.append(thead);
    var body = el('tbody');
    rows.forEach(function (r) {
      var tr = el('tr');
      cols.forEach(function (c) { cell(tr, r[c], c === 'status' ? String(r[c]) : ''); });
      body.append(tr);
    });
    t.append(body);
    // Scrolls sideways on a narrow screen: focusable and named, so a keyboard can scroll it too.
    var wrap = el('div', { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': caption });
    wrap.append(t);
    return wrap;
  }

  function renderHealth(box, h) {
    box.textContent = '';
    var deps = h.dependencies || {};
    var line = el('p');
    line.append('Status: ');
    line.append(el('strong', { class: String(h.status) }, String(h.status)));
    line.append(' · version ' + h.version + ' · up ' + h.uptime_s + ' s · checked ' + when(h.checked_at));
    box.append(line);
    var status = document.getElementById('health-status');
    if (status) {
      status.textContent = '';
      status.append(el('strong', { class: String(h.status) }, String(h.status)));
    }
    var depRows = Object.keys(deps).map(function (name) {
      var d = deps[name];
      return { name: name, status: d.status, kind: d.kind || d.lock, latency_ms: d.latency_ms, required: d.required, reason: d.reason };
    });
    box.append(table('Dependencies', depRows, ['name', 'status', 'kind', 'latency_ms', 'required', 'reason']));
    var jobs = (deps.scheduler && deps.scheduler.jobs) || [];
    if (jobs.length) box.append(table('Scheduled jobs', jobs, ['name', 'running', 'last_end', 'next_run', 'last_error']));
    else box.append(el('p', { class: 'note' }, 'No scheduled jobs on this instance.'));
    // Upstream sources, when /health lists them (not every version does).
    var providers = h.providers || deps.providers;
    if (Array.isArray(providers) && providers.length) box.append(table('Upstream sources', providers));
  }

  function loadHealth() {
    var box = document.getElementById('health-report');
    if (!box) return Promise.resolve();
    // /health answers 503 with the same body when a dependency is down: show it either way.
    return getJson('/health').then(function (a) {
      if (!a.body || !a.body.dependencies) return void (box.textContent = 'Health unavailable (HTTP ' + a.status + ').');
      renderHealth(box, a.body);
    }).catch(function (err) { box.textContent = 'Health unavailable: ' + err.message; });
  }

  // ---- start ----

  function start() {
    document.addEventListener('submit', onSubmit);
    var charts = Array.prototype.map.call(document.querySelectorAll('figure.chart'), loadChart);
    // The forms answer at once; the page says it is ready (tests measure this) when the
    // charts and health have had their answers too.
    document.documentElement.setAttribute('data-interactive', '1');
    performance.mark('jankari-interactive');
    Promise.all(charts.concat([loadHealth()])).then(function () {
      document.documentElement.setAttribute('data-ready', '1');
      performance.mark('jankari-ready');
    });
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
