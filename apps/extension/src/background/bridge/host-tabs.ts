import type { ChromeTab, TabRegistry, TabsApi } from '@wayfinder/cdp/extension';
import { allowTabWhileGuarded } from '../tasks/network-rules';
import { logWarn } from '../../lib/log';
import { hasPermission } from '../../lib/permissions';

// The tabs a host session's browser sees (an ExtensionBrowser over this instead of
// chrome.tabs). A host session never works in the person's tabs: it starts in a new
// background tab, everything it opens opens in the background, and all of it sits in one
// tab group, "Wayfinder (host)", so the person sees what the host is doing and where. Its
// tabs are the ones it opened, the adopted ones of an earlier session, and the popups of
// those; "switching" to one of them never brings it to the front. The person's own tabs are
// not listed, and their creation is not reported (so the browser never attaches to them).

export const HOST_GROUP = 'Wayfinder (host)';

type Listener = (tab: ChromeTab) => void;

/** Puts tabs in the host's group (in their window), making the group when there is none. */
async function group(tabIds: [number, ...number[]]): Promise<void> {
  if (!(await hasPermission('tabGroups'))) return;
  const [first] = tabIds;
  const { windowId } = await chrome.tabs.get(first);
  const [existing] = await chrome.tabGroups.query({ title: HOST_GROUP, windowId });
  if (existing) {
    await chrome.tabs.group({ groupId: existing.id, tabIds });
    return;
  }
  const groupId = await chrome.tabs.group({ tabIds, createProperties: { windowId } });
  await chrome.tabGroups.update(groupId, { title: HOST_GROUP, color: 'purple' });
}

/** Grouping is for the person's eyes: a window that cannot hold groups (a popup window), or a browser that did not give Wayfinder the Tab groups permission, does without. */
function groupQuietly(tabIds: [number, ...number[]]): Promise<void> {
  return group(tabIds).catch((error: unknown) => logWarn('wayfinder: could not group the host tabs', error));
}

/** The window the host's group is in, if there is one (new host tabs go there). */
async function groupWindow(): Promise<number | undefined> {
  if (!(await hasPermission('tabGroups'))) return undefined;
  const [existing] = await chrome.tabGroups.query({ title: HOST_GROUP });
  return existing?.windowId;
}

export class HostTabs implements TabsApi {
  private readonly mine = new Set<number>();
  /** The tab the session started in (what it takes for "the active tab" until it works elsewhere). */
  private home: number | null = null;
  /** The blank tab made for the session to start in, when it adopted none (closed at the end if still blank). */
  private made: number | null = null;
  private readonly listeners = new Set<Listener>();
  readonly onCreated = {
    addListener: (listener: Listener) => this.listeners.add(listener),
    removeListener: (listener: Listener) => this.listeners.delete(listener),
  };

  private constructor(private readonly registry: TabRegistry) {
    chrome.tabs.onCreated.addListener(this.created);
    chrome.tabs.onRemoved.addListener(this.removed);
  }

  /** The tabs of a new host session: the `adopt`ed ones that still exist, else a new background tab. */
  static async open(adopt: string[], registry: TabRegistry): Promise<HostTabs> {
    const tabs = new HostTabs(registry);
    try {
      const open = new Set((await chrome.tabs.query({})).flatMap((t) => (t.id === undefined ? [] : [t.id])));
      for (const id of adopt.map(Number)) if (Number.isInteger(id) && open.has(id)) tabs.mine.add(id);
      const [first, ...rest] = tabs.mine;
      if (first === undefined) {
        const created = await tabs.create({ url: 'about:blank' });
        tabs.home = created.id ?? null;
        tabs.made = tabs.home;
      } else {
        tabs.home = first;
        await groupQuietly([first, ...rest]);
      }
      return tabs;
    } catch (error) {
      tabs.stop();
      throw error;
    }
  }

  /**
   * The session ended: the blank tab it was given to start in goes if it never left about:blank
   * (a `watch check` or a research run works in tabs of its own and closes them); every other
   * tab stays open, to show what was done, and the session follows them no more.
   */
  async end(): Promise<void> {
    this.stop();
    const made = this.made;
    this.made = null;
    if (made === null) return;
    const tab = await chrome.tabs.get(made).catch(() => null);
    const url = tab ? tab.url || tab.pendingUrl || '' : null;
    if (url === 'about:blank' || url === '') await chrome.tabs.remove(made).catch(() => undefined);
  }

  /** It follows its tabs no more (they stay open). */
  stop(): void {
    chrome.tabs.onCreated.removeListener(this.created);
    chrome.tabs.onRemoved.removeListener(this.removed);
    this.listeners.clear();
  }

  get ids(): number[] {
    return [...this.mine];
  }

  private readonly created = (tab: chrome.tabs.Tab): void => {
    // A popup of one of the session's pages joins it (and its group); the person's new tabs are none of its business.
    if (tab.id === undefined || tab.openerTabId === undefined || !this.mine.has(tab.openerTabId)) return;
    this.mine.add(tab.id);
    void groupQuietly([tab.id]);
    for (const listener of [...this.listeners]) listener(tab);
  };

  private readonly removed = (tabId: number): void => {
    this.mine.delete(tabId);
    if (this.home === tabId) this.home = null;
  };

  private async own(): Promise<chrome.tabs.Tab[]> {
    return (await chrome.tabs.query({})).filter((t) => t.id !== undefined && this.mine.has(t.id));
  }

  async query(query: { active?: boolean; lastFocusedWindow?: boolean }): Promise<ChromeTab[]> {
    const own = await this.own();
    if (!query.active) return own;
    // "The tab the person looks at", for the session: where it started, else the one it used last.
    const home = own.find((t) => t.id === this.home);
    if (home) return [home];
    const recent = own.sort((a, b) => b.lastAccessed - a.lastAccessed)[0];
    return recent ? [recent] : [];
  }

  get(tabId: number): Promise<ChromeTab> {
    return chrome.tabs.get(tabId);
  }

  /** Always in the background, in the host's group. */
  async create(properties: { url?: string; active?: boolean }): Promise<ChromeTab> {
    const windowId = await groupWindow();
    const created = await chrome.tabs.create({
      url: properties.url ?? 'about:blank',
      active: false,
      ...(windowId === undefined ? {} : { windowId }),
    });
    if (created.id !== undefined) {
      this.mine.add(created.id);
      await this.registry.markOpenedHere(created.id);
      // While one of the person's tasks runs, new tabs load nothing until let through (tasks/network-rules.ts).
      await allowTabWhileGuarded(created.id);
      await groupQuietly([created.id]);
    }
    return created;
  }

  /** Never brings a tab to the front: the person's window stays theirs. */
  async update(tabId: number, properties: { active?: boolean; url?: string }): Promise<ChromeTab | undefined> {
    if (properties.url !== undefined) return chrome.tabs.update(tabId, { url: properties.url });
    return chrome.tabs.get(tabId);
  }

  async remove(tabId: number): Promise<void> {
    await chrome.tabs.remove(tabId);
    this.mine.delete(tabId);
  }
}
