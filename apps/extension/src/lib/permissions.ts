// What Chrome lets Wayfinder do, and why (docs/0050-a-store-ready-extension.md). One table: the
// manifest's `permissions` and `optional_permissions` are built from it (wxt.config.ts), the
// welcome page and Options › Permissions say each line of it, and the features that need an
// optional permission check and ask for it here. Required: what the agent needs the moment it
// is installed. Optional: what only a feature the person turns on needs; Chrome asks the
// person when the feature is turned on (a click: Chrome shows its prompt only for a gesture).
// Chrome refuses some permissions as optional (debugger, declarativeNetRequest, tts,
// unlimitedStorage): those are required or absent.

export interface PermissionNote {
  /** The manifest's name for it. */
  permission: string;
  /** What Chrome calls it in its prompt or on the extension's page. */
  name: string;
  /** What Wayfinder uses it for, in one line. */
  why: string;
}

export const REQUIRED_PERMISSIONS = [
  {
    permission: 'debugger',
    name: 'Debugger',
    why: 'to click, type and scroll with real input in the tabs a task works in — only while the task runs (Chrome shows a bar at the top of the tab)',
  },
  {
    permission: 'tabs',
    name: 'Tabs',
    why: 'to know which tab you are looking at, and to open, switch and close tabs when a task needs to',
  },
  { permission: 'sidePanel', name: 'Side panel', why: 'to show Wayfinder next to the page' },
  { permission: 'storage', name: 'Storage', why: 'to keep your settings and conversations on this computer' },
  {
    permission: 'unlimitedStorage',
    name: 'Unlimited storage',
    why: 'so memory, skills and long conversations are not cut off by the browser’s storage quota',
  },
  {
    permission: 'alarms',
    name: 'Alarms',
    why: 'to pick up a running task again if Chrome pauses the extension in the middle of it, and to reconnect to the host (if you connected it)',
  },
  {
    permission: 'declarativeNetRequest',
    name: 'Block content',
    why: 'while a task runs: to keep the sites you blocked from loading in any tab, and to hold a page the task opens until its safety checks are in place',
  },
  { permission: 'downloads', name: 'Downloads', why: 'to ask you before a file a task’s page downloads is kept (declined, it is deleted)' },
  {
    permission: 'offscreen',
    name: 'Offscreen document',
    why: 'to run the search-by-meaning model for memory and Chrome’s built-in model, and to record audio, without slowing the agent',
  },
  {
    permission: 'scripting',
    name: 'Scripting',
    why: 'to read a page you asked Wayfinder to remember (or every page, if you turn that on) without taking control of the tab',
  },
  { permission: 'tts', name: 'Text-to-speech', why: 'if you turn on spoken replies: to read answers aloud with your browser’s voices' },
] as const satisfies readonly PermissionNote[];

export const OPTIONAL_PERMISSIONS = [
  {
    permission: 'history',
    name: 'History',
    why: 'only if you let research use your browsing history: the site and title of pages you visited, sensitive ones left out',
    where: 'Options › Research › Browsing history',
  },
  {
    permission: 'search',
    name: 'Search',
    why: 'only for web searches with your browser’s default search engine (not needed when you set a search address)',
    where: 'Options › Research › Search',
  },
  {
    permission: 'tabCapture',
    name: 'Tab capture',
    why: 'only when you press Tab audio (or Ctrl+Shift+A): to record a few seconds of the tab’s sound, which keeps playing',
    where: 'the side panel’s Tab audio button',
  },
  {
    permission: 'tabGroups',
    name: 'Tab groups',
    why: 'only if you connect Wayfinder on this computer: to keep the tabs the host works in together, as “Wayfinder (host)”',
    where: 'Options › Connect to the host',
  },
] as const satisfies readonly (PermissionNote & { where: string })[];

export type OptionalPermission = (typeof OPTIONAL_PERMISSIONS)[number]['permission'];

/** What the agent reads and changes pages with, and reaches the model servers the person chooses. */
export const HOST_PERMISSION_NOTE: PermissionNote = {
  permission: '<all_urls>',
  name: 'Read and change data on all websites',
  why: 'to read the page you ask about and to reach the model server you choose (for example Ollama on this computer)',
};

function noteOf(permission: OptionalPermission) {
  const note = OPTIONAL_PERMISSIONS.find((p) => p.permission === permission);
  if (!note) throw new Error(`internal: ${permission} is not an optional permission`);
  return note;
}

/** Whether Chrome has given Wayfinder this optional permission (the person may take it back at any time). */
export function hasPermission(permission: OptionalPermission): Promise<boolean> {
  return chrome.permissions.contains({ permissions: [permission] });
}

/**
 * Asks Chrome for it: Chrome shows its prompt (nothing, when it is already given). Call it
 * first thing in a click handler — Chrome asks only in answer to a person's gesture.
 */
export async function requestPermission(permission: OptionalPermission): Promise<boolean> {
  try {
    return await chrome.permissions.request({ permissions: [permission] });
  } catch {
    return false;
  }
}

/** Gives it back to Chrome. */
export function releasePermission(permission: OptionalPermission): Promise<boolean> {
  return chrome.permissions.remove({ permissions: [permission] });
}

/** The one-line reason a feature could not run: which permission, and where the person can give it. */
export function missingPermission(permission: OptionalPermission, doing: string): string {
  const note = noteOf(permission);
  return `${doing} needs Chrome’s “${note.name}” permission, which Wayfinder does not have: allow it in ${note.where} (or Options › Permissions).`;
}

/** The refusal shown when the person's click on "allow" got a "no" from Chrome's prompt. */
export function refusedPermission(permission: OptionalPermission): string {
  return `Chrome did not give Wayfinder the “${noteOf(permission).name}” permission, so this stays off.`;
}
