import { pageData, type HandledDialog, type TabInfo } from '@wayfinder/core';

// What an action caused besides itself, in the words of its outcome: the dialogs the page
// showed (and how each was answered) and the tabs it opened. Page text in it is quoted.

export function describeSideEffects(dialogs: HandledDialog[], newTabs: TabInfo[]): string {
  let text = '';
  for (const d of dialogs) {
    const answer =
      d.type === 'alert'
        ? 'closed'
        : d.accepted
          ? `accepted${d.promptText !== undefined ? ` with ${pageData(d.promptText)}` : ''}`
          : 'dismissed';
    text += ` The page showed ${d.type === 'alert' ? 'an' : 'a'} ${d.type} dialog ${pageData(d.message, 300)}; it was ${answer}.`;
  }
  for (const t of newTabs) text += ` It opened a new tab [${t.id}] ${pageData(t.url, 300)}; switch to it to use it.`;
  return text;
}
