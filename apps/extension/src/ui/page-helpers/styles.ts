// The look of what the content script draws itself, inside its closed shadow root (the page's
// styles cannot reach in, nor ours out): the toolbar, the `/write` hint, the capture veil, the
// "sent" highlight and the frame's box. The helper frame has its own (ui/helper-frame/frame.css).
// Light and dark follow the person's system setting.

export const STYLES = `
:host { all: initial !important; }
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
button:focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }
button.primary { background: var(--accent); color: var(--accent-fg); }
.hint { color: var(--muted); padding: 2px 6px; font-size: 12px; }
.frame { position: fixed; z-index: 2147483647; border: 0; background: transparent; color-scheme: normal; visibility: hidden; pointer-events: none; }
.frame.shown { visibility: visible; pointer-events: auto; }
.veil { position: fixed; inset: 0; cursor: crosshair; background: rgba(0,0,0,.25); z-index: 2147483647; }
.rect { position: fixed; border: 2px solid #1d4ed8; background: rgba(29,78,216,.12); pointer-events: none; }
.capture-hint { position: fixed; top: 12px; left: 50%; transform: translateX(-50%); background: #1b1d22; color: #fff; padding: 6px 12px; border-radius: 6px; }
.sent { position: fixed; pointer-events: none; background: rgba(250,204,21,.35); outline: 2px solid #ca8a04; border-radius: 2px; z-index: 2147483646; }
`;
