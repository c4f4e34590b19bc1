import type { DialogInfo, DialogPolicy, HandledDialog, TabInfo } from '@wayfinder/core';
import type { CdpSession } from '../connection';

// JavaScript dialogs (alert, confirm, prompt, beforeunload) block the page until someone
// answers. Each is put to the caller's policy as soon as it opens, answered, and kept to
// be reported with the action that caused it.

export const DEFAULT_DIALOG_POLICY: DialogPolicy = (dialog) => ({ accept: dialog.type === 'alert' });

export class DialogHandler {
  /** The dialog waiting for the policy's decision (a person may be asked), if any. */
  undecided: DialogInfo | null = null;
  /** Answers sent but not yet confirmed by the browser. */
  private answering: Promise<void> | null = null;
  private handled: HandledDialog[] = [];

  constructor(session: CdpSession, policy: () => DialogPolicy, tabInfo: () => Promise<TabInfo>) {
    session.on('Page.javascriptDialogOpening', (event) => {
      const info: DialogInfo = { type: event.type, message: event.message, defaultPrompt: event.defaultPrompt ?? '', url: event.url };
      this.undecided = info;
      const answer = async () => {
        let accept = false;
        let promptText: string | undefined;
        try {
          const decision = await policy()(info, await tabInfo());
          accept = decision.accept;
          promptText = decision.promptText;
        } catch (error) {
          console.error('wayfinder: the dialog policy failed; dismissing the dialog', error);
        }
        if (this.undecided === info) this.undecided = null;
        this.handled.push(promptText === undefined ? { ...info, accepted: accept } : { ...info, accepted: accept, promptText });
        await session.send('Page.handleJavaScriptDialog', promptText === undefined ? { accept } : { accept, promptText });
      };
      const answering = answer()
        .catch((error: unknown) => {
          // The page may have closed the dialog itself (navigation, timeout): nothing to answer.
          if (!session.closed) console.error('wayfinder: could not answer a dialog', error);
        })
        .finally(() => {
          if (this.undecided === info) this.undecided = null;
          if (this.answering === answering) this.answering = null;
        });
      this.answering = answering;
    });
  }

  /** Resolves once answers already decided have reached the browser. */
  async settled(): Promise<void> {
    while (this.answering) await this.answering;
  }

  /** Dialogs answered since the last call (read without draining: `peek`). */
  peek(): readonly HandledDialog[] {
    return this.handled;
  }

  /** Dialogs answered since the last call. */
  drain(): HandledDialog[] {
    const handled = this.handled;
    this.handled = [];
    return handled;
  }
}
