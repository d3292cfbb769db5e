// The scoreboard page: draws the view the server sends, and follows it live (server-sent events).
// Every text goes in through textContent; only the chips chart (an SVG the server drew) is markup.
"use strict";

let view = null;
let mine = null; // the player whose own line is open
// the page's words in its language, as the server wrote them into the page (JSON in an attribute: no inline script)
const WORDS = JSON.parse(document.body.dataset.words);
const LANG = document.documentElement.lang || "en";

// WORDS[key] with each {name} filled in from values
function say(key, values) {
  return WORDS[key].replace(/\{(\w+)\}/g, (all, name) => (name in (values || {}) ? String(values[name]) : all));
}

// WORDS[key] as nodes: each {name} whose value is a node (a name's button) goes in as that node
function sayNodes(key, values) {
  const out = [];
  for (const piece of WORDS[key].split(/(\{\w+\})/)) {
    const name = /^\{(\w+)\}$/.exec(piece);
    const value = name ? values[name[1]] : piece;
    if (value instanceof Node) out.push(value);
    else if (value !== "") out.push(el("span", String(value)));
  }
  return out;
}

// the form of a count's sentence for the page's language (the browser's plural rules pick it)
function counted(key, count, values) {
  const forms = WORDS[key];
  const form = forms[new Intl.PluralRules(LANG).select(count)] || forms.other || Object.values(forms).pop();
  return form.replace(/\{(\w+)\}/g, (all, name) => (name in values ? String(values[name]) : all));
}

function el(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = text;
  if (cls) node.className = cls;
  return node;
}

function fill(id, nodes) {
  const box = document.getElementById(id);
  box.replaceChildren(...nodes);
  return box;
}

function live(text, down) {
  const p = document.getElementById("live");
  p.textContent = text;
  p.classList.toggle("down", !!down);
}

function ruleNodes(item) {
  const out = [];
  if (item.rule) out.push(el("span", item.rule + (item.remedy ? " · " + item.remedy : ""), "rule"));
  if (item.rule_text) out.push(el("span", item.rule_text, "rule-text"));
  return out;
}

function drawHand(hand) {
  const section = document.getElementById("hand");
  if (!hand) {
    document.getElementById("hand-head").textContent = say("noHand");
    fill("actions", []); fill("cards", []);
    document.getElementById("turn").textContent = "";
    return;
  }
  document.getElementById("hand-title").textContent = say("handTitle", { number: hand.number, game: hand.game });
  document.getElementById("hand-head").textContent = say("handHead", { dealer: hand.dealer, pot: hand.pot });
  let turn = "";
  if (hand.over) turn = say("over", { how: hand.over });
  else if (hand.to_act) turn = say("toAct", { player: hand.to_act, legal: hand.legal.join(", ") || "?" });
  else if (hand.waiting) turn = hand.waiting;
  document.getElementById("turn").textContent = turn;
  const cards = hand.shown.map((s) => {
    const p = el("p"); p.append(el("span", s.name + " "), el("span", s.cards, "cards")); return p;
  });
  if (hand.table_cards) {
    const p = el("p"); p.append(el("span", say("onTable") + " "), el("span", hand.table_cards, "cards")); cards.push(p);
  }
  fill("cards", cards);
  fill("actions", hand.actions.map((a) => {
    const li = el("li", a.words);
    li.value = a.n;
    if (a.illegal) li.classList.add("illegal");
    if (a.voided) li.classList.add("voided");
    for (const f of a.findings) li.append(el("span", (f.severity === "error" ? "✗ " : "· ") + f.message, "rule"), ...ruleNodes(f));
    return li;
  }));
  section.hidden = false;
}

function drawStandings(v) {
  const rows = v.standings.map((s) => {
    const tr = el("tr");
    tr.append(el("td", s.rank), el("td", s.name), el("td", s.bought), el("td", s.counted),
              el("td", s.balance, s.cents > 0 ? "plus" : s.cents < 0 ? "minus" : ""));
    return tr;
  });
  document.querySelector("#standings tbody").replaceChildren(...rows);
  // while the night is played the balance is in chips won or lost; once closed, in money
  document.getElementById("balance-head").textContent = v.status === "open" ? say("chipsHead") : say("balanceHead");
  document.getElementById("chart").innerHTML = v.chart || "";
  const open = v.undecided || [];
  document.getElementById("undecided").textContent = open.length
    ? counted("undecided", open.length, { hands: open.join(", ") }) : "";
}

