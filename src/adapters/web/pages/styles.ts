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
input[type=text], input[type=password], input[type=email], input[type=url], input[type=datetime-local], select { display: block; width: 100%; margin-top: .25rem; padding: .5rem;
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
`;
