"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const FORMATS = ["text", "markdown", "html"];
  const FILES = { markdown: "webclip.md", text: "webclip.txt", html: "webclip.html", json: "webclip.json", metadata: "webclip-metadata.json" };
  const MIME = { markdown: "text/markdown", text: "text/plain", html: "text/html", json: "application/json", metadata: "application/json" };
  let info = null;
  let current = null; // {markdown, text, html, json, metadata} strings for copy/download
  let busy = false;

  // ---------- small helpers ----------
  function setStatus(msg) { $("status").textContent = msg; }
  function showError(msg) { $("error").textContent = msg || ""; }
  function headers(json) {
    const h = {};
    if (json) h["Content-Type"] = "application/json";
    const tok = $("token").value.trim();
    if (tok) h["Authorization"] = "Bearer " + tok;
    return h;
  }
  class ApiError extends Error {
    constructor(status, message) { super(message); this.status = status; }
  }
  // Turns a non-2xx response into an ApiError with the server's JSON message.
  async function failure(res) {
    let msg = "";
    try {
      const j = await res.json();
      msg = j && j.error && j.error.message ? String(j.error.message) : "";
    } catch (e) { /* not JSON */ }
    if (!msg) msg = "HTTP " + res.status + (res.statusText ? " " + res.statusText : "");
    if (res.status === 503) {
      const ra = res.headers.get("Retry-After");
      if (ra) msg += " (retry after " + ra + " s)";
    }
    return new ApiError(res.status, msg);
  }
  async function call(path, init) {
    let res;
    try { res = await fetch(path, init); } catch (e) { throw new ApiError(0, "Could not reach the server: " + e.message); }
    if (!res.ok) throw await failure(res);
    return res;
  }

  // ---------- markdown renderer: builds DOM nodes; page text only ever becomes text nodes ----------
  // No HTML string is ever parsed: elements come from createElement, text from text nodes,
  // and the one attribute taken from the text (href) is set only to an http(s) URL.
  function safeHref(u) { return /^https?:\/\/[^\s]+$/i.test(u) ? u : null; }
  function el(tag, cls) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    return e;
  }
  function link(href, cls) {
    const a = el("a", cls);
    a.setAttribute("href", href);
    a.setAttribute("target", "_blank");
    a.setAttribute("rel", "noopener noreferrer");
    return a;
  }
  const PUNCT = /[!-\/:-@\[-`{-~]/;
  const EMPH = [["**", "strong"], ["__", "strong"], ["~~", "del"], ["*", "em"], ["_", "em"]];
  const RE_LINK = /!?\[([^\[\]]*)\]\(((?:[^()\s]|\([^()\s]*\))+)(?:\s+"[^"\n]*")?\)/y;
  const RE_AUTO = /<(https?:\/\/[^\s<>]+)>/y;
  const isWord = (c) => !!c && /[\p{L}\p{N}]/u.test(c);
  // Appends the inline content of `s` to `parent`. `dead` remembers, per delimiter, a position
  // after which it has no closer, so unmatched delimiters cost one scan in all (no blow-up on
  // hostile text).
  function inline(s, parent, inLink, dead) {
    dead = dead || {};
    let text = "";
    const flush = () => { if (text) { parent.appendChild(document.createTextNode(text)); text = ""; } };
    let i = 0;
    while (i < s.length) {
      const c = s[i];
      if (c === "\\" && i + 1 < s.length && PUNCT.test(s[i + 1])) { text += s[i + 1]; i += 2; continue; }
      if (c === "\\" && s[i + 1] === "\n") { flush(); parent.appendChild(el("br")); i += 2; continue; }
      if (c === "\n") { text = text.replace(/[ \t]+$/, ""); flush(); parent.appendChild(el("br")); i++; while (s[i] === " " || s[i] === "\t") i++; continue; }
      if (c === "`") {
        let n = 0;
        while (s[i + n] === "`") n++;
        const key = "`" + n;
        let j = -1;
        if (!(dead[key] <= i)) {
          for (let k = s.indexOf("`".repeat(n), i + n); k >= 0; k = s.indexOf("`".repeat(n), k + 1)) {
            let m = 0;
            while (s[k + m] === "`") m++;
            if (m === n && s[k - 1] !== "`") { j = k; break; }
            k += m - 1;
          }
          if (j < 0) dead[key] = i;
        }
        if (j >= 0) {
          flush();
          let code = s.slice(i + n, j).replace(/\n/g, " ");
          if (/^ .*[^ ].* $/.test(code)) code = code.slice(1, -1);
          const e = el("code");
          e.textContent = code;
          parent.appendChild(e);
          i = j + n;
        } else { text += "`".repeat(n); i += n; }
        continue;
      }
      if (c === "[" || (c === "!" && s[i + 1] === "[")) {
        RE_LINK.lastIndex = i;
        const m = RE_LINK.exec(s);
        if (m && (c === "!" || !inLink)) {
          flush();
          const href = safeHref(m[2]);
          if (c === "!") {
            const label = "[image" + (m[1] ? ": " + m[1] : "") + "]";
            const e = href ? link(href, "img") : el("span", "img");
            e.textContent = label;
            parent.appendChild(e);
          } else if (href) {
            const a = link(href);
            inline(m[1], a, true);
            parent.appendChild(a);
          } else inline(m[1], parent, inLink);
          i += m[0].length;
          continue;
        }
      }
      if (c === "<" && !inLink) {
        RE_AUTO.lastIndex = i;
        const m = RE_AUTO.exec(s);
        if (m) {
          flush();
          const a = link(m[1]);
          a.textContent = m[1];
          parent.appendChild(a);
          i += m[0].length;
          continue;
        }
      }
      const d = EMPH.find(([t]) => s.startsWith(t, i));
      if (d) {
        const [t, tag] = d;
        const opens = s[i + t.length] && !/\s/.test(s[i + t.length]) && !(t[0] === "_" && isWord(s[i - 1]));
        let j = -1;
        if (opens && !(dead[t] <= i)) {
          j = s.indexOf(t, i + t.length + 1);
          if (j < 0) dead[t] = i;
          // Only the next one is tried (scans stay linear): a closer after non-space, not
          // part of a longer run, and for _ not before a letter.
          else if (/\s/.test(s[j - 1]) || (t[0] === "_" && isWord(s[j + t.length])) || (t.length === 1 && s[j + 1] === t)) j = -1;
        }
        if (j >= 0) {
          flush();
          const e = el(tag);
          inline(s.slice(i + t.length, j), e, inLink);
          parent.appendChild(e);
          i = j + t.length;
        } else { text += t; i += t.length; }
        continue;
      }
      text += c;
      i++;
    }
    flush();
    return parent;
  }
  const RE_FENCE = /^\s{0,3}(`{3,}|~{3,})/;
  const RE_HEAD = /^\s{0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$/;
  const RE_HR = /^\s{0,3}([-*_])(?:\s*\1){2,}\s*$/;
  const RE_QUOTE = /^\s{0,3}>/;
  const RE_TABLE = /^\s*\|/;
  const RE_ITEM = /^(\s*)([-*+]|\d{1,9}[.)])\s+(.*)$/;
  function interrupts(l) {
    const m = l.match(RE_ITEM);
    return RE_FENCE.test(l) || RE_HEAD.test(l) || RE_HR.test(l) || RE_QUOTE.test(l) || RE_TABLE.test(l) ||
      (!!m && (/[-*+]/.test(m[2]) || parseInt(m[2], 10) === 1));
  }
  function listNodes(items) {
    const root = document.createDocumentFragment();
    const stack = []; // {ind, list, li}
    for (const it of items) {
      const tag = it.ord ? "ol" : "ul";
      while (stack.length > 1 && it.ind < stack[stack.length - 1].ind) stack.pop();
      let top = stack[stack.length - 1];
      if (!top || (it.ind > top.ind && top.li)) {
        const list = el(tag);
        if (it.ord && it.start !== 1) list.setAttribute("start", String(it.start));
        (top ? top.li : root).appendChild(list);
        top = { ind: it.ind, list: list, li: null };
        stack.push(top);
      } else if (top.list.tagName.toLowerCase() !== tag) {
        const list = el(tag);
        if (it.ord && it.start !== 1) list.setAttribute("start", String(it.start));
        top.list.after(list);
        top.list = list;
      }
      top.li = inline(it.text, el("li"));
      top.list.appendChild(top.li);
    }
    return root;
  }
  // Renders markdown as a DocumentFragment; `depth` bounds quote nesting (hostile input).
  function markdown(src, depth) {
    depth = depth || 0;
    const lines = String(src).replace(/\r\n?/g, "\n").split("\n");
    const out = document.createDocumentFragment();
    let i = 0, m;
    while (i < lines.length) {
      const l = lines[i];
      if (!l.trim()) { i++; continue; }
      if ((m = l.match(RE_FENCE))) {
        const fence = m[1], buf = [];
        i++;
        while (i < lines.length) {
          const t = lines[i].trim();
          if (t.startsWith(fence) && /^[`~]+$/.test(t)) break;
          buf.push(lines[i]);
          i++;
        }
        i++;
        const pre = el("pre"), code = el("code");
        code.textContent = buf.join("\n");
        pre.appendChild(code);
        out.appendChild(pre);
      } else if ((m = l.match(RE_HEAD))) {
        const n = m[1].length, lvl = Math.min(6, n + 2); // keep the page's own outline: article h1 becomes h3
        out.appendChild(inline(m[2], el("h" + lvl, "h" + n)));
        i++;
      } else if (RE_HR.test(l)) {
        out.appendChild(el("hr"));
        i++;
      } else if (RE_QUOTE.test(l)) {
        const buf = [];
        while (i < lines.length && RE_QUOTE.test(lines[i])) buf.push(lines[i++].replace(/^\s{0,3}> ?/, ""));
        const q = el("blockquote");
        if (depth < 20) q.appendChild(markdown(buf.join("\n"), depth + 1));
        else q.textContent = buf.join("\n");
        out.appendChild(q);
      } else if (RE_TABLE.test(l)) {
        const buf = [];
        while (i < lines.length && RE_TABLE.test(lines[i])) buf.push(lines[i++]);
        const pre = el("pre", "md-table");
        pre.textContent = buf.join("\n");
        out.appendChild(pre);
      } else if (RE_ITEM.test(l)) {
        const items = [];
        while (i < lines.length) {
          const t = lines[i];
          const im = t.match(RE_ITEM);
          if (im && !RE_HR.test(t)) {
            items.push({ ind: im[1].length, ord: /\d/.test(im[2]), start: parseInt(im[2], 10), text: im[3] });
            i++;
          } else if (!t.trim()) {
            let j = i;
            while (j < lines.length && !lines[j].trim()) j++;
            if (j < lines.length && RE_ITEM.test(lines[j]) && !RE_HR.test(lines[j])) { i = j; continue; }
            if (j < lines.length && /^\s{2,}\S/.test(lines[j])) { items[items.length - 1].text += "\n\n"; i = j; continue; }
            break;
          } else if (/^\s+\S/.test(t) || !interrupts(t)) {
            items[items.length - 1].text += "\n" + t.trim();
            i++;
          } else break;
        }
        out.appendChild(listNodes(items));
      } else {
        const buf = [l];
        i++;
        while (i < lines.length && lines[i].trim() && !interrupts(lines[i])) buf.push(lines[i++]);
        out.appendChild(inline(buf.join("\n"), el("p")));
      }
    }
    return out;
  }

  // The overlay is the server's own HTML (page text escaped by it), shown in a frame that may
  // run no script (sandbox without allow-scripts). Under the CSP's Trusted Types, this policy
  // is the one way a string becomes HTML on this page.
  const overlayPolicy = window.trustedTypes ? window.trustedTypes.createPolicy("overlay", { createHTML: (s) => s }) : null;
  function overlayHtml(s) { return overlayPolicy ? overlayPolicy.createHTML(String(s)) : String(s); }

  // ---------- tabs (WAI-ARIA tabs pattern, automatic activation) ----------
  const tabs = Array.from(document.querySelectorAll('[role="tab"]'));
  function currentTab() { return tabs.find((t) => t.getAttribute("aria-selected") === "true").id.slice(2); }
  function selectTab(tab, focus) {
    for (const t of tabs) {
      const on = t === tab;
      t.setAttribute("aria-selected", on ? "true" : "false");
      t.tabIndex = on ? 0 : -1;
      $(t.getAttribute("aria-controls")).hidden = !on;
    }
    if (focus) tab.focus();
  }
  for (const t of tabs) {
    t.addEventListener("click", () => selectTab(t, false));
    t.addEventListener("keydown", (e) => {
      const i = tabs.indexOf(t);
      let n = -1;
      if (e.key === "ArrowRight") n = (i + 1) % tabs.length;
      else if (e.key === "ArrowLeft") n = (i - 1 + tabs.length) % tabs.length;
      else if (e.key === "Home") n = 0;
      else if (e.key === "End") n = tabs.length - 1;
      if (n >= 0) { e.preventDefault(); selectTab(tabs[n], true); }
    });
  }

  // ---------- server info ----------
  async function loadInfo() {
    try {
      const res = await call("/v1/info", { headers: headers(false) });
      info = await res.json();
    } catch (e) {
      if (e.status === 401) { $("token-field").hidden = false; setStatus("Enter the API token, then press Extract."); return null; }
      showError("Could not read the server's capabilities: " + e.message);
      return null;
    }
    $("version").textContent = "Main-content extraction · server " + (info.version || "?");
    const sel = $("method");
    const methods = Array.isArray(info.methods) && info.methods.length ? info.methods : ["auto"];
    sel.textContent = "";
    for (const name of methods) {
      const o = document.createElement("option");
      o.value = o.textContent = String(name);
      sel.appendChild(o);
    }
    sel.value = methods.includes("auto") ? "auto" : String(methods[0]);
    sel.addEventListener("change", showApplicable);
    showDefaults();
    showApplicable();
    if (info.auth) $("token-field").hidden = false;
    if (info.fetch === false) {
      $("url").disabled = true;
      $("url-note").textContent = "This server does not fetch pages, so the URL field is disabled: paste the HTML or load a file.";
    }
    const layout = info.layout !== false;
    $("overlay-wrap").hidden = !layout;
    $("layout-note").hidden = layout;
    $("overlay-h").textContent = layout ? "Layout overlay" : "Layout";
    $("results").classList.toggle("nolayout", !layout);
    document.body.dataset.ready = "1";
    return info;
  }

  // ---------- options (the server's option table, from /v1/info) ----------
  function optionOf(name) {
    return info && Array.isArray(info.options) ? info.options.find(o => o.name === name) : undefined;
  }
  function reads(name, method) {
    const o = optionOf(name);
    return !o || !Array.isArray(o.methods) || o.methods.length === 0 || o.methods.includes(method);
  }
  function showDefaults() {
    for (const name of ["tables", "images", "links", "captions", "headline"]) {
      const o = optionOf(name);
      if (o && typeof o.default === "boolean") $("opt-" + name).checked = o.default;
    }
    const favor = optionOf("favor");
    if (favor && typeof favor.default === "string") $("favor").value = favor.default;
  }
  function showApplicable() {
    const method = $("method").value;
    $("favor").disabled = !reads("favor", method);
    $("opt-headline").disabled = !reads("headline", method);
  }

  // ---------- extraction ----------
  function requestBody(format) {
    const html = $("html").value;
    const url = $("url").disabled ? "" : $("url").value.trim();
    const method = $("method").value;
    const chosen = { favor: $("favor").value,
      comments: $("opt-comments").checked, tables: $("opt-tables").checked, images: $("opt-images").checked,
      links: $("opt-links").checked, captions: $("opt-captions").checked, headline: $("opt-headline").checked };
    // Only the options the chosen method reads (another method's option is an error).
    const options = {};
    for (const [name, value] of Object.entries(chosen)) if (reads(name, method)) options[name] = value;
    const body = { format: format, method: method, options: options };
    // An empty textarea with no URL is still sent, so that the server's own message is shown.
    if (html.trim() || !url) body.html = html;
    if (url) body.url = url;
    return body;
  }
  async function extractOne(format) {
    const res = await call("/v1/extract", { method: "POST", headers: headers(true), body: JSON.stringify(requestBody(format)) });
    return res.json();
  }
  async function overlay() {
    const res = await call("/v1/overlay", { method: "POST", headers: headers(true), body: JSON.stringify(requestBody("html")) });
    return res.text();
  }
  function setBusy(on) {
    busy = on;
    $("extract").disabled = on;
    $("results").setAttribute("aria-busy", on ? "true" : "false");
    $("form").setAttribute("aria-busy", on ? "true" : "false");
    if (on) document.body.dataset.state = "busy";
  }
  function clearResults() {
    current = null;
    $("markdown").textContent = "";
    for (const id of ["text", "html-src", "json", "meta", "blocks"]) $(id).textContent = "";
    $("blocks-empty").textContent = "No extraction yet.";
    $("blocks-empty").hidden = false;
    $("overlay-note").textContent = "";
    $("copy").disabled = $("download").disabled = true;
  }
  async function extract() {
    if (busy) return;
    showError("");
    if (!info) await loadInfo();
    if (!info) {
      if (!$("token-field").hidden) $("token").focus();
      document.body.dataset.state = "error";
      return;
    }
    const limit = info.body_limit;
    const size = new Blob([$("html").value]).size;
    if (limit && size > limit) {
      const fmt = (n) => (n >= 1048576 ? (n / 1048576).toFixed(1) + " MiB" : n >= 10240 ? Math.round(n / 1024) + " KiB" : n + " bytes");
      showError("The HTML is " + fmt(size) + "; this server accepts at most " + fmt(limit) + ".");
      document.body.dataset.state = "error";
      return;
    }
    clearResults();
    setBusy(true);
    setStatus("Extracting…");
    const t0 = performance.now();
    const layout = info.layout !== false;
    const jobs = FORMATS.map(extractOne);
    if (layout) jobs.push(overlay());
    const settled = await Promise.allSettled(jobs);
    const failed = settled.slice(0, 3).find((r) => r.status === "rejected");
    if (failed) {
      const e = failed.reason;
      showError(e.message || String(e));
      if (e.status === 401) { $("token-field").hidden = false; $("token").focus(); }
      setStatus("Extraction failed.");
      setBusy(false);
      document.body.dataset.state = "error";
      return;
    }
    const byFormat = {};
    settled.slice(0, 3).forEach((r, k) => { byFormat[FORMATS[k]] = r.value; });
    render(byFormat);
    if (layout) {
      const r = settled[3];
      if (r.status === "fulfilled") {
        const frame = $("overlay");
        // Bring the first selected block into view once the overlay has loaded.
        frame.onload = () => {
          try {
            const first = frame.contentDocument && frame.contentDocument.querySelector(".sel");
            if (first) first.scrollIntoView({ block: "center" });
          } catch (e) { /* a cross-origin frame: leave it at the top */ }
        };
        frame.srcdoc = overlayHtml(r.value);
      }
      else {
        $("overlay").srcdoc = overlayHtml("");
        $("overlay-note").textContent = "The overlay could not be drawn: " + (r.reason && r.reason.message);
      }
    }
    const n = (byFormat.markdown.blocks || []).length;
    setStatus("Done in " + Math.round(performance.now() - t0) + " ms: " + n + " block" + (n === 1 ? "" : "s") + " selected.");
    setBusy(false);
    document.body.dataset.state = "done";
  }

  function render(r) {
    const md = r.markdown, meta = md.metadata || {};
    const mdBody = String(md.body || "");
    if (mdBody.trim()) $("markdown").replaceChildren(markdown(mdBody));
    else {
      const p = document.createElement("p");
      p.className = "note";
      p.textContent = "Nothing was extracted from this page.";
      $("markdown").appendChild(p);
    }
    $("text").textContent = String(r.text.body || "");
    $("html-src").textContent = String(r.html.body || "");
    const json = JSON.stringify(md, null, 2);
    $("json").textContent = json;
    // Selected blocks
    const blocks = Array.isArray(md.blocks) ? md.blocks : [];
    const ol = $("blocks");
    for (const b of blocks) {
      const li = document.createElement("li");
      const code = document.createElement("code");
      code.textContent = String(b.xpath || "");
      const sc = document.createElement("span");
      sc.className = "score";
      sc.textContent = typeof b.score === "number" ? b.score.toFixed(2) : "–";
      li.append(code, " — score ", sc);
      if (b.reason) li.append(" — " + b.reason);
      if (Array.isArray(b.excluded) && b.excluded.length) li.append(" (" + b.excluded.length + " excluded)");
      ol.appendChild(li);
    }
    $("blocks-empty").hidden = blocks.length > 0;
    $("blocks-empty").textContent = "No block was selected.";
    $("blocks-h").textContent = "Selected blocks (" + blocks.length + ")";
    // Metadata
    const timings = md.timings || {};
    let total = typeof timings.total === "number" ? timings.total : 0;
    if (typeof timings.total !== "number") for (const v of Object.values(timings)) if (typeof v === "number") total += v;
    const canonical = meta.canonical_url || (md.links && md.links.canonical) || "";
    const rows = [
      ["Title", meta.title], ["Authors", Array.isArray(meta.authors) ? meta.authors.join(", ") : meta.authors],
      ["Date", meta.date_published], ["Language", meta.language], ["Site", meta.site_name],
      ["Description", meta.description], ["Canonical URL", canonical],
      ["Figures", String(Array.isArray(md.figures) ? md.figures.length : 0)],
      ["Warnings", Array.isArray(md.warnings) ? md.warnings : []], ["Method", md.method],
      ["Blocks", String(blocks.length)], ["Timings total", total.toFixed(1) + " ms"],
    ];
    const dl = $("meta");
    for (const [k, v] of rows) {
      const dt = document.createElement("dt");
      dt.textContent = k;
      const dd = document.createElement("dd");
      if (Array.isArray(v)) {
        if (!v.length) dd.textContent = "none";
        else {
          const ul = document.createElement("ul");
          for (const w of v) { const li = document.createElement("li"); li.textContent = String(w); ul.appendChild(li); }
          dd.appendChild(ul);
        }
      } else if (k === "Canonical URL" && v && safeHref(String(v))) {
        const a = document.createElement("a");
        a.href = String(v);
        a.textContent = String(v);
        a.rel = "noopener noreferrer";
        a.target = "_blank";
        dd.appendChild(a);
      } else dd.textContent = v === undefined || v === null || v === "" ? "—" : String(v);
      dl.append(dt, dd);
    }
    const metaOut = { metadata: meta, method: md.method, blocks: blocks.length, figures: md.figures || [], warnings: md.warnings || [], timings: timings };
    current = { markdown: mdBody, text: String(r.text.body || ""), html: String(r.html.body || ""), json: json, metadata: JSON.stringify(metaOut, null, 2) };
    $("copy").disabled = $("download").disabled = false;
  }

  // ---------- copy and download ----------
  async function copy() {
    if (!current) return;
    const text = current[currentTab()];
    const back = document.activeElement;
    let ok = false;
    if (navigator.clipboard && window.isSecureContext) {
      try { await navigator.clipboard.writeText(text); ok = true; } catch (e) { ok = false; }
    }
    if (!ok) {
      const ta = document.createElement("textarea");
      ta.value = text;
      ta.setAttribute("readonly", "");
      ta.setAttribute("aria-hidden", "true");
      ta.style.cssText = "position:fixed;top:0;left:-9999px;opacity:0";
      document.body.appendChild(ta);
      ta.select();
      try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
      ta.remove();
      if (back && back.focus) back.focus();
    }
    setStatus(ok ? "Copied the " + currentTab() + " output." : "Copying failed: select the text and copy it by hand.");
  }
  function download() {
    if (!current) return;
    const tab = currentTab();
    const blob = new Blob([current[tab]], { type: MIME[tab] + ";charset=utf-8" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = FILES[tab];
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    setStatus("Saved " + FILES[tab] + ".");
  }

  // ---------- wiring ----------
  $("form").addEventListener("submit", (e) => { e.preventDefault(); extract(); });
  $("html").addEventListener("keydown", (e) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) { e.preventDefault(); extract(); }
  });
  $("file").addEventListener("change", () => {
    const f = $("file").files[0];
    if (!f) return;
    const reader = new FileReader();
    reader.onload = () => { $("html").value = String(reader.result); setStatus("Loaded " + f.name + " (" + Math.ceil(f.size / 1024) + " KiB)."); };
    reader.onerror = () => showError("Could not read " + f.name + ".");
    reader.readAsText(f);
  });
  $("copy").addEventListener("click", copy);
  $("download").addEventListener("click", download);
  window.webclipMarkdown = markdown; // exposed for tests
  loadInfo();
})();
