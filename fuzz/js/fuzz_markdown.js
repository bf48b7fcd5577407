// jsfuzz target: fuzzer bytes, read as UTF-8, through the page's markdown renderer; fails
// when the output holds an element, attribute or link that check.js refuses (or on an
// exception). Run by fuzz/run.sh (which says why jsfuzz and not Jazzer.js).
"use strict";
// jsfuzz instruments every file required after it starts, jsdom included (each run slower,
// every jsdom path "new" coverage); fuzz/run.sh preloads jsdom (NODE_OPTIONS=--require
// ./preload.js) so that only webclip's renderer counts.
const { problems } = require("./renderer");

module.exports.fuzz = function (data) {
  const bad = problems(data.toString("utf8"));
  if (bad.length) throw new Error("unsafe markdown output: " + bad.join(", "));
};
