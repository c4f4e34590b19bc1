// The page helpers (issue 16): what the content script (ui/page-helpers), the helper frame
// (ui/helper-frame) and the background (background/helpers/) say to each other over the
// `wayfinder-page-helpers` port (docs/0034, docs/0038).
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

/** What the helper frame shows: a result card, the rewrite presets, the writer, a captured area, a sent selection. */
export type HelperViewKind = 'explain' | 'rewrite' | 'write' | 'capture' | 'sent';

/**
 * Content script → background. Only what the page shows (the selection, the field's label and
 * the text near it): never the person's own words, which are typed in the helper frame, so
 * nothing a page can put in the content script's way reaches a model as an instruction.
 */
export type HelperRequest =
  | { type: 'hello' }
  /** The key this page's helper frame will present (docs/0038-page-helpers-origin.md). */
  | { type: 'frame'; key: string }
  /** The person pressed a toolbar button (a trusted click) or typed `/write`: show `view` for this text. */
  | { type: 'open'; id: string; view: 'explain' | 'rewrite' | 'write' | 'sent'; text: string; context: FieldContext }
  /** The area to cut out of the visible tab, in CSS pixels of the viewport (`viewport`: its width and height). */
  | { type: 'capture'; id: string; rect: Rect; viewport: { width: number; height: number } }
  /** The person closed the helper from the page (a click elsewhere, Esc in the page). */
  | { type: 'close'; id: string }
  /** How an insert or replacement the background asked for went. */
  | { type: 'inserted'; id: string; ok: boolean; message: string };

/** Background → content script. */
export type HelperEvent =
  | { type: 'state'; enabled: boolean }
  /** The worker has this page's frame key: the frame may be given it now. */
  | { type: 'keyed' }
  /** The frame has drawn view `id` and is `height` px tall: show it by its target. */
  | { type: 'frame-size'; id: string; height: number }
  /** Put `text` in the target's place (a rewrite's selection, or the caret `/write` left). */
  | { type: 'insert'; id: string; text: string }
  /** Hide view `id` and give focus back to the field; `restore`: put back the `/write` it took out. */
  | { type: 'close'; id: string; restore: boolean }
  /** Mark what view `id` sent to the chat (the selection, or the captured area). */
  | { type: 'highlight'; id: string }
  /** Sent to the chat (the selection, from the toolbar). */
  | { type: 'sent'; id: string }
  /** A request could not be done; the frame says why when it shows the view. */
  | { type: 'error'; id: string; message: string }
  /** From the background by tabs.sendMessage: start the area capture (shortcut or panel button). */
  | { type: 'start-capture' };

/** What the helper frame is told to show. */
export interface FrameSession {
  id: string;
  view: HelperViewKind;
  /** The selection (explain, rewrite, sent), shown as it is. */
  text: string;
  /** A captured area, as a PNG data URL, with its size in pixels. */
  image?: { src: string; width: number; height: number };
}

/** Helper frame → background (over the same port name; the background tells the two apart by the sender's address). */
export type FrameRequest =
  | { type: 'hello'; key: string }
  | { type: 'size'; id: string; height: number }
  /** The person chose a preset, or typed their own instruction, in the frame. */
  | { type: 'rewrite'; id: string; preset: PresetId | null; instruction: string }
  /** The person typed what to write in the frame. */
  | { type: 'write'; id: string; instruction: string }
  | { type: 'explain-image'; id: string }
  /** The person pressed Insert: the draft goes into the field. */
  | { type: 'insert'; id: string }
  /** Send to chat: the result (or the captured picture). */
  | { type: 'send'; id: string }
  | { type: 'rate'; id: string; rating: 'up' | 'down' }
  /** Esc or Close in the frame; `restore`: give back what `/write` took out. */
  | { type: 'close'; id: string; restore: boolean };

/** Background → helper frame. */
export type FrameEvent =
  | { type: 'show'; session: FrameSession }
  /** A job started for the view (its card's title). */
  | { type: 'job'; id: string; title: string }
  | { type: 'delta'; id: string; text: string }
  | { type: 'done'; id: string; route: string }
  | { type: 'error'; id: string; message: string }
  /** A rewrite was put in the field (or not, and why). */
  | { type: 'applied'; id: string; ok: boolean; message: string }
  | { type: 'sent'; id: string }
  | { type: 'hide' };

/** The helper frame's page (an extension page in an iframe on web pages; web-accessible). */
export const HELPER_FRAME_PAGE = '/helper-frame.html';

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
