/** The page `tacsim serve` serves: markup and style, no external resource (no CDN, no web font). */

export const PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>tacsim</title>
<link rel="stylesheet" href="/style.css">
</head>
<body>
<header>
  <strong id="title">tacsim</strong>
  <span id="status"></span>
  <span class="spacer"></span>
  <button id="undo" title="take back your last decision and the computer's replies">Undo</button>
  <button id="new" title="start a new game">New game</button>
  <a id="download" class="button" href="#" title="download the game record (tacsim play --record format)">Download record</a>
  <label class="button" title="continue a saved game record">Load record<input id="load" type="file" accept=".json,application/json" hidden></label>
</header>
<main>
  <section id="board">
    <svg id="map" xmlns="http://www.w3.org/2000/svg"></svg>
    <svg id="anim" xmlns="http://www.w3.org/2000/svg"></svg>
    <div id="zoom"><button id="zoom-in" title="zoom in">+</button><button id="zoom-out" title="zoom out">&minus;</button><button id="zoom-fit" title="fit the map">fit</button></div>
    <div id="hover"></div>
  </section>
  <aside>
    <div id="over" hidden></div>
    <div id="error" hidden></div>
    <div id="thinking" hidden><span class="spinner"></span><span id="thinking-text"></span></div>
    <div id="message"></div>
    <div id="odds" hidden>
      <div id="odds-title"></div>
      <pre id="odds-lines"></pre>
      <button id="confirm">Confirm</button> <button id="cancel">Cancel</button>
    </div>
    <div id="selection"></div>
    <div id="actions"></div>
    <div id="command-box" hidden>
      <form id="command-form"><input id="command" placeholder="or type a command (done at once)" autocomplete="off" spellcheck="false" aria-label="command"><button id="command-go">Do</button></form>
      <details id="command-help"><summary>Commands (as at the terminal's prompt; units by the numbers on this page)</summary><pre id="command-lines"></pre></details>
    </div>
    <details id="offmap"><summary id="offmap-title">Off the map</summary><ul id="offmap-list"></ul></details>
    <details id="why" open hidden><summary>Why? The computer's last decision</summary><div id="why-body"></div></details>
    <h3>Log</h3>
    <ol id="log"></ol>
  </aside>
</main>
<dialog id="new-dialog">
  <form method="dialog">
    <h3>New game</h3>
    <label>Scenario <select id="new-scenario"></select></label>
    <label>Your side <input id="new-side" placeholder="side id"></label>
    <label>Computer <input id="new-ai" placeholder="agent spec"></label>
    <label>Seed <input id="new-seed" placeholder="(random)"></label>
    <menu><button value="cancel">Cancel</button> <button id="new-start" value="start">Start</button></menu>
  </form>
</dialog>
<script type="module" src="/static/app.js"></script>
</body>
</html>
`;

export const PAGE_CSS = `
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.35 system-ui, sans-serif; color: #222; background: #f4f1ea; height: 100vh; display: flex; flex-direction: column; }
header { display: flex; gap: 8px; align-items: center; padding: 6px 10px; background: #39423a; color: #fff; }
header #status { font-size: 13px; opacity: .9; }
.spacer { flex: 1; }
button, .button { font: inherit; padding: 3px 9px; border: 1px solid #777; border-radius: 4px; background: #fff; color: #222; cursor: pointer; text-decoration: none; }
button:disabled { opacity: .45; cursor: default; }
main { flex: 1; display: flex; min-height: 0; }
#board { flex: 1; position: relative; overflow: hidden; background: #d9d3c3; }
#map { position: absolute; inset: 0; display: block; width: 100%; height: 100%; cursor: grab; user-select: none; }
#zoom { position: absolute; right: 8px; top: 8px; display: flex; gap: 4px; }
#hover { position: absolute; left: 8px; bottom: 8px; background: rgba(255,255,255,.92); padding: 4px 8px; border-radius: 4px; font-size: 12px; max-width: 60%; pointer-events: none; }
#hover:empty { display: none; }
aside { width: 380px; overflow-y: auto; padding: 8px 10px; background: #fbfaf6; border-left: 1px solid #ccc; }
#over { background: #263; color: #fff; padding: 8px; border-radius: 4px; margin-bottom: 8px; font-weight: bold; }
#error { background: #a22; color: #fff; padding: 6px; border-radius: 4px; margin-bottom: 8px; }
#message { min-height: 1.4em; color: #733; margin-bottom: 6px; }
#message.info { color: #235; }
#thinking { background: #eef; padding: 6px; border-radius: 4px; margin-bottom: 8px; }
.spinner { display: inline-block; width: 12px; height: 12px; margin-right: 6px; border: 2px solid #88a; border-top-color: transparent; border-radius: 50%; animation: spin 1s linear infinite; vertical-align: -2px; }
@keyframes spin { to { transform: rotate(360deg); } }
#odds { border: 2px solid #b33; background: #fff6f2; padding: 6px; border-radius: 4px; margin-bottom: 8px; }
#odds pre { white-space: pre-wrap; margin: 4px 0; font-size: 12px; }
#odds-title { font-weight: bold; }
#selection { font-size: 13px; margin-bottom: 6px; }
#actions .group { margin-bottom: 6px; }
#actions .group b { display: block; font-size: 12px; color: #555; text-transform: uppercase; letter-spacing: .03em; }
#actions button { display: block; width: 100%; text-align: left; margin: 2px 0; font-size: 13px; }
#actions button.main { font-weight: bold; background: #eef3e8; }
#command-form { display: flex; gap: 4px; margin: 6px 0 2px; }
#command { flex: 1; font-family: monospace; font-size: 13px; }
#command-help summary { font-size: 12px; color: #555; cursor: pointer; }
#command-lines { white-space: pre-wrap; font-size: 12px; margin: 4px 0; }
#log { font-size: 12px; padding-left: 22px; margin: 0; }
#log li { margin-bottom: 3px; }
#log li.ai { color: #6a1f1f; }
#log li.you { color: #1f3a6a; }
#log .narration { color: #555; margin: 0; padding-left: 10px; list-style: none; }
#log .rule { font-size: 11px; color: #777; }
#log details { color: #444; }
h3 { margin: 10px 0 4px; font-size: 14px; }
#offmap { font-size: 12px; margin-top: 8px; }
#offmap ul { margin: 2px 0; padding-left: 18px; }
dialog label { display: block; margin: 6px 0; }
dialog input, dialog select { width: 220px; }
.hex { stroke: #7d7a6c; stroke-width: 0.8; }
.hex-label { font-size: 7px; fill: #555; pointer-events: none; }
.elev { font-size: 8px; fill: #5a4630; pointer-events: none; font-weight: bold; }
.road { stroke: #8a6b45; stroke-width: 3; stroke-linecap: round; fill: none; pointer-events: none; }
.hl-move { fill: rgba(40, 160, 60, .40); stroke: #1a7a2a; stroke-width: 2; }
.hl-fire { fill: rgba(210, 40, 30, .35); stroke: #b01a10; stroke-width: 2.5; }
.hl-assault { fill: rgba(160, 30, 160, .35); stroke: #801080; stroke-width: 2.5; }
.hl-act { fill: rgba(255, 220, 40, .35); stroke: #b09000; stroke-width: 2; }
.hl-sel { fill: none; stroke: #ffea00; stroke-width: 3.5; }
.hl-last { fill: none; stroke: #e04000; stroke-width: 2.5; stroke-dasharray: 4 3; }
.hl { pointer-events: none; }
.objective { pointer-events: none; }
.counter { cursor: pointer; }
.counter rect.body { stroke: #222; stroke-width: 0.8; }
.counter text { pointer-events: none; font-family: system-ui, sans-serif; }
.counter.selected rect.body { stroke: #ffea00; stroke-width: 3; }
.counter.spent rect.body { filter: saturate(.35) brightness(.93); }
.stack { transition: transform .15s; }
#anim { position: absolute; inset: 0; display: block; width: 100%; height: 100%; pointer-events: none; }
.ghost { opacity: .9; }
.ghost text { font-family: system-ui, sans-serif; text-anchor: middle; }
.burst { fill: #ffb000; stroke: #e01010; stroke-width: 2; opacity: 0; }
.result { pointer-events: none; }
.result rect { fill: #fffbe8; stroke: #b01a10; stroke-width: 1; opacity: .95; }
.result.assault rect { stroke: #801080; }
.result text { fill: #300; font-family: system-ui, sans-serif; }
#log li.current { background: #fff3b0; }
#log .rule a { color: #555; }
#why { font-size: 12px; margin: 8px 0; border: 1px solid #ccd; border-radius: 4px; padding: 4px 6px; background: #f6f6fb; }
#why summary { cursor: pointer; font-weight: bold; }
#why table { border-collapse: collapse; width: 100%; margin-top: 4px; }
#why th, #why td { text-align: left; padding: 1px 4px; border-bottom: 1px solid #dde; vertical-align: top; }
#why td:nth-child(n+2), #why th:nth-child(n+2) { text-align: right; white-space: nowrap; }
#why tr.chosen td { font-weight: bold; }
#why td.line { text-align: left !important; white-space: normal !important; color: #555; font-style: italic; }
#why .note { color: #666; margin: 4px 0 0; }
.anim-move { stroke: #1846c0; stroke-width: 4; fill: none; marker-end: url(#arrow); opacity: .9; pointer-events: none; }
.anim-fire { stroke: #e01010; stroke-width: 3.5; stroke-dasharray: 7 4; fill: none; marker-end: url(#arrow-red); pointer-events: none; }
.appear { animation: appear 0.8s ease-out; }
@keyframes appear { from { opacity: 0; stroke-width: 10; } to { opacity: .9; } }
`;
