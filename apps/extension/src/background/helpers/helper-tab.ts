import type { FieldContext, FrameEvent, HelperEvent, HelperViewKind } from '../../lib/page-helpers';
import type { Job, StreamJobOptions } from './job-models';
import type { HelperPrompt } from './prompts';

// One tab's page helpers in the worker (docs/0038-page-helpers-origin.md): the content
// script's port (page data, where to draw, what to insert), the helper frame paired with it
// (the person's words, the results), and the one view open in that frame with its job. A
// frame is paired only when it presents the key the content script gave: a page that loads
// the frame's page itself gets a frame that is told nothing.

export type StreamJob = (
  job: Job,
  input: HelperPrompt & { image?: string },
  signal?: AbortSignal,
  options?: StreamJobOptions,
) => AsyncIterable<string>;

/** A helper result's rating, as builtin's ratings store takes it (`rating.save`, target 'helper'). */
export interface HelperRating {
  target: 'helper';
  rating: 'up' | 'down';
  context: { job: 'explain' | 'rewrite' | 'write'; instruction: string; site: string; url: string; input: string; output: string };
}

/** A job a view ran, kept for its rating, Send to chat and Insert. */
export interface ViewJob {
  job: 'explain' | 'rewrite' | 'write';
  title: string;
  /** The preset's label or the person's own words ('' for explain). */
  instruction: string;
  input: string;
  output: string;
  state: 'running' | 'done' | 'failed';
  route: string;
  error: string;
  controller: AbortController;
}

export interface ViewSession {
  id: string;
  view: HelperViewKind;
  /** The selection (page data). */
  text: string;
  /** Where it is, with the tab's own address. */
  context: FieldContext;
  image?: { src: string; width: number; height: number };
  job: ViewJob | null;
  /** Sent to the chat (the frame says so, also when it was paired after). */
  sent?: boolean;
}

export class HelperTab {
  /** The key the content script gave for its frame (docs/0038). */
  key: string | null = null;
  session: ViewSession | null = null;
  private frame: chrome.runtime.Port | null = null;

  constructor(
    private page: (event: HelperEvent) => void,
    private readonly streamJob: StreamJob,
  ) {}

  /** The content script's port (again, after the worker or the port restarted). */
  attachPage(post: (event: HelperEvent) => void): void {
    this.page = post;
  }

  toPage(event: HelperEvent): void {
    this.page(event);
  }

  toFrame(event: FrameEvent): void {
    try {
      this.frame?.postMessage(event);
    } catch {
      // The frame went with its page.
    }
  }

  /** Pairs a frame that presents this tab's key; a view opened while it loaded is shown at once. */
  pair(port: chrome.runtime.Port, key: string): boolean {
    if (!this.key || key !== this.key) return false;
    this.frame = port;
    port.onDisconnect.addListener(() => {
      if (this.frame === port) this.frame = null;
    });
    if (this.session) this.show(this.session);
    return true;
  }

  isFrame(port: chrome.runtime.Port): boolean {
    return this.frame === port;
  }

  /** The view `id` when it is the one open now. */
  current(id: string): ViewSession | null {
    return this.session?.id === id ? this.session : null;
  }

  /** Opens a view in the frame (the one before it ends, its job stopped). */
  open(session: ViewSession): void {
    this.end();
    this.session = session;
    this.show(session);
  }

  /** Ends the view open now (or only view `id`): its job stops and the frame empties. */
  end(id?: string): void {
    if (!this.session || (id !== undefined && this.session.id !== id)) return;
    this.session.job?.controller.abort();
    this.session = null;
    this.toFrame({ type: 'hide' });
  }

  /** The frame is told the view, and a job's words so far (a frame paired late, or paired again). */
  private show(session: ViewSession): void {
    const { id, view, text, image } = session;
    this.toFrame({ type: 'show', session: { id, view, text, ...(image ? { image } : {}) } });
    if (session.sent) this.toFrame({ type: 'sent', id });
    const job = session.job;
    if (!job) return;
    this.toFrame({ type: 'job', id, title: job.title });
    if (job.output) this.toFrame({ type: 'delta', id, text: job.output });
    if (job.state === 'done') this.toFrame({ type: 'done', id, route: job.route });
    if (job.state === 'failed') this.toFrame({ type: 'error', id, message: job.error });
  }

  /**
   * Runs a job for the view open now, streaming its words to the frame only (never to the
   * page's side). Resolves with the whole text, or null when it failed or was stopped.
   */
  async run(
    kind: ViewJob['job'],
    about: Pick<ViewJob, 'title' | 'instruction' | 'input'>,
    prompt: HelperPrompt & { image?: string },
  ): Promise<string | null> {
    const session = this.session;
    if (!session) return null;
    session.job?.controller.abort();
    const job: ViewJob = { job: kind, ...about, output: '', state: 'running', route: '', error: '', controller: new AbortController() };
    session.job = job;
    const { id } = session;
    const stopped = () => job.controller.signal.aborted || this.session !== session;
    this.toFrame({ type: 'job', id, title: job.title });
    try {
      for await (const text of this.streamJob(kind, prompt, job.controller.signal, { onRoute: (r) => (job.route = r.label) })) {
        if (stopped()) return null;
        job.output += text;
        this.toFrame({ type: 'delta', id, text });
      }
    } catch (error) {
      if (stopped()) return null;
      job.state = 'failed';
      job.error = error instanceof Error ? error.message : String(error);
      this.toFrame({ type: 'error', id, message: job.error });
      return null;
    }
    if (stopped()) return null;
    job.state = 'done';
    this.toFrame({ type: 'done', id, route: job.route });
    return job.output;
  }
}
