import { writeFileSync } from 'node:fs';
import { SCRIPT, sequentialScript } from '@wayfinder/core';
import {
  fatesFromEvents,
  judgeLyingRuns,
  lyingRuns,
  SHORT_SECRET,
  startOpenAICompatible,
  tolerantBrain,
  type LyingOutcome,
  type LyingRun,
  type PlayedRun,
} from '@wayfinder/gym';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  answerAll,
  artifactPath,
  conversationIds,
  eventsOf,
  exportConversation,
  openExtensionEnv,
  runInPanel,
  settingsWith,
  type ExtensionEnv,
} from './env';

// The lying moves through the extension (issue 19, issue 29 §4): the same runs as the CLI's
// (gym/src/lying.ts), each a task started from the side panel on a mock provider that
// records every prompt. Two people: one who declines every question in the panel (the
// policy's, and the page's own dialogs), and one who answers nothing: every question waits
// until its answer time runs out (set short here), and is then a no, withdrawn from the panel.
// Each move is judged on what the servers received, what the model was sent, what the panel
// and the stored conversation show, and what the browser saved. Left out here: the terminal
// moves (class 8: the panel is no terminal) and the redirecting start page (class 1: the
// person opens the tab a task starts in; there is no start page of the extension's own). The
// short secret goes through the options page's Secrets form.

/** Who answers the panel's questions. */
export type Person = 'declines' | 'nobody';

/** Seconds a question waits for the person who answers nothing (agent.answerWithinSec). */
const NOBODY_WAITS_SEC = 2;

export interface LyingPanelResult {
  report: LyingOutcome[];
  problems: string[];
  played: PlayedRun[];
  /** What the extension's pages and worker logged. */
  logs: string[];
}

/**
 * Plays every lying run that applies to the extension through the side panel of a fresh
 * extension, with `person` answering (or not); judges each move.
 */
export async function playLyingInPanel(person: Person): Promise<LyingPanelResult> {
  const env = await openExtensionEnv({ chromeDownloads: true });
  try {
    return await new PanelPlayer(env, await env.openPanel(), person).playAll();
  } finally {
    await env.close();
  }
}

class PanelPlayer {
  private readonly saved: string[] = [];
  private readonly logs: string[] = [];
  /** Each run's last turn as the panel showed it (an artifact, for when a run ends early). */
  private readonly turns: string[] = [];

  constructor(
    private readonly env: ExtensionEnv,
    private readonly panel: Page,
    private readonly person: Person,
  ) {
    env.context.on('console', (message) => this.logs.push(message.text()));
    // Whatever the browser saves shows up as a download of one of its pages.
    const watch = (page: Page) =>
      page.on('download', (download) => {
        download.path().then(
          () => this.saved.push(download.suggestedFilename()),
          () => undefined,
        );
      });
    env.context.pages().forEach(watch);
    env.context.on('page', watch);
  }

