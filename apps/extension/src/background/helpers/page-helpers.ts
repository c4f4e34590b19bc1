import { SitePermissions } from '@wayfinder/core';
import { z } from 'zod';
import {
  OPEN_PANEL_MESSAGE,
  PAGE_ATTACHMENTS_KEY,
  PAGE_HELPERS_PORT,
  START_CAPTURE_MESSAGE,
  type HelperEvent,
  type PageAttachment,
} from '../../lib/page-helpers';
import { logError } from '../../lib/log';
import type { CurrentRedaction } from '../../lib/redaction';
import { loadSites } from '../../lib/safety-store';
import { loadSettings } from '../../lib/settings';
import { ATTACHMENT_MAX_CHARS, ATTACHMENT_MAX_FILES } from '../../lib/messages';
import { cropCapture } from './capture-crop';
import { explainImagePrompt, explainPrompt, rewritePrompt, writePrompt, type HelperPrompt } from './prompts';
import { streamJob as defaultStreamJob, type Job, type JobRoute, type StreamJobOptions } from './job-models';

// The page helpers' side in the worker (docs/0034-page-helpers.md): a content script in each
// page (ui/page-helpers) connects on the `wayfinder-page-helpers` port; every message from it
// is validated here (a page is untrusted). Helper jobs stream back over the port; captures
// are cut here (captureVisibleTab + OffscreenCanvas); Send to chat leaves an attachment in
// chrome.storage.session for the panel's next task, and the click's gesture opens the panel.

const CONTEXT = z.object({
  title: z.string().max(1000),
  url: z.string().max(4000),
  label: z.string().max(500),
  nearby: z.string().max(4000),
});
const ID = z.string().min(1).max(100);
/** The most of a rated input or output the ratings store keeps (lib/rating-messages.ts). */
const RATED_MAX_CHARS = 20_000;
const TEXT = z.string().min(1).max(ATTACHMENT_MAX_CHARS);
const IMAGE = z
  .string()
  .max(20_000_000)
  .regex(/^data:image\/(png|jpeg|webp);base64,/);
const PRESET = z.enum([
  'shorter',
  'expand',
  'professional',
  'friendly',
  'improve',
  'simplify',
  'enthusiastic',
  'conversational',
  'grammar',
]);

const REQUEST = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello') }),
  z.object({ type: z.literal('explain'), id: ID, text: TEXT, context: CONTEXT }),
  z.object({
    type: z.literal('rewrite'),
    id: ID,
    text: TEXT,
    preset: PRESET.nullable(),
    instruction: z.string().max(2000),
    context: CONTEXT,
  }),
  z.object({ type: z.literal('write'), id: ID, instruction: z.string().trim().min(1, 'Say what to write.').max(2000), context: CONTEXT }),
  z.object({ type: z.literal('explain-image'), id: ID, image: IMAGE, context: CONTEXT }),
  z.object({ type: z.literal('cancel'), id: ID }),
  z.object({
    type: z.literal('capture'),
    id: ID,
    rect: z.object({ x: z.number(), y: z.number(), width: z.number().positive(), height: z.number().positive() }),
    viewport: z.object({ width: z.number().positive(), height: z.number().positive() }),
  }),
  z.object({ type: z.literal('send'), id: ID, text: TEXT.optional(), image: IMAGE.optional(), context: CONTEXT }),
  z.object({
    type: z.literal('rate'),
    rating: z.enum(['up', 'down']),
    job: z.enum(['explain', 'rewrite', 'write']),
    instruction: z.string().max(2000),
    input: z.string().max(ATTACHMENT_MAX_CHARS),
    output: z.string().max(ATTACHMENT_MAX_CHARS),
    context: CONTEXT,
  }),
]);
type HelperRequest = z.infer<typeof REQUEST>;

/** A helper result's rating, as builtin's ratings store takes it (`rating.save`, target 'helper'). */
export interface HelperRating {
  target: 'helper';
  rating: 'up' | 'down';
  context: { job: 'explain' | 'rewrite' | 'write'; instruction: string; site: string; url: string; input: string; output: string };
}

