import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NodeBrowser } from '@wayfinder/cdp/node';
import { Gate, withRequestGuard, type PageRequest, type RequestVerdict, type Tab } from '@wayfinder/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Issue "Safety, round three" §4: a request held for an answer must fail — never go — when the
// work it was held for ends first: the guard is taken off or replaced, or the task's gate
// closes with its question unanswered. A page posts a password the moment a button is pressed;
// the server counts what arrives.

let server: Server;
let base = '';
const received: string[] = [];
let browser: NodeBrowser;

const PAGE = `<!doctype html><title>Sign in</title><h1>Sign in</h1>
<button id="go" onclick="fetch('/steal', { method: 'POST', body: 'pw=hunter2-held' }).then(() => { document.title = 'sent'; }, () => { document.title = 'failed'; })">Sign in</button>`;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.method === 'POST') received.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? (address satisfies AddressInfo).port : 0}`;
  browser = await NodeBrowser.launch();
});
afterAll(async () => {
  await browser.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Clicks the button without waiting for the click's result (it waits for the held request). */
async function press(tab: Tab): Promise<void> {
  const ref = (await tab.snapshot()).refs.find((r) => r.role === 'button' && r.name === 'Sign in')?.ref;
  if (!ref) throw new Error('no Sign in button');
  void tab.act(ref, { kind: 'click' }).catch(() => undefined);
}

async function titleOf(tab: Tab, want: string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const { title } = await tab.info();
    if (title === want || title === 'sent') return title;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return (await tab.info()).title;
}

describe('a held request when its work ends', () => {
  it('fails when the guard is taken off while nobody has answered', async () => {
    const tab = await browser.openTab(`${base}/a`);
    let asked!: () => void;
    const askedOnce = new Promise<void>((resolve) => (asked = resolve));
    // A guard that holds posts and never answers: a person who does not answer.
    const holding = (request: PageRequest): Promise<RequestVerdict> => {
      if (request.method !== 'POST') return Promise.resolve({ allow: true });
      asked();
      return new Promise(() => undefined);
    };
    await withRequestGuard(browser, holding, async () => {
      await press(tab);
      await askedOnce;
    });
    expect(await titleOf(tab, 'failed')).toBe('failed');
    expect(received).toEqual([]);
  });

  it("fails when the task's gate closes with its question open (withdrawn), and a later one is refused at once", async () => {
    const tab = await browser.openTab(`${base}/b`);
    let questions = 0;
    let withdrawn = false;
    // The person's rules ask before a page sends a password; nobody answers.
    const gate = new Gate({
      policy: {
        check: () => ({ decision: 'allow' }),
        request: (r) =>
          r.method === 'POST'
            ? { decision: 'confirm', kind: 'password', site: '127.0.0.1', choices: 'once', question: 'Send your password?' }
            : { decision: 'allow' },
      },
      ask: (_q, signal) =>
        new Promise(() => {
          questions++;
          signal.addEventListener('abort', () => (withdrawn = true));
        }),
    });
    await withRequestGuard(browser, gate.guard, async () => {
      await press(tab);
      while (!questions) await new Promise((resolve) => setTimeout(resolve, 10));
      gate.close();
      expect(await titleOf(tab, 'failed')).toBe('failed');
    });
    expect(withdrawn).toBe(true);
    expect(received).toEqual([]);
  });
});
