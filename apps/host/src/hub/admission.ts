// Who may open a connection to the hub, judged from the upgrade request's headers: the Host
// header must name this machine's loopback address and our port (a web page that rebinds
// its DNS name to 127.0.0.1 sends its own name there), and a device must come from an
// extension's origin (a web page's script sends its http(s) origin; browsers set Origin
// themselves, so a page cannot pretend to be an extension).

/** Chrome extension ids are 32 letters from a to p. */
const EXTENSION_ORIGIN = /^chrome-extension:\/\/[a-p]{32}$/;

export function hostAllowed(host: string | undefined, port: number): boolean {
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

export function isExtensionOrigin(origin: string | undefined): origin is string {
  return origin !== undefined && EXTENSION_ORIGIN.test(origin);
}

/** Why a device's Origin is not acceptable, or null when it is an extension's. */
export function deviceOriginProblem(origin: string | undefined): string | null {
  if (origin === undefined || origin === '') return 'no Origin header (browsers always send one; this is not the extension)';
  if (/^https?:\/\//i.test(origin)) return `a web page (${origin}) tried to connect as a browser`;
  if (!EXTENSION_ORIGIN.test(origin)) return `origin ${origin} is not a Chrome extension's`;
  return null;
}
