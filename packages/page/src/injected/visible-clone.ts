import { bodyOf, flatChildren, isAnchor, isElement, isInput, isTextArea, isText } from './dom';
import { looksLikeInstructions } from './suspicious';
import type { Visibility } from './visibility';

// Copies of what people can see of a page, made by one walker with options: for
// readable extraction, and for get_html.

const SAFE_TAG = /^[a-z][a-z0-9-]*$/;

/** What a copy keeps (one walker, two uses: readable text for extraction, structure for get_html). */
interface CopyOptions {
  /** Tags never copied, nor anything inside them. */
  skip: ReadonlySet<string>;
  attributes: readonly string[];
  /** Form controls with their values (never passwords), forms' actions; no hidden inputs. */
  controls: boolean;
  /** Elements with nothing left in them are kept (the structure matters, not only text). */
  keepEmpty: boolean;
  /** visibility:hidden drops the element with everything inside (a visible child is not trusted). */
  dropHiddenVisibility: boolean;
}

// Readability runs on a copy of what people can see, in an inert document: no hidden text,
// no comments, no form values, no alt or aria-label text, no scripts; nothing it does can
// touch the live page and nothing hidden can leak into what it extracts.
const READABLE: CopyOptions = {
  skip: new Set([
    'script',
    'style',
    'template',
    'noscript',
    'iframe',
    'frame',
    'object',
    'embed',
    'input',
    'select',
    'textarea',
    'option',
    'svg',
    'math',
    'canvas',
    'video',
    'audio',
    'img',
    'picture',
    'source',
    'track',
    'map',
    'head',
    'link',
    'meta',
    'base',
  ]),
  attributes: [
    'id',
    'class',
    'role',
    'datetime',
    'lang',
    'dir',
    'colspan',
    'rowspan',
    'itemprop',
    'itemtype',
    'itemscope',
    'scope',
    'start',
  ],
  controls: false,
  keepEmpty: false,
  dropHiddenVisibility: false,
};

// For get_html: the structure of what people can see, with form controls, as HTML. No
// hidden elements, comments, scripts or hidden inputs; no attributes people never read
// (aria-label, title, alt, class: where prompt injections hide); no password or hidden values.
// The attributes kept are dropped too when their value reads like orders to an AI.
const STRUCTURE: CopyOptions = {
  skip: new Set([
    'script',
    'style',
    'template',
    'noscript',
    'iframe',
    'frame',
    'object',
    'embed',
    'svg',
    'math',
    'canvas',
    'video',
    'audio',
    'img',
    'picture',
    'source',
    'track',
    'map',
    'head',
    'link',
    'meta',
    'base',
  ]),
  attributes: [
    'id',
    'role',
    'type',
    'name',
    'for',
    'placeholder',
    'checked',
    'selected',
    'disabled',
    'required',
    'readonly',
    'multiple',
    'autocomplete',
    'method',
    'novalidate',
    'colspan',
    'rowspan',
    'scope',
    'lang',
    'min',
    'max',
    'step',
    'maxlength',
    'pattern',
    'inputmode',
  ],
  controls: true,
  keepEmpty: true,
  dropHiddenVisibility: true,
};

function copyAttributes(from: Element, to: Element, names: readonly string[]): void {
  for (const name of names) {
    const value = from.getAttribute(name);
    if (value !== null && !looksLikeInstructions(value)) to.setAttribute(name, value);
  }
}

/** Copies what people can see of `src`'s children into `dst` (of document `out`). */
function copyVisible(src: Node, dst: Element, out: Document, vis: Visibility, options: CopyOptions): void {
  for (const child of flatChildren(src)) {
    if (isText(child)) {
      if (child.parentElement && child.data && !vis.textHidden(child)) dst.append(out.createTextNode(child.data));
      continue;
    }
    if (!isElement(child)) continue;
    const tag = child.localName;
    if (options.skip.has(tag) || !SAFE_TAG.test(tag)) continue;
    if (tag === 'input' && (child.getAttribute('type') ?? '').toLowerCase() === 'hidden') continue;
    if (child.getAttribute('aria-hidden') === 'true') continue;
    const style = vis.style(child);
    if (
      vis.display(child) === 'none' ||
      style.contentVisibility === 'hidden' ||
      (options.dropHiddenVisibility && style.visibility === 'hidden')
    )
      continue;
    if (vis.hidesSubtree(child)) continue;
    const copy = out.createElement(tag === 'slot' || tag.includes('-') ? 'div' : tag);
    copyAttributes(child, copy, options.attributes);
    if (isAnchor(child) && child.href) copy.setAttribute('href', child.href);
    if (options.controls) {
      const action = child.getAttribute('action');
      if (tag === 'form' && action !== null) copy.setAttribute('action', action);
      const shown = !vis.valueHidden(child);
      if (shown && isInput(child) && child.type !== 'password' && child.value) copy.setAttribute('value', child.value.slice(0, 200));
      if (shown && isTextArea(child) && child.value) copy.textContent = child.value.slice(0, 200);
    }
    copyVisible(child, copy, out, vis, options);
    if (options.keepEmpty || copy.childNodes.length || tag === 'br' || tag === 'hr') dst.append(copy);
  }
}

/** A copy of what people can see of the page, in an inert document, for readable extraction. */
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
  if (body) copyVisible(body, out.body, out, vis, READABLE);
  return out;
}

/** The visible part of an element as HTML (see STRUCTURE above). */
export function visibleHtml(el: Element, vis: Visibility): string {
  const out = el.ownerDocument.implementation.createHTMLDocument('');
  const root = out.createElement(
    el.localName === 'html' ? 'div' : SAFE_TAG.test(el.localName) && !el.localName.includes('-') ? el.localName : 'div',
  );
  copyAttributes(el, root, STRUCTURE.attributes);
  copyVisible(el.localName === 'html' ? (bodyOf(el.ownerDocument) ?? el) : el, root, out, vis, STRUCTURE);
  return root.outerHTML;
}
