// The web view's script: zoom and drag the board (pinch, wheel, buttons),
// tap a place for what is there (the renderer's own regions, drawn as an SVG
// over the picture in its coordinates), step through the replay, and follow
// new moves without a reload (the page asks for its state every few seconds;
// an unchanged state costs a 304). No inline script: the server's
// Content-Security-Policy allows this file only.
"use strict";

(function () {
  const body = document.body;
  const base = body.dataset.base;
  const lang = body.dataset.lang;
  const kind = body.dataset.kind;
  const words = {frame: body.dataset.wordFrame, live: body.dataset.wordLive,
                 move: body.dataset.wordMove, updated: body.dataset.wordUpdated, asked: body.dataset.wordAsked,
                 autopilot: body.dataset.wordAutopilot};
  const $ = (id) => document.getElementById(id);
  const viewport = $("viewport"), stage = $("stage"), board = $("board"), svg = $("regions");
  const SVG = "http://www.w3.org/2000/svg";
  const MIN = 1, MAX = 8;
  let view = {s: 1, x: 0, y: 0};
  let state = null, etag = null, chosen = null;
  let frames = null, frame = null;  // frame: null while the live board shows

  // -- zoom and drag ------------------------------------------------------------
  function clamp() {
    view.s = Math.min(MAX, Math.max(MIN, view.s));
    const w = viewport.clientWidth, h = stage.offsetHeight;
    view.x = Math.min(0, Math.max(w - w * view.s, view.x));
    view.y = Math.min(0, Math.max(h - h * view.s, view.y));
  }
  function apply() {
    clamp();
    stage.style.transform = `translate(${view.x}px, ${view.y}px) scale(${view.s})`;
    stage.dataset.scale = view.s.toFixed(3);
  }
  function zoomAt(factor, px, py) {  // px, py: a point in the viewport that stays put
    if (!Number.isFinite(factor) || factor <= 0) return;
    const s = Math.min(MAX, Math.max(MIN, view.s * factor));
    view.x = px - (px - view.x) * (s / view.s);
    view.y = py - (py - view.y) * (s / view.s);
    view.s = s;
    apply();
  }
  function local(e) {
    const r = viewport.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top];
  }
  viewport.addEventListener("wheel", (e) => {
    // at the whole board, turning the wheel down scrolls the page as everywhere else
    if (view.s <= MIN && e.deltaY > 0) return;
    e.preventDefault();
    const [px, py] = local(e);
    const pixels = e.deltaY * (e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1);
    zoomAt(Math.exp(-pixels / 300), px, py);
  }, {passive: false});
  const pointers = new Map();
  let pinch = null, tap = null;
  viewport.addEventListener("pointerdown", (e) => {
    viewport.setPointerCapture(e.pointerId);
    pointers.set(e.pointerId, local(e));
    tap = pointers.size === 1 ? {x: e.clientX, y: e.clientY, target: e.target} : null;
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinch = {d: Math.hypot(a[0] - b[0], a[1] - b[1]), s: view.s};
    }
  });
  viewport.addEventListener("pointermove", (e) => {
    if (!pointers.has(e.pointerId)) return;
    const [px, py] = local(e), [ox, oy] = pointers.get(e.pointerId);
    pointers.set(e.pointerId, [px, py]);
    if (tap && Math.hypot(e.clientX - tap.x, e.clientY - tap.y) > 8) tap = null;
    if (pointers.size === 2 && pinch) {
      const [a, b] = [...pointers.values()];
      const d = Math.hypot(a[0] - b[0], a[1] - b[1]);
      if (pinch.d > 0 && d > 0) zoomAt((pinch.s * d / pinch.d) / view.s, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2);
      else pinch = {d, s: view.s};  // fingers that started on one spot: measure from here
    } else if (pointers.size === 1) {
      view.x += px - ox;
      view.y += py - oy;
      apply();
    }
  });
  function release(e) {
    pointers.delete(e.pointerId);
    if (pointers.size < 2) pinch = null;
    if (tap && e.type === "pointerup") {
      const hit = document.elementFromPoint(e.clientX, e.clientY);
      choose(hit && hit.closest ? hit.closest("polygon") : null);
    }
    tap = null;
  }
  viewport.addEventListener("pointerup", release);
  viewport.addEventListener("pointercancel", release);
  $("zoom-in").addEventListener("click", () => zoomAt(1.5, viewport.clientWidth / 2, stage.offsetHeight / 2));
  $("zoom-out").addEventListener("click", () => zoomAt(1 / 1.5, viewport.clientWidth / 2, stage.offsetHeight / 2));
  $("zoom-reset").addEventListener("click", () => { view = {s: 1, x: 0, y: 0}; apply(); });

  // -- places -------------------------------------------------------------------
  function drawRegions() {
    svg.replaceChildren();
    if (!state || !state.board || !state.regions) return;
    svg.setAttribute("viewBox", `0 0 ${state.board.width} ${state.board.height}`);
    state.regions.forEach((region, i) => {
      const poly = document.createElementNS(SVG, "polygon");
      poly.setAttribute("points", region.poly.map((p) => p.join(",")).join(" "));
      poly.dataset.index = i;
      poly.dataset.id = region.id;
      if (chosen === region.id) poly.classList.add("chosen");
      svg.appendChild(poly);
    });
    svg.style.display = frame === null ? "" : "none";
  }
  function choose(poly) {
    const details = $("details");
    if (!details) return;
    svg.querySelectorAll(".chosen").forEach((p) => p.classList.remove("chosen"));
    if (!poly || !state) { chosen = null; details.hidden = true; return; }
    const region = state.regions[Number(poly.dataset.index)];
    chosen = region.id;
    poly.classList.add("chosen");
    $("details-title").textContent = region.title;
    $("details-lines").replaceChildren(...region.lines.map((line) => {
      const li = document.createElement("li");
      li.textContent = line;
      return li;
    }));
    details.hidden = false;
  }

  // -- times in the reader's zone and words ------------------------------------------
  function times(root) {
    const relative = new Intl.RelativeTimeFormat(lang, {numeric: "auto"});
    root.querySelectorAll("time[datetime]").forEach((el) => {
      const at = new Date(el.getAttribute("datetime"));
      if (el.dataset.style === "R") {
        const minutes = Math.round((at - Date.now()) / 60000);
        const [n, unit] = Math.abs(minutes) >= 2880 ? [Math.round(minutes / 1440), "day"]
          : Math.abs(minutes) >= 120 ? [Math.round(minutes / 60), "hour"] : [minutes, "minute"];
        el.textContent = relative.format(n, unit);
      } else {
        el.textContent = at.toLocaleString(lang, {dateStyle: "medium", timeStyle: "short"});
      }
      el.title = at.toLocaleString(lang);
    });
  }
  function list(id, items, make) {
    const el = $(id);
    if (el) el.replaceChildren(...items.map(make));
  }
  function html(tag, inner, cls) {  // inner: HTML the server escaped
    const el = document.createElement(tag);
    el.innerHTML = inner;
    if (cls) el.className = cls;
    return el;
  }

  // -- the state ------------------------------------------------------------------
  function show(next) {
    const moved = !state || state.counter !== next.counter;
    state = next;
    body.dataset.v = String(next.counter);
    $("stage-label").textContent = next.stage;
    if ($("text")) $("text").textContent = next.text;
    if (kind === "match") {
      list("status", next.lines.status, (line) => html("li", line));
      list("players", next.players, (p) => {
        const li = document.createElement("li");
        li.textContent = `${p.seat_name}: ${p.name}` + (p.computer ? " 🤖" : "") + (p.autopilot ? ` (${words.autopilot})` : "") + (p.asked ? ` – ${words.asked}` : "");
        if (p.asked) li.classList.add("asked");
        return li;
      });
      list("log", next.log.slice().reverse(), (chapter) => {
        const part = document.createElement("div");
        part.className = "chapter";
        if (chapter.heading) part.appendChild(html("h3", chapter.heading));
        const ol = document.createElement("ol");
        chapter.moves.slice().reverse().forEach((m) => {
          const li = html("li", m.undone ? `<del>${m.html}</del>` : m.html);
          li.dataset.n = m.n;
          li.title = `${words.move} ${m.n}`;
          ol.appendChild(li);
        });
        part.appendChild(ol);
        return part;
      });
    } else {
      list("lines", next.lines, (line) => html("li", line));
      // what the cards the open question offers do; a line saying there are none, as the page first said
      const none = $("cards") && $("cards").dataset.none;
      list("cards", next.cards.length ? next.cards : [none], (line) => {
        const li = document.createElement("li");
        if (next.cards.length) li.innerHTML = line; else li.textContent = line;
        return li;
      });
    }
    if (moved) {
      if (frame === null) board.src = `${base}/board.png?v=${next.counter}&lang=${lang}`;
      const hand = $("hand");
      if (hand) hand.src = `${base}/hand.png?v=${next.counter}&lang=${lang}`;
      if (frames !== null) loadFrames();
    }
    drawRegions();
    times(document);
    $("updated").textContent = `${words.updated} ${new Date().toLocaleTimeString(lang)}`;
  }
  async function poll() {
    try {
      const headers = etag ? {"If-None-Match": etag} : {};
      const answer = await fetch(`${base}/state.json?lang=${lang}`, {headers, cache: "no-store"});
      if (answer.status === 200) {
        etag = answer.headers.get("ETag");
        show(await answer.json());
      } else if (answer.status === 404) {
        // the link died (expired, the seat changed hands, the web view turned off): nothing more to show
        document.querySelector("main").replaceChildren(html("p", body.dataset.wordGone, "gone"));
        return;
      }
    } catch (err) {
      // offline for a moment: the next look tries again
    }
    setTimeout(poll, Number(body.dataset.poll) * 1000);
  }

  // -- the replay -------------------------------------------------------------------
  const slider = $("slider"), live = $("live"), label = $("frame-label");
  function showFrame() {
    const at = Number(slider.value);
    if (at >= frames.count - 1) { frame = null; board.src = `${base}/board.png?v=${body.dataset.v}&lang=${lang}`; }
    else { frame = at; board.src = `${base}/frame/${at}.png?v=${frames.v}&lang=${lang}`; }
    label.textContent = frame === null ? "" : `${words.frame} ${at + 1}/${frames.count}`;
    live.disabled = frame === null;
    body.dataset.frame = frame === null ? "live" : String(frame);
    drawRegions();
  }
  let asked = 0;  // the newest request for the frames: an older answer arriving late is dropped
  async function loadFrames() {
    const mine = ++asked;
    let next;
    try {
      const answer = await fetch(`${base}/frames.json`, {cache: "no-store"});
      if (answer.status !== 200) return;
      next = await answer.json();
    } catch (err) {
      return;  // the next move asks again
    }
    if (mine !== asked) return;
    const wasLive = frame === null;
    frames = next;
    slider.max = String(Math.max(0, frames.count - 1));
    if (wasLive) slider.value = slider.max;
    slider.disabled = frames.count < 2;
    showFrame();
  }
  if (slider) {
    // while the slider is dragged, a picture is asked for only once it rests a moment
    let resting = null;
    slider.addEventListener("input", () => { clearTimeout(resting); resting = setTimeout(showFrame, 150); });
    slider.addEventListener("change", () => { clearTimeout(resting); showFrame(); });
    live.addEventListener("click", () => { slider.value = slider.max; showFrame(); });
    loadFrames();
  }

  board.addEventListener("load", apply);
  window.addEventListener("resize", apply);
  times(document);
  poll();
})();
