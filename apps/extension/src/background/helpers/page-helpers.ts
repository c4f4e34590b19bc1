import { SitePermissions } from '@wayfinder/core';
import { z } from 'zod';
import {
  HELPER_FRAME_PAGE,
  OPEN_PANEL_MESSAGE,
  PAGE_ATTACHMENTS_KEY,
  PAGE_HELPERS_PORT,
  START_CAPTURE_MESSAGE,
  type FieldContext,
  type HelperEvent,
  type PageAttachment,
} from '../../lib/page-helpers';
import { logError } from '../../lib/log';
import type { CurrentRedaction } from '../../lib/redaction';
import { loadSites } from '../../lib/safety-store';
import { loadSettings } from '../../lib/settings';
import { ATTACHMENT_MAX_CHARS, ATTACHMENT_MAX_FILES } from '../../lib/messages';
import { cropCapture } from './capture-crop';
import { FRAME_REQUEST, handleFrame, type FrameParts } from './frame-requests';
import { HelperTab, type HelperRating, type StreamJob, type ViewSession } from './helper-tab';
import { explainPrompt } from './prompts';
import { streamJob as defaultStreamJob } from './job-models';

// The page helpers' side in the worker (docs/0034-page-helpers.md, docs/0038-page-helpers-origin.md):
// a content script in each page (ui/page-helpers) and the helper frame it shows (ui/helper-frame,
// an extension page) connect on the `wayfinder-page-helpers` port; every message is validated
// here. The content script brings page data only; the person's words and the results live
// in the frame (helper-tab.ts, frame-requests.ts). Captures are cut here (captureVisibleTab +
// OffscreenCanvas); Send to chat leaves an attachment in chrome.storage.session for the
// panel's next task, and the click's gesture opens the panel.

const CONTEXT = z.object({
  title: z.string().max(1000),
  url: z.string().max(4000),
  label: z.string().max(500),
  nearby: z.string().max(4000),
});
const ID = z.string().min(1).max(100);
const TEXT = z.string().min(1).max(ATTACHMENT_MAX_CHARS);
const IMAGE = z
  .string()
  .max(20_000_000)
  .regex(/^data:image\/(png|jpeg|webp);base64,/);

// Page data only: no instruction of the person's is taken from a page's side (docs/0038).
const REQUEST = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello') }),
  z.object({ type: z.literal('frame'), key: z.string().min(16).max(100) }),
  z.object({
    type: z.literal('open'),
    id: ID,
    view: z.enum(['explain', 'rewrite', 'write', 'sent']),
    text: z.string().max(ATTACHMENT_MAX_CHARS),
    context: CONTEXT,
  }),
  z.object({ type: z.literal('close'), id: ID }),
  z.object({ type: z.literal('inserted'), id: ID, ok: z.boolean(), message: z.string().max(1000) }),
  z.object({
    type: z.literal('capture'),
    id: ID,
    rect: z.object({ x: z.number(), y: z.number(), width: z.number().positive(), height: z.number().positive() }),
    viewport: z.object({ width: z.number().positive(), height: z.number().positive() }),
  }),
  z.object({ type: z.literal('send'), id: ID, text: TEXT.optional(), image: IMAGE.optional(), context: CONTEXT }),
]);
type HelperRequest = z.infer<typeof REQUEST>;

export type { HelperRating };

export interface PageHelperParts {
  /** The person's facts from memory (for /write), newest first; [] when memory is not available. */
  facts: () => Promise<string[]>;
  /** Stores a rating (builtin's ratings store). */
  rate: (rating: HelperRating) => Promise<void>;
  /** The worker's one redaction: what a helper's model reads, and what Send to chat leaves in chrome.storage.session, pass it. */
  redaction: CurrentRedaction;
  streamJob?: StreamJob;
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

/**
 * A helper's words pass the one redaction before any model reads them, as a task's page text
 * does: the selection, the text near it, the title, the instruction (a picture is left whole).
 */
function redactedJobs(stream: StreamJob, redaction: CurrentRedaction): StreamJob {
  return async function* (job, input, signal, options) {
    const current = await redaction();
    yield* stream(
      job,
      {
        ...input,
        prompt: current.text(input.prompt),
        ...(input.text !== undefined ? { text: current.text(input.text) } : {}),
        ...(input.instruction !== undefined ? { instruction: current.text(input.instruction) } : {}),
      },
      signal,
      options,
    );
  };
}

export class PageHelpers {
  private readonly streamJob: StreamJob;
  /** Each tab's helpers: its content script, its frame, the view open (helper-tab.ts). */
  private readonly tabs = new Map<number, HelperTab>();
  private readonly frameParts: FrameParts;

  constructor(private readonly parts: PageHelperParts) {
    this.streamJob = redactedJobs(parts.streamJob ?? defaultStreamJob, parts.redaction);
    this.frameParts = { facts: parts.facts, rate: parts.rate, send: (tab, session, what) => this.send(tab, session, what) };
  }

