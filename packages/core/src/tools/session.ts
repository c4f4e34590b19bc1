import type { MemoryAccess } from '../memory/types';
import type { SkillLibrary } from '../skills/library';
import { BrowserError } from '../browser/errors';
import type { Browser, Tab } from '../browser/port';
import { PLAYBOOKS } from '../playbooks/playbooks';
import type { ToolContext } from './define';
import type { ResearchPort } from '../research/types';

// The tab a caller's tools work in, kept between calls: the one it switched to, else the
// one the person is looking at. A tab that closed under a call is found again on the next.

export class TabSession {
  private current: Tab | null = null;

  constructor(
    private readonly browser: Browser,
    private id: string | null = null,
  ) {}

  /** The tab's id, once there is one (a plan's next step starts in it). */
  get tabId(): string | null {
    return this.id;
  }

  async tab(): Promise<Tab> {
    if (this.current) return this.current;
    if (this.id) {
      try {
        this.current = await this.browser.switchTab(this.id);
        return this.current;
      } catch (error) {
        if (!BrowserError.isInstance(error) || error.code !== 'tab-closed') throw error;
        this.id = null;
      }
    }
    this.current = await this.browser.activeTab();
    this.id = this.current.id;
    return this.current;
  }

  use(id: string): void {
    this.id = id;
    this.current = null;
  }

  forget(): void {
    this.current = null;
  }
}

export interface ContextParts {
  browser: Browser;
  tabs: TabSession;
  signal: AbortSignal;
  /** Asks the person; by default nobody is there to answer. */
  askUser?: (question: string) => Promise<string>;
  /** Fills stored secrets into typed text (the policy has checked where). */
  fillSecrets?: (text: string) => string;
  /** The tool-less model that summarises pages read in the background. */
  summarisePage?: (url: string, text: string) => Promise<string>;
  memory?: MemoryAccess | null;
  skills?: SkillLibrary | null;
  research?: ResearchPort | null;
}

/** The context tools run in, for any caller of the ToolRunner. */
export function makeToolContext(parts: ContextParts): ToolContext {
  return {
    browser: parts.browser,
    tab: () => parts.tabs.tab(),
    useTab: (id) => parts.tabs.use(id),
    forgetTab: () => parts.tabs.forget(),
    signal: parts.signal,
    askUser: parts.askUser ?? (() => Promise.resolve('(No one is available to answer; decide without it, or finish with done.)')),
    playbooks: new Map(PLAYBOOKS.map((p) => [p.name, { title: p.title, tools: p.tools }])),
    fillSecrets: parts.fillSecrets ?? ((text) => text),
    memory: parts.memory ?? null,
    skills: parts.skills ?? null,
    research: parts.research ?? null,
    // The runner puts itself here for the calls it runs.
    runner: null,
    summarisePage:
      parts.summarisePage ??
      (() =>
        Promise.reject(
          new BrowserError('not-supported', 'Reading pages in the background needs a model to summarise them; none is set up here.', false),
        )),
  };
}
