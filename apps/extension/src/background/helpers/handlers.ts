import type { Db } from '../../lib/db';
import type { Handlers } from '../router';
import { ratingHandlers, type RatingsDb } from './ratings';

// The router's answers for the page helpers: the panel's Capture button (an area of the
// page beside it, page-helpers.ts) and the ratings of answers and helpers (ratings.ts).

export interface HelperParts {
  /** Starts an area capture in the page beside the panel; without it, refused. */
  capturePage?: () => Promise<void>;
  ratings: () => Promise<RatingsDb>;
  /** The task database, for what an answer's rating records of its task. */
  db: () => Promise<Db>;
}

export function helperHandlers({
  capturePage,
  ratings,
  db,
}: HelperParts): Handlers<'page.capture' | 'rating.save' | 'rating.delete' | 'ratings.list'> {
  return {
    'page.capture': async () => {
      if (!capturePage) throw new Error('Area capture is not available here; reload the extension (chrome://extensions).');
      await capturePage();
      return { started: true };
    },
    ...ratingHandlers(ratings, db),
  };
}
