// What a page-code snippet (execute_page_code) runs inside: the helpers it is given and the
// wrapper that returns its result. It runs in a world of its own ("wayfinder-code"), not
// the page script's: the page cannot reach the helpers, and the snippet cannot reach the
// page script whose answers the safety policy trusts.
//
// It is plain JavaScript in a string, not a function's source: a bundler's renaming and
// injected helpers (esbuild's __name) would break code shipped with Function#toString, and
// it must not join the page script's bundle (that world is the policy's).
//
// With the debugger's input (the default), click and setValue go out through a binding to
// the driver and come back as trusted input, as a person's would: the mouse pressed at the
// element's centre (refused when something else covers that point) and the text inserted
// into the focused field. Pages that accept only real input (isTrusted) then work too.
// Without it (DOM-event mode), they are script events, as that mode's actions are:
// setValue writes through the element's own value setter (from this world, which the
// value trackers frameworks install in the page's world do not see) and fires input and
// change, which React, Vue and plain listeners read as typing.

/** The most characters of JSON a snippet's return value may come back as. */
export const MAX_RESULT_CHARS = 10_000;

export const SOURCE_URL = 'wayfinder-page-code.js';

const HELPERS = String.raw`
(run, runId, binding, limitMs, maxChars) => {
  const { setTimeout: later, clearTimeout: cancelLater, setInterval: every, clearInterval: cancelEvery, Date: Clock } = globalThis;
  const deadline = Clock.now() + limitMs;
  const stopped = () => new Error('The time limit ran out; the code was stopped.');
  const alive = () => { if (run.cancelled) throw stopped(); };
  const sleep = (ms) => new Promise((resolve, reject) => {
    alive();
    later(() => (run.cancelled ? reject(stopped()) : resolve()), Math.max(0, Math.min(ms, deadline - Clock.now() + 50)));
  });
  const norm = (text) => String(text ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
  function* roots(root) {
    yield root;
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot) yield* roots(el.shadowRoot);
  }
  const visible = (el) => {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
  };
  const bySelector = (selector) => {
    let first = null;
    try {
      for (const root of roots(document))
        for (const el of root.querySelectorAll(selector)) {
          if (visible(el)) return el;
          first = first ?? el;
        }
    } catch {
      return null; // Not a CSS selector: the caller tries it as text.
    }
    return first;
  };
  const CONTROLS = 'button, a[href], [role=button], [role=link], [role=tab], [role=menuitem], [role=option], [role=checkbox], [role=radio], [role=switch], input[type=button], input[type=submit], input[type=reset], input[type=checkbox], input[type=radio], summary, label';
  const label = (el) => String(el.innerText || el.textContent || el.value || el.getAttribute('aria-label') || el.title || '').replace(/\s+/g, ' ').trim();
  const nameOf = (el) => norm(label(el));
  const byText = (text) => {
    const want = norm(text);
    if (!want) return null;
    let partial = null;
    for (const root of roots(document))
      for (const el of root.querySelectorAll(CONTROLS)) {
        if (!visible(el)) continue;
        const name = nameOf(el);
        if (name === want || norm(el.getAttribute('aria-label')) === want) return el;
        if (!partial && name.includes(want)) partial = el;
      }
    return partial;
  };
  const FIELDS = 'input, textarea, select, [contenteditable=""], [contenteditable=true], [role=textbox], [role=combobox]';
  const byLabel = (text) => {
    const want = norm(text);
    if (!want) return null;
    for (const root of roots(document))
      for (const el of root.querySelectorAll(FIELDS)) {
        const names = [...(el.labels ?? [])].map((l) => l.innerText || l.textContent);
        names.push(el.getAttribute('aria-label'), el.getAttribute('placeholder'), el.getAttribute('name'));
        if (names.some((n) => norm(n) === want)) return el;
      }
    return null;
  };
  const describe = (el) => {
    const tag = el.tagName.toLowerCase();
    const name = label(el).slice(0, 60);
    return '<' + tag + (el.id ? '#' + el.id : '') + '>' + (name ? ' "' + name + '"' : '');
  };
  const element = (what, target, find) => {
    alive();
    if (target instanceof Element) return target;
    const el = find(String(target));
    if (!el) throw new Error(what + ': nothing on the page matches ' + JSON.stringify(target) + ' (tried as a CSS selector, then as text).');
    return el;
  };
  const frame = () => new Promise((resolve) => { requestAnimationFrame(() => resolve()); later(resolve, 50); });
  // Trusted input: the driver does it and answers through run.answer (null when it went well, else why not).
  const trusted = binding && typeof globalThis[binding] === 'function' ? globalThis[binding] : null;
  run.seq = 0;
  run.waiting = {};
  run.answer = (seq, problem) => {
    const waiter = run.waiting[seq];
    delete run.waiting[seq];
    if (waiter) problem ? waiter.reject(new Error(problem)) : waiter.resolve();
  };
  const ask = (op) => new Promise((resolve, reject) => {
    alive();
    const seq = ++run.seq;
    run.waiting[seq] = { resolve, reject };
    trusted(JSON.stringify({ run: runId, seq, ...op }));
  });
  const hitAt = (x, y) => {
    let hit = document.elementFromPoint(x, y);
    while (hit && hit.shadowRoot) {
      const inner = hit.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    return hit;
  };
  const reaches = (el, hit) => {
    for (let node = hit; node; node = node.parentNode ?? (node instanceof ShadowRoot ? node.host : null)) if (node === el) return true;
    return false;
  };
  const TYPED = ['text', 'search', 'url', 'tel', 'password', 'email', 'number'];

  async function click(target) {
    const el = element('click', target, (t) => bySelector(t) ?? byText(t));
    if (el.disabled || el.getAttribute('aria-disabled') === 'true') throw new Error('click: ' + describe(el) + ' is disabled.');
    el.scrollIntoView({ block: 'center', inline: 'center' });
    const box = el.getBoundingClientRect();
    if (trusted) {
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const hit = hitAt(x, y);
      if (!hit || !reaches(el, hit)) throw new Error('click: ' + describe(el) + ' is covered by ' + (hit ? describe(hit) : 'nothing clickable') + ' at its centre; nothing was pressed.');
      await ask({ op: 'click', x, y, hidden: document.visibilityState === 'hidden' });
      await frame();
      return describe(el);
    }
    const at = { bubbles: true, cancelable: true, composed: true, view: window, button: 0, clientX: box.left + box.width / 2, clientY: box.top + box.height / 2 };
    el.dispatchEvent(new PointerEvent('pointerdown', { ...at, pointerType: 'mouse', isPrimary: true }));
    el.dispatchEvent(new MouseEvent('mousedown', at));
    if (typeof el.focus === 'function') el.focus({ preventScroll: true });
    el.dispatchEvent(new PointerEvent('pointerup', { ...at, pointerType: 'mouse', isPrimary: true }));
    el.dispatchEvent(new MouseEvent('mouseup', at));
    el.click();
    await frame();
    return describe(el);
  }

  async function setValue(target, value) {
    const el = element('setValue', target, (t) => bySelector(t) ?? byLabel(t));
    if (el.disabled || el.readOnly) throw new Error('setValue: ' + describe(el) + ' cannot be changed (disabled or read-only).');
    el.scrollIntoView({ block: 'center', inline: 'center' });
    if (typeof el.focus === 'function') el.focus({ preventScroll: true });
    const text = String(value ?? '');
    if (el instanceof HTMLSelectElement) {
      const option = [...el.options].find((o) => o.value === text) ?? [...el.options].find((o) => norm(o.label) === norm(text));
      if (!option) throw new Error('setValue: ' + describe(el) + ' has no option ' + JSON.stringify(text) + '.');
      el.value = option.value;
    } else if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
      const want = value === true || ['true', 'on', 'yes', '1'].includes(norm(text));
      if (trusted) {
        // As a person would: click it when it is not as wanted (a radio button is unchecked by choosing another).
        if (el.checked !== want && (want || el.type === 'checkbox')) await click(el);
        return describe(el);
      }
      el.checked = want;
    } else if (el instanceof HTMLInputElement && el.type === 'file') {
      throw new Error('setValue: ' + describe(el) + ' takes files; use the upload tool instead.');
    } else if (trusted && ((el instanceof HTMLInputElement && TYPED.includes(el.type)) || el instanceof HTMLTextAreaElement || el.isContentEditable)) {
      // Select what is there, then the driver inserts the text as typing does (trusted beforeinput and input events).
      if (el.isContentEditable) getSelection()?.selectAllChildren(el);
      else el.select();
      await ask({ op: 'insert', text });
      el.dispatchEvent(new Event('change', { bubbles: true }));
      await frame();
      return describe(el);
    } else if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
      el.value = text;
    } else if (el.isContentEditable) {
      el.textContent = text;
    } else {
      throw new Error('setValue: ' + describe(el) + ' does not take a value.');
    }
    el.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertReplacementText', data: text }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
    await frame();
    return describe(el);
  }

  async function waitForElement(target, timeoutMs = 5000) {
    const until = Math.min(Clock.now() + Number(timeoutMs), deadline);
    for (;;) {
      alive();
      const el = bySelector(String(target)) ?? byText(String(target));
      if (el && visible(el)) return el;
      if (Clock.now() >= until) throw new Error('waitForElement: nothing matched ' + JSON.stringify(target) + ' within ' + timeoutMs + ' ms.');
      await sleep(50);
    }
  }

  const delay = (ms) => sleep(Number(ms) || 0);
  // The snippet's own timers stop with it when the time runs out.
  const setTimeout = (fn, ms, ...args) => later(() => { if (!run.cancelled) fn(...args); }, ms);
  const setInterval = (fn, ms, ...args) => {
    const id = every(() => (run.cancelled ? cancelEvery(id) : fn(...args)), ms);
    return id;
  };

  const json = (value) => {
    if (value === undefined) return null;
    const seen = new WeakSet();
    const text = JSON.stringify(value, (_key, v) => {
      if (v instanceof Element) return describe(v);
      if (typeof v === 'bigint') return String(v);
      if (typeof v === 'object' && v !== null) {
        if (seen.has(v)) return '[circular]';
        seen.add(v);
      }
      return v;
    });
    if (text === undefined) return null;
    return text.length > maxChars ? text.slice(0, maxChars) + '… (cut at ' + maxChars + ' of ' + text.length + ' characters)' : text;
  };
  const finish = (body) =>
    body.then(
      (value) => ({ ok: true, json: json(value) }),
      (error) => ({
        ok: false,
        error: error instanceof Error ? error.name + ': ' + error.message : 'Thrown: ' + String(json(error)),
        stack: error instanceof Error ? String(error.stack ?? '') : '',
      }),
    ).finally(() => { run.cancelled = true; });
  return { helpers: [click, setValue, waitForElement, delay, setTimeout, setInterval, cancelLater, cancelEvery], finish };
}`;

