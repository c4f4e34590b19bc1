import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startOpenAICompatible, type Gym, type MockModelServer } from '@wayfinder/gym';
import { cleanEnv } from './cli';

// What the research tests share: a summariser that speaks the OpenAI wire format (so the
// requests it received can be checked for tools), a data folder and a config of their own
// (127.0.0.1 — the gym — allowed, tracker.test blocked, localhost left to "ask"), and the
// gym's search engine and video site as the search pages.

/** The summariser's answer: names the page it read, so a test can tell summaries apart. */
export function summariserBrain(messages: unknown[]): { text: string } {
  const user = JSON.stringify(messages.at(-1) ?? '');
  const title = /title: ([^\\]+?)\\n/.exec(user)?.[1] ?? 'a page';
  return { text: `Summary: ${title.trim()} — what the page says, in brief.` };
}

export interface ResearchKit {
  home: string;
  config: string;
  summariser: MockModelServer;
  env: Record<string, string>;
  /** The requests the summariser got that were summaries (its system prompt). */
  summaryRequests(): Record<string, unknown>[];
  close(): Promise<void>;
}

export async function researchKit(gym: Gym, research: Record<string, unknown> = {}): Promise<ResearchKit> {
  const home = mkdtempSync(join(tmpdir(), 'wayfinder-research-'));
  const config = join(home, 'config.json');
  writeFileSync(
    config,
    JSON.stringify({
      sites: { '127.0.0.1': 'allow', 'tracker.test': 'block' },
      research: {
        searchUrl: `${gym.url}/search?q=%s`,
        videoUrl: `${gym.url}/videos/results?search_query=%s`,
        pagesPerRun: 12,
        pagesPerSite: 10,
        siteGapSeconds: 0,
        ...research,
      },
    }),
  );
  const summariser = await startOpenAICompatible(summariserBrain);
  const env: Record<string, string> = {
    ...Object.fromEntries(Object.entries(cleanEnv()).filter((e): e is [string, string] => typeof e[1] === 'string')),
    WAYFINDER_HOME: home,
    WAYFINDER_CONFIG: config,
    WAYFINDER_SUMMARISER_MODEL: `openai-compatible:${summariser.url}#mock-gpt`,
  };
  return {
    home,
    config,
    summariser,
    env,
    summaryRequests: () =>
      summariser.requests
        .map((r) => r.body)
        .filter((b) => JSON.stringify(b.messages ?? '').includes('You summarise the text of one web page')),
    close: async () => {
      await summariser.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}
