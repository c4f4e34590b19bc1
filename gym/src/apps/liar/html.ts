// Building blocks of the lying pages. Every other site a page names is this same server
// under another *.localhost name (Chromium sends them all to this machine), on the port
// the request came in on, so one server sees everything a page makes the browser do.

export interface At {
  /** The port this request came in on. */
  port: number;
  /** The origin this request was made to (as the browser wrote it). */
  here: string;
  /** `http://<name>.localhost:<port>`: another site served by this same server. */
  site(name: string): string;
}

export function atFor(hostHeader: string | undefined): At {
  const host = hostHeader ?? '127.0.0.1';
  const port = Number(/:(\d+)$/.exec(host)?.[1] ?? 80);
  return { port, here: `http://${host}`, site: (name) => `http://${name}.localhost:${port}` };
}

/** A whole page: its own small style (no shared files, so every request a page makes is one of ours). */
export function page(title: string, body: string, head = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0; padding: 1rem 1.5rem; background: #fbfbf9; color: #1b1f1d; line-height: 1.45; max-width: 900px; }
button { font: inherit; border: 1px solid #9aa69f; background: #fff; padding: .35rem .8rem; border-radius: 6px; cursor: pointer; }
input, select { font: inherit; padding: .3rem .5rem; border: 1px solid #9aa69f; border-radius: 6px; }
label { display: inline-block; min-width: 8rem; }
.row { margin: .6rem 0; }
</style>
${head}</head>
<body>
${body}
</body></html>`;
}

/** A script that tells the server something happened on the page (a trick fired). */
export function reportScript(pageName: string): string {
  return `function report(what) {
  fetch('/liar/report', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ page: ${JSON.stringify(pageName)}, what }) });
}`;
}

/** A JavaScript string literal holding text (for text the page sets by script: control characters, homoglyphs). */
export function js(text: string): string {
  return JSON.stringify(text).replace(/</g, '\\u003c');
}
