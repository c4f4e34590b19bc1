// A small, tolerant HTML reader for pages research reads as markup (search results): a tree
// of elements and text, no scripts or styles, entities decoded. Not a browser's parser —
// enough for result lists, where what matters is which text sits in which block.

import { decodeHTML, decodeHTMLAttribute } from 'entities/decode';

export interface HtmlElement {
  tag: string;
  attrs: Record<string, string>;
  children: HtmlNode[];
  parent: HtmlElement | null;
}
export type HtmlNode = HtmlElement | string;

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const RAW = new Set(['script', 'style', 'noscript', 'template', 'textarea', 'title', 'svg']);
/** Every named and numeric character reference HTML defines (the `entities` package's tables, as browsers decode them). */
export function decodeEntities(text: string): string {
  return decodeHTML(text);
}

function parseAttrs(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  const pattern = /([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const m of source.matchAll(pattern)) {
    const name = m[1]?.toLowerCase();
    if (name && !(name in attrs)) attrs[name] = decodeHTMLAttribute(m[2] ?? m[3] ?? m[4] ?? '');
  }
  return attrs;
}

export function parseHtml(html: string): HtmlElement {
  const root: HtmlElement = { tag: '#root', attrs: {}, children: [], parent: null };
  let current = root;
  const tagPattern =
    /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<![^>]*>|<\/([a-zA-Z][\w:-]*)\s*>|<([a-zA-Z][\w:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
  let at = 0;
  const text = (value: string) => {
    if (value) current.children.push(decodeEntities(value));
  };
  for (let m = tagPattern.exec(html); m; m = tagPattern.exec(html)) {
    text(html.slice(at, m.index));
    at = m.index + m[0].length;
    const [, closing, opening, rest = ''] = m;
    if (closing) {
      const tag = closing.toLowerCase();
      for (let node: HtmlElement | null = current; node && node !== root; node = node.parent)
        if (node.tag === tag) {
          current = node.parent ?? root;
          break;
        }
      continue;
    }
    if (!opening) continue;
    const tag = opening.toLowerCase();
    const element: HtmlElement = { tag, attrs: parseAttrs(rest), children: [], parent: current };
    current.children.push(element);
    if (RAW.has(tag)) {
      // Skip to the matching end tag: what is inside is not page text.
      const end = html.toLowerCase().indexOf(`</${tag}`, at);
      const close = end < 0 ? html.length : html.indexOf('>', end) + 1 || html.length;
      at = close;
      tagPattern.lastIndex = close;
      continue;
    }
    if (!VOID.has(tag) && !rest.trimEnd().endsWith('/')) current = element;
  }
  text(html.slice(at));
  return root;
}

export function* walk(node: HtmlElement): Generator<HtmlElement> {
  for (const child of node.children)
    if (typeof child !== 'string') {
      yield child;
      yield* walk(child);
    }
}

/** The text of an element's subtree, whitespace collapsed; `skip` leaves out a subtree. */
export function textOf(node: HtmlNode, skip?: HtmlElement): string {
  const parts: string[] = [];
  const visit = (n: HtmlNode) => {
    if (typeof n === 'string') parts.push(n);
    else if (n !== skip) {
      for (const c of n.children) visit(c);
      parts.push(' ');
    }
  };
  visit(node);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** Text pieces of a subtree, one per text run (for telling a channel from a duration). */
export function textPieces(node: HtmlElement, skip?: HtmlElement): string[] {
  const pieces: string[] = [];
  const visit = (n: HtmlNode) => {
    if (typeof n === 'string') {
      const t = n.replace(/\s+/g, ' ').trim();
      if (t) pieces.push(t);
    } else if (n !== skip) for (const c of n.children) visit(c);
  };
  visit(node);
  return pieces;
}

export function closest(node: HtmlElement, test: (e: HtmlElement) => boolean): HtmlElement | null {
  for (let n: HtmlElement | null = node; n; n = n.parent) if (test(n)) return n;
  return null;
}

export function contains(outer: HtmlElement, inner: HtmlElement): boolean {
  for (let n: HtmlElement | null = inner; n; n = n.parent) if (n === outer) return true;
  return false;
}

/** A page's text runs in document order (no scripts or styles): what a watch searches for its value. */
export function parseHtmlText(html: string): string[] {
  return textPieces(parseHtml(html));
}
