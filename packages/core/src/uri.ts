// Percent-decoding that never throws and never gives up on the whole text for one bad escape.
// `decodeURIComponent` throws on a stray "%" (a "100%" in a title, "%ZZ" from a careless or
// hostile page); a caller that then keeps the text as written reads nothing of what was
// encoded around it — a research run that aborted on one result's address, a policy that
// could not see `/account/delete` or a card number past a deliberate stray "%".

const ESCAPES = /(?:%[0-9a-f]{2})+/gi;
const utf8 = new TextDecoder('utf-8');

/** The text with every well-formed %XX run decoded (bytes that are not UTF-8 become U+FFFD); anything else kept as written. */
export function decodeLenient(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(ESCAPES, (run) => utf8.decode(Uint8Array.from(run.slice(1).split('%'), (hex) => parseInt(hex, 16))));
  }
}
