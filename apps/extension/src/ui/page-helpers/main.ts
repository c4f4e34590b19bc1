import { START_CAPTURE_MESSAGE } from '../../lib/page-helpers';
import { dragArea } from './capture';
import { HelperConnection } from './connection';
import { currentTarget } from './editable';
import { rateButtons, sendToChat, streamInto, type Helpers } from './jobs';
import { showToolbar } from './selection';
import { button, Card, h, HelperView } from './view';
import { checkForWrite } from './writer';

// The page helpers in a page (issue 16; docs/0034-page-helpers.md). Quiet until the worker
// says they are on here (the setting, and the site not blocked); then a selection gets the
// overlay as soon as it settles (the mouse or key let go), `/write` opens the writer, and
// the shortcut or the panel's button starts an area capture.

/** A selection change with no mouse or key to end it (a script, a double-click's aftermath) settles after this. */
const QUIET_MS = 250;

export function startPageHelpers(): void {
  let enabled = false;
  let view: HelperView | null = null;
  const connection = new HelperConnection((on) => {
    enabled = on;
    if (!on) view?.clear();
    // A selection made before the worker answered gets its overlay now.
    else showForSelection(false);
  });
  const helpers = (): Helpers => {
    view ??= new HelperView();
    return { view, connection };
  };
  connection.post({ type: 'hello' });
  // Turned off or blocked since: asked again whenever the page comes back into view.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') connection.post({ type: 'hello' });
  });

  let shownFor = '';
  /** `settled`: the person let go of the mouse or a key; otherwise a card or toolbar showing stays. */
  const showForSelection = (settled: boolean) => {
    if (!enabled || (!settled && view?.showing)) return;
    const target = currentTarget();
    if (!target || !target.text.trim()) return;
    const key = `${target.kind}:${target.text}`;
    if (key === shownFor && view?.showing) return;
    shownFor = key;
    showToolbar(helpers(), target);
  };

  let quiet: ReturnType<typeof setTimeout> | undefined;
  document.addEventListener(
    'mousedown',
    (event) => {
      if (view && view.showing && !view.owns(event)) {
        view.clear();
        shownFor = '';
      }
    },
    true,
  );
  document.addEventListener(
    'mouseup',
    (event) => {
      if (!event.isTrusted || (view && view.owns(event))) return;
      clearTimeout(quiet);
      // After the browser has finished the selection this mouseup ends.
      setTimeout(() => showForSelection(true), 0);
    },
    true,
  );
  document.addEventListener(
    'keyup',
    (event) => {
      if (!event.isTrusted || (view && view.owns(event))) return;
      if (event.key === 'Escape' && view?.showing) {
        view.clear();
        shownFor = '';
        return;
      }
      if (!enabled) return;
      void checkForWrite(helpers()).then((opened) => {
        if (!opened) showForSelection(true);
      });
    },
    true,
  );
  document.addEventListener('selectionchange', () => {
    if (!enabled) return;
    clearTimeout(quiet);
    quiet = setTimeout(() => showForSelection(false), QUIET_MS);
  });

  chrome.runtime.onMessage.addListener((message: unknown) => {
    // Only the worker sends these, after checking the helpers are on for this page (page-helpers.ts startCapture).
    if (typeof message === 'object' && message !== null && 'type' in message && message.type === START_CAPTURE_MESSAGE)
      void capture(helpers());
  });
}

async function capture(helpers: Helpers): Promise<void> {
  helpers.view.clear();
  const rect = await dragArea(helpers.view);
  if (!rect) return;
  const card = new Card('Captured area', () => helpers.view.clear());
  card.el.dataset.role = 'capture';
  const near = new DOMRect(rect.x, rect.y, rect.width, rect.height);
  helpers.view.place(card.el, near);
  const id = helpers.connection.newId();
  helpers.connection.run({ type: 'capture', id, rect, viewport: { width: innerWidth, height: innerHeight } }, (event) => {
    if (event.type === 'error') card.setError(event.message);
    if (event.type !== 'captured') return;
    card.image(event.image, 'The captured area');
    card.el.dataset.width = String(event.width);
    card.el.dataset.height = String(event.height);
    card.setStatus(`${event.width} × ${event.height} pixels.`);
    const context = { title: document.title, url: location.href, label: '', nearby: '' };
    card.setActions([
      button('Explain', () => explainImage(helpers, event.image, near), { primary: true }),
      button('Send to chat', () => sendToChat(helpers, { image: event.image, context, area: rect }, card)),
      h('span', { class: 'spacer' }),
      button('Close', () => helpers.view.clear()),
    ]);
    helpers.view.place(card.el, near);
  });
}

function explainImage(helpers: Helpers, image: string, near: DOMRect): void {
  const context = { title: document.title, url: location.href, label: '', nearby: '' };
  const card = new Card('Explain the captured area', () => {
    job.cancel();
    helpers.view.clear();
  });
  helpers.view.place(card.el, near);
  const job = streamInto(helpers, card, { type: 'explain-image', image, context });
  void job.done.then((text) => {
    if (text === null) return;
    card.setActions([
      button('Send to chat', () => sendToChat(helpers, { text, context }, card)),
      ...rateButtons(helpers, { job: 'explain', instruction: 'captured area', input: '(a picture)', output: text, context }, card),
      h('span', { class: 'spacer' }),
      button('Close', () => helpers.view.clear()),
    ]);
  });
}
