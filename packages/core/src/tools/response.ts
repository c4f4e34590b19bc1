import { fencePage, type PageText } from '../browser/page-text';
import { Redaction } from '../policy/redaction';
import type { Said } from '../browser/said';
import type { PageSnapshot } from '../browser/port';

// What a tool says back. Handlers add text, page state and images; `render` is the one
// place that caps the size, redacts secrets and fences page content, so the agent loop,
// the MCP server and the side panel all show the same thing.

export interface ToolImage {
  data: string;
  mediaType: string;
}

/** A signal from a tool to the loop (the task is done; more tools are unlocked). */
export type ToolControl = { kind: 'done'; summary: string; success: boolean } | { kind: 'unlock'; playbook: string; tools: string[] };

export interface ToolResult {
  /** What the model reads. */
  text: string;
  images: ToolImage[];
  isError: boolean;
  control: ToolControl | null;
  /** Structured details for hosts (timelines); never sent to the model. */
  data: Record<string, unknown>;
  /** The page state the result carries, if any (so history pruning can find it). */
  hasPageState: boolean;
  /** What a person reads instead of `text`, where the two differ (advice written for the model left out); null: none. */
  display: string | null;
}

export interface RenderOptions {
  maxChars: number;
  /** Replaces secrets in everything the model will read. */
  redact: (text: string) => string;
}

/** For callers with none of the person's secrets: credentials and card numbers are still hidden. */
// eslint-disable-next-line no-restricted-syntax -- callers with none of the person's secrets still hide shapes
export const DEFAULT_RENDER: RenderOptions = { maxChars: 24_000, redact: new Redaction().apply };

export { fencePage };

export class ResponseBuilder {
  private readonly lines: string[] = [];
  private readonly images: ToolImage[] = [];
  private page: string | null = null;
  private error = false;
  private controlSignal: ToolControl | null = null;
  private personText: string | null = null;
  readonly data: Record<string, unknown> = {};

  /** A sentence from the tool (said`Clicked ${pageData(name)}.`: page text in it quoted or fenced; tools/said.ts). */
  add(text: Said | PageText): this {
    if (text) this.lines.push(text);
    return this;
  }

  /** Marks the result as an error; the message says what went wrong and what to do next. */
  fail(message: Said | PageText): this {
    this.error = true;
    this.lines.push(message);
    return this;
  }

  /** Attaches page state (a snapshot or a diff), fenced as page content. */
  pageState(snapshot: PageSnapshot, heading: Said): this {
    this.page = `${heading}\n${fencePage(snapshot.url, snapshot.text)}`;
    this.data.snapshot = { url: snapshot.url, title: snapshot.title, isDiff: snapshot.isDiff, tokens: snapshot.tokens };
    return this;
  }

  /** Attaches other text read from the page (extracted content, HTML), fenced. */
  pageText(source: string, text: string): this {
    this.lines.push(fencePage(source, text));
    return this;
  }

  /** The result in words for the person, when what the model reads is advice to it ("do not try this again"). */
  forPerson(text: Said): this {
    this.personText = text;
    return this;
  }

  image(data: string, mediaType: string): this {
    this.images.push({ data, mediaType });
    return this;
  }

  control(signal: ToolControl): this {
    this.controlSignal = signal;
    return this;
  }

  get isError(): boolean {
    return this.error;
  }

  render(options: RenderOptions = DEFAULT_RENDER): ToolResult {
    const parts = [...this.lines];
    if (this.page) parts.push(this.page);
    let text = options.redact(parts.join('\n\n'));
    if (text.length > options.maxChars) {
      const cut = text.lastIndexOf('\n', options.maxChars);
      const end = cut > options.maxChars * 0.6 ? cut : options.maxChars;
      let kept = text.slice(0, end);
      // A cut inside page content closes the fence, so our note is not read as the page's.
      if ((kept.match(/<page-content /g) ?? []).length > (kept.match(/<\/page-content>/g) ?? []).length) kept += '\n</page-content>';
      text = `${kept}\n… (result cut at ${end} of ${text.length} characters; ask for less, e.g. a viewport snapshot or a narrower selector)`;
    }
    return {
      text,
      images: this.images,
      isError: this.error,
      control: this.controlSignal,
      data: this.data,
      hasPageState: this.page !== null,
      display: this.personText === null ? null : options.redact(this.personText),
    };
  }
}
