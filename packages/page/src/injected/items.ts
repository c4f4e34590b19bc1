import type { Rect } from '../protocol';
import type { DocumentRefs } from './refs';

// What one pass over a page yields (collect.ts), in document order: controls, headings,
// landmarks, lines of text and frames, each with where it is. Rendering, finding and hit
// tests read these.

export interface FrameContext {
  doc: Document;
  refs: DocumentRefs;
  /** This document's viewport origin, in the coordinates of the snapshot's root viewport. */
  offsetX: number;
  offsetY: number;
  /** What of this document the root viewport shows (root coordinates); null if nothing. */
  clip: Rect | null;
  frameElement: Element | null;
  parent: FrameContext | null;
}

interface ItemBase {
  depth: number;
  rect: Rect;
  inViewport: boolean;
}

export interface ControlItem extends ItemBase {
  kind: 'control';
  el: Element;
  frame: FrameContext;
  ref: string;
  role: string;
  name: string;
  withheld: boolean;
  states: string[];
  value?: string;
  href?: string;
  options?: string;
  /** Index of the heading item this control sits in, or -1. */
  heading: number;
}

export interface HeadingItem extends ItemBase {
  kind: 'heading';
  level: number;
  text: string;
}

export interface SectionItem extends ItemBase {
  kind: 'section';
  role: string;
  name: string;
}

export interface TextItem extends ItemBase {
  kind: 'text';
  text: string;
  /** Inside an alert, status or dialog: always worth showing. */
  live: boolean;
  /** Runs of a paragraph interrupted by inline links: reading matter, not labels. */
  prose: boolean;
}

export interface FrameItem extends ItemBase {
  kind: 'frame';
  ref: string;
  name: string;
  src: string;
  crossOrigin: boolean;
  /** For a cross-origin frame: the part of it the root viewport shows, in frame pixels. */
  visibleRect: Rect | null;
  /** The frame's own viewport, in root coordinates. */
  content: Rect;
  el: Element;
}

export type Item = ControlItem | HeadingItem | SectionItem | TextItem | FrameItem;
