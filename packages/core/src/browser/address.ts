import { BrowserError } from './errors';

// One reading of an address, for the policy and the driver alike, so the policy judges
// exactly the page that will be opened: a person or a model writes "example.com" or
// "localhost:4170/shop", the browser is given https://example.com and
// http://localhost:4170/shop.

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
/** host:port at the start, which would otherwise read as a scheme ("localhost:4170/x"). */
const HOST_PORT = /^[\w.-]+:\d+(\/|$)/;
const LOCAL = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/i;
/** A name with a dot (Unicode letters too: the browser turns bücher.de into punycode). */
const DOMAIN = /^[\p{L}\p{N}_-]+(\.[\p{L}\p{N}_-]+)+(:\d+)?(\/|$)/u;

/** The address as the browser will open it; a BrowserError ('bad-argument') when it is none. */
export function normalizeAddress(input: string): string {
  const trimmed = input.trim();
  if (!trimmed) throw new BrowserError('bad-argument', 'No address given; name a URL such as https://example.com.', false);
  if (SCHEME.test(trimmed) && !HOST_PORT.test(trimmed)) return trimmed;
  // Local servers rarely have certificates: http, as a browser's address bar does.
  if (LOCAL.test(trimmed)) return `http://${trimmed}`;
  if (DOMAIN.test(trimmed)) return `https://${trimmed}`;
  throw new BrowserError('bad-argument', `"${trimmed}" is not an address; give a full URL such as https://example.com/page.`, false);
}
