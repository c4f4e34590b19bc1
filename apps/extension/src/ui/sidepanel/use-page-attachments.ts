import { useEffect } from 'react';
import type { ReadAttachment } from './attachments';
import { PAGE_ATTACHMENTS_KEY, type PageAttachment } from '../../lib/page-helpers';

// What the page helpers sent to the chat (a selection, a capture, a helper's result) waits in
// chrome.storage.session (background/helpers/page-helpers.ts) until a task takes it. Every open panel
// shows it among the task box's attachments (marked `page`); the one that runs a task with it
// clears it, and removing its chip removes it for all.

export type BoxFile = ReadAttachment & { image?: string; audio?: string; page?: true };

function isAttachment(value: unknown): value is PageAttachment {
  return (
    typeof value === 'object' &&
    value !== null &&
    'name' in value &&
    typeof value.name === 'string' &&
    'text' in value &&
    typeof value.text === 'string' &&
    (!('image' in value) || value.image === undefined || typeof value.image === 'string')
  );
}

async function stored(): Promise<PageAttachment[]> {
  const all: Record<string, unknown> = await chrome.storage.session.get(PAGE_ATTACHMENTS_KEY);
  const list = all[PAGE_ATTACHMENTS_KEY];
  return Array.isArray(list) ? list.filter(isAttachment) : [];
}

export function usePageAttachments(setFiles: (update: (files: BoxFile[]) => BoxFile[]) => void): {
  remove: (name: string) => Promise<void>;
  clear: () => Promise<void>;
} {
  useEffect(() => {
    const sync = async () => {
      const list = await stored();
      setFiles((files) => [...files.filter((f) => !f.page), ...list.map((a) => ({ ...a, truncated: false, page: true as const }))]);
    };
    const changed = (changes: Record<string, chrome.storage.StorageChange>, area: string) => {
      if (area === 'session' && PAGE_ATTACHMENTS_KEY in changes) void sync();
    };
    void sync();
    chrome.storage.onChanged.addListener(changed);
    return () => chrome.storage.onChanged.removeListener(changed);
  }, [setFiles]);
  return {
    remove: async (name) => {
      await chrome.storage.session.set({ [PAGE_ATTACHMENTS_KEY]: (await stored()).filter((a) => a.name !== name) });
    },
    clear: () => chrome.storage.session.remove(PAGE_ATTACHMENTS_KEY),
  };
}
