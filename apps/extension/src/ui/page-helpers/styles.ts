// The helpers' look, inside their shadow root (the page's styles cannot reach in, nor ours out).
// Light and dark follow the person's system setting.

export const STYLES = `
:host { all: initial; }
* { box-sizing: border-box; font: 13px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; }
.layer { position: fixed; inset: 0 auto auto 0; z-index: 2147483647; }
.panel { --bg: #ffffff; --fg: #1b1d22; --muted: #4a4f59; --line: #d5d8de; --accent: #1d4ed8; --accent-fg: #ffffff; --hover: #eef1f6;
  background: var(--bg); color: var(--fg); border: 1px solid var(--line); border-radius: 10px;
  box-shadow: 0 6px 24px rgba(0,0,0,.18); padding: 6px; max-width: 420px; }
@media (prefers-color-scheme: dark) {
  .panel { --bg: #1f2228; --fg: #eceef2; --muted: #b4b9c3; --line: #3b404a; --accent: #8ab4ff; --accent-fg: #0b1220; --hover: #2c3038; }
}
.toolbar { display: flex; gap: 4px; flex-wrap: wrap; }
button { cursor: pointer; border: 1px solid transparent; background: transparent; color: var(--fg); border-radius: 6px; padding: 4px 9px; }
button:hover { background: var(--hover); }
button:focus-visible, input:focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }
button.primary { background: var(--accent); color: var(--accent-fg); }
.presets { display: grid; grid-template-columns: repeat(3, 1fr); gap: 4px; margin-top: 6px; }
.presets button { border-color: var(--line); }
form { display: flex; gap: 4px; margin-top: 6px; }
input { flex: 1; min-width: 0; border: 1px solid var(--line); border-radius: 6px; padding: 4px 8px; background: var(--bg); color: var(--fg); }
.card { width: 400px; }
.card h2 { margin: 2px 4px 6px; font-weight: 600; font-size: 13px; }
.output { white-space: pre-wrap; max-height: 260px; overflow: auto; padding: 4px; min-height: 1.4em; }
.status { color: var(--muted); padding: 2px 4px; font-size: 12px; }
.error { color: #b42318; padding: 2px 4px; }
@media (prefers-color-scheme: dark) { .error { color: #ffb4a9; } }
.actions { display: flex; gap: 4px; flex-wrap: wrap; margin-top: 6px; align-items: center; }
.actions .spacer { flex: 1; }
.shot { display: block; max-width: 100%; max-height: 200px; border: 1px solid var(--line); border-radius: 6px; margin: 4px 0; }
.veil { position: fixed; inset: 0; cursor: crosshair; background: rgba(0,0,0,.25); z-index: 2147483647; }
.rect { position: fixed; border: 2px solid #1d4ed8; background: rgba(29,78,216,.12); pointer-events: none; }
.hint { position: fixed; top: 12px; left: 50%; transform: translateX(-50%); background: #1b1d22; color: #fff; padding: 6px 12px; border-radius: 6px; }
.sent { position: fixed; pointer-events: none; background: rgba(250,204,21,.35); outline: 2px solid #ca8a04; border-radius: 2px; z-index: 2147483646; }
`;
