// "Watch a value on this page" (issue 15): a light picker put into the page the panel is
// beside with chrome.scripting (no content script): hovering outlines an element, a click
// picks it, Esc cancels. The picked element's text is the value; the label is the nearest
// heading before it (the product's name on a shop's page) and what kind of value it is
// ("price", "stock"), the words the host's watch locator (apps/host/src/research/watch.ts)
// finds the value again by. The person can edit the label before the watch is added.

export interface PickedValue {
  url: string;
  title: string;
  value: string;
  label: string;
  /** What the value looks like; the host finds prices and stock again, other values not reliably yet. */
  kind: 'price' | 'stock' | 'value';
}

/** Runs in the page: resolves with what the person clicked, or null on Esc. Self-contained. */
function picker(): Promise<{ value: string; label: string; kind: string } | null> {
  const MARK = 'data-wayfinder-picker';
  document.querySelectorAll(`[${MARK}]`).forEach((n) => n.remove());
  const box = document.createElement('div');
  box.setAttribute(MARK, 'box');
  box.style.cssText =
    'position:fixed;z-index:2147483647;pointer-events:none;border:2px solid #2563eb;background:rgba(37,99,235,0.12);border-radius:3px;display:none';
  const bar = document.createElement('div');
  bar.setAttribute(MARK, 'bar');
  bar.setAttribute('role', 'status');
  bar.textContent = 'Wayfinder: click the value to watch (a price, stock…). Esc cancels.';
  bar.style.cssText =
    'position:fixed;z-index:2147483647;top:8px;left:50%;transform:translateX(-50%);background:#1e3a8a;color:#fff;font:14px/1.4 system-ui,sans-serif;padding:6px 12px;border-radius:6px;pointer-events:none';
  document.documentElement.append(box, bar);
  window.focus();
  const money = /[$€£¥]\s?\d|\d\s?(USD|EUR|GBP|€|kr)\b/i;
  const stock = /\b(in stock|out of stock|sold out|available|unavailable|back ?order|pre-?order|only \d+ left)\b/i;
  const labelFor = (el: Element, value: string): { label: string; kind: string } => {
    let heading = '';
    for (const h of Array.from(document.querySelectorAll('h1,h2,h3,h4,[itemprop=name]'))) {
      if (h.contains(el) || el.contains(h)) continue;
      if (h.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) heading = h.textContent.trim();
    }
    if (!heading) heading = document.querySelector('h1')?.textContent.trim() ?? document.title.trim();
    const kind = money.test(value) ? 'price' : stock.test(value) ? 'stock' : 'value';
    return { label: `${heading.replace(/\s+/g, ' ').slice(0, 150)} ${kind}`.trim(), kind };
  };
  return new Promise((resolve) => {
    const target = (e: Event): Element | null => {
      const el = e.target instanceof Element ? e.target : null;
      return el && !el.hasAttribute(MARK) ? el : null;
    };
    const move = (e: MouseEvent) => {
      const el = target(e);
      if (!el) return;
      const r = el.getBoundingClientRect();
      Object.assign(box.style, {
        display: 'block',
        left: `${r.left - 2}px`,
        top: `${r.top - 2}px`,
        width: `${r.width + 4}px`,
        height: `${r.height + 4}px`,
      });
    };
    const done = (result: { value: string; label: string; kind: string } | null) => {
      document.removeEventListener('mousemove', move, true);
      document.removeEventListener('click', click, true);
      document.removeEventListener('keydown', key, true);
      box.remove();
      bar.remove();
      resolve(result);
    };
    const click = (e: MouseEvent) => {
      const el = target(e);
      if (!el) return;
      e.preventDefault();
      e.stopPropagation();
      const value = (el instanceof HTMLElement ? el.innerText : el.textContent).replace(/\s+/g, ' ').trim().slice(0, 200);
      if (!value) {
        bar.textContent = 'That has no text to watch; click the value itself. Esc cancels.';
        return;
      }
      done({ value, ...labelFor(el, value) });
    };
    const key = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      done(null);
    };
    document.addEventListener('mousemove', move, true);
    document.addEventListener('click', click, true);
    document.addEventListener('keydown', key, true);
  });
}

/** Lets the person pick a value in the tab; null when they pressed Esc. */
export async function pickValueIn(tab: chrome.tabs.Tab): Promise<PickedValue | null> {
  const url = tab.url ?? '';
  if (tab.id === undefined || !/^https?:/i.test(url)) throw new Error('Open the web page with the value to watch, then press Watch again.');
  await chrome.tabs.update(tab.id, { active: true });
  let frame;
  try {
    [frame] = await chrome.scripting.executeScript({ target: { tabId: tab.id }, func: picker });
  } catch (error) {
    throw new Error(`Could not point at a value on this page (${error instanceof Error ? error.message : String(error)}).`, {
      cause: error,
    });
  }
  const result: unknown = frame?.result;
  if (typeof result !== 'object' || result === null) return null;
  const value: unknown = Reflect.get(result, 'value');
  const label: unknown = Reflect.get(result, 'label');
  if (typeof value !== 'string' || typeof label !== 'string') return null;
  const found: unknown = Reflect.get(result, 'kind');
  const kind = found === 'price' || found === 'stock' ? found : 'value';
  return { url, title: tab.title ?? '', value, label, kind };
}
