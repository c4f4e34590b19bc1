import type { HostSessions } from '@wayfinder/bridge';
import type { Env } from '../io';
import type { DeviceLink } from '../hub/links';
import { researchSettings } from './config';
import { FeedHttp } from './feed-page';
import { ResearchService } from './service';

// Research inside `wayfinder serve`: browsers' research calls and the feed page go to one
// ResearchService, which reads in a connected browser when there is one; a timer runs
// research every `research.everyMinutes` (off until the person sets it) and checks the
// watches that are due. Every change to the feed reaches every browser as feed.changed.

export interface ServeHub {
  router: { connected(): DeviceLink[]; sessions: HostSessions; research: { changed(unread: number): void } | null };
  secret: string;
}

export interface ServeResearch {
  service: ResearchService;
  /** The hub's HTTP handler, once the hub is there. */
  http: (req: Parameters<FeedHttp['handle']>[0], res: Parameters<FeedHttp['handle']>[1], port: number) => boolean;
  /** Starts the schedule, with the hub that now runs. */
  attach(hub: ServeHub): void;
  stop(): void;
}

/** Whether a scheduled run is due: never while everyMinutes is 0 (off, the default). */
export function researchDue(everyMinutes: number, lastRun: number, now: number): boolean {
  return everyMinutes > 0 && now - lastRun >= everyMinutes * 60_000;
}

export function serveResearch(env: Env, log: (line: string) => void, tickMs = 60_000, now: () => number = Date.now): ServeResearch {
  let hub: ServeHub | null = null;
  let feed: FeedHttp | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  // From the last run this computer made (kept in the data file), so a serve restarted daily still researches;
  // never run: due at the first tick.
  let lastRun: number | null = null;
  let busy = false;
  const service = new ResearchService(env, {
    log,
    onChanged: (unread) => hub?.router.research?.changed(unread),
    devices: () => {
      const device = hub?.router.connected()[0];
      if (!device || !hub) return Promise.resolve(null);
      return Promise.resolve({
        link: {
          call: <T>(method: string, params: unknown, options?: Parameters<DeviceLink['peer']['call']>[2]) =>
            device.peer.call<T>(method, params, options),
        },
        sessions: hub.router.sessions,
        label: device.label,
      });
    },
  });
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      const settings = researchSettings(env);
      lastRun ??= service.lastRunAt() ?? 0;
      if (researchDue(settings.everyMinutes, lastRun, now())) {
        lastRun = now();
        const outcome = await service.run();
        log(
          `scheduled research: ${outcome.discoveries} new, ${outcome.visited} pages read${outcome.skipped.length ? `, skipped ${outcome.skipped.join(', ')}` : ''}`,
        );
      }
      for (const r of await service.checkWatches(false))
        if (r.change) log(`watch ${r.watch.id}: ${r.change.title}`);
        else if (r.error) log(`watch ${r.watch.id}: could not read the page (${r.error})`);
    } catch (error) {
      log(`research: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      busy = false;
    }
  };
  return {
    service,
    http: (req, res, port) => feed?.handle(req, res, port) ?? false,
    attach: (running) => {
      hub = running;
      feed = new FeedHttp(service, running.secret);
      timer = setInterval(() => void tick(), tickMs);
    },
    stop: () => {
      if (timer) clearInterval(timer);
    },
  };
}