  /** Registers the listeners (synchronously, at the worker's start). */
  listen(): void {
    chrome.runtime.onConnect.addListener((port) => {
      if (port.name !== PAGE_HELPERS_PORT) return;
      const sender = port.sender;
      if (sender?.id !== chrome.runtime.id || sender.tab?.id === undefined) {
        port.disconnect();
        return;
      }
      // The helper frame (an extension page inside the tab), or the content script (the tab's top frame).
      if (sender.url?.startsWith(chrome.runtime.getURL(HELPER_FRAME_PAGE)) && sender.frameId !== 0) this.serveFrame(port, sender.tab.id);
      else if (sender.frameId === 0 && /^https?:/.test(sender.url ?? '')) this.serve(port, sender.tab);
      else port.disconnect();
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
    const tabId = tab.id ?? -1;
    const post = (event: HelperEvent) => {
      try {
        port.postMessage(event);
      } catch {
        // The page went away; nothing to tell.
      }
    };
    let helper = this.tabs.get(tabId);
    if (helper) helper.attachPage(post);
    else this.tabs.set(tabId, (helper = new HelperTab(post, this.streamJob)));
    const mine = helper;
    port.onDisconnect.addListener(() => {
      // The page went (or reloaded): its view, its job and its frame's key go with it.
      if (this.tabs.get(tabId) !== mine) return;
      mine.end();
      this.tabs.delete(tabId);
    });
    port.onMessage.addListener((message: unknown) => {
      const parsed = REQUEST.safeParse(message);
      if (!parsed.success) {
        const id = typeof message === 'object' && message !== null && 'id' in message && typeof message.id === 'string' ? message.id : '';
        post({ type: 'error', id, message: parsed.error.issues.map((i) => i.message).join('; ') });
        return;
      }
      this.handle(parsed.data, tab, mine, post).catch((error: unknown) => {
        const id = 'id' in parsed.data ? parsed.data.id : '';
        const text = error instanceof Error ? error.message : String(error);
        if (mine.current(id)) mine.toFrame({ type: 'error', id, message: text });
        else post({ type: 'error', id, message: text });
      });
    });
  }

  /** A helper frame: answered only once it presents its tab's key (helper-tab.ts), then only for that tab's view. */
  private serveFrame(port: chrome.runtime.Port, tabId: number): void {
    port.onMessage.addListener((message: unknown) => {
      const parsed = FRAME_REQUEST.safeParse(message);
      const tab = this.tabs.get(tabId);
      if (!parsed.success || !tab) return;
      const request = parsed.data;
      if (request.type === 'hello') {
        if (!tab.pair(port, request.key)) port.disconnect();
        return;
      }
      if (!tab.isFrame(port)) return;
      handleFrame(tab, request, this.frameParts).catch((error: unknown) => {
        tab.toFrame({ type: 'error', id: request.id, message: error instanceof Error ? error.message : String(error) });
      });
    });
  }

  /** Send to chat from the frame: the result or the picture, marked on the page. */
  private async send(tab: HelperTab, session: ViewSession, what: { text?: string; image?: string }): Promise<void> {
    await this.handle({ type: 'send', id: session.id, context: session.context, ...what }, { url: session.context.url }, tab, (event) => {
      if (event.type !== 'sent') return;
      session.sent = true;
      tab.toFrame({ type: 'sent', id: session.id });
      tab.toPage({ type: 'highlight', id: session.id });
    });
  }

  /** Opens a view the person asked for on the page (a toolbar button, `/write`); Explain starts at once. */
  private open(helper: HelperTab, id: string, view: ViewSession['view'], text: string, context: FieldContext): void {
    const session: ViewSession = { id, view, text, context, job: null };
    helper.open(session);
    if (view === 'explain') void helper.run('explain', { title: 'Explain', instruction: '', input: text }, explainPrompt(text, context));
  }

  private async handle(
    request: HelperRequest,
    tab: { url?: string; title?: string; windowId?: number },
    helper: HelperTab,
    post: (event: HelperEvent) => void,
  ): Promise<void> {
    const url = tab.url ?? '';
    switch (request.type) {
      case 'hello':
        post({ type: 'state', enabled: await helpersEnabledFor(url) });
        return;
      case 'frame':
        helper.key = request.key;
        post({ type: 'keyed' });
        return;
      case 'open': {
        if (!(await helpersEnabledFor(url))) throw new Error('The page helpers are off on this page.');
        if (request.view !== 'write' && !request.text.trim()) throw new Error('Select some text first.');
        this.open(helper, request.id, request.view, request.text, { ...request.context, url });
        const session = helper.current(request.id);
        if (request.view === 'sent' && session) await this.send(helper, session, { text: request.text });
        return;
      }
      case 'close':
        helper.end(request.id);
        return;
      case 'inserted': {
        const session = helper.current(request.id);
        if (!session) return;
        helper.toFrame({ type: 'applied', id: request.id, ok: request.ok, message: request.message });
        // A draft put in the field is done with: the content script has closed its view.
        if (session.view === 'write' && request.ok) helper.end(request.id);
        return;
      }
      case 'capture': {
        if (tab.windowId === undefined) throw new Error('The tab has no window to capture.');
        const shot = await chrome.tabs.captureVisibleTab(tab.windowId, { format: 'png' });
        const cropped = await cropCapture(shot, request.rect, request.viewport);
        helper.open({
          id: request.id,
          view: 'capture',
          text: '',
          context: { title: tab.title ?? '', url, label: '', nearby: '' },
          image: { src: cropped.image, width: cropped.width, height: cropped.height },
          job: null,
        });
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
    }
  }
}
