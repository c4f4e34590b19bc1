import {
  BridgeError,
  FEED_CHANGED,
  isResearchMethod,
  RESEARCH_PARAMS,
  type FeedChanged,
  type IncomingCall,
  type ResearchMethod,
  type ResearchResults,
  type ResearchRunResult,
} from '@wayfinder/bridge';
import type { Discovery, FeedPage, Interest, Reaction, Watch } from '@wayfinder/core';
import type { z } from 'zod';
import type { DeviceLink } from './links';

// A browser's feed page and panel ask the host for its research (issue 15): the feed,
// reactions, interests, runs and watches. Parameters are checked here (a device is trusted
// no further than its token); the work is the injected ResearchHost's (`wayfinder serve`
// gives the ResearchService). After anything that changes the feed, every connected browser
// hears `feed.changed` with the unread count (its badge).

/** What the hub needs from research; it loads no config and opens no store itself. */
export interface ResearchHost {
  feed(state: 'new' | 'archived', offset: number, limit: number): FeedPage;
  react(id: string, reaction: Reaction): { discovery: Discovery; unread: number } | null;
  listInterests(): Interest[];
  addInterest(topic: string): { interest: Interest };
  removeInterest(id: string): boolean;
  run(interest?: string): Promise<ResearchRunResult>;
  addWatch(url: string, label: string, value?: string): Watch;
  listWatches(): Watch[];
  removeWatch(id: string): boolean;
}

function parsedParams<T>(schema: z.ZodType<T>, method: string, params: unknown): T {
  const result = schema.safeParse(params ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new BridgeError(
    'bad-params',
    `${method}: ${issue ? `${issue.path.join('.') || 'params'}: ${issue.message}` : 'invalid parameters'}.`,
    false,
  );
}

const publicWatch = (w: Watch): Watch => ({
  id: w.id,
  url: w.url,
  label: w.label,
  ...(w.value !== undefined ? { value: w.value } : {}),
  everyMinutes: w.everyMinutes,
  ...(w.lastCheckedAt !== undefined ? { lastCheckedAt: w.lastCheckedAt } : {}),
});

export class HubResearch {
  constructor(
    private readonly host: ResearchHost,
    private readonly devices: () => DeviceLink[],
    private readonly log: (line: string) => void,
  ) {}

  static handles(method: string): boolean {
    return isResearchMethod(method);
  }

  /** To every connected browser: the feed changed, and how many are unread now. */
  changed(unread: number): void {
    const data: FeedChanged = { unread };
    for (const link of this.devices()) if (link.peer.open) link.peer.emit(FEED_CHANGED, data);
  }

  async handle(device: DeviceLink, call: IncomingCall): Promise<unknown> {
    const method = call.method;
    if (!isResearchMethod(method)) throw new BridgeError('unknown-method', `The host answers no ${method}.`, false);
    return this.answer(device, method, call.params);
  }

  private async answer<M extends ResearchMethod>(device: DeviceLink, method: M, params: unknown): Promise<ResearchResults[M]>;
  private async answer(device: DeviceLink, method: ResearchMethod, params: unknown): Promise<ResearchResults[ResearchMethod]> {
    switch (method) {
      case 'feed.list': {
        const p = parsedParams(RESEARCH_PARAMS['feed.list'], 'feed.list', params);
        return this.host.feed(p.state, p.offset, p.limit);
      }
      case 'feed.react': {
        const p = parsedParams(RESEARCH_PARAMS['feed.react'], 'feed.react', params);
        const done = this.host.react(p.id, p.reaction);
        if (!done) throw new BridgeError('not-found', `Nothing in the feed has the id ${p.id}; it may have been removed.`, false);
        return done;
      }
      case 'interests.list':
        return { interests: this.host.listInterests() };
      case 'interests.add': {
        const p = parsedParams(RESEARCH_PARAMS['interests.add'], 'interests.add', params);
        return { interest: this.host.addInterest(p.topic).interest };
      }
      case 'interests.remove': {
        const p = parsedParams(RESEARCH_PARAMS['interests.remove'], 'interests.remove', params);
        return { removed: this.host.removeInterest(p.id) };
      }
      case 'research.run': {
        const p = parsedParams(RESEARCH_PARAMS['research.run'], 'research.run', params);
        this.log(`research run asked by ${device.label}${p.interest ? ` (${p.interest})` : ''}`);
        return this.host.run(p.interest);
      }
      case 'watch.add': {
        const p = parsedParams(RESEARCH_PARAMS['watch.add'], 'watch.add', params);
        return { watch: publicWatch(this.host.addWatch(p.url, p.label, p.value)) };
      }
      case 'watch.list':
        return { watches: this.host.listWatches().map(publicWatch) };
      case 'watch.remove': {
        const p = parsedParams(RESEARCH_PARAMS['watch.remove'], 'watch.remove', params);
        return { removed: this.host.removeWatch(p.id) };
      }
    }
  }
}
