import { OPEN_PANEL_MESSAGE, type FieldContext, type HelperRequest, type Rect } from '../../lib/page-helpers';
import type { HelperConnection } from './connection';
import { targetRects, type Target } from './editable';
import { button, h, thumb, type Card, type HelperView } from './view';

// What the overlay's buttons do that is shared: stream a job into a card, rate a result,
// send something to the chat (opening the panel within the click, and marking the source).

export interface Helpers {
  view: HelperView;
  connection: HelperConnection;
}

type JobRequest = Extract<HelperRequest, { type: 'explain' | 'rewrite' | 'write' | 'explain-image' }>;
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

/** Streams a job's answer into `card`; resolves with the whole text (or null after an error or cancel). */
export function streamInto(
  helpers: Helpers,
  card: Card,
  request: WithoutId<JobRequest>,
): { done: Promise<string | null>; cancel: () => void } {
  const id = helpers.connection.newId();
  let cancel: () => void = () => undefined;
  const done = new Promise<string | null>((resolve) => {
    cancel = helpers.connection.run({ ...request, id }, (event) => {
      if (event.type === 'delta') card.append(event.text);
      else if (event.type === 'done') {
        card.setStatus(event.route ? `Written by ${event.route}.` : 'Done.');
        resolve(card.text);
      } else if (event.type === 'error') {
        card.setError(event.message);
        resolve(null);
      }
    });
  });
  return { done, cancel };
}

/** 👍 / 👎 for a result; either sends the rating once and says so. */
export function rateButtons(
  helpers: Helpers,
  about: Omit<Extract<HelperRequest, { type: 'rate' }>, 'type' | 'rating'>,
  card: Card,
): HTMLElement[] {
  const rate = (rating: 'up' | 'down') => {
    helpers.connection.post({ type: 'rate', rating, ...about });
    card.setStatus(rating === 'up' ? 'Thanks: rated helpful.' : 'Thanks: rated not helpful.');
  };
  return [
    button(thumb(true), () => rate('up'), { title: 'Good result' }),
    button(thumb(false), () => rate('down'), { title: 'Bad result' }),
  ];
}

/** Marks what was sent on the page for 3 s. */
export function highlight(helpers: Helpers, rects: (DOMRect | Rect)[]): void {
  const marks = rects.map((r) => {
    const mark = helpers.view.overlay(h('div', { class: 'sent', 'data-role': 'sent-highlight' }));
    Object.assign(mark.style, { left: `${r.x}px`, top: `${r.y}px`, width: `${r.width}px`, height: `${r.height}px` });
    return mark;
  });
  setTimeout(() => marks.forEach((m) => m.remove()), 3000);
}

/**
 * Send to chat. Called inside the person's click: the panel is asked to open first, while the
 * gesture lasts (background/helpers/page-helpers.ts opens it synchronously), then the content follows.
 */
export function sendToChat(
  helpers: Helpers,
  what: { text?: string; image?: string; context: FieldContext; source?: Target; area?: Rect },
  card?: Card,
): void {
  chrome.runtime.sendMessage({ type: OPEN_PANEL_MESSAGE }).catch(() => undefined);
  const id = helpers.connection.newId();
  helpers.connection.run(
    { type: 'send', id, context: what.context, ...(what.text ? { text: what.text } : {}), ...(what.image ? { image: what.image } : {}) },
    (event) => {
      if (event.type === 'sent') card?.setStatus('Sent to the chat: it goes with your next task.');
      if (event.type !== 'error') return;
      if (card) card.setError(event.message);
      else console.warn(`wayfinder: could not send to the chat: ${event.message}`);
    },
  );
  if (what.source) highlight(helpers, targetRects(what.source));
  if (what.area) highlight(helpers, [what.area]);
}
