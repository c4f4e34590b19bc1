import { NodeBrowser } from '@wayfinder/cdp/node';
import { HostSessions, linkTo, RemoteBrowser, type BridgeLink, type DeviceInfo } from '@wayfinder/bridge';
import {
  guardBrowser,
  siteOf,
  type Browser,
  type PageRequest,
  type RequestGuard,
  type RequestVerdict,
  type SitePermissions,
} from '@wayfinder/core';
import { BrowserStartError } from '../errors';
import { connectHub } from '../hub/client';
import { processAlive, readHubFile } from '../hub/hub-file';

// Where research reads: the person's own browser when one is connected through the hub
// (their session: sites they are signed in to show what they would see), else a Chromium
// launched for the run, as `wayfinder run` launches one. Either way a request guard lets the
// tabs load only pages of allowed sites (and the search pages), and nothing of a blocked one.

export interface ResearchBrowser {
  browser: Browser;
  /** Where it reads, for the person: "Chrome on Linux (through the hub)" or "a headless Chromium". */
  where: string;
  close(): Promise<void>;
}

/** Supplies a connected browser, when there is one (inside `wayfinder serve`: the hub's devices). */
export type DeviceSource = () => Promise<{ link: BridgeLink; sessions: HostSessions; label: string; close?: () => void } | null>;

export function researchGuard(sites: SitePermissions, alsoAllowed: Set<string>): (request: PageRequest) => RequestVerdict {
  return (request) => {
    const site = siteOf(request.url);
    if (!site) return { allow: true };
    const decision = sites.decide(site).decision;
    if (decision === 'block') return { allow: false, reason: `${site} is blocked in your site rules.` };
    if (request.navigation && request.topFrame && decision !== 'allow' && !alsoAllowed.has(site))
      return { allow: false, reason: `Research only opens sites you allowed; ${site} is not one.` };
    return { allow: true };
  };
}

/** A device the running hub has connected, reached as a local client (for `wayfinder research` outside serve). */
export function hubDevice(home: string): DeviceSource {
  return async () => {
    const file = readHubFile(home);
    if (!file || !processAlive(file.pid)) return null;
    const client = await connectHub(home, 'wayfinder research').catch(() => null);
    if (!client) return null;
    const devices = await client.peer.call<DeviceInfo[]>('hub.devices', {}).catch((): DeviceInfo[] => []);
    const device = devices.find((d) => d.connected);
    if (!device) {
      client.close();
      return null;
    }
    return { link: linkTo(client.peer, device.deviceId), sessions: client.sessions, label: device.label, close: () => client.close() };
  };
}

export async function openResearchBrowser(source: DeviceSource | null, guard: RequestGuard, headless = true): Promise<ResearchBrowser> {
  const device = source ? await source().catch(() => null) : null;
  // A browser that cannot open a session for research now (an older extension, a refusal) is passed over for a launched one.
  const remote = device ? await RemoteBrowser.open(device.link, device.sessions, 'research').catch(() => null) : null;
  if (device && remote) {
    await guardBrowser(remote, guard);
    const closeClient = device.close ?? (() => undefined);
    return {
      browser: remote,
      where: `${device.label} (through the hub)`,
      close: async () => {
        await remote.close();
        closeClient();
      },
    };
  }
  device?.close?.();
  let browser: NodeBrowser;
  try {
    browser = await NodeBrowser.launch({ headless });
  } catch (error) {
    throw new BrowserStartError(`Could not start the browser: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    await guardBrowser(browser, guard);
  } catch (error) {
    await browser.close().catch(() => undefined);
    throw error;
  }
  return { browser, where: 'a headless Chromium', close: () => browser.close() };
}