/**
 * The text evaluated in the code world: the helpers, the snippet as an async function's
 * body, and a result object `{ ok, json }` or `{ ok: false, error, stack }`. `runId`
 * names the run so a timeout can stop it; `firstLine` is the 0-based line the snippet
 * starts on (to report the snippet's own line numbers).
 */
export function pageCodeExpression(
  code: string,
  runId: string,
  binding: string | null,
  limitMs: number,
): { expression: string; firstLine: number } {
  const prelude =
    `(() => { const runs = (globalThis.__wayfinderRuns ??= {}); const run = (runs[${JSON.stringify(runId)}] = { cancelled: false });\n` +
    `const made = (${HELPERS})(run, ${JSON.stringify(runId)}, ${JSON.stringify(binding)}, ${limitMs}, ${MAX_RESULT_CHARS});\n` +
    `return made.finish((async (click, setValue, waitForElement, delay, setTimeout, setInterval, clearTimeout, clearInterval) => {\n`;
  return {
    expression: `${prelude}${code}\n})(...made.helpers)); })()\n//# sourceURL=${SOURCE_URL}`,
    firstLine: prelude.split('\n').length - 1,
  };
}

/** The text that gives a run the driver's answer to its trusted-input request `seq` (null: done; else why not). */
export function answerExpression(runId: string, seq: number, problem: string | null): string {
  return `globalThis.__wayfinderRuns?.[${JSON.stringify(runId)}]?.answer(${seq}, ${JSON.stringify(problem)})`;
}

/** The text that stops a run that ran out of time: its helpers throw and its timers do nothing from now on. */
export function stopExpression(runId: string): string {
  return `(() => { const run = globalThis.__wayfinderRuns?.[${JSON.stringify(runId)}]; if (run) run.cancelled = true; })()`;
}
