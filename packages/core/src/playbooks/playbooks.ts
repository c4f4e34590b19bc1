// Playbooks: domain knowledge plus the extra tools it calls for, loaded on request with
// get_playbook so that small context windows are not filled with tool schemas up front.

export const PLAYBOOK_NAMES = ['forms', 'search', 'checkout'] as const;
export type PlaybookName = (typeof PLAYBOOK_NAMES)[number];

export interface Playbook {
  name: PlaybookName;
  title: string;
  /** When the model should load it (shown in get_playbook's description). */
  when: string;
  /** Tools this playbook adds to the ones always available. */
  tools: string[];
  body: string;
}

export const PLAYBOOKS: Playbook[] = [
  {
    name: 'forms',
    title: 'Filling in forms',
    when: 'forms, signups, uploads',
    tools: ['upload_file', 'hover', 'drag', 'get_html'],
    body: `# Filling in forms
- Take a snapshot first; fields are named by their labels. Use the values the user gave, exactly; never invent personal details — ask_user when something required is missing.
- type_text replaces a field's content. For dates, type in the format the field shows; a date input usually takes the digits, e.g. 12091906 for 1906-12-09 with key_by_key.
- Dropdowns: select_option with the visible label. Custom dropdowns open on click and show options; select_option handles both.
- Checkboxes and radio buttons: use check (it does nothing if already right). Terms must only be accepted if the user asked to sign up.
- After "Next" or "Submit", read what changed: errors appear next to fields (marked invalid) or in an alert. Fix them and try again; do not submit the same invalid values twice.
- Passwords are never shown back to you; the field shows "filled" when it has a value.
- File uploads: upload_file on the file input (or the button that opens the chooser) with the file's name and text.`,
  },
  {
    name: 'search',
    title: 'Searching and browsing',
    when: 'searching, filters, pages of results, tabs',
    tools: ['open_tab', 'close_tab', 'go_forward', 'reload', 'screenshot', 'browse'],
    body: `# Searching and browsing
- Prefer the site's own search box (type_text with submit) over scrolling through menus.
- Narrow results with the page's filters (checkboxes, dropdowns) rather than reading every item; the snapshot shows prices and ratings next to each result.
- Lists that grow as you scroll (infinite feeds) load more when you scroll to the bottom; use find for a specific item after each scroll.
- To read another page without leaving this one, use browse: you get a summary of it, never its raw text.
- Open details in the same tab and go_back to the list; open_tab only to compare pages side by side.
- Read an article or product page with extract_content instead of many snapshots.`,
  },
  {
    name: 'checkout',
    title: 'Carts and checkout',
    when: 'carts, checkout, payment',
    tools: ['get_html'],
    body: `# Carts and checkout
- Check what you add: name, option (colour, size), quantity and price, before going to checkout. The cart page shows the total.
- Shipping forms: use exactly the address the user gave; ask_user for anything missing. Do not guess a postal code or phone number.
- Payment fields (card number, expiry, security code) take only what the user provided for this purchase. Never reuse card details from elsewhere.
- Placing an order spends the user's money: do it only when the task says to buy, and expect a confirmation step. If the task says to stop before paying, stop at the payment step and report the total.
- After placing an order, read the confirmation (order number, total) and include it in your summary.`,
  },
];

export function playbookByName(name: string): Playbook | undefined {
  return PLAYBOOKS.find((p) => p.name === name);
}
