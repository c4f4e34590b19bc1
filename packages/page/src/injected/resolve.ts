import type { LocatorHits, LocatorQuery, ResolveOptions, ResolveResult } from '../protocol-skills';
import { collapseSpaces, composedContains, composedParent, frameDocument, isElement, isIFrame, isInput, labelsOf, rootOf } from './dom';
import { hasArea } from './geometry';
import { accessibleName } from './name';
import type { RefRegistry } from './refs';
import { roleOf } from './roles';
import { inRow, isCopyOf } from './rows';
import { isDisabled } from './state';
import { Visibility } from './visibility';

// The reverse of locators.ts: a step's recorded locators back to elements on the live
// page. Every locator is matched in the document, its open shadow roots and its
// same-origin frames; only what a person could use counts (shown as the snapshot would
// show it, enabled, not behind a modal dialog). Cross-origin frames are listed for the
// driver, which resolves in each with its own script (shared/locate.ts decides).

/** Refs issued per locator: enough to see which element several locators agree on. */
const MAX_REFS = 10;
const MAX_FRAME_DEPTH = 4;
const TEXT_ROLES = new Set(['button', 'link', 'tab', 'menuitem', 'option']);
const TEST_ID_DEFAULT = 'data-testid';
/** XPathResult.ORDERED_NODE_SNAPSHOT_TYPE (the constant lives on each window). */
const ORDERED_SNAPSHOT = 7;

interface Root {
  node: Document | ShadowRoot;
  doc: Document;
}

/** The page as the resolver searches it: documents (top and same-origin frames) and every open shadow root in them. */
class Scope {
  readonly docs: Document[] = [];
  readonly roots: Root[] = [];
  readonly crossOriginFrames: Element[] = [];
  private readonly elements = new Map<Document | ShadowRoot, Element[]>();
  private readonly roles = new Map<Element, string | null>();
  private readonly modals = new Map<Document, Element | null>();

  constructor(readonly vis: Visibility) {
    this.addDocument(document, 0);
  }

  private addDocument(doc: Document, depth: number): void {
    this.docs.push(doc);
    const pending: (Document | ShadowRoot)[] = [doc];
    while (pending.length) {
      const node = pending.shift();
      if (!node) break;
      this.roots.push({ node, doc });
      for (const el of this.elementsOf(node)) {
        if (el.shadowRoot) pending.push(el.shadowRoot);
        if (!isIFrame(el) || !this.shows(el)) continue;
        const inner = frameDocument(el);
        if (!inner) this.crossOriginFrames.push(el);
        else if (rootOf(inner) && depth < MAX_FRAME_DEPTH) this.addDocument(inner, depth + 1);
      }
    }
  }

  elementsOf(node: Document | ShadowRoot): Element[] {
    let list = this.elements.get(node);
    if (!list) {
      list = Array.from(node.querySelectorAll('*'));
      this.elements.set(node, list);
    }
    return list;
  }

  roleOf(el: Element): string | null {
    if (!this.roles.has(el)) this.roles.set(el, roleOf(el));
    return this.roles.get(el) ?? null;
  }

  /** Drawn where a person can see it, as the snapshot judges a control. */
  shows(el: Element): boolean {
    const vis = this.vis;
    if (!vis.hidesSubtree(el) && vis.style(el).visibility === 'visible' && this.hasBox(el) && el.checkVisibility()) return true;
    // Custom-styled checkboxes, radios and file inputs hide the native input and show a label.
    if (isInput(el) && (el.type === 'checkbox' || el.type === 'radio' || el.type === 'file') && vis.display(el) !== 'none') {
      return labelsOf(el).some((l) => !vis.hidesSubtree(l) && vis.style(l).visibility === 'visible' && hasArea(vis.rect(l)));
    }
    return false;
  }

  private hasBox(el: Element): boolean {
    if (hasArea(this.vis.rect(el))) return true;
    // Inline boxes around blocks, and display:contents, have no box of their own.
    const display = this.vis.display(el);
    if (display !== 'contents' && !display.startsWith('inline')) return false;
    return Array.from(el.getClientRects()).some(hasArea) || Array.from(el.children).some((c) => hasArea(this.vis.rect(c)));
  }

  /** A person could act on it: shown, enabled, not hidden from assistive tech, not outside an open modal dialog. */
  usable(el: Element): boolean {
    if (isDisabled(el)) return false;
    for (let node: Element | null = el; node; node = composedParent(node)) {
      if (node.getAttribute('aria-hidden') === 'true' || node.hasAttribute('inert')) return false;
    }
    const modal = this.modalOf(el.ownerDocument);
    if (modal && !composedContains(modal, el)) return false;
    return this.shows(el);
  }

  private modalOf(doc: Document): Element | null {
    if (!this.modals.has(doc)) {
      let modal: Element | null;
      try {
        modal = doc.querySelector('dialog:modal');
      } catch {
        // A browser without :modal has no modal dialogs to honour.
        modal = null;
      }
      this.modals.set(doc, modal);
    }
    return this.modals.get(doc) ?? null;
  }
}

function select(node: Document | ShadowRoot | Element, selector: string): Element[] {
  try {
    return Array.from(node.querySelectorAll(selector));
  } catch {
    return [];
  }
}

function byAttribute(scope: Scope, attr: string, value: string): Element[] {
  return scope.roots.flatMap((root) => select(root.node, `[${attr}]`).filter((el) => el.getAttribute(attr) === value));
}

