// The page helpers (issue 16): what the content script (ui/page-helpers) and the background
// (background/helpers/page-helpers.ts) say to each other over the `wayfinder-page-helpers` port.
// Plain types here, no zod: the content script runs in every page and stays small; the
// background validates every message from a page (a page is untrusted).

export const PAGE_HELPERS_PORT = 'wayfinder-page-helpers';

/** Rewrite presets, in the order the overlay shows them; the instruction is what the model reads. */
export const REWRITE_PRESETS = [
  { id: 'shorter', label: 'Shorter', instruction: 'Make it shorter: keep the meaning, cut every word that is not needed.' },
  { id: 'expand', label: 'Expand', instruction: 'Expand it: add useful detail and explanation, in the same voice.' },
  { id: 'professional', label: 'Professional', instruction: 'Make it professional: clear, polite and formal, fit for work.' },
  { id: 'friendly', label: 'Friendly', instruction: 'Make it friendly: warm and approachable, still clear.' },
  { id: 'improve', label: 'Improve', instruction: 'Improve it: clearer, better flowing and more precise, same meaning and length.' },
  { id: 'simplify', label: 'Simplify', instruction: 'Simplify it: plain words and short sentences anyone can follow.' },
  { id: 'enthusiastic', label: 'Enthusiastic', instruction: 'Make it enthusiastic: energetic and positive, without exaggerating facts.' },
  { id: 'conversational', label: 'Conversational', instruction: 'Make it conversational: as a person would say it out loud.' },
  { id: 'grammar', label: 'Fix grammar', instruction: 'Fix grammar, spelling and punctuation only; change nothing else.' },
] as const;

export type PresetId = (typeof REWRITE_PRESETS)[number]['id'];

/** Where the person is writing or reading: what the helpers tell the model about the page. */
export interface FieldContext {
  title: string;
  url: string;
  /** The field's label (label element, aria-label, placeholder …); '' for static text. */
  label: string;
  /** Text near the field or selection (a heading, the message being answered …), capped. */
  nearby: string;
}

/** Content script → background. */
export type HelperRequest =
  | { type: 'hello' }
  | { type: 'explain'; id: string; text: string; context: FieldContext }
  | { type: 'rewrite'; id: string; text: string; preset: PresetId | null; instruction: string; context: FieldContext }
  | { type: 'write'; id: string; instruction: string; context: FieldContext }
  | { type: 'explain-image'; id: string; image: string; context: FieldContext }
  | { type: 'cancel'; id: string }
  /** The area to cut out of the visible tab, in CSS pixels of the viewport (`viewport`: its width and height). */
  | { type: 'capture'; id: string; rect: Rect; viewport: { width: number; height: number } }
  /** Send to chat: text (a selection, a helper's result) or a captured picture, from this page. */
  | { type: 'send'; id: string; text?: string; image?: string; context: FieldContext }
  | {
      type: 'rate';
      rating: 'up' | 'down';
      job: 'explain' | 'rewrite' | 'write';
      instruction: string;
      input: string;
      output: string;
      context: FieldContext;
    };

/** Background → content script. */
export type HelperEvent =
  | { type: 'state'; enabled: boolean }
  | { type: 'delta'; id: string; text: string }
  | { type: 'done'; id: string; route: string }
  | { type: 'error'; id: string; message: string }
  | { type: 'captured'; id: string; image: string; width: number; height: number }
  | { type: 'sent'; id: string }
  /** From the background by tabs.sendMessage: start the area capture (shortcut or panel button). */
  | { type: 'start-capture' };

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Asks the background to open the side panel (sent by runtime.sendMessage in a click: the gesture opens it). */
export const OPEN_PANEL_MESSAGE = 'page-helpers.open-panel';
/** The background tells a tab's content script to start an area capture. */
export const START_CAPTURE_MESSAGE = 'page-helpers.start-capture';

/** Attachments waiting for the panel's next task (chrome.storage.session; the panel takes them). */
export const PAGE_ATTACHMENTS_KEY = 'pageHelpers.attachments';

export interface PageAttachment {
  name: string;
  text: string;
  /** A captured area, as a PNG data URL (the text then describes it). */
  image?: string;
}
