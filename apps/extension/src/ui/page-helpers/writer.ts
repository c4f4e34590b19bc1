import { contextOf } from './context';
import { beforeCaret, deleteBefore, EditError, replaceTarget, targetRect, type Target } from './editable';
import { rateButtons, streamInto, type Helpers } from './jobs';
import { button, Card, h } from './view';

// `/write` in any field: the command goes, a writer asks what to write, the draft streams,
// and Insert puts it where the command was (as one edit the field's editor makes).

export const WRITE_COMMAND = '/write';
const AT_END = /(^|\s)\/write$/;

/** Whether the person just typed `/write` at the caret of a field; if so, runs the writer. */
export async function checkForWrite(helpers: Helpers): Promise<boolean> {
  const caret = beforeCaret();
  if (!caret || !AT_END.test(caret.before)) return false;
  let at: Exclude<Target, { kind: 'static' }>;
  try {
    at = await deleteBefore(caret.target, WRITE_COMMAND);
  } catch (error) {
    console.warn('wayfinder:', error instanceof Error ? error.message : error);
    return false;
  }
  askWhat(helpers, at);
  return true;
}

function askWhat(helpers: Helpers, at: Exclude<Target, { kind: 'static' }>): void {
  const what = h('input', {
    type: 'text',
    'aria-label': 'What should Wayfinder write?',
    placeholder: 'What should I write? e.g. a polite reply saying yes',
  });
  const form = h('form', {}, what, h('button', { type: 'submit', class: 'primary' }, 'Write'));
  const panel = h(
    'section',
    { class: 'panel card', role: 'region', 'aria-label': 'Wayfinder: Write', 'data-role': 'writer' },
    h('h2', {}, 'Write'),
    form,
  );
  const cancel = () => {
    helpers.view.clear();
    if (at.kind === 'field') at.el.focus();
    else at.root.focus();
  };
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') cancel();
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (what.value.trim()) draft(helpers, at, what.value.trim());
  });
  helpers.view.place(panel, targetRect(at));
  what.focus();
}

function draft(helpers: Helpers, at: Exclude<Target, { kind: 'static' }>, instruction: string): void {
  const context = contextOf(at);
  const card = new Card('Write', () => {
    job.cancel();
    helpers.view.clear();
  });
  card.el.dataset.role = 'writer';
  helpers.view.place(card.el, targetRect(at));
  const job = streamInto(helpers, card, { type: 'write', instruction, context });
  void job.done.then((text) => {
    if (text === null) return;
    const output = text.trim();
    let inserted = false;
    const insert = button(
      'Insert',
      () => {
        if (inserted) return;
        inserted = true;
        insert.disabled = true;
        replaceTarget(at, output)
          .then(() => {
            card.setStatus('Inserted. Ctrl+Z (⌘Z) takes it out.');
            helpers.view.clear();
          })
          .catch((error: unknown) => {
            inserted = false;
            insert.disabled = false;
            card.setError(error instanceof EditError ? error.message : `Could not insert the text: ${String(error)}`);
          });
      },
      { primary: true },
    );
    card.setActions([
      insert,
      button('Copy', () => void navigator.clipboard.writeText(output)),
      ...rateButtons(helpers, { job: 'write', instruction, input: '', output, context }, card),
      h('span', { class: 'spacer' }),
      button('Close', () => helpers.view.clear()),
    ]);
  });
}
