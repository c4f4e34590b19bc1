import { bodyOf, flatChildren, isAnchor, isElement, isInput, isTextArea, isText } from './dom';
import { needsBoxCheck, type Visibility } from './visibility';

// A copy of what people can see of the page, in an inert document: no hidden text, no
// comments, no form values, no alt or aria-label text, no scripts. Readability runs on
// this copy, so nothing it does can touch the live page and nothing hidden can leak
// into what it extracts.

const SKIP = new Set([
  'script', 'style', 'template', 'noscript', 'iframe', 'frame', 'object', 'embed', 'input', 'select', 'textarea', 'option',
  'svg', 'math', 'canvas', 'video', 'audio', 'img', 'picture', 'source', 'track', 'map', 'head', 'link', 'meta', 'base',
]);
const KEEP_ATTRIBUTES = ['id', 'class', 'role', 'datetime', 'lang', 'dir', 'colspan', 'rowspan', 'itemprop', 'itemtype', 'itemscope', 'scope', 'start'];
const SAFE_TAG = /^[a-z][a-z0-9-]*$/;

export function visibleClone(doc: Document, vis: Visibility): Document {
  const out = doc.implementation.createHTMLDocument(doc.title);
  for (const meta of Array.from(doc.head.querySelectorAll('meta[content], link[rel="canonical"]'))) {
    const copy = out.createElement(meta.localName);
    for (const attr of ['name', 'property', 'content', 'itemprop', 'rel', 'href', 'http-equiv', 'charset']) {
      const value = meta.getAttribute(attr);
      if (value !== null) copy.setAttribute(attr, value);
    }
    out.head.append(copy);
  }
  const lang = doc.documentElement.getAttribute('lang');
  if (lang) out.documentElement.setAttribute('lang', lang);
  const body = bodyOf(doc);
  if (body) copyChildren(body, out.body, out, vis, new Map());
  return out;
}

function copyChildren(src: Node, dst: Element, out: Document, vis: Visibility, textOk: Map<Element, boolean>): void {
  for (const child of flatChildren(src)) {
    if (isText(child)) {
      const parent = child.parentElement;
      if (!parent || !child.data) continue;
      let ok = textOk.get(parent);
      if (ok === undefined) {
        ok = vis.textHiddenReason(parent) === null;
        textOk.set(parent, ok);
      }
      if (ok) dst.append(out.createTextNode(child.data));
      continue;
    }
    if (!isElement(child)) continue;
    const tag = child.localName;
    if (SKIP.has(tag) || !SAFE_TAG.test(tag)) continue;
    if (child.getAttribute('aria-hidden') === 'true') continue;
    const style = vis.style(child);
    if (style.display === 'none' || style.contentVisibility === 'hidden') continue;
    if (needsBoxCheck(style) && vis.hidesSubtree(child, vis.rect(child))) continue;
    const copy = out.createElement(tag === 'slot' || tag.includes('-') ? 'div' : tag);
    for (const attr of KEEP_ATTRIBUTES) {
      const value = child.getAttribute(attr);
      if (value !== null) copy.setAttribute(attr, value);
    }
    if (isAnchor(child) && child.href) copy.setAttribute('href', child.href);
    copyChildren(child, copy, out, vis, textOk);
    if (copy.childNodes.length || tag === 'br' || tag === 'hr') dst.append(copy);
  }
}

// For get_html: the structure of what people can see, with form controls, as HTML. No
// hidden elements, comments, scripts or hidden inputs; no attributes people never read
// (aria-label, title, alt: where prompt injections hide); no password or hidden values.
const HTML_SKIP = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'frame', 'object', 'embed', 'svg', 'math', 'canvas', 'video', 'audio', 'picture', 'source', 'track', 'map', 'head', 'link', 'meta', 'base']);
const HTML_ATTRIBUTES = [
  'id', 'class', 'role', 'type', 'name', 'for', 'placeholder', 'checked', 'selected', 'disabled', 'required', 'readonly', 'multiple',
  'autocomplete', 'method', 'novalidate', 'colspan', 'rowspan', 'scope', 'lang', 'min', 'max', 'step', 'maxlength', 'pattern', 'inputmode',
];

function copyVisible(src: Node, dst: Element, out: Document, vis: Visibility, textOk: Map<Element, boolean>): void {
  for (const child of flatChildren(src)) {
    if (isText(child)) {
      const parent = child.parentElement;
      if (!parent || !child.data) continue;
      let ok = textOk.get(parent);
      if (ok === undefined) {
        ok = vis.textHiddenReason(parent) === null;
        textOk.set(parent, ok);
      }
      if (ok) dst.append(out.createTextNode(child.data));
      continue;
    }
    if (!isElement(child)) continue;
    const tag = child.localName;
    if (HTML_SKIP.has(tag) || !SAFE_TAG.test(tag)) continue;
    if (tag === 'input' && (child.getAttribute('type') ?? '').toLowerCase() === 'hidden') continue;
    if (child.getAttribute('aria-hidden') === 'true') continue;
    const style = vis.style(child);
    if (style.display === 'none' || style.visibility === 'hidden' || style.contentVisibility === 'hidden') continue;
    if (needsBoxCheck(style) && vis.hidesSubtree(child, vis.rect(child))) continue;
    const copy = out.createElement(tag.includes('-') ? 'div' : tag);
    for (const attr of HTML_ATTRIBUTES) {
      const value = child.getAttribute(attr);
      if (value !== null) copy.setAttribute(attr, value);
    }
    if (isAnchor(child) && child.href) copy.setAttribute('href', child.href);
    const form = child.getAttribute('action');
    if (tag === 'form' && form !== null) copy.setAttribute('action', form);
    if (isInput(child) && child.type !== 'password' && child.value) copy.setAttribute('value', child.value.slice(0, 200));
    if (isTextArea(child) && child.value) copy.textContent = child.value.slice(0, 200);
    if (tag === 'img') continue;
    copyVisible(child, copy, out, vis, textOk);
    dst.append(copy);
  }
}

/** The visible part of an element as HTML (see above). */
export function visibleHtml(el: Element, vis: Visibility): string {
  const out = el.ownerDocument.implementation.createHTMLDocument('');
  const root = out.createElement(el.localName === 'html' ? 'div' : SAFE_TAG.test(el.localName) && !el.localName.includes('-') ? el.localName : 'div');
  for (const attr of HTML_ATTRIBUTES) {
    const value = el.getAttribute(attr);
    if (value !== null) root.setAttribute(attr, value);
  }
  copyVisible(el.localName === 'html' ? (bodyOf(el.ownerDocument) ?? el) : el, root, out, vis, new Map());
  return root.outerHTML;
}
