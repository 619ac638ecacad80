// report.html's script: the label filter, and each question's drill-down drawn from the compressed data
// island (crag_eval/report/details.py) the first time the question is opened. Text goes in as text nodes and
// only http(s) URLs become links, since page names, URLs and snippets come from the served world.
"use strict";
var detailsData = null;

function loadDetails() {
  if (detailsData === null) {
    var b64 = document.getElementById("details-data").textContent.trim();
    var bytes = Uint8Array.from(atob(b64), function (c) { return c.charCodeAt(0); });
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    detailsData = new Response(stream).text().then(JSON.parse);
  }
  return detailsData;
}

function el(tag, className, text) {
  var node = document.createElement(tag);
  if (className) { node.className = className; }
  if (text !== undefined && text !== null) { node.textContent = text; }
  return node;
}

function pageItem(data, entry) {
  var ranks = entry[0], page = data.pages[entry[1]], answer = entry[2];
  var name = page[0], url = page[1], modified = page[2], snippet = page[3];
  var li = el("li", answer ? "answer-page" : "");
  li.value = ranks[0];
  if (ranks.length > 1) { li.appendChild(el("span", "muted", "(also rank " + ranks.slice(1).join(", ") + ") ")); }
  if (answer) { li.appendChild(document.createTextNode("★ ")); }
  var title;
  if (/^https?:\/\//i.test(url)) {
    title = el("a", "", name || url);
    title.href = url;
    title.rel = "noreferrer";
  } else {
    title = el("span", "", name || url);
    title.title = "not an http(s) URL: not linked";
  }
  li.appendChild(title);
  li.appendChild(document.createTextNode(" "));
  li.appendChild(el("span", "muted", modified));
  li.appendChild(el("br"));
  li.appendChild(el("span", "muted", snippet));
  return li;
}

function drawDetail(box, data, q) {
  box.appendChild(el("div", "muted", q.meta));
  if (q.pages !== null) {
    var head = el("p", "muted", "Served pages");
    if (data.answer_pages_known) {
      head.appendChild(document.createTextNode(" ("));
      head.appendChild(el("span", "answer-page", "★ bears the answer"));
      head.appendChild(document.createTextNode(")"));
    }
    head.appendChild(document.createTextNode(":"));
    box.appendChild(head);
    var list = el("ol", "pages");
    q.pages.forEach(function (entry) { list.appendChild(pageItem(data, entry)); });
    box.appendChild(list);
    if (q.more) { box.appendChild(el("p", "muted", "and " + q.more + " more served pages (all in predictions.jsonl)")); }
  }
  if (q.contexts !== null) {
    box.appendChild(el("p", "muted", "Contexts the model used (" + q.contexts.length + "):"));
    var contexts = el("ol", "contexts");
    q.contexts.forEach(function (c) { contexts.appendChild(el("li", "", c)); });
    box.appendChild(contexts);
  }
}

function openDetail(details) {
  if (details.dataset.drawn) { return Promise.resolve(); }
  details.dataset.drawn = "yes";
  return loadDetails().then(function (data) {
    var box = el("div", "detail");
    drawDetail(box, data, data.questions[Number(details.dataset.i)]);
    details.appendChild(box);
  });
}

// toggle does not bubble: listen in the capture phase for every question's <details>
document.addEventListener("toggle", function (event) {
  if (event.target.open && event.target.dataset.i !== undefined) { openDetail(event.target); }
}, true);

// the table shows one page of rows that pass the filter; rows not shown are `hidden`, so never laid out
var table = document.getElementById("questions");
var rows = Array.prototype.slice.call(document.querySelectorAll("tr.qrow"));
var view = { label: "", page: 0, size: Number(table.dataset.pageSize), all: false };

function show() {
  var matching = rows.filter(function (row) { return !view.label || row.dataset.label === view.label; });
  var pages = Math.max(1, Math.ceil(matching.length / view.size));
  view.page = Math.min(Math.max(view.page, 0), pages - 1);
  var first = view.page * view.size, shown = new Set(view.all ? matching : matching.slice(first, first + view.size));
  rows.forEach(function (row) { row.hidden = !shown.has(row); });
  document.getElementById("pager").hidden = view.all || pages === 1;
  document.getElementById("page-of").textContent =
    "page " + (view.page + 1) + " of " + pages + " (" + matching.length + " questions)";
  document.getElementById("prev").disabled = view.page === 0;
  document.getElementById("next").disabled = view.page === pages - 1;
}

document.getElementById("filter").addEventListener("change", function (event) {
  view.label = event.target.value;
  view.page = 0;
  show();
});
document.getElementById("prev").addEventListener("click", function () { view.page -= 1; show(); });
document.getElementById("next").addEventListener("click", function () { view.page += 1; show(); });

// #all shows every question with its drill-down open, #q-N opens question N (on its page); data-ready says
// the page, and whatever the hash opened, is drawn
(function () {
  var hash = window.location.hash, wanted = [];
  if (hash === "#all") {
    view.all = true;
    wanted = Array.prototype.slice.call(document.querySelectorAll("details[data-i]"));
  } else if (/^#q-\d+$/.test(hash) && document.getElementById(hash.slice(1))) {
    var target = document.getElementById(hash.slice(1));
    view.page = Math.floor(Number(target.dataset.i) / view.size);
    wanted = [target];
  }
  show();
  Promise.all(wanted.map(function (d) { d.open = true; return openDetail(d); })).then(function () {
    if (wanted.length === 1) { wanted[0].scrollIntoView(); }
    document.body.dataset.ready = "yes";
  }, function (error) {
    document.body.dataset.ready = "failed";
    console.error(error);
  });
})();
