import { FEED_CHANGED } from '@wayfinder/bridge';
import { z } from 'zod';
import type { Discovery, FeedPage, Interest, Reaction, Watch } from '@wayfinder/core/ui';
import type { BridgeConnection } from '../../lib/bridge-messages';
import { FeedCache } from '../../lib/feed-cache';
import { OFFLINE_NOTE, type FeedReplies } from '../../lib/feed-messages';
import { logError, logWarn } from '../../lib/log';
import type { CurrentRedaction } from '../../lib/redaction';
import { showOnBadge } from '../badge';
import type { HostCall } from '../bridge/host-tasks';
import type { PanelHub } from '../panel-hub';
import { pickValueIn, type PickedValue } from './watch-picker';

// The feed of discoveries in this browser (issue 15). The host's research keeps them; this
// worker asks for them (`feed.list`), passes reactions on (`feed.react`) and interests
// (`interests.*`), and keeps a copy (lib/feed-cache.ts) so the feed page still shows cards
// while the host is away and the badge keeps its count. It syncs when the connection comes
// up and at every `feed.changed` the host sends; the count goes to the toolbar badge and,
// as a `feed` message, to the open pages.

/** What is synced into the copy kept here, per tab. */
const SYNC_LIMIT = 100;

export const NOT_CONNECTED =
  'Interests and reactions are kept by the host (wayfinder serve), and this browser is not connected to it. Pair or connect it in Options › Connect to the host, then try again.';

export const WATCH_NOT_CONNECTED =
  'Watches are kept and revisited by the host (wayfinder serve), and this browser is not connected to it. Pair or connect it in Options › Connect to the host, then try again.';

const changed = z.object({ unread: z.number().int().min(0) });

export class FeedService {
  private cache: Promise<FeedCache> | null = null;
  private connection: BridgeConnection = 'off';
  /** What the pages were last told. */
  private shown: { unread: number; connected: boolean } | null = null;

  constructor(
    private readonly call: HostCall,
    private readonly connected: () => boolean,
    private readonly hub: PanelHub,
    /** The web page the panel is beside (for "Watch a value on this page"). */
    private readonly pageTab: () => Promise<chrome.tabs.Tab | null>,
    /** The worker's one redaction: the copy kept here passes it. */
    private readonly redaction: CurrentRedaction,
  ) {}

  /** At the worker's start: the badge shows the count kept from last time. */
  async start(): Promise<void> {
    await this.announce(await (await this.store()).unread());
  }

  /** The connection changed: coming up, the copy kept here is brought up to date. */
  connectionChanged(state: BridgeConnection): void {
    const was = this.connection;
    this.connection = state;
    if (state === 'connected' && was !== 'connected') this.syncLogged();
    else if (state !== 'connected' && was === 'connected')
      this.store()
        .then((c) => c.unread())
        .then((n) => this.announce(n), log);
  }

  /** A hub event: `feed.changed` after a run, a watch firing or a reaction elsewhere. */
  onEvent(name: string, data: unknown): void {
    if (name !== FEED_CHANGED) return;
    if (!changed.safeParse(data).success) logWarn('wayfinder: a feed.changed that is not one', data);
    this.syncLogged();
  }

  /** Both tabs' first pages from the host, into the copy kept here. */
  async sync(): Promise<number> {
    const [fresh, archived] = await Promise.all([
      this.call<FeedPage>('feed.list', { state: 'new', offset: 0, limit: SYNC_LIMIT }),
      this.call<FeedPage>('feed.list', { state: 'archived', offset: 0, limit: SYNC_LIMIT }),
    ]);
    await (await this.store()).replace([...fresh.items, ...archived.items], fresh.unread);
    await this.announce(fresh.unread, true);
    return fresh.unread;
  }

  async list(state: Discovery['state'], offset: number, limit: number): Promise<FeedReplies['feed.list']> {
    const cache = await this.store();
    if (this.connected()) {
      try {
        const page = await this.call<FeedPage>('feed.list', { state, offset, limit });
        await cache.put(page.items, page.unread);
        await this.announce(page.unread);
        return { page, offline: null };
      } catch (error) {
        logWarn('wayfinder: the host did not list the feed; showing the copy kept here', error);
      }
    }
    return { page: await cache.page(state, offset, limit), offline: OFFLINE_NOTE };
  }

  async react(id: string, reaction: Reaction): Promise<FeedReplies['feed.react']> {
    this.needHost();
    const reply = await this.call<{ discovery: Discovery; unread: number }>('feed.react', { id, reaction });
    await (await this.store()).put([reply.discovery], reply.unread);
    await this.announce(reply.unread);
    return reply;
  }

  async unread(): Promise<FeedReplies['feed.unread']> {
    return { unread: await (await this.store()).unread(), connected: this.connected() };
  }

  async interests(): Promise<Interest[]> {
    this.needHost();
    return (await this.call<{ interests: Interest[] }>('interests.list', {})).interests;
  }

  async addInterest(topic: string): Promise<Interest> {
    this.needHost();
    return (await this.call<{ interest: Interest }>('interests.add', { topic })).interest;
  }

  async removeInterest(id: string): Promise<boolean> {
    this.needHost();
    return (await this.call<{ removed: boolean }>('interests.remove', { id })).removed;
  }

  /** Checks the host is there first, so the person does not point at a value for nothing. */
  async pickValue(): Promise<PickedValue | null> {
    if (!this.connected()) throw new Error(WATCH_NOT_CONNECTED);
    const tab = await this.pageTab();
    if (!tab) throw new Error('Open the web page with the value to watch, then press Watch again.');
    return pickValueIn(tab);
  }

  async watches(): Promise<Watch[]> {
    this.needHost(WATCH_NOT_CONNECTED);
    return (await this.call<{ watches: Watch[] }>('watch.list', {})).watches;
  }

  /** `value`: what the person picked, the starting value (a change before the host's first look is not lost). */
  async addWatch(url: string, label: string, value?: string): Promise<Watch> {
    this.needHost(WATCH_NOT_CONNECTED);
    return (await this.call<{ watch: Watch }>('watch.add', { url, label, ...(value ? { value } : {}) })).watch;
  }

  async removeWatch(id: string): Promise<boolean> {
    this.needHost(WATCH_NOT_CONNECTED);
    return (await this.call<{ removed: boolean }>('watch.remove', { id })).removed;
  }

  private needHost(message = NOT_CONNECTED): void {
    if (!this.connected()) throw new Error(message);
  }

  private syncLogged(): void {
    this.sync().catch((error: unknown) => logWarn('wayfinder: could not bring the feed up to date', error));
  }

  /** Shows the count on the badge, and tells the pages when it or the feed changed (not at every read). */
  private announce(unread: number, changed = false): Promise<void> {
    showOnBadge({ unread });
    const connected = this.connected();
    if (changed || !this.shown || unread !== this.shown.unread || connected !== this.shown.connected) {
      this.shown = { unread, connected };
      this.hub.broadcast({ type: 'feed', unread, connected });
    }
    return Promise.resolve();
  }

  private store(): Promise<FeedCache> {
    this.cache ??= FeedCache.open(this.redaction).catch((error: unknown) => {
      this.cache = null;
      throw error;
    });
    return this.cache;
  }
}

function log(error: unknown): void {
  logError('wayfinder: could not show the feed count', error);
}