function drawFindings(v) {
  const items = [];
  for (const r of v.rulings) {
    const li = el("li");
    li.append(el("strong", say("ruling", { hand: r.hand, action: r.action })), el("span", r.question));
    li.append(el("span", r.ruling, "rule"), ...ruleNodes({ rule: r.rule, rule_text: r.rule_text }));
    items.push(li);
  }
  for (const f of v.findings) {
    const li = el("li");
    const where = { hand: f.hand, action: f.action, message: f.message };
    li.append(el("span", f.action ? say("findingAt", where) : say("finding", where), f.severity));
    li.append(...ruleNodes(f));
    items.push(li);
  }
  if (!items.length) items.push(el("li", say("nothing")));
  fill("findings", items);
}

function drawSettlement(v) {
  const section = document.getElementById("settle");
  const s = v.settlement;
  section.hidden = !s;
  if (!s) return;
  const lines = s.transfers.map((t) => {
    const li = el("li");
    const payer = el("button", t.payer, "name"); payer.onclick = () => showMine(t.payer);
    const payee = el("button", t.payee, "name"); payee.onclick = () => showMine(t.payee);
    li.append(...sayNodes("pays", { payer: payer, payee: payee, amount: t.text }));
    return li;
  });
  if (!lines.length) lines.push(el("li", say("square")));
  fill("transfers", lines);
  const names = el("li");
  for (const p of s.players) {
    const b = el("button", p.name, "name"); b.onclick = () => showMine(p.name);
    names.append(b, el("span", " "));
  }
  document.getElementById("transfers").append(names);
  if (mine) showMine(mine);
}

// How to pay one transfer: the payee's ways (the server made each from his details, on the transfers
// to him only): a link as a plain anchor, a bank's code as the image the server drew (an SVG data: URI).
function payNodes(t) {
  const out = [];
  for (const w of t.pay || []) {
    const box = el("div", null, "way " + w.kind);
    box.append(el("p", w.label + ": " + w.text));
    if (w.link && /^(https:|upi:)/.test(w.link)) {  // a link opens the payee's app on this phone
      const a = el("a", w.link);
      a.href = w.link;
      a.rel = "noopener noreferrer";
      box.append(a);
    } else if (w.qr && w.qr.startsWith("data:image/svg+xml")) {  // a bank's code: scanned by the bank's app
      const img = el("img", null, "code");
      img.src = w.qr;
      img.alt = say("code", { label: w.label, payee: t.payee, amount: t.text });
      box.append(img);
    }
    out.push(box);
  }
  return out;
}

function showMine(name) {
  mine = name;
  const player = view.settlement.players.find((p) => p.name === name);
  const box = document.getElementById("mine");
  if (!player) { box.hidden = true; return; }
  const parts = [el("strong", name + ": " + player.balance)];
  for (const t of player.pays) {
    parts.push(el("p", say("youPay", { payee: t.payee, amount: t.text })));
    parts.push(...payNodes(t));
  }
  for (const t of player.gets) parts.push(el("p", say("paysYou", { payer: t.payer, amount: t.text })));
  if (!player.pays.length && !player.gets.length) parts.push(el("p", say("nothingToPay")));
  box.replaceChildren(...parts);
  box.hidden = false;
}

function draw(message) {
  view = message.view;
  if (!view || view.session === undefined) return;
  document.getElementById("table").textContent = view.status === "open" ? view.table : say("closed", { table: view.table });
  document.title = say("title", { table: view.table });
  const unavailable = document.getElementById("unavailable");
  unavailable.textContent = view.unavailable || "";
  unavailable.hidden = !view.unavailable;
  for (const section of document.querySelectorAll("main > section:not(#unavailable)")) {
    if (view.unavailable) section.hidden = true;
    else if (section.id !== "settle") section.hidden = false;
  }
  if (view.unavailable) return;
  drawHand(view.hand);
  drawStandings(view);
  drawFindings(view);
  drawSettlement(view);
  document.body.dataset.head = view.head;
}

function connect() {
  const stream = new EventSource("events");
  const shown = (message) => {
    draw(message);
    // why the server cannot read the database is the server's business (it may name a path): not shown
    if (message.offline) live(say("offline"), true);
    else live(say("live", { time: new Date().toLocaleTimeString(LANG) }), false);
  };
  stream.addEventListener("state", (e) => shown(JSON.parse(e.data)));
  // what changed since the state this page has: sections replaced, items added to lists
  stream.addEventListener("change", (e) => {
    const message = JSON.parse(e.data);
    const next = Object.assign({}, view, message.set);
    for (const [key, items] of Object.entries(message.append)) next[key] = (view[key] || []).concat(items);
    message.view = next;
    shown(message);
  });
  stream.onerror = () => live(say("lost"), true);
}

connect();
