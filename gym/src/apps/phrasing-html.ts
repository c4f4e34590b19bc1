import { escapeHtml } from '../http';

// The frame of every phrasing page: base styles and the reporter script.

/** The script every phrasing page runs: it reports values and events as they happen. */
const REPORTER = `
const PAGE = document.body.dataset.page;
function valuesNow() {
  const v = {};
  for (const el of document.querySelectorAll('[data-k]')) {
    const k = el.dataset.k;
    if (el.type === 'checkbox' || el.type === 'radio') v[k] = el.checked;
    else if ('value' in el && el.tagName !== 'BUTTON' && el.tagName !== 'LI') v[k] = el.value;
    else v[k] = el.dataset.v ?? el.textContent.trim();
  }
  return v;
}
function report(event) {
  const x = new XMLHttpRequest();
  x.open('POST', '/phrasing/api/report', false);
  x.setRequestHeader('content-type', 'application/json');
  const f = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.k || '' : '';
  x.send(JSON.stringify({ page: PAGE, values: valuesNow(), event: event || '', focused: f }));
}
window.report = report;
addEventListener('input', () => report());
addEventListener('change', () => report());
addEventListener('focusin', () => report());
document.addEventListener('click', (e) => { const t = e.target.closest && e.target.closest('[data-ev]'); if (t) report(t.dataset.ev); });
for (const el of document.querySelectorAll('[data-hover]')) el.addEventListener('mouseenter', () => report('hover:' + el.dataset.hover));
for (const el of document.querySelectorAll('[data-scroll]')) el.addEventListener('scroll', () => {
  const bottom = el.scrollTop + el.clientHeight >= el.scrollHeight - 2;
  report('scroll:' + el.dataset.scroll + ':' + (bottom ? 'bottom' : el.scrollTop <= 1 ? 'top' : 'middle'));
});
report('load');
`;

export function phrasingHtml(page: string, title: string, body: string, script = ''): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title><link rel="stylesheet" href="/common/base.css">
<style>
  .panel { background: #fff; border: 1px solid #d8dcd9; border-radius: 10px; padding: 1rem; margin-bottom: 1rem; }
  label { display: inline-block; margin: .25rem 1rem .25rem 0; }
  .row { margin: .4rem 0; }
  [hidden] { display: none !important; }
  .icon { font-size: 1.2rem; line-height: 1; padding: .25rem .5rem; }
</style>
</head>
<body data-page="${escapeHtml(page)}">
<main class="wrap">
${body}
</main>
<script>${REPORTER}${script}</script>
</body>
</html>`;
}
