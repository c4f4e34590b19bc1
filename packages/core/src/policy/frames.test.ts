import { describe, expect, it } from 'vitest';
import type { ElementFacts } from '../browser/port';
import { elementFacts } from './classify';
import { sensitiveDialog } from './dialogs';
import { SafetyPolicy } from './safety';
import { SecretVault } from './secrets';
import type { PolicyContext, PolicyDecision, ProposedCall } from './types';

/** A decision as one line: what it decided and why (or what it asks). */
function said(decision: PolicyDecision): string {
  if (decision.decision === 'deny') return `deny: ${decision.reason}`;
  if (decision.decision === 'confirm') return `confirm: ${decision.question}`;
  return 'allow';
}

// Where an action lands: the tab's page as it is now, and the frame the element sits in.

const vault = new SecretVault([{ name: 'bank', value: 'correct-horse-42', site: 'bank.example' }]);
const password = (frameUrl: string): ElementFacts =>
  elementFacts({ role: 'textbox', tag: 'input', inputType: 'password', name: 'Password', secret: true, editable: true, frameUrl });

const at = (url: string, element: ElementFacts): PolicyContext => ({
  tabUrl: () => Promise.resolve(url),
  element: () => Promise.resolve(element),
  focused: () => Promise.resolve(null),
});

const typeSecret: ProposedCall = {
  tool: 'type_text',
  input: {},
  effects: [{ kind: 'act', how: 'type', ref: 'f1e3', text: '{{secret:bank}}' }],
};

describe('acting inside frames', () => {
  it("a secret is typed only into its own site's frames, never a frame of another site inside its page", async () => {
    const policy = new SafetyPolicy({ secrets: vault });
    policy.begin('https://bank.example/login');
    const own = await policy.check(typeSecret, at('https://bank.example/login', password('https://login.bank.example/frame')));
    expect(own).toEqual({ decision: 'allow' });
    const foreign = await policy.check(typeSecret, at('https://bank.example/login', password('https://widgets.other.test/pw')));
    // The foreign frame is a site the task has not used: asked first; and the secret would be refused there anyway.
    expect(foreign).toMatchObject({ decision: 'confirm', kind: 'new-site', site: 'widgets.other.test' });
    await policy.answered(typeSecret, { kind: 'new-site', site: 'widgets.other.test', question: '…', choices: 'site' }, 'once');
    const afterAllowing = await policy.check(typeSecret, at('https://bank.example/login', password('https://widgets.other.test/pw')));
    expect(said(afterAllowing)).toContain('deny: The secret {{secret:bank}} belongs to bank.example');
  });

  it('a frame from a blocked site cannot be acted in, whatever page holds it', async () => {
    const policy = new SafetyPolicy({ sites: [{ site: 'ads.test', decision: 'block' }] });
    policy.begin('https://news.example/');
    const click: ProposedCall = { tool: 'click', input: {}, effects: [{ kind: 'act', how: 'click', ref: 'f2e1' }] };
    const verdict = await policy.check(
      click,
      at('https://news.example/', elementFacts({ name: 'Claim prize', frameUrl: 'https://x.ads.test/' })),
    );
    expect(said(verdict)).toBe(
      "deny: x.ads.test is blocked in Wayfinder's site permissions; nothing may be done on it (in a frame inside news.example).",
    );
  });

  it('a frame from a new site loads without a question; clicking or typing in it, and data sent to its site, are asked; a blocked one stays blocked', async () => {
    const policy = new SafetyPolicy({ sites: [{ site: 'ads.test', decision: 'block' }] });
    policy.begin('https://news.example/story');
    const frame = (url: string, extra: object = {}) =>
      policy.request({ tabId: 't', url, method: 'GET', resourceType: 'Document', navigation: true, topFrame: false, ...extra });
    expect(frame('https://video.example/embed/1')).toEqual({ decision: 'allow' });
    expect(frame('https://pay.example/checkout-frame')).toEqual({ decision: 'allow' });
    expect(frame('https://x.ads.test/slot')).toMatchObject({ decision: 'deny' });
    // The tab itself going there is still asked, and so is data the page sends to it.
    expect(
      policy.request({
        tabId: 't',
        url: 'https://video.example/',
        method: 'GET',
        resourceType: 'Document',
        navigation: true,
        topFrame: true,
      }),
    ).toMatchObject({
      decision: 'confirm',
      kind: 'new-site',
    });
    expect(
      policy.request({
        tabId: 't',
        url: 'https://video.example/log',
        method: 'POST',
        resourceType: 'XHR',
        navigation: false,
        topFrame: false,
        body: 'x=1',
      }),
    ).toMatchObject({ decision: 'confirm', kind: 'new-site' });
    const click: ProposedCall = { tool: 'click', input: {}, effects: [{ kind: 'act', how: 'click', ref: 'f1e2' }] };
    const inFrame = at('https://news.example/story', elementFacts({ name: 'Play', frameUrl: 'https://video.example/embed/1' }));
    expect(await policy.check(click, inFrame)).toMatchObject({ decision: 'confirm', kind: 'new-site', site: 'video.example' });
  });

  it('the page a call acts on is read when it is made: a tab that went to a blocked site is refused', async () => {
    const policy = new SafetyPolicy({ sites: [{ site: 'evil.test', decision: 'block' }] });
    policy.begin('https://shop.example/');
    const click: ProposedCall = { tool: 'click', input: {}, effects: [{ kind: 'act', how: 'click', ref: 'e4' }] };
    expect(await policy.check(click, at('https://evil.test/landing', elementFacts({ name: 'OK' })))).toMatchObject({ decision: 'deny' });
  });
});

describe('downloads and dialogs', () => {
  it('every download is asked about, unless the person approved it for this call', async () => {
    const policy = new SafetyPolicy();
    policy.begin('https://shop.example/');
    const download = {
      tabId: 't',
      url: 'https://shop.example/get',
      method: 'GET',
      resourceType: 'Download',
      navigation: false,
      topFrame: false,
      filename: 'report',
    };
    expect(said(policy.request(download))).toBe(
      'confirm: The page is downloading "report" from shop.example. Keep it? It downloads a file to this computer.',
    );
    // A page's own file (a blob) too.
    expect(policy.request({ ...download, url: 'blob:https://shop.example/1b2c' })).toMatchObject({ decision: 'confirm', kind: 'download' });
    const click: ProposedCall = { tool: 'click', input: {}, effects: [{ kind: 'act', how: 'click', ref: 'e9' }] };
    await policy.answered(click, { kind: 'download', site: 'shop.example', question: '…', choices: 'once' }, 'once');
    expect(policy.request(download)).toEqual({ decision: 'allow' });
  });

  it("a page's confirm() whose OK deletes or pays needs the person; ordinary ones do not", () => {
    const dialog = { type: 'confirm' as const, defaultPrompt: '', url: 'https://x.example/' };
    expect(sensitiveDialog({ ...dialog, message: 'Delete everything? This cannot be undone.' })).toContain('delete');
    expect(sensitiveDialog({ ...dialog, message: 'Pay $500 now?' })).toContain('money');
    expect(sensitiveDialog({ ...dialog, message: 'Leave this page? Changes you made may not be saved.' })).toBeNull();
    expect(sensitiveDialog({ ...dialog, type: 'alert', message: 'Deleted.' })).toBeNull();
  });
});
