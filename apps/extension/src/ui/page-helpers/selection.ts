import { REWRITE_PRESETS, type PresetId } from '../../lib/page-helpers';
import { contextOf } from './context';
import { EditError, replaceTarget, targetRect, type Target } from './editable';
import { rateButtons, sendToChat, streamInto, type Helpers } from './jobs';
import { button, Card, h } from './view';

// The overlay over a selection. Static text: Explain, Send to chat. Editable text: Rewrite
// (presets or the person's own instruction), Explain, Send to chat. A rewrite streams into a
// card, then replaces the selection in place, once, as one undoable edit.

export function showToolbar(helpers: Helpers, target: Target): void {
  const editable = target.kind !== 'static';
  const toolbar = h(
    'div',
    { class: 'panel', role: 'toolbar', 'aria-label': 'Wayfinder helpers', 'data-role': 'toolbar' },
    h(
      'div',
      { class: 'toolbar' },
      editable && button('Rewrite', () => showPresets(helpers, target), { primary: true }),
      button('Explain', () => explain(helpers, target), { primary: !editable }),
      button('Send to chat', () => {
        const card = new Card('Send to chat', () => helpers.view.clear());
        card.el.dataset.role = 'sent';
        helpers.view.place(card.el, targetRect(target));
        card.append(target.text.length > 200 ? `${target.text.slice(0, 199)}…` : target.text);
        sendToChat(helpers, { text: target.text, context: contextOf(target), source: target }, card);
      }),
    ),
  );
  helpers.view.place(toolbar, targetRect(target));
}

function showPresets(helpers: Helpers, target: Target): void {
  const instruction = h('input', { type: 'text', 'aria-label': 'Your own instruction', placeholder: 'Or say how to rewrite it…' });
  const form = h('form', {}, instruction, h('button', { type: 'submit', class: 'primary' }, 'Rewrite'));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (instruction.value.trim()) rewrite(helpers, target, null, instruction.value.trim());
  });
  const panel = h(
    'div',
    { class: 'panel', role: 'group', 'aria-label': 'Rewrite', 'data-role': 'presets' },
    h('div', { class: 'presets' }, ...REWRITE_PRESETS.map((p) => button(p.label, () => rewrite(helpers, target, p.id, '')))),
    form,
  );
  helpers.view.place(panel, targetRect(target));
}

function explain(helpers: Helpers, target: Target): void {
  const context = contextOf(target);
  const card = new Card('Explain', () => {
    job.cancel();
    helpers.view.clear();
  });
  helpers.view.place(card.el, targetRect(target));
  const job = streamInto(helpers, card, { type: 'explain', text: target.text, context });
  void job.done.then((text) => {
    if (text === null) return;
    card.setActions([
      button('Send to chat', () => sendToChat(helpers, { text, context, source: target }, card)),
      button('Copy', () => void navigator.clipboard.writeText(text)),
      ...rateButtons(helpers, { job: 'explain', instruction: '', input: target.text, output: text, context }, card),
      h('span', { class: 'spacer' }),
      button('Close', () => helpers.view.clear()),
    ]);
  });
}

function rewrite(helpers: Helpers, target: Target, preset: PresetId | null, instruction: string): void {
  const context = contextOf(target);
  const label = REWRITE_PRESETS.find((p) => p.id === preset)?.label ?? 'Rewrite';
  const card = new Card(`Rewrite: ${label}`, () => {
    job.cancel();
    helpers.view.clear();
  });
  helpers.view.place(card.el, targetRect(target));
  const job = streamInto(helpers, card, { type: 'rewrite', text: target.text, preset, instruction, context });
  void job.done.then(async (text) => {
    if (text === null) return;
    const rating = rateButtons(
      helpers,
      { job: 'rewrite', instruction: instruction || label, input: target.text, output: text, context },
      card,
    );
    const close = button('Close', () => helpers.view.clear());
    const output = text.trim();
    if (!output) {
      card.setError('The model wrote nothing; the text is unchanged.');
      return;
    }
    try {
      await replaceTarget(target, output);
      card.setStatus('Replaced. Ctrl+Z (⌘Z) puts the original back.');
      card.el.dataset.replaced = 'true';
    } catch (error) {
      card.setError(error instanceof EditError ? error.message : `Could not replace the text: ${String(error)}`);
    }
    card.setActions([
      button('Copy', () => void navigator.clipboard.writeText(output)),
      button('Send to chat', () => sendToChat(helpers, { text: output, context }, card)),
      ...rating,
      h('span', { class: 'spacer' }),
      close,
    ]);
  });
}
