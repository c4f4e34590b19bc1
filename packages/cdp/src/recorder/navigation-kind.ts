import type { Protocol } from 'devtools-protocol';

// How a page was reached, for the skill: typed (an address the person gave: the recorder's
// own start, the omnibox, a bookmark) versus the page's doing (a link or form, a script),
// a reload, or moving through history. Chromium says it in several places: the reason a
// renderer asked to navigate, the kind of navigation started, and the history entry's
// transition type (the omnibox's own navigations show only there).

export type Via = 'typed' | 'link' | 'script' | 'reload' | 'history';

export interface NavigationClues {
  /** The recorder navigated itself (its start address). */
  typed: boolean;
  /** Restored from the back/forward cache. */
  restored: boolean;
  /** pushState, replaceState or a fragment: the document stayed. */
  sameDocument: boolean;
  started: Protocol.Page.FrameStartedNavigatingEvent['navigationType'] | null;
  requested: Protocol.Page.ClientNavigationReason | null;
  /** The history entry now current had been current before (back, forward). */
  revisited: boolean;
  transition: Protocol.Page.TransitionType | null;
}

const TYPED_TRANSITIONS = new Set<Protocol.Page.TransitionType>([
  'typed',
  'address_bar',
  'auto_bookmark',
  'generated',
  'keyword',
  'keyword_generated',
]);

export function navigationVia(clues: NavigationClues): Via {
  if (clues.typed) return 'typed';
  if (clues.restored) return 'history';
  const started = clues.started;
  if (started === 'reload' || started === 'reloadBypassingCache') return 'reload';
  if (started === 'historySameDocument' || started === 'historyDifferentDocument' || started === 'restore' || started === 'restoreWithPost')
    return 'history';
  switch (clues.requested) {
    case 'anchorClick':
    case 'formSubmissionGet':
    case 'formSubmissionPost':
      return 'link';
    case 'scriptInitiated':
    case 'metaTagRefresh':
    case 'httpHeaderRefresh':
      return 'script';
    case 'reload':
      return 'reload';
    default:
      break;
  }
  if (clues.revisited && !clues.sameDocument) return clues.transition === 'reload' ? 'reload' : 'history';
  // pushState / replaceState (a history move was told by `started`): the page's own doing.
  if (clues.sameDocument) return 'script';
  if (clues.transition && TYPED_TRANSITIONS.has(clues.transition)) return 'typed';
  if (clues.transition === 'reload') return 'reload';
  if (clues.transition === 'link' || clues.transition === 'form_submit') return 'link';
  return 'script';
}