export interface PageHelperParts {
  /** The person's facts from memory (for /write), newest first; [] when memory is not available. */
  facts: () => Promise<string[]>;
  /** Stores a rating (builtin's ratings store). */
  rate: (rating: HelperRating) => Promise<void>;
  /** The worker's one redaction: what Send to chat leaves in chrome.storage.session passes it. */
  redaction: CurrentRedaction;
  streamJob?: (
    job: Job,
    input: HelperPrompt & { image?: string },
    signal?: AbortSignal,
    options?: StreamJobOptions,
  ) => AsyncIterable<string>;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

/** Whether the helpers show on this page: on in the settings, an http(s) page, the site not blocked. */
export async function helpersEnabledFor(url: string): Promise<boolean> {
  const settings = await loadSettings();
  if (!settings.pageHelpers.enabled) return false;
  const host = hostOf(url);
  if (!host || !/^https?:/.test(url)) return false;
  return new SitePermissions(await loadSites()).decide(host).decision !== 'block';
}

function nameFor(kind: 'selection' | 'capture', url: string): string {
  const site = hostOf(url) || 'a page';
  return kind === 'capture' ? `captured area of ${site}` : `selection from ${site}`;
}

/** Leaves an attachment for the panel's next task (the oldest dropped past the limit), its words redacted (a picture's data left whole). */
async function addAttachment(given: PageAttachment, redaction: CurrentRedaction): Promise<void> {
  const current = await redaction();
  const attachment: PageAttachment = { ...given, name: current.text(given.name), text: current.text(given.text) };
  const stored: Record<string, unknown> = await chrome.storage.session.get(PAGE_ATTACHMENTS_KEY);
  const list = z
    .array(z.object({ name: z.string(), text: z.string(), image: z.string().optional() }))
    .catch([])
    .parse(stored[PAGE_ATTACHMENTS_KEY] ?? []);
  await chrome.storage.session.set({ [PAGE_ATTACHMENTS_KEY]: [...list, attachment].slice(-ATTACHMENT_MAX_FILES) });
}

export class PageHelpers {
  private readonly streamJob: NonNullable<PageHelperParts['streamJob']>;

  constructor(private readonly parts: PageHelperParts) {
    this.streamJob = parts.streamJob ?? defaultStreamJob;
  }

  /** Registers the listeners (synchronously, at the worker's start). */
  listen(): void {
    chrome.runtime.onConnect.addListener((port) => {
      if (port.name !== PAGE_HELPERS_PORT) return;
      if (port.sender?.id !== chrome.runtime.id || port.sender.tab?.id === undefined) {
        port.disconnect();
        return;
      }
      this.serve(port, port.sender.tab);
    });
    // Send to chat's click: the gesture lasts only while this runs, so the panel opens first, at once.
    chrome.runtime.onMessage.addListener((message: unknown, sender) => {
      if (typeof message !== 'object' || message === null || !('type' in message) || message.type !== OPEN_PANEL_MESSAGE) return;
      if (sender.id !== chrome.runtime.id || sender.tab?.id === undefined) return;
      chrome.sidePanel
        .open({ tabId: sender.tab.id })
        .catch((error: unknown) => logError('wayfinder: could not open the side panel', error));
    });
    chrome.commands.onCommand.addListener((command, tab) => {
      if (command !== 'capture-area' || tab?.id === undefined) return;
      this.startCapture(tab.id).catch((error: unknown) => logError('wayfinder: could not start an area capture', error));
    });
  }

  /** Starts the area capture in a tab (the shortcut, or the panel's button). */
  async startCapture(tabId: number): Promise<void> {
    const tab = await chrome.tabs.get(tabId);
    if (!(await helpersEnabledFor(tab.url ?? '')))
      throw new Error('Area capture is off on this page (the page helpers are turned off, or the site is blocked).');
    // What is captured is what the tab shows: it must be the one in view.
    if (!tab.active) await chrome.tabs.update(tabId, { active: true });
    await chrome.tabs.sendMessage(tabId, { type: START_CAPTURE_MESSAGE }).catch(() => {
      throw new Error('This page has no Wayfinder helpers yet; reload it and try again.');
    });
  }

