// touchstone report page. Renders the embedded report JSON; runs from file:// with no
// network. Every string from the report reaches the page through textContent or
// attribute setters, never as markup.
(function () {
  "use strict";
  var t0 = performance.now();
  var R = JSON.parse(document.getElementById("report-data").textContent);
  var cases = R.cases, run = R.run, agg = R.aggregates;
  // Plain passes are summarized (schema version 2): one group per op-version and dtypes,
  // counted, not listed. Every other case is in `cases`.
  var groups = R.pass_groups || [];
  var OPTS = JSON.parse(document.getElementById("page-options").textContent || "{}");
  var CLASS = { pass: "passed", divergent: "passed", "unexpected-pass": "passed", "expected-fail": "known",
    skip: "not-run", unsupported: "not-run", "bad-case": "not-run" };
  var VERDICTS = ["pass", "fail", "wrong-shape", "wrong-dtype", "error", "unsupported", "crash", "timeout",
    "accepted-invalid", "divergent", "skip", "expected-fail", "unexpected-pass", "bad-case"];
  var CLASS_ORDER = { failed: 0, known: 1, passed: 2, "not-run": 3 };
  function vclass(v) { return CLASS[v] || "failed"; }
  function $(id) { return document.getElementById(id); }
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    if (attrs) for (var k in attrs) if (attrs[k] !== undefined && attrs[k] !== null) e.setAttribute(k, attrs[k]);
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function add(parent, child) { parent.appendChild(child); return child; }
  function pct(x) { return x === null || x === undefined ? "–" : (Math.floor(x * 1000) / 10).toFixed(1) + "%"; }
  function opLabel(c) { return (c.domain && c.domain !== "ai.onnx" ? c.domain + "." : "") + c.op; }
  function fmtMetric(x) {
    if (x === undefined) return "";
    if (x === null) return "inf";
    if (x === 0) return "0";
    var a = Math.abs(x);
    return a >= 1e6 || a < 1e-3 ? x.toExponential(2) : String(Math.round(x * 1000) / 1000);
  }
  function shellQuote(s) { return /^[A-Za-z0-9_.\/:=,+-]+$/.test(s) ? s : "'" + s.replace(/'/g, "'\\''") + "'"; }
  // The case's own command if the runner wrote one; else one built from the run's options.
  function reproduce(c) {
    if (c.reproduce) return c.reproduce;
    var o = run.options || {};
    var backend = typeof o.backend === "string" && o.backend ? o.backend : run.backend.name || "BACKEND";
    var cmd = ["touchstone", "run", "--suite", shellQuote(run.suite.path || "SUITE"), "--backend", shellQuote(backend)];
    if (run.oracle && run.oracle !== "reference") cmd.push("--oracle", shellQuote(run.oracle));
    if (o.flush_subnormals) cmd.push("--flush-subnormals");
    if (o.ignore_zero_sign) cmd.push("--ignore-zero-sign");
    cmd.push("--case", shellQuote(c.id), "--report-dir", "/tmp/touchstone-repro");
    return cmd.join(" ");
  }
  // Hue from red (0%) to green (100%) for a pass rate.
  // Steep on purpose: one failure in ten already leaves full green.
  // The behavioural changelog's section for an op-version (what changed since the
  // previous version), when the page was given a changelog and the op has one.
  var ANCHORS = null;  // the changelog's anchors, when known: only those are linked
  if (OPTS.changelog_anchors) { ANCHORS = {}; OPTS.changelog_anchors.forEach(function (x) { ANCHORS[x] = true; }); }
  function changelogHref(a) {
    if (!OPTS.changelog || !a.previous_version) return null;
    var anchor = opLabel(a) + "-" + a.previous_version + "-" + a.since_version;
    if (ANCHORS && !ANCHORS[anchor]) return null;
    return OPTS.changelog + "#" + anchor;
  }
  function rateColour(rate) { return "hsl(" + Math.round(Math.pow(rate, 4) * 120) + ",62%," + (rate === 1 ? 36 : 44) + "%)"; }

  // ---- header ----
  $("title").textContent = "touchstone report — " + (run.backend.name || "?") +
    (run.backend.version ? " " + run.backend.version : "");
  document.title = "touchstone: " + (run.backend.name || "?") + " on " + (run.suite.path || "?");
  var info = [["suite", run.suite.path], ["digest", (run.suite.digest || "").slice(0, 19)],
    ["suite cases", run.suite.case_count], ["oracle", run.oracle],
    ["shard", run.shard ? run.shard.index + "/" + run.shard.count : ""],
    ["merged from", run.merged_from ? run.merged_from.length + " reports" : ""],
    ["started", run.started], ["finished", run.finished], ["host", run.host], ["isolation", run.isolation],
    ["touchstone", (run.touchstone_version || "") + (run.touchstone_commit ? " (" + run.touchstone_commit.slice(0, 10) + ")" : "")]];
  info.forEach(function (kv) {
    if (kv[1] === "" || kv[1] === undefined || kv[1] === null) return;
    var d = add($("run-info"), el("div"));
    add(d, el("dt", null, kv[0])); add(d, el("dd", null, kv[1]));
  });

  // ---- summary ----
  var T = agg.totals;
  $("pass-rate").textContent = pct(T.pass_rate);
  $("pass-rate").setAttribute("data-value", T.pass_rate === null ? "" : String(T.pass_rate));
  $("pass-rate-note").textContent = T.passed + " passed of " + (T.passed + T.known + T.failed) +
    " cases that count (passed: pass, divergent, unexpected-pass; not counted: skip, unsupported, bad-case)";
  $("case-total").textContent = String(T.total);
  $("case-total").setAttribute("data-value", String(T.total));
  $("case-note").textContent = T.failed + " failed, " + T.known + " known failures, " + T.not_run + " not run";
  var cov = agg.coverage;
  $("coverage").textContent = cov.covered_op_versions + " / " + cov.catalog_op_versions;
  $("coverage").setAttribute("data-value", String(cov.covered_op_versions));
  $("coverage-note").textContent = "op-versions of the catalog with at least one case in this run; the reference implements " +
    cov.implemented_op_versions + " of the " + cov.catalog_op_versions;

  var chipBox = $("verdict-chips");
  VERDICTS.forEach(function (v) {
    var n = T.verdicts[v] || 0;
    if (!n) return;
    var chip = add(chipBox, el("span", { "class": "chip v-" + vclass(v), "data-verdict": v, "data-count": n }));
    add(chip, el("span", { "class": "dot" }));
    add(chip, document.createTextNode(v));
    add(chip, el("b", null, n));
    chip.addEventListener("click", function () { setFilter({ verdict: filters.verdict === v ? "" : v }); });
  });

  // ---- matrix: ops × opset versions ----
  var versions = {}, ops = {}, cellOf = {};
  agg.by_op_version.forEach(function (a) {
    var op = opLabel(a);
    versions[a.since_version] = true;
    ops[op] = true;
    cellOf[op + "\u0000" + a.since_version] = a;
  });
  var versionList = Object.keys(versions).map(Number).sort(function (a, b) { return a - b; });
  var opList = Object.keys(ops).sort();
  var matrix = $("matrix");
  var head = add(add(matrix, el("thead")), el("tr"));
  add(head, el("th", null, "op \\ opset"));
  versionList.forEach(function (v) { add(head, el("th", null, v)); });
  var mbody = add(matrix, el("tbody"));
  opList.forEach(function (op) {
    var tr = add(mbody, el("tr"));
    add(tr, el("th", null, op));
    versionList.forEach(function (v) {
      var a = cellOf[op + "\u0000" + v];
      if (!a) { add(tr, el("td", { "class": "empty" })); return; }
      var t = a.tally, counted = t.passed + t.known + t.failed;
      var td = add(tr, el("td", { "class": "cell", "data-op": op, "data-version": v, "data-passed": t.passed,
        "data-counted": counted, title: op + "-" + v + ": " + t.passed + " of " + counted + " pass (" + t.total + " cases)" },
        counted ? t.passed + "/" + counted : "–"));
      if (counted) td.style.background = rateColour(t.pass_rate); else td.className += " notrun";
      var href = changelogHref(a);
      if (href) {
        var link = add(td, el("a", { "class": "changes", href: href, title: "what changed from " + op + "-" +
          a.previous_version + " to " + op + "-" + v }, "\u0394"));
        link.addEventListener("click", function (e) { e.stopPropagation(); });
      }
      td.addEventListener("click", function () { showCell(op, v, a, td); });
    });
  });
  function showCell(op, v, a, td) {
    var prev = matrix.querySelector("td.sel"); if (prev) prev.classList.remove("sel");
    td.classList.add("sel");
    var box = $("cell-detail"); box.hidden = false; box.textContent = "";
    add(box, el("b", null, op + "-" + v + " by dtypes"));
    var href = changelogHref(a);
    if (href) {
      add(box, document.createTextNode(" · "));
      add(box, el("a", { href: href }, "what changed from " + op + "-" + a.previous_version + " (changelog)"));
    }
    var tbl = add(box, el("table")), hr = add(tbl, el("tr"));
    var shown = VERDICTS.filter(function (x) { return a.tally.verdicts[x]; });
    ["dtypes", "pass rate"].concat(shown).forEach(function (h) { add(hr, el("th", null, h)); });
    Object.keys(a.by_dtypes).sort().forEach(function (k) {
      var t = a.by_dtypes[k], r = add(tbl, el("tr"));
      add(r, el("td", null, k)); add(r, el("td", null, pct(t.pass_rate)));
      shown.forEach(function (x) { add(r, el("td", null, t.verdicts[x] || "")); });
    });
    setFilter({ op: op, version: String(v), dtype: "" });
  }

  // ---- ulp distribution per op ----
  var BUCKETS = [["0", 0], ["1", 1], ["2–4", 4], ["5–16", 16], ["17–256", 256], ["257–64K", 65536], [">64K", Infinity]];
  var hist = {}, anyUlp = false;
  cases.forEach(function (c) {
    if (!c.metrics || !("max_ulp" in c.metrics)) return;
    var u = c.metrics.max_ulp, op = opLabel(c), b = BUCKETS.length; // null: infinite
    if (u !== null) for (b = 0; b < BUCKETS.length && u > BUCKETS[b][1]; ++b) {}
    var h = hist[op] || (hist[op] = [0, 0, 0, 0, 0, 0, 0, 0]);
    h[b]++; anyUlp = true;
  });
  groups.forEach(function (g) {  // the same buckets, counted by the writer
    var counts = g.ulp_histogram || [], op = opLabel(g);
    counts.forEach(function (n, b) {
      if (!n) return;
      var h = hist[op] || (hist[op] = [0, 0, 0, 0, 0, 0, 0, 0]);
      h[b] += n; anyUlp = true;
    });
  });
  (function drawChart() {
    var box = $("ulp-chart");
    if (!anyUlp) { box.textContent = "No case of this run measured ulp errors."; return; }
    var names = Object.keys(hist).sort(), labels = BUCKETS.map(function (b) { return b[0]; }).concat(["inf/NaN"]);
    var colW = 92, left = 150, rowH = 20, top = 22, max = 1;
    names.forEach(function (n) { hist[n].forEach(function (x) { if (x > max) max = x; }); });
    var NS = "http://www.w3.org/2000/svg";
    var svg = document.createElementNS(NS, "svg");
    var W = left + colW * labels.length + 10, H = top + rowH * names.length + 4;
    svg.setAttribute("width", W); svg.setAttribute("height", H); svg.setAttribute("role", "img");
    function svgEl(tag, attrs, text) {
      var e = document.createElementNS(NS, tag);
      for (var k in attrs) e.setAttribute(k, attrs[k]);
      if (text !== undefined) e.textContent = String(text);
      svg.appendChild(e); return e;
    }
    labels.forEach(function (l, i) { svgEl("text", { x: left + i * colW + 4, y: 14 }, l + " ulp"); });
    names.forEach(function (n, r) {
      var y = top + r * rowH;
      svgEl("text", { x: 4, y: y + 14 }, n.length > 22 ? n.slice(0, 21) + "…" : n);
      hist[n].forEach(function (count, i) {
        if (!count) return;
        var w = Math.max(2, Math.round((colW - 30) * Math.sqrt(count / max)));
        var colour = i === 0 ? "#1a7f37" : i <= 2 ? "#4d9e3f" : i <= 4 ? "#bf8700" : "#cf222e";
        svgEl("rect", { x: left + i * colW + 2, y: y + 3, width: w, height: rowH - 6, fill: colour, rx: 2 });
        svgEl("text", { x: left + i * colW + w + 5, y: y + 14 }, count);
      });
    });
    box.appendChild(svg);
  })();

  // ---- filters and the case table ----
  var filters = { op: "", version: "", dtype: "", verdict: "", text: "" };
  var PAGE = 100, page = 0, shownList = [];
  var haystack = cases.map(function (c) {
    return (c.id + "\n" + (c.tags || []).join(" ") + "\n" + (c.message || "")).toLowerCase();
  });
  var order = cases.map(function (c, i) { return i; });
  order.sort(function (a, b) {
    return CLASS_ORDER[vclass(cases[a].verdict)] - CLASS_ORDER[vclass(cases[b].verdict)] || a - b;
  });
  function fillSelect(sel, values, allLabel) {
    add(sel, el("option", { value: "" }, allLabel));
    values.forEach(function (v) { add(sel, el("option", { value: v[0] }, v[1])); });
  }
  var dtypeSet = {};
  cases.concat(groups).forEach(function (c) { (c.dtypes || []).forEach(function (d) { dtypeSet[d] = true; }); });
  fillSelect($("f-op"), opList.map(function (o) { return [o, o]; }), "all ops");
  fillSelect($("f-version"), versionList.map(function (v) { return [String(v), String(v)]; }), "all");
  fillSelect($("f-dtype"), Object.keys(dtypeSet).sort().map(function (d) { return [d, d]; }), "all");
  fillSelect($("f-verdict"), [["failed", "any failure"], ["not-passed", "anything but passed"]].concat(
    VERDICTS.filter(function (v) { return T.verdicts[v]; }).map(function (v) { return [v, v + " (" + T.verdicts[v] + ")"]; })), "all");
  function matches(c, i) {
    if (filters.op && opLabel(c) !== filters.op) return false;
    if (filters.version && String(c.since_version) !== filters.version) return false;
    if (filters.dtype && (c.dtypes || []).indexOf(filters.dtype) < 0) return false;
    if (filters.verdict) {
      var k = vclass(c.verdict);
      if (filters.verdict === "failed") { if (k !== "failed") return false; }
      else if (filters.verdict === "not-passed") { if (k === "passed") return false; }
      else if (c.verdict !== filters.verdict) return false;
    }
    if (filters.text && haystack[i].indexOf(filters.text.toLowerCase()) < 0) return false;
    return true;
  }
  // A group of summarized passes is shown when the filters could match a plain pass of
  // it; a text filter searches ids, tags and messages, which groups do not have.
  function groupMatches(g) {
    if (filters.op && opLabel(g) !== filters.op) return false;
    if (filters.version && String(g.since_version) !== filters.version) return false;
    if (filters.dtype && (g.dtypes || []).indexOf(filters.dtype) < 0) return false;
    if (filters.verdict && filters.verdict !== "pass") return false;
    return !filters.text && g.count > 0;
  }
  var shownGroups = [], shownGroupCases = 0;
  function setFilter(change, fromHash) {
    for (var k in change) filters[k] = change[k];
    ["op", "version", "dtype", "verdict", "text"].forEach(function (k) {
      var input = $("f-" + k);
      if (input.value !== filters[k]) input.value = filters[k];
      if (input.value !== filters[k] && input.tagName === "SELECT") { add(input, el("option", { value: filters[k] }, filters[k])); input.value = filters[k]; }
    });
    chipBox.querySelectorAll(".chip").forEach(function (ch) { ch.classList.toggle("on", ch.getAttribute("data-verdict") === filters.verdict); });
    if (!fromHash) {
      var parts = [];
      for (var f in filters) if (filters[f]) parts.push(f + "=" + encodeURIComponent(filters[f]));
      history.replaceState(null, "", parts.length ? "#" + parts.join("&") : location.pathname + location.search);
    }
    shownList = order.filter(function (i) { return matches(cases[i], i); });
    shownGroups = groups.filter(groupMatches);
    shownGroupCases = shownGroups.reduce(function (n, g) { return n + g.count; }, 0);
    page = 0;
    renderPage();
    renderGroups();
  }
  function metricCells(tr, c) {
    var m = c.metrics || {};
    add(tr, el("td", { "class": "num" }, "max_ulp" in m ? fmtMetric(m.max_ulp) : ""));
    add(tr, el("td", { "class": "num" }, "max_abs" in m ? fmtMetric(m.max_abs) : ""));
    add(tr, el("td", { "class": "num" }, c.metrics ? m.bad_count : ""));
  }
  function detailRow(c) {
    var tr = el("tr", { "class": "detail" }), td = add(tr, el("td", { colspan: 9, "class": "detail" }));
    add(td, el("b", null, "case "));
    add(td, el("span", null, c.id + "  (" + opLabel(c) + "-" + c.since_version + ", " + (c.category || "defined") +
      (c.valid === false ? ", negative case" : "") + (c.tags && c.tags.length ? ", tags: " + c.tags.join(" ") : "") + ")"));
    if (c.message) add(td, el("pre", null, c.message));
    if (c.metrics) {
      var m = c.metrics;
      add(td, el("div", null, "max ulp " + ("max_ulp" in m ? fmtMetric(m.max_ulp) : "–") + " · max abs error " +
        ("max_abs" in m ? fmtMetric(m.max_abs) : "–") + " · bad elements " + m.bad_count +
        ("max_margin" in m ? " · max error/allowed " + fmtMetric(m.max_margin) : "")));
      if (m.bound_vacuous) add(td, el("div", { "class": "warn" }, "bound vacuous (n·u ≥ 1): no value was checked beyond NaN and infinities"));
      else if (m.vacuous_elements) add(td, el("div", { "class": "warn" }, "bound vacuous for " + m.vacuous_elements + " of " + m.bound_elements + " elements"));
      if (m.error_stats) add(td, el("div", null, "error/bound over " + m.error_stats.count + " elements: mean " +
        fmtMetric(m.error_stats.mean) + ", variance " + fmtMetric(m.error_stats.variance)));
      if (m.warning) add(td, el("div", { "class": "warn" }, "warning: " + m.warning));
      if (m.first_mismatches && m.first_mismatches.length) {
        var margins = m.first_mismatches.some(function (x) { return "margin" in x; });
        var tbl = add(td, el("table")), hr = add(tbl, el("tr"));
        ["index", "expected (reference)", "actual (backend)"].concat(margins ? ["error/allowed"] : []).forEach(function (h) { add(hr, el("th", null, h)); });
        m.first_mismatches.forEach(function (x) {
          var r = add(tbl, el("tr"));
          add(r, el("td", null, x.index)); add(r, el("td", null, x.expected)); add(r, el("td", null, x.actual));
          if (margins) add(r, el("td", { "class": "num" }, "margin" in x ? fmtMetric(x.margin) : ""));
        });
      }
    }
    add(td, el("div", null, "reproduce:"));
    add(td, el("code", { "class": "repro" }, reproduce(c)));
    return tr;
  }
  function renderPage() {
    var tbody = $("cases").tBodies[0];
    tbody.textContent = "";
    var from = page * PAGE, to = Math.min(shownList.length, from + PAGE);
    for (var j = from; j < to; ++j) {
      var c = cases[shownList[j]];
      var tr = add(tbody, el("tr", { "class": "row", "data-verdict": c.verdict }));
      add(tr, el("td", { "class": "id" }, c.id));
      add(tr, el("td", null, opLabel(c) + "-" + c.since_version));
      add(tr, el("td", null, (c.dtypes || []).join(", ")));
      var vt = add(tr, el("td", { "class": "v-" + vclass(c.verdict) }));
      add(vt, el("span", { "class": "dot" })); add(vt, document.createTextNode(c.verdict));
      metricCells(tr, c);
      add(tr, el("td", { "class": "num" }, c.time_ms !== undefined ? Math.round(c.time_ms * 10) / 10 : ""));
      add(tr, el("td", { "class": "msg", title: c.message || "" }, c.message || ""));
      tr.addEventListener("click", (function (c, tr) {
        return function () {
          var next = tr.nextSibling;
          if (next && next.className === "detail") tbody.removeChild(next);
          else tbody.insertBefore(detailRow(c), next);
        };
      })(c, tr));
    }
    var shown = shownList.length + shownGroupCases;
    $("shown-count").textContent = String(shown);
    $("shown-count").setAttribute("data-count", String(shown));
    $("shown-listed").textContent = groups.length ? " (" + shownList.length + " listed below, " + shownGroupCases +
      " passing cases summarized under \u201cPassing cases\u201d)" : "";
    $("all-count").textContent = String(T.total);
    var pager = $("pager"); pager.textContent = "";
    var pages = Math.max(1, Math.ceil(shownList.length / PAGE));
    if (pages > 1) {
      add(pager, document.createTextNode(" · page " + (page + 1) + " of " + pages));
      [["« first", 0], ["‹ prev", page - 1], ["next ›", page + 1], ["last »", pages - 1]].forEach(function (b) {
        var btn = add(pager, el("button", { type: "button" }, b[0]));
        btn.disabled = b[1] < 0 || b[1] >= pages || b[1] === page;
        btn.addEventListener("click", function () { page = b[1]; renderPage(); });
      });
    }
  }
  // The summarized passes matching the filters: one row per op-version and dtypes.
  var GROUP_ROWS = 300;
  function renderGroups() {
    var box = $("passes-section");
    box.hidden = !groups.length;
    if (!groups.length) return;
    var tbody = $("passes").tBodies[0];
    tbody.textContent = "";
    shownGroups.slice(0, GROUP_ROWS).forEach(function (g) {
      var tr = add(tbody, el("tr", { "class": "passrow", "data-count": g.count }));
      add(tr, el("td", null, opLabel(g) + "-" + g.since_version));
      add(tr, el("td", null, (g.dtypes || []).join(", ")));
      add(tr, el("td", { "class": "num" }, g.count));
      add(tr, el("td", { "class": "num" }, "max_ulp" in g ? fmtMetric(g.max_ulp) : ""));
      add(tr, el("td", { "class": "num" }, "max_abs" in g ? fmtMetric(g.max_abs) : ""));
      add(tr, el("td", { "class": "num" }, g.count ? Math.round(g.time_ms / g.count * 10) / 10 : ""));
    });
    var note = shownGroups.length + " groups, " + shownGroupCases + " passing cases";
    if (shownGroups.length > GROUP_ROWS) note += "; the first " + GROUP_ROWS + " groups are shown: choose an op to see the others";
    if (filters.text) note = "a text filter searches ids, tags and messages, which summarized passes do not have: none shown";
    else if (filters.verdict && filters.verdict !== "pass") note = "the verdict filter excludes passes: none shown";
    $("passes-note").textContent = note;
  }
  ["op", "version", "dtype", "verdict"].forEach(function (k) {
    $("f-" + k).addEventListener("change", function (e) { var ch = {}; ch[k] = e.target.value; setFilter(ch); });
  });
  var textTimer = null;
  $("f-text").addEventListener("input", function (e) {
    clearTimeout(textTimer);
    textTimer = setTimeout(function () { setFilter({ text: e.target.value }); }, 150);
  });
  $("f-clear").addEventListener("click", function () { setFilter({ op: "", version: "", dtype: "", verdict: "", text: "" }); });
  function filtersFromHash() {
    var f = { op: "", version: "", dtype: "", verdict: "", text: "" };
    location.hash.replace(/^#/, "").split("&").forEach(function (kv) {
      var p = kv.indexOf("=");
      if (p > 0 && kv.slice(0, p) in f) f[kv.slice(0, p)] = decodeURIComponent(kv.slice(p + 1));
    });
    return f;
  }
  // #...&open=<case id> expands that case's details (a link to one failure), on whatever
  // page of the results it falls; a case the filters hide is shown by clearing them.
  function openFromHash() {
    var m = /(?:^#|&)open=([^&]*)/.exec(location.hash);
    if (!m) return;
    var id = decodeURIComponent(m[1]), at = -1;
    for (var k = 0; k < cases.length; ++k) if (cases[k].id === id) { at = k; break; }
    var missing = $("open-note");
    missing.hidden = at >= 0;
    if (at < 0) {
      missing.textContent = "Case \u201c" + id + "\u201d is not listed in this report" + (groups.length ?
        ": passing cases are summarized per op-version and dtypes (its verdict is in the run's journal.jsonl, " +
        "or run touchstone with --full-report)" : "") + ".";
      return;
    }
    var pos = shownList.indexOf(at);
    if (pos < 0) {
      setFilter({ op: "", version: "", dtype: "", verdict: "", text: "" }, true);
      pos = shownList.indexOf(at);
    }
    page = Math.floor(pos / PAGE);
    renderPage();
    var rows = $("cases").tBodies[0].rows;
    for (var r = 0; r < rows.length; ++r)
      if (rows[r].className === "row" && rows[r].cells[0].textContent === id) {
        rows[r].click();
        if (rows[r].scrollIntoView) rows[r].scrollIntoView();
        return;
      }
  }
  window.addEventListener("hashchange", function () { setFilter(filtersFromHash(), true); openFromHash(); });
  setFilter(filtersFromHash(), true);
  openFromHash();

  $("footer").textContent = "Rendered from report schema " + R.schema + " v" + R.schema_version +
    " · " + T.total + " cases (" + cases.length + " listed" +
    (groups.length ? ", " + (T.total - cases.length) + " passes summarized in " + groups.length + " groups" : "") +
    ") · verdict classes: passed = pass, divergent, unexpected-pass; " +
    "known = expected-fail; not run = skip, unsupported, bad-case; everything else failed.";
  var ms = performance.now() - t0;
  document.body.setAttribute("data-render-ms", ms.toFixed(1));
  // Time to usable: from the navigation's start (loading and parsing the page included)
  // to the summary, matrix and first page of cases rendered.
  document.body.setAttribute("data-usable-ms", performance.now().toFixed(1));
  document.body.setAttribute("data-ready", "1");
})();
