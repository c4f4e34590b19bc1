import type { DialogInfo } from '../browser/port';
import { sensitiveKind, why } from './classify';

// A page's own confirm() or prompt() can be the consequence ("Delete everything?", "Pay
// $500 now?"): answering OK is the action. Such a dialog is the person's to answer, even
// where a host answers ordinary dialogs on its own (the CLI's --yes).

/** Why a dialog needs the person ("It may delete …"), or null for an ordinary one. */
export function sensitiveDialog(dialog: DialogInfo): string | null {
  if (dialog.type === 'alert' || dialog.type === 'beforeunload') return null;
  const kind = sensitiveKind(`${dialog.message} ${dialog.defaultPrompt}`);
  return kind ? why(kind) : null;
}