  private serve(port: chrome.runtime.Port, tab: chrome.tabs.Tab): void {
    const running = new Map<string, AbortController>();
    const post = (event: HelperEvent) => {
      try {
        port.postMessage(event);
      } catch {
        // The page went away; nothing to tell.
      }
    };
    port.onDisconnect.addListener(() => {
      for (const controller of running.values()) controller.abort();
      running.clear();
    });
    port.onMessage.addListener((message: unknown) => {
      const parsed = REQUEST.safeParse(message);
      if (!parsed.success) {
        const id = typeof message === 'object' && message !== null && 'id' in message && typeof message.id === 'string' ? message.id : '';
        post({ type: 'error', id, message: parsed.error.issues.map((i) => i.message).join('; ') });
        return;
      }
      this.handle(parsed.data, tab, post, running).catch((error: unknown) => {
        const id = 'id' in parsed.data ? parsed.data.id : '';
        post({ type: 'error', id, message: error instanceof Error ? error.message : String(error) });
      });
    });
  }

  private async handle(
    request: HelperRequest,
    tab: chrome.tabs.Tab,
    post: (event: HelperEvent) => void,
    running: Map<string, AbortController>,
  ): Promise<void> {
    const url = tab.url ?? '';
    switch (request.type) {
      case 'hello':
        post({ type: 'state', enabled: await helpersEnabledFor(url) });
        return;
      case 'cancel':
        running.get(request.id)?.abort();
        return;
      case 'explain':
        return this.stream(request.id, 'explain', explainPrompt(request.text, { ...request.context, url }), post, running);
      case 'rewrite':
        return this.stream(
          request.id,
          'rewrite',
          rewritePrompt(request.text, request.preset, request.instruction, { ...request.context, url }),
          post,
          running,
        );
      case 'write':
        return this.stream(
          request.id,
          'write',
          writePrompt(request.instruction, { ...request.context, url }, await this.parts.facts()),
          post,
          running,
        );
      case 'explain-image':
        return this.stream(
          request.id,
          'explain',
          { ...explainImagePrompt({ ...request.context, url }), image: request.image },
          post,
          running,
        );
      case 'capture': {
        const shot = await chrome.tabs.captureVisibleTab(tab.windowId, { format: 'png' });
        const cropped = await cropCapture(shot, request.rect, request.viewport);
        post({ type: 'captured', id: request.id, ...cropped });
        return;
      }
      case 'send': {
        if (!request.text && !request.image) throw new Error('Select some text or capture an area to send to the chat.');
        const attachment: PageAttachment = request.image
          ? { name: nameFor('capture', url), text: `A picture of an area of ${url} the person captured.`, image: request.image }
          : { name: nameFor('selection', url), text: request.text ?? '' };
        await addAttachment(attachment, this.parts.redaction);
        post({ type: 'sent', id: request.id });
        return;
      }
      case 'rate':
        await this.parts.rate({
          target: 'helper',
          rating: request.rating,
          context: {
            job: request.job,
            instruction: request.instruction,
            site: hostOf(url),
            url: url.slice(0, 2000),
            // As much as the ratings store keeps.
            input: request.input.slice(0, RATED_MAX_CHARS),
            output: request.output.slice(0, RATED_MAX_CHARS),
          },
        });
        return;
    }
  }

  private async stream(
    id: string,
    job: Job,
    input: HelperPrompt & { image?: string },
    post: (event: HelperEvent) => void,
    running: Map<string, AbortController>,
  ): Promise<void> {
    const controller = new AbortController();
    running.set(id, controller);
    const seen: { route: JobRoute | null } = { route: null };
    try {
      for await (const text of this.streamJob(job, input, controller.signal, { onRoute: (r) => (seen.route = r) })) {
        if (controller.signal.aborted) return;
        post({ type: 'delta', id, text });
      }
      if (!controller.signal.aborted) post({ type: 'done', id, route: seen.route?.label ?? '' });
    } finally {
      running.delete(id);
    }
  }
}
