import { DEFAULT_PORT, HOST_TASK_MAX_CHARS } from '@wayfinder/bridge/protocol';
import { z } from 'zod';
import type { PendingRequest } from './db';

// The bridge's part of the messages between the extension's pages and the background
// (docs/0028-bridge.md; background/bridge/ answers them), and the pairing kept in
// chrome.storage.local. lib/messages.ts adds these requests to its union and these
// replies to its Replies.

/** chrome.storage.local: how this browser reaches `wayfinder serve`, and its device token. */
export const BRIDGE_KEY = 'bridge';

/** A host question's task id in PendingRequests: no extension task has it. */
export const HOST_TASK_PREFIX = 'host:';

/** The id the panel gives a host task's conversation (one task each): not one of IndexedDB's. */
export const HOST_CONVERSATION_PREFIX = 'host-task:';

/** The model picker's value for "run it on the host". */
export const HOST_MODEL_KEY = 'host';
export const HOST_MODEL_LABEL = 'Host (wayfinder serve)';

export const BRIDGE_SETTINGS = z.object({
  version: z.literal(1).default(1),
  port: z.number().int().min(1).max(65_535).default(DEFAULT_PORT),
  deviceId: z.string().max(100).nullable().default(null),
  token: z.string().max(200).nullable().default(null),
  /** How this browser is named on the host ('' until the person names it: "Chrome on <platform>"). */
  label: z.string().max(100).default(''),
  /** The person wants the connection (paired and not disconnected). */
  enabled: z.boolean().default(false),
  /** Why the hub refused this pairing (an unknown or revoked token): no retry until paired again. */
  refused: z.string().max(2_000).nullable().default(null),
});
export type BridgeSettings = z.infer<typeof BRIDGE_SETTINGS>;

export type BridgeConnection = 'off' | 'connecting' | 'connected' | 'reconnecting' | 'refused';

/** What the Options page and the side panel show of the connection to the host. */
export interface BridgeState {
  state: BridgeConnection;
  paired: boolean;
  label: string;
  port: number;
  hubVersion?: string;
  /** Why it is not connected (what the hub said, or what failed). */
  message?: string;
  /** Host sessions using this browser now. */
  sessions: { id: string; label: string }[];
  /** Host questions waiting for the person: cards in the side panel. */
  questions: { taskId: string; request: PendingRequest }[];
}

const port = z.number({ error: 'The port is a number (8765 unless `wayfinder serve --port` said otherwise).' }).int().min(1).max(65_535);

export const BRIDGE_REQUESTS = [
  z.object({ type: z.literal('bridge.state') }),
  /** Pairs with the code `wayfinder serve` printed, then stays connected. */
  z.object({
    type: z.literal('bridge.pair'),
    port,
    code: z.string().trim().min(1, 'Enter the pairing code `wayfinder serve` printed.').max(40),
    label: z.string().trim().max(100).default(''),
  }),
  /** Connects again with the pairing kept (after Disconnect). */
  z.object({ type: z.literal('bridge.connect') }),
  z.object({ type: z.literal('bridge.disconnect') }),
  /** Disconnects and forgets the device token (pair again to connect). */
  z.object({ type: z.literal('bridge.forget') }),
  /** Runs a task with the host's agent (`host.task`), in this browser; its events come as a host conversation. */
  z.object({
    type: z.literal('host.start'),
    task: z
      .string()
      .trim()
      .min(1, 'Say what to do.')
      .max(HOST_TASK_MAX_CHARS, `The host takes tasks of at most ${HOST_TASK_MAX_CHARS} characters.`),
    mode: z.enum(['act', 'ask'], { error: 'The host runs Act and Ask tasks; choose one of those (or another model to plan).' }),
  }),
  z.object({ type: z.literal('host.stop'), taskId: z.string().max(100) }),
] as const;

export interface BridgeReplies {
  'bridge.state': { bridge: BridgeState };
  'bridge.pair': { bridge: BridgeState };
  'bridge.connect': { bridge: BridgeState };
  'bridge.disconnect': { bridge: BridgeState };
  'bridge.forget': { bridge: BridgeState };
  'host.stop': { stopped: boolean };
}

const PLATFORMS: Record<string, string> = {
  mac: 'macOS',
  win: 'Windows',
  linux: 'Linux',
  cros: 'ChromeOS',
  android: 'Android',
  openbsd: 'OpenBSD',
  fuchsia: 'Fuchsia',
};

/** The name a browser gets on the host unless the person gives it one. */
export async function defaultLabel(): Promise<string> {
  const { os } = await chrome.runtime.getPlatformInfo();
  return `Chrome on ${PLATFORMS[os] ?? os}`;
}

export async function loadBridgeSettings(): Promise<BridgeSettings> {
  const stored: Record<string, unknown> = await chrome.storage.local.get(BRIDGE_KEY);
  const parsed = BRIDGE_SETTINGS.safeParse(stored[BRIDGE_KEY] ?? {});
  return parsed.success ? parsed.data : BRIDGE_SETTINGS.parse({});
}

export async function saveBridgeSettings(settings: BridgeSettings): Promise<void> {
  await chrome.storage.local.set({ [BRIDGE_KEY]: BRIDGE_SETTINGS.parse(settings) });
}
