import { getDomain } from 'tldts';

// Host names as compared everywhere (the policy, memory, the drivers): canonical form, names
// for this machine, an address's site and the registrable domain a host belongs to. Which
// names one owner controls comes from the Public Suffix List (tldts, private suffixes such
// as github.io included).

export const PSL = { allowPrivateDomains: true };

/**
 * A host name as compared everywhere: lower-case, punycode, without brackets or trailing
 * dots, an IPv4 address written inside IPv6 (`[::ffff:127.0.0.1]`, `[::ffff:7f00:1]`) as
 * the IPv4 address it is. (Other IPv4 spellings — `127.1`, `0x7f.0.0.1`, `2130706433` — are
 * already made canonical by the URL parser every address goes through.)
 */
export function canonicalHost(hostname: string): string {
  const host = hostname
    .toLowerCase()
    .replace(/\.+$/, '')
    .replace(/^\[|\]$/g, '');
  return mappedIPv4(host) ?? host;
}

/** `::ffff:a.b.c.d` or `::ffff:hhhh:hhhh` → a.b.c.d; null for anything else. */
function mappedIPv4(host: string): string | null {
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(host);
  if (dotted?.[1]) return dotted[1];
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (!hex?.[1] || !hex[2]) return null;
  const high = parseInt(hex[1], 16);
  const low = parseInt(hex[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/**
 * Whether a host is a name for this machine itself: localhost, 127.0.0.0/8, ::1, and the
 * unspecified addresses 0.0.0.0 and :: (which connect to this machine too). A block on any
 * of these blocks them all; they stay separate sites otherwise (asking more, never less).
 * Subdomains of localhost (app.localhost) are sites of their own, like any subdomain.
 */
export function isLoopback(host: string): boolean {
  const h = canonicalHost(host);
  return h === 'localhost' || /^127\.\d+\.\d+\.\d+$/.test(h) || h === '0.0.0.0' || h === '::1' || h === '::';
}

/** The site of an address: its host name, canonical; '' when it is not an address with a host. */
export function siteOf(url: string): string {
  try {
    return canonicalHost(new URL(url).hostname);
  } catch {
    return '';
  }
}

/**
 * The registrable domain a host belongs to: example.co.uk for shop.example.co.uk,
 * user.github.io for docs.user.github.io. An IP address or a one-word name (localhost)
 * is its own.
 */
export function siteKey(host: string): string {
  return getDomain(host, PSL) ?? host;
}
