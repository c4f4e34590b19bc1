import { offersTask, sensitiveDialog, type ConfirmAnswer, type ConfirmRequest, type DialogPolicy } from '@wayfinder/core';
import type { Terminal } from './terminal';
import type { Printer } from './timeline';

// What a command asks the person at the prompt while it drives the browser: the policy's
// questions and the page's dialogs (wayfinder run and wayfinder skill run ask alike).

/** A policy's question at the prompt: once/always/never for sites, once/this task/no otherwise (yes/no for page code); no answer is no. */
export async function confirmAtPrompt(
  terminal: Terminal,
  printer: Printer,
  allowSensitive: boolean,
  request: ConfirmRequest,
): Promise<ConfirmAnswer> {
  // Code to run in a page is the person's to read every time: no flag answers for them.
  // Something the person does first is theirs to say they did.
  if (request.choices === 'done') return (await terminal.yesNo(`\n? ${request.question} Done?`, false)) ? 'once' : 'deny';
  if (allowSensitive && request.kind !== 'page-code') {
    printer.note(`     ? ${request.question} — allowed once (--allow-sensitive)`);
    return 'once';
  }
  if (request.choices === 'once' && !offersTask(request))
    return (await terminal.yesNo(`\n? ${request.question} Allow once?`, false)) ? 'once' : 'deny';
  if (request.choices === 'once')
    for (;;) {
      const answer = await terminal.ask(`\n? ${request.question}\n[y]es, once / [t]his task (not asked again until it ends) / [N]o `);
      if (answer === null) return 'deny';
      const word = answer.trim().toLowerCase();
      if (word === 'y' || word === 'yes' || word === 'o' || word === 'once') return 'once';
      if (word === 't' || word === 'task' || word === 'this task') return 'task';
      if (!word || word === 'n' || word === 'no') return 'deny';
      printer.note('Please answer y, t or n.');
    }
  for (;;) {
    const answer = await terminal.ask(`\n? ${request.question}\n[o]nce / [a]lways / [n]ever (default: not now) `);
    if (answer === null) return 'deny';
    const word = answer.trim().toLowerCase();
    if (word === 'o' || word === 'once' || word === 'y' || word === 'yes') return 'once';
    if (word === 'a' || word === 'always') return 'always';
    if (word === 'n' || word === 'never') return 'never';
    if (!word || word === 'no') return 'deny';
    printer.note('Please answer o, a or n.');
  }
}

/**
 * The page's dialogs at the prompt: alerts closed; `yes` answers ordinary ones, and one whose
 * OK pays or deletes needs `allowSensitive` or the person.
 */
export function dialogAtPrompt(
  terminal: Terminal,
  printer: Printer,
  { yes, allowSensitive }: { yes: boolean; allowSensitive: boolean },
): DialogPolicy {
  return async (dialog) => {
    if (dialog.type === 'alert') return { accept: true };
    const sensitive = sensitiveDialog(dialog);
    const text = `The page asks (${dialog.type}): ${JSON.stringify(dialog.message)}${sensitive ? ` — ${sensitive}` : ''}`;
    // --yes answers ordinary dialogs; one whose OK is a payment or a deletion needs --allow-sensitive or the person.
    const auto = sensitive ? (allowSensitive ? '--allow-sensitive' : null) : yes ? '--yes' : null;
    if (auto) {
      printer.note(`     ${text} — accepted (${auto})`);
      return dialog.type === 'prompt' ? { accept: true, promptText: dialog.defaultPrompt } : { accept: true };
    }
    if (dialog.type === 'prompt') {
      const answer = await terminal.ask(`${text}\nYour answer (empty to cancel): `);
      return answer ? { accept: true, promptText: answer } : { accept: false };
    }
    return { accept: (await terminal.yesNo(`${text}\nAccept?`, false)) ?? false };
  };
}
