// The canaries of the redaction tests (docs/ARCHITECTURE.md, "One redaction"): a stored
// secret, a password a careless model types and a card number, the pages that show them back,
// and every form a sink could write them in. The host's and the extension's canary tests both
// push these through every sink and search every byte written.

/** Each has a character URL-encoding changes, so its encoded form is a form of its own to look for. */
export const CANARY = { secret: 'Canary-Secret@5519q', typed: 'Canary-Typed@Pw-8842', card: '4111 1111 1111 1111' } as const;

/** Every form a sink could write a canary in: as typed, URL- or form-encoded, card digits joined or dashed. */
export const CANARY_FORMS: readonly string[] = [
  ...new Set([
    CANARY.secret,
    encodeURIComponent(CANARY.secret),
    CANARY.typed,
    encodeURIComponent(CANARY.typed),
    CANARY.card,
    CANARY.card.replace(/ /g, ''),
    CANARY.card.replace(/ /g, '-'),
    CANARY.card.replace(/ /g, '+'),
    encodeURIComponent(CANARY.card),
  ]),
];

/** Where a canary was found: "what: form" for each written text that holds one. */
export function canaryLeaks(written: readonly { what: string; text: string }[]): string[] {
  return written.flatMap(({ what, text }) => CANARY_FORMS.filter((form) => text.includes(form)).map((form) => `${what}: ${form}`));
}

/** A sign-in and card form that shows back what is typed into it, as careless pages do. */
export const CANARY_FORM_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Members</title></head><body>
<h1>Members</h1>
<form onsubmit="return false">
  <label>Email <input name="email"></label>
  <label>Password <input type="password" name="pw" id="pw"></label>
  <label>Passphrase <input type="password" name="phrase" id="phrase"></label>
  <label>Card number <input name="cardnumber" autocomplete="cc-number" id="card"></label>
</form>
<p id="echo"></p>
<script>
  for (const el of document.querySelectorAll('input'))
    el.addEventListener('input', () => {
      document.getElementById('echo').textContent =
        'You typed: ' + [...document.querySelectorAll('input')].map((i) => i.value).join(' / ');
    });
</script>
</body></html>`;

/** A page whose title and text print the stored secret and the card (a page kept in memory). */
export const CANARY_ACCOUNT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Account ${CANARY.secret}</title></head><body>
<h1>Account</h1><p>Recovery code ${CANARY.secret}. Saved card ${CANARY.card}. Keep this page safe.</p></body></html>`;
