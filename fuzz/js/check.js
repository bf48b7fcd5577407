// What the markdown renderer of the service's page (crates/webclip-serve/assets/app.js,
// `markdown`) may produce: a function expression from a root node to a list of problems (empty
// when the output is safe). One file for both users: fuzz/js/renderer.js reads it in Node
// (jsdom) and the Chromium test (crates/webclip-serve/tests/browser) pastes it into the page,
// whose CSP forbids eval.
(function (root) {
  // Every element `markdown` creates (a heading of level n becomes h(n+2), at most h6).
  const ALLOWED = ["p", "br", "code", "pre", "strong", "em", "del", "a", "span", "h3", "h4", "h5", "h6", "hr",
    "blockquote", "ul", "ol", "li"];
  const ATTRS = ["class", "href", "target", "rel", "start"];
  const NEVER = ["script", "iframe", "object", "embed", "style", "img", "svg", "math", "form", "input", "frame",
    "link", "meta", "base", "template", "textarea"];
  const safeUrl = (u) => {
    const v = String(u).replace(/[\s\u0000-\u001f\u007f]/g, "").toLowerCase();
    const k = v.search(/[:\/?#]/);
    if (k >= 0 && v[k] === ":") return ["http", "https", "mailto"].includes(v.slice(0, k));
    return true; // relative
  };
  const bad = [];
  for (const e of root.querySelectorAll("*")) {
    const tag = e.tagName.toLowerCase();
    if (NEVER.includes(tag)) bad.push("element " + tag);
    else if (!ALLOWED.includes(tag)) bad.push("element " + tag + " outside the renderer's set");
    if (e.namespaceURI !== "http://www.w3.org/1999/xhtml") bad.push("element " + tag + " in " + e.namespaceURI);
    for (const a of Array.from(e.attributes)) {
      const name = a.name.toLowerCase();
      if (/^on/.test(name)) bad.push(tag + "@" + a.name + " (event handler)");
      else if (!ATTRS.includes(name)) bad.push(tag + "@" + a.name);
      if ((name === "href" || name === "src") && !safeUrl(a.value)) bad.push(tag + "@" + name + "=" + a.value);
    }
  }
  return bad;
})
