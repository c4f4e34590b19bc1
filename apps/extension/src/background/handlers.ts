import type { Db } from '../lib/db';
import { bridgeHandlers, UNAVAILABLE_BRIDGE, type BridgeRouterParts } from './bridge/handlers';
import { helperHandlers } from './helpers/handlers';
import type { RatingsDb } from './helpers/ratings';
import { memoryHandlers, UNAVAILABLE_MEMORY, type MemoryParts } from './memory/handlers';
import { feedHandlers, UNAVAILABLE_FEED, type FeedParts } from './research/handlers';
import type { HandlerMap } from './router';
import { skillHandlers, UNAVAILABLE_SKILLS, type SkillParts } from './skills/handlers';
import { conversationHandlers } from './tasks/conversations';
import { favouriteHandlers } from './tasks/favourites';
import { taskHandlers, type TaskParts } from './tasks/handlers';
import { UNAVAILABLE_VOICE, voiceHandlers } from './voice/handlers';
import type { Voice } from './voice/voice';

// Every request the router answers, by feature: each feature registers the request types
// it owns, and the map of them all must name every type in lib/messages.ts (a type with
// no handler does not compile). A feature left out (tests of other parts) still answers,
// with its sentence saying it is not available here.

export interface FeatureParts extends TaskParts {
  db: () => Promise<Db>;
  /** Starts an area capture in the page beside the panel (helpers/page-helpers.ts); without it, refused. */
  capturePage?: () => Promise<void>;
  /** The ratings store (helpers/ratings.ts); without it, ratings requests are answered with an error. */
  ratings?: () => Promise<RatingsDb>;
  /** Memory (memory/); without it, memory requests are answered with an error. */
  memory?: MemoryParts;
  /** Skills (skills/); without them, skills requests are answered with an error. */
  skills?: SkillParts;
  /** The connection to the host (bridge/client.ts); without it, bridge requests are answered with an error. */
  bridge?: BridgeRouterParts;
  /** The feed and interests (research/feed.ts); without them, feed requests are answered with an error. */
  feed?: FeedParts;
  /** Voice (voice/voice.ts); without it, spoken replies and tab audio are not available. */
  voice?: Voice;
  /** Tells the open side panels to show a conversation (panel-hub.ts); without it, only a panel opening later shows it. */
  showInPanels?: (conversationId: string) => void;
}

const unavailableRatings = (): Promise<never> =>
  Promise.reject(new Error('Ratings are not available here; reload the extension (chrome://extensions).'));

export function backgroundHandlers(parts: FeatureParts): HandlerMap {
  const bridge = parts.bridge ?? UNAVAILABLE_BRIDGE;
  return {
    ...taskHandlers(parts),
    ...conversationHandlers({
      db: parts.db,
      tasks: parts.tasks,
      hostTasks: bridge.hostTasks,
      showInPanels: parts.showInPanels ?? (() => undefined),
    }),
    ...favouriteHandlers(parts.db),
    ...helperHandlers({ capturePage: parts.capturePage, ratings: parts.ratings ?? unavailableRatings, db: parts.db }),
    ...memoryHandlers(parts.memory ?? UNAVAILABLE_MEMORY),
    ...skillHandlers(parts.skills ?? UNAVAILABLE_SKILLS),
    ...bridgeHandlers(bridge),
    ...feedHandlers(parts.feed ?? UNAVAILABLE_FEED),
    ...voiceHandlers(parts.voice ?? UNAVAILABLE_VOICE),
  } satisfies HandlerMap;
}
