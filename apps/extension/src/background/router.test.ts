import { describe, expect, it } from 'vitest';
import { backgroundHandlers, type FeatureParts } from './handlers';
import { fromOwnPage, makeRouter } from './router';

// The background answers only this extension's own pages: a web page's content script
// (later) or another extension asking it to start or stop a task gets nothing done.

const ID = 'abcdefghijklmnopabcdefghijklmnop';

function router() {
  const stopped: string[] = [];
  const parts: FeatureParts = {
    tasks: {
      start: () => Promise.reject(new Error('not in this test')),
      stop: (taskId) => {
        stopped.push(taskId);
        return Promise.resolve(true);
      },
      status: () => Promise.resolve({ runningTaskId: null, attachedTabs: [], model: 'Command interpreter', modelProblem: null }),
      pause: () => false,
      resumeTask: () => Promise.reject(new Error('not in this test')),
      isPaused: () => false,
    },
    pending: { answer: () => false },
    db: () => Promise.reject(new Error('not in this test')),
    currentPage: () => Promise.resolve({ page: null }),
  };
  return { route: makeRouter(ID, backgroundHandlers(parts)), stopped };
}

describe('the background router', () => {
  it('answers the side panel, options and other pages of this extension', async () => {
    const { route, stopped } = router();
    expect(await route({ type: 'task.stop', taskId: 't1' }, { id: ID, url: `chrome-extension://${ID}/sidepanel.html` })).toEqual({
      ok: true,
      stopped: true,
    });
    expect(stopped).toEqual(['t1']);
  });

  it.each([
    ['a web page (a content script of ours)', { id: ID, url: 'https://evil.example/page' }],
    ['another extension', { id: 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz', url: 'chrome-extension://zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz/page.html' }],
    ['another extension claiming our pages', { id: 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz', url: `chrome-extension://${ID}/sidepanel.html` }],
    ['a sender with no address', { id: ID }],
    ['the page helpers’ frame (it lives inside web pages)', { id: ID, url: `chrome-extension://${ID}/helper-frame.html?k=1` }],
  ])('refuses %s, and does nothing it asked', async (_who, sender) => {
    const { route, stopped } = router();
    expect(await route({ type: 'task.stop', taskId: 't1' }, sender)).toEqual({ ok: false, error: 'Wayfinder answers only its own pages.' });
    expect(stopped).toEqual([]);
    expect(fromOwnPage(sender, ID)).toBe(false);
  });

  it.each([
    [{ type: 'memory.list' }, /^Memory is not available here/],
    [{ type: 'skills.list' }, /^Skills are not available here/],
    [{ type: 'bridge.state' }, /^The host connection is not available here/],
    [{ type: 'feed.list', state: 'new', offset: 0, limit: 10 }, /^The feed is not available here/],
    [{ type: 'page.capture' }, /^Area capture is not available here/],
  ])('answers %j of a feature it was made without with a sentence saying so', async (request, error) => {
    const { route } = router();
    const reply = await route(request, { id: ID, url: `chrome-extension://${ID}/sidepanel.html` });
    expect(reply).toHaveProperty('ok', false);
    expect(reply).toHaveProperty('error', expect.stringMatching(error));
  });

  it('still checks the shape of what its own pages send', async () => {
    const { route } = router();
    const reply = await route({ type: 'task.stop' }, { id: ID, url: `chrome-extension://${ID}/sidepanel.html` });
    expect(JSON.stringify(reply)).toMatch(/^\{"ok":false,"error":"Wayfinder could not read that request/);
  });
});
