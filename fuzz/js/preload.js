// Loaded before jsfuzz's instrumenting hook (NODE_OPTIONS=--require): jsdom and what it
// loads lazily, so that the hook sees only webclip's code.
"use strict";
const { JSDOM } = require("jsdom");
const d = new JSDOM("<!DOCTYPE html><p>x</p>").window.document;
d.createDocumentFragment().appendChild(d.createElement("a")).setAttribute("href", "https://x/");
