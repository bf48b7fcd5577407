// Replays the markdown target's saved inputs (fuzz/corpus/markdown, fuzz/regressions/markdown)
// through the renderer in Node, as the Chromium test does in the page: `node fuzz/js/replay.js`.
"use strict";
const fs = require("fs");
const path = require("path");
const { problems } = require("./renderer");

let n = 0, failed = 0;
for (const kind of ["corpus", "regressions"]) {
  const dir = path.join(__dirname, "..", kind, "markdown");
  if (!fs.existsSync(dir)) continue;
  for (const name of fs.readdirSync(dir).sort()) {
    const file = path.join(dir, name);
    n++;
    let bad;
    try { bad = problems(fs.readFileSync(file).toString("utf8")); } catch (e) { bad = [String(e)]; }
    if (bad.length) { failed++; console.log(`${kind}/markdown/${name}: ${bad.join(", ")}`); }
  }
}
console.log(`${n - failed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