function byName(scope: Scope, value: string, role: string | null): Element[] {
  const wanted = collapseSpaces(value);
  const found: Element[] = [];
  for (const root of scope.roots) {
    for (const el of scope.elementsOf(root.node)) {
      const own = scope.roleOf(el);
      if (!own || (role !== null && own !== role)) continue;
      if (accessibleName(el, own, scope.vis).name === wanted) found.push(el);
    }
  }
  return found;
}

function byLabel(scope: Scope, value: string): Element[] {
  const wanted = collapseSpaces(value);
  return scope.roots.flatMap((root) =>
    select(root.node, 'input, select, textarea, button').filter(
      (el) =>
        collapseSpaces(
          labelsOf(el)
            .map((l) => l.textContent)
            .join(' '),
        ) === wanted,
    ),
  );
}

/** A clickable's own text: buttons, links, tabs, menu items, options; else the innermost element with exactly that text. */
function byText(scope: Scope, value: string): Element[] {
  const wanted = collapseSpaces(value);
  const withRole: Element[] = [];
  const plain: Element[] = [];
  for (const root of scope.roots) {
    for (const el of scope.elementsOf(root.node)) {
      const text = el.textContent;
      if (text.length < wanted.length || collapseSpaces(text) !== wanted) continue;
      const role = scope.roleOf(el);
      if (role && TEXT_ROLES.has(role)) withRole.push(el);
      else if (!role) plain.push(el);
    }
  }
  if (withRole.length) return withRole;
  return plain.filter((el) => !plain.some((other) => other !== el && el.contains(other)));
}

function byCss(scope: Scope, value: string): Element[] {
  const steps = value.split(' >>> ');
  if (steps.length === 1) return scope.roots.flatMap((root) => select(root.node, value));
  // A chain from cssPath: each step but the last names a shadow host, starting at a document.
  let within: (Document | ShadowRoot)[] = scope.docs;
  for (const [i, step] of steps.entries()) {
    const found = within.flatMap((node) => select(node, step));
    if (i === steps.length - 1) return found;
    within = found.flatMap((el) => (el.shadowRoot ? [el.shadowRoot] : []));
  }
  return [];
}

function byXpath(scope: Scope, value: string): Element[] {
  const found: Element[] = [];
  for (const doc of scope.docs) {
    try {
      const result = doc.evaluate(value, doc, null, ORDERED_SNAPSHOT, null);
      for (let i = 0; i < result.snapshotLength; i++) {
        const node = result.snapshotItem(i);
        if (isElement(node)) found.push(node);
      }
    } catch {
      // Not a valid expression in this document: it matches nothing.
    }
  }
  return found;
}

/** The usable copies of a repeated control (rows.ts), in page order. */
function copiesOf(scope: Scope, role: string, name: string): Element[] {
  const found: Element[] = [];
  for (const root of scope.roots) {
    for (const el of scope.elementsOf(root.node)) {
      if (isCopyOf(el, role, name, scope.vis, (e) => scope.roleOf(e)) && scope.usable(el)) found.push(el);
    }
  }
  return found;
}

/** The copies of a repeated control a person could use now (what the recorder counts its `nth` among). */
export function copiesInPage(role: string, name: string): Element[] {
  return copiesOf(new Scope(new Visibility()), role, name);
}

function matchesOf(scope: Scope, locator: LocatorQuery): Element[] {
  switch (locator.kind) {
    case 'row': {
      const hit = inRow(copiesOf(scope, locator.value, locator.name ?? ''), locator.within ?? '');
      return hit ? [hit] : [];
    }
    case 'nth': {
      const hit = copiesOf(scope, locator.value, locator.name ?? '')[locator.nth ?? 0];
      return hit ? [hit] : [];
    }
    case 'role':
      return byName(scope, locator.name ?? '', locator.value);
    case 'aria':
      return byName(scope, locator.value, null);
    case 'label':
      return byLabel(scope, locator.value);
    case 'aria-label':
      return byAttribute(scope, 'aria-label', locator.value);
    case 'placeholder':
      return byAttribute(scope, 'placeholder', locator.value);
    case 'text':
      return byText(scope, locator.value);
    case 'testid': {
      const at = locator.value.indexOf('=');
      return at > 0
        ? byAttribute(scope, locator.value.slice(0, at), locator.value.slice(at + 1))
        : byAttribute(scope, TEST_ID_DEFAULT, locator.value);
    }
    case 'id':
      return byAttribute(scope, 'id', locator.value);
    case 'css':
      return byCss(scope, locator.value);
    case 'xpath':
      return byXpath(scope, locator.value);
  }
}

export function resolveLocators(registry: RefRegistry, locators: LocatorQuery[], options: ResolveOptions = {}): ResolveResult {
  const top = registry.forDocument(document, true);
  top.startAt(options.refBase);
  const scope = new Scope(new Visibility());
  const hits = locators.map((locator): LocatorHits => {
    const h: LocatorHits = { matches: 0, hidden: 0, refs: [] };
    for (const el of new Set(matchesOf(scope, locator))) {
      if (!scope.usable(el)) {
        h.hidden++;
        continue;
      }
      h.matches++;
      if (h.refs.length < MAX_REFS) h.refs.push(registry.forDocument(el.ownerDocument, el.ownerDocument === document).refFor(el));
    }
    return h;
  });
  const frames = scope.crossOriginFrames.map((el) => registry.frameRef(el));
  return { hits, frames, docId: registry.docId, refHigh: top.high };
}
