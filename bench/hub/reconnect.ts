/// <reference types="chrome" />
// How soon the real extension is back on the hub after Chrome stopped its service worker.
// A hub in this process (as apps/host/test/hub.e2e.ts starts it: its own home and
// CredentialStore), the built extension in headless Chromium, paired the way the Options
// page pairs (a `bridge.pair` message with the hub's code). Then, N times: stop the worker
// (CDP ServiceWorker.stopAllWorkers, as Chrome does to an idle one), time until the hub
// notices the disconnect, then wake the worker with a runtime message from an extension
// page (what any event does; the extension's own alarm would do it within 30 s) and time
// from that wake until the hub has welcomed the device again. Times are from this
// process's clock: the hub's log line is written when it sends the welcome.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChrome } from '@wayfinder/cdp/node';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { Hub } from '../../apps/host/src/hub/hub';
import { CredentialStore } from '../../apps/host/src/store/credentials';
import { openDatabase } from '../../apps/host/src/store/db';
import { round } from '../lib/stats';

const here = dirname(fileURLToPath(import.meta.url));
const EXTENSION_DIR = join(here, '../../apps/extension/.output/chrome-mv3');
const LABEL = 'bench/hub';

export interface ReconnectTimes {
  /** From the worker's stop until the hub saw the device's connection close. */
  stopToDisconnectMs: number[];
  /** From the wake (a runtime message) until the worker answered it. */
  wakeToAnswerMs: number[];
  /** From the wake until the hub welcomed the device again. */
  wakeToConnectedMs: number[];
  /** Rounds in which something else woke the worker before the bench did (not counted). */
  wokenEarly: number;
  /** Once, with nothing to wake the worker: from the stop until the extension's alarm had it back on the hub. */
  alarmOnlyMs: number | null;
}

interface HubEvent {
  kind: 'connected' | 'disconnected';
  at: number;
}

/** Waits for the next hub event of this kind after index `from`; its time. */
async function nextEvent(events: HubEvent[], from: number, kind: HubEvent['kind'], timeoutMs: number): Promise<HubEvent> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const found = events.slice(from).find((e) => e.kind === kind);
    if (found) return found;
    if (performance.now() > deadline) throw new Error(`The hub saw no "${kind}" within ${timeoutMs} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

async function launch(userDataDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: findChrome(),
    headless: true,
    viewport: null,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--disable-extensions-except=${EXTENSION_DIR}`,
      `--load-extension=${EXTENSION_DIR}`,
      '--window-size=1280,800',
    ],
  });
}

/** Sends one message to the background from an extension page; its reply. */
function ask(page: Page, message: Record<string, unknown>): Promise<unknown> {
  return page.evaluate(async (m) => {
    const reply: unknown = await chrome.runtime.sendMessage(m);
    return reply;
  }, message);
}

/**
 * `rounds` stop-and-wake rounds, then (with `alarmRound`) one stop left to the extension's
 * own alarm, which fires at most every 30 s.
 */
export async function measureReconnects(
  rounds: number,
  alarmRound: boolean,
  log: (line: string) => void = () => undefined,
): Promise<ReconnectTimes> {
  const home = mkdtempSync(join(tmpdir(), 'wayfinder-bench-hub-'));
  const userDataDir = mkdtempSync(join(tmpdir(), 'wayfinder-bench-ext-'));
  const db = openDatabase(join(home, 'wayfinder.db'));
  const events: HubEvent[] = [];
  const codes: string[] = [];
  const hub = await Hub.start({
    home,
    credentials: new CredentialStore(db),
    port: 0,
    // "HH:MM:SS connected: LABEL (id)" / "… disconnected: …" (hub.ts): noted as they happen.
    log: (line) => {
      const kind = / (connected|disconnected): /.exec(line)?.[1];
      if (kind === 'connected' || kind === 'disconnected') events.push({ kind, at: performance.now() });
    },
    onCode: (code) => codes.push(code),
  });
  let context: BrowserContext | null = null;
  try {
    context = await launch(userDataDir);
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const base = `chrome-extension://${new URL(worker.url()).host}`;
    // The welcome page holds no port to the background (the panel and Options do, and
    // reconnect it at once, which would wake the worker before the bench does).
    const page = await context.newPage();
    await page.goto(`${base}/welcome.html`);
    const paired = await ask(page, { type: 'bridge.pair', port: hub.port, code: codes.at(-1) ?? '', label: LABEL });
    if (typeof paired !== 'object' || paired === null || !('ok' in paired) || paired.ok !== true)
      throw new Error(`The extension did not pair with the bench's hub: ${JSON.stringify(paired)}`);
    await nextEvent(events, 0, 'connected', 10_000);
    const cdp = await context.newCDPSession(page);
    await cdp.send('ServiceWorker.enable');

    const times: ReconnectTimes = { stopToDisconnectMs: [], wakeToAnswerMs: [], wakeToConnectedMs: [], wokenEarly: 0, alarmOnlyMs: null };
    for (let i = 0; i < rounds; i++) {
      const before = events.length;
      const stopped = performance.now();
      await cdp.send('ServiceWorker.stopAllWorkers');
      const gone = await nextEvent(events, before, 'disconnected', 90_000);
      times.stopToDisconnectMs.push(gone.at - stopped);
      const afterGone = events.length;
      if (events.slice(before).some((e) => e.kind === 'connected')) {
        times.wokenEarly += 1;
        continue;
      }
      const woken = performance.now();
      await ask(page, { type: 'bridge.state' });
      const answered = performance.now();
      const back = await nextEvent(events, afterGone, 'connected', 30_000);
      if (back.at < woken) {
        times.wokenEarly += 1;
        continue;
      }
      times.wakeToAnswerMs.push(answered - woken);
      times.wakeToConnectedMs.push(back.at - woken);
      log(
        `    round ${i + 1}: disconnect seen after ${round(gone.at - stopped)} ms; reconnected ${round(back.at - woken)} ms after the wake`,
      );
    }
    if (alarmRound) {
      const before = events.length;
      const stopped = performance.now();
      await cdp.send('ServiceWorker.stopAllWorkers');
      const back = await nextEvent(events, before, 'connected', 45_000);
      times.alarmOnlyMs = back.at - stopped;
      log(`    left to the alarm: back ${round(times.alarmOnlyMs)} ms after the stop`);
    }
    await cdp.detach();
    return times;
  } finally {
    await context?.close();
    await hub.close();
    db.close();
    rmSync(home, { recursive: true, force: true });
    rmSync(userDataDir, { recursive: true, force: true });
  }
}
