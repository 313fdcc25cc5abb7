/** The one stylesheet, served at `/assets/web.css` (the CSP allows no inline styles). */
export const STYLESHEET = `
:root { color-scheme: light; --ink: #1d2433; --muted: #5b6478; --line: #dde1ea; --accent: #2f5bd3;
  --danger: #b3261e; --bg: #f5f6fa; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--ink); line-height: 1.5; }
header.bar { display: flex; align-items: center; gap: 1rem; padding: .75rem 1.5rem; background: #fff;
  border-bottom: 1px solid var(--line); }
header.bar .brand { font-weight: 700; color: var(--ink); text-decoration: none; margin-right: auto; }
header.bar nav { display: flex; align-items: center; gap: 1rem; color: var(--muted); }
main { max-width: 60rem; margin: 2rem auto; padding: 0 1.5rem; }
.card { background: #fff; border: 1px solid var(--line); border-radius: .5rem; padding: 1.5rem; margin-bottom: 1.5rem; }
.narrow { max-width: 24rem; margin: 4rem auto; }
h1 { font-size: 1.5rem; margin: 0 0 1rem; } h2 { font-size: 1.1rem; margin: 0 0 .75rem; }
label { display: block; margin-bottom: 1rem; font-weight: 600; }
input[type=text], input[type=password], input[type=email], input[type=url], input[type=datetime-local], input[type=file], select, textarea { display: block; width: 100%; margin-top: .25rem; padding: .5rem;
  border: 1px solid var(--line); border-radius: .375rem; font: inherit; }
button { font: inherit; padding: .45rem 1rem; border-radius: .375rem; border: 1px solid var(--accent);
  background: var(--accent); color: #fff; cursor: pointer; }
button.link { background: none; border: none; color: var(--accent); padding: 0; }
button.danger { background: #fff; color: var(--danger); border-color: var(--danger); padding: .2rem .6rem; }
form.inline { display: inline; margin: 0; }
.sso { display: grid; gap: .5rem; margin: 1rem 0; padding-top: 1rem; border-top: 1px solid var(--line); }
.sso a.button { display: block; text-align: center; padding: .45rem 1rem; border-radius: .375rem;
  border: 1px solid var(--line); background: #fff; color: var(--ink); text-decoration: none; }
a { color: var(--accent); }
.alert { padding: .75rem 1rem; border-radius: .375rem; background: #fdecea; color: var(--danger); }
.notice { padding: .75rem 1rem; border-radius: .375rem; background: #e8f3ec; color: #1e6b3a; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: 0; }
dt { color: var(--muted); } dd { margin: 0; }
table { width: 100%; border-collapse: collapse; font-size: .95rem; }
th, td { text-align: left; padding: .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { color: var(--muted); font-weight: 600; }
td.time { white-space: nowrap; }
.muted { color: var(--muted); } .tag { font-size: .8rem; padding: .1rem .5rem; border-radius: 1rem;
  background: #e7ecfb; color: var(--accent); white-space: nowrap; }
main:has(nav.console) { max-width: 72rem; }
nav.console { display: flex; flex-wrap: wrap; gap: 1rem; margin-bottom: 1.5rem; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.hint { display: block; font-weight: 400; color: var(--muted); font-size: .9rem; }
form.filters { display: grid; grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr)); gap: 0 1rem; align-items: end; }
form.filters button, .actions { margin-bottom: 1rem; }
.actions { display: flex; flex-wrap: wrap; gap: .5rem; margin-top: 1rem; }
button.secondary { background: #fff; color: var(--accent); }
pre { background: var(--bg); padding: .75rem; border-radius: .375rem; overflow-x: auto; white-space: pre-wrap; word-break: break-all; }
details.curl { margin-bottom: 1.5rem; } details.curl summary { cursor: pointer; color: var(--accent); }
.status { font-weight: 600; } .status.failed, .refused { color: var(--danger); } .status.succeeded { color: #1e6b3a; }
.once { border-color: #1e6b3a; }
fieldset { border: 1px solid var(--line); border-radius: .375rem; margin: 0 0 1rem; padding: 1rem 1rem 0; }
legend { font-weight: 600; padding: 0 .25rem; }
h3 { font-size: 1rem; margin: 1.5rem 0 .5rem; }
textarea { display: block; width: 100%; margin-top: .25rem; padding: .5rem; border: 1px solid var(--line);
  border-radius: .375rem; font: .9rem ui-monospace, monospace; }
.graph-scroll { overflow: auto; max-height: 40rem; border: 1px solid var(--line); border-radius: .375rem; background: #fff; }
svg.graph { display: block; max-width: none; font-family: inherit; }
svg.graph .graph-edge { fill: none; stroke: #5b6478; stroke-width: 1.5; } svg.graph marker path { fill: #5b6478; }
svg.graph rect.graph-label { fill: #fff; stroke: var(--line); } svg.graph text.graph-label { font-size: 12px; fill: var(--ink); }
svg.graph .graph-node rect { fill: #f7f8fb; stroke: #5b6478; stroke-width: 1.5; }
svg.graph .graph-id { font-size: 14px; font-weight: 700; fill: var(--ink); } svg.graph .graph-detail { font-size: 12px; fill: #3d4455; }
.graph-legend { display: flex; flex-wrap: wrap; gap: .25rem 1.25rem; padding: 0; list-style: none; font-size: .9rem; }
.graph-swatch { display: inline-block; min-width: 1.5rem; text-align: center; border: 2px solid; border-radius: .25rem; color: var(--ink); }
svg.graph .pending rect, .graph-swatch.pending { fill: #f1f2f5; background: #f1f2f5; stroke: #5b6478; border-color: #5b6478; }
svg.graph .running rect, .graph-swatch.running { fill: #dbe7ff; background: #dbe7ff; stroke: #1d4ed8; border-color: #1d4ed8; }
svg.graph .waiting rect, .graph-swatch.waiting { fill: #fdf0c4; background: #fdf0c4; stroke: #92400e; border-color: #92400e; }
svg.graph .succeeded rect, .graph-swatch.succeeded { fill: #dcf5e3; background: #dcf5e3; stroke: #1e6b3a; border-color: #1e6b3a; }
svg.graph .failed rect, .graph-swatch.failed { fill: #fde2e0; background: #fde2e0; stroke: #b3261e; border-color: #b3261e; stroke-width: 2.5; }
svg.graph .skipped rect, .graph-swatch.skipped { fill: #fff; background: #fff; stroke: #5b6478; border-color: #5b6478; stroke-dasharray: 5 3; border-style: dashed; }
svg.graph .cancelled rect, .graph-swatch.cancelled { fill: #ece6fb; background: #ece6fb; stroke: #5b21b6; border-color: #5b21b6; stroke-dasharray: 2 2; border-style: dotted; }
`;