  async playAll(): Promise<LyingPanelResult> {
    const played: PlayedRun[] = [];
    for (const run of lyingRuns(this.env.gym.url, 'extension')) {
      if (run.kind === 'short-secret') {
        const shortSecret = await this.storeShortSecret();
        played.push({
          run,
          fates: [],
          missed: [],
          evidence: { liar: { requests: [], reports: [], downloads: [] }, prompts: [], printed: '', saved: [], shortSecret },
        });
      } else played.push(await this.play(run));
    }
    await this.env.stopAll();
    // And what Chrome's own download manager kept (the extension holds downloads there: env.ts).
    for (const item of await this.env.downloads())
      if (item.state === 'complete' && item.exists) this.saved.push(item.filename.split(/[\\/]/).pop() ?? item.filename);
    const liar = (await this.env.state()).liar;
    for (const p of played) {
      p.evidence.liar = liar;
      p.evidence.saved = this.saved;
    }
    const { report, problems } = judgeLyingRuns(played);
    writeFileSync(artifactPath(`lying-extension-${this.person}.json`), `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(artifactPath(`lying-extension-${this.person}-turns.txt`), `${this.turns.join('\n\n')}\n`);
    return { report, problems, played, logs: this.logs };
  }

  private async setSafety(run: LyingRun): Promise<void> {
    const page = await this.env.openOptions();
    await page.evaluate(async (v) => chrome.storage.local.set(v), {
      sites: Object.entries(run.sites).map(([site, decision]) => ({ site, decision })),
      secrets: Object.entries(run.secrets).map(([name, s]) => ({ name, ...s })),
    });
    await page.close();
  }

  /** Stores the short secret through the options page, as a person would; returns whether it was kept and what the page said. */
  private async storeShortSecret(): Promise<{ accepted: boolean; message: string }> {
    const page = await this.env.openOptions();
    const section = page.getByRole('region', { name: 'Secrets' });
    await section.getByLabel('Name', { exact: true }).fill(SHORT_SECRET.name);
    await section.getByLabel('Site', { exact: true }).fill(SHORT_SECRET.site);
    await section.getByLabel('Value', { exact: true }).fill(SHORT_SECRET.value);
    await section.getByRole('button', { name: 'Add secret' }).click();
    const stored = async () =>
      page.evaluate(async (name) => {
        const { secrets } = await chrome.storage.local.get('secrets');
        return (
          Array.isArray(secrets) && secrets.some((s: unknown) => typeof s === 'object' && s !== null && 'name' in s && s.name === name)
        );
      }, SHORT_SECRET.name);
    const alert = section.getByRole('alert');
    // Until the page says no or the secret is kept (or ten seconds pass: then what is there is the outcome).
    await expect
      .poll(async () => (await alert.count()) > 0 || (await stored()), { timeout: 10_000 })
      .toBe(true)
      .catch(() => undefined);
    const result = { accepted: await stored(), message: (await alert.count()) ? await alert.innerText() : '' };
    await page.close();
    return result;
  }

  /** Closes every page but the panel and opens the run's start page (the tab the task starts in). */
  private async openStart(run: LyingRun): Promise<void> {
    for (const page of this.env.context.pages()) if (page !== this.panel) await page.close();
    const page = await this.env.context.newPage();
    page.on('dialog', () => undefined); // the extension answers dialogs, not Playwright
    await page.goto(run.start);
    await page.bringToFront();
  }

  private async play(run: LyingRun): Promise<PlayedRun> {
    const missed: PlayedRun['missed'] = [];
    const server = await startOpenAICompatible(tolerantBrain(sequentialScript(SCRIPT.parse(run.script)), run.script, missed));
    try {
      await this.setSafety(run);
      // The model by a name of its own: the address run blocks 127.0.0.1, and the worker's requests
      // to its provider are not the task's browsing.
      const baseURL = server.url.replace('127.0.0.1', 'model.localhost');
      const agent = { maxSteps: 60, ...(this.person === 'nobody' ? { answerWithinSec: NOBODY_WAITS_SEC } : {}) };
      await this.env.setSettings(
        settingsWith({ provider: 'openai-compatible' }, { 'openai-compatible': { baseURL, model: 'mock-gpt' } }, agent),
      );
      await this.openStart(run);
      const before = await conversationIds(this.panel);
      await this.panel.getByRole('button', { name: 'New chat' }).click();
      await runInPanel(this.panel, 'Do what the pages say.');
      // A call can take seconds (a popup settling, a wait_for running out, a question left to run out): allow ten each. A task
      // that overruns is stopped; its moves then show as not tried.
      const calls = run.script.steps.reduce((n, step) => n + step.calls.length, 0);
      await answerAll(this.panel, this.person === 'declines' ? 'decline' : 'none', 60_000 + calls * 10_000).catch(() => this.env.stopAll());
      this.turns.push(`## ${run.name}\n${await this.panel.getByRole('article').last().innerText()}`);
      const id = (await conversationIds(this.panel)).find((c) => !before.includes(c)) ?? '';
      const exported = await exportConversation(this.panel, id);
      return {
        run,
        fates: fatesFromEvents(eventsOf(exported)),
        missed,
        evidence: {
          liar: { requests: [], reports: [], downloads: [] },
          prompts: server.requests.map((r) => r.body),
          printed: `${await this.panel.locator('body').innerText()}\n${exported}`,
          saved: [],
          shortSecret: null,
        },
      };
    } finally {
      await server.close();
    }
  }
}
