import { BrowserError, pageData, type WaitCondition } from '@wayfinder/core';
import { isBoolean } from '@wayfinder/page';
import type { ActionTarget } from './target';
import { NavigationWatch } from './navigation';

// Waiting for a condition, never for a fixed time unless asked to: text to appear or go,
// an element to appear or go, a navigation, the network to go quiet.

const POLL_MS = 100;
const MAX_SLEEP_MS = 30_000;

/** A page between documents (reloading, navigating) has no script context for a moment: not yet, rather than an error. */
function betweenDocuments(error: unknown): boolean {
  return (
    error instanceof Error &&
    /context with specified id|Execution context was destroyed|Cannot find context|Inspected target navigated/i.test(error.message)
  );
}

async function poll(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const met = await check().catch((error: unknown) => {
      if (betweenDocuments(error)) return false;
      throw error;
    });
    if (met) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

export async function waitFor(tab: ActionTarget, condition: WaitCondition, timeoutMs: number): Promise<string> {
  const started = Date.now();
  const took = () => `${Date.now() - started} ms`;
  switch (condition.kind) {
    case 'time': {
      const ms = Math.max(0, Math.min(condition.ms, MAX_SLEEP_MS));
      await new Promise((resolve) => setTimeout(resolve, ms));
      return `Waited ${ms} ms.`;
    }
    case 'text': {
      const wanted = !condition.gone;
      const ok = await poll(async () => (await tab.script.hasText(condition.text)) === wanted, timeoutMs);
      if (!ok)
        throw new BrowserError(
          'timeout',
          `Waited ${timeoutMs} ms for the text "${condition.text}" to ${wanted ? 'appear' : 'go away'}; it did not. Take a snapshot to see the page.`,
          true,
        );
      return `The text "${condition.text}" ${wanted ? 'appeared' : 'went away'} after ${took()}.`;
    }
    case 'ref': {
      const wanted = !condition.gone;
      const ok = await poll(async () => (await tab.page('refPresent', [condition.ref], condition.ref, isBoolean)) === wanted, timeoutMs);
      if (!ok)
        throw new BrowserError(
          'timeout',
          `Waited ${timeoutMs} ms for ${condition.ref} to ${wanted ? 'be visible' : 'go away'}; it did not. Take a snapshot to see the page.`,
          true,
        );
      return `${condition.ref} ${wanted ? 'is visible' : 'went away'} after ${took()}.`;
    }
    case 'navigation': {
      const watch = new NavigationWatch(tab.session, await tab.script.mainFrame());
      try {
        const ok = await watch.until(() => watch.loaded || watch.sameDocument, timeoutMs);
        if (!ok) throw new BrowserError('timeout', `Waited ${timeoutMs} ms for the page to navigate; it did not.`, true);
      } finally {
        watch.dispose();
      }
      return `The page navigated to ${pageData((await tab.info()).url, 300)} after ${took()}.`;
    }
    case 'network-idle': {
      const quiet = condition.idleMs ?? 500;
      const ok = await poll(() => Promise.resolve(tab.network.idleFor(quiet)), timeoutMs);
      if (!ok)
        throw new BrowserError(
          'timeout',
          `Waited ${timeoutMs} ms for the network to go quiet; ${tab.network.pending} requests are still open.`,
          true,
        );
      return `The network was quiet for ${quiet} ms after ${took()}.`;
    }
  }
}
