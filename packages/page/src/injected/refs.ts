import type { PageError } from '../protocol';
import { builtins } from './builtins';

// Refs live only in these maps, never in the page's DOM. An element keeps its ref for
// as long as its document lives; a same-origin frame that navigates gets a new prefix,
// so a ref from its old document can never land on an element of the new one.

const REF_PATTERN = /^((?:f\d+)*)e(\d+)$/;

export class DocumentRefs {
  private counter = 0;
  private readonly byElement = new WeakMap<Element, string>();
  private readonly byRef = new Map<string, WeakRef<Element>>();
  /** Signature lines of the previous snapshot, for diffs: key -> line. */
  previous: Map<string, string> | null = null;

  constructor(
    readonly doc: Document,
    readonly prefix: string,
  ) {}

  /** Starts numbering at `base` + 1, if no ref has been issued yet. */
  startAt(base: number | undefined): void {
    if (this.counter === 0 && base && base > 0) this.counter = Math.floor(base);
  }

  /** The highest ref number issued so far. */
  get high(): number {
    return this.counter;
  }

  refFor(el: Element): string {
    let ref = this.byElement.get(el);
    if (!ref) {
      ref = `${this.prefix}e${++this.counter}`;
      this.byElement.set(el, ref);
      this.byRef.set(ref, new builtins.WeakRef(el));
    }
    return ref;
  }

  has(el: Element): boolean {
    return this.byElement.has(el);
  }

  lookup(ref: string): Element | PageError {
    const weak = this.byRef.get(ref);
    if (!weak) {
      return { error: 'unknown-ref', message: `Ref ${ref} is not in the current snapshot; take a new snapshot and use a ref from it.` };
    }
    const el = weak.deref();
    if (!el?.isConnected) {
      this.byRef.delete(ref);
      return {
        error: 'stale-ref',
        message: `Ref ${ref} points to an element that is no longer on the page; take a new snapshot and use a ref from it.`,
      };
    }
    return el;
  }

  /** Forget elements that left the document, so the map does not grow without bound. */
  prune(): void {
    for (const [ref, weak] of this.byRef) {
      if (!weak.deref()?.isConnected) this.byRef.delete(ref);
    }
  }
}

export class RefRegistry {
  private readonly docs = new WeakMap<Document, DocumentRefs>();
  private readonly byPrefix = new Map<string, WeakRef<DocumentRefs>>();
  private readonly crossOriginFrames = new WeakMap<Element, string>();
  private readonly crossOriginPrefixes = new Set<string>();
  private readonly frameOwners = new Map<string, WeakRef<Element>>();
  private frameCounter = 0;
  readonly docId: string;

  constructor(readonly topPrefix: string) {
    this.docId = `d${Math.floor(builtins.random() * 0x7fffffff).toString(36)}${builtins.now().toFixed(0)}`;
  }

  /** The refs of a document; child frame documents get a fresh `fN` prefix each. */
  forDocument(doc: Document, isTop: boolean): DocumentRefs {
    let refs = this.docs.get(doc);
    if (!refs) {
      const prefix = isTop ? this.topPrefix : `${this.topPrefix}f${++this.frameCounter}`;
      refs = new DocumentRefs(doc, prefix);
      this.docs.set(doc, refs);
      this.byPrefix.set(prefix, new builtins.WeakRef(refs));
    }
    return refs;
  }

  /** A stable ref for a cross-origin iframe, which the driver snapshots on its own. */
  frameRef(iframe: Element): string {
    let ref = this.crossOriginFrames.get(iframe);
    if (!ref) {
      ref = `${this.topPrefix}f${++this.frameCounter}`;
      this.crossOriginFrames.set(iframe, ref);
      this.crossOriginPrefixes.add(ref);
      this.frameOwners.set(ref, new builtins.WeakRef(iframe));
    }
    return ref;
  }

  frameOwner(ref: string): Element | null {
    const el = this.frameOwners.get(ref)?.deref();
    return el?.isConnected ? el : null;
  }

  resolve(ref: string): Element | PageError {
    const match = REF_PATTERN.exec(ref.trim());
    if (!match) {
      return {
        error: 'bad-argument',
        message: `"${ref}" is not a ref; refs look like e12 or f1e3. Take a snapshot and use a ref from it.`,
      };
    }
    const prefix = match[1] ?? '';
    for (const frame of this.crossOriginPrefixes) {
      if (prefix.startsWith(frame)) {
        return {
          error: 'unknown-ref',
          message: `Ref ${ref} is inside the cross-origin frame ${frame}; it must be resolved in that frame's own page script.`,
        };
      }
    }
    // The top document always has a registry: a ref it never issued is simply unknown.
    const refs = prefix === this.topPrefix ? this.forDocument(document, true) : this.byPrefix.get(prefix)?.deref();
    if (!refs?.doc.defaultView) {
      return {
        error: 'stale-ref',
        message: `Ref ${ref} belongs to a frame that has navigated or closed; take a new snapshot and use a ref from it.`,
      };
    }
    return refs.lookup(ref.trim());
  }
}
