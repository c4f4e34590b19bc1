import type { SkillLocator } from '@wayfinder/core';
import type { CdpTab } from '../tab/cdp-tab';
import { SkillRecorder, type RecordingBrowser } from './recorder';

// A skill's step done by the person's hand, in either host (the CLI's prompt, the
// extension's panel): the recorder watches the tab while the host waits for the person to say
// they did it; the element they used first is what the step finds from then on.

/**
 * Records `tab` while `ask` waits for the person (true: they did it; false: they skipped it).
 * Returns the locators of the first element they acted on, or null when they skipped or used none.
 */
export async function stepByHand(browser: RecordingBrowser, tab: CdpTab, ask: () => Promise<boolean>): Promise<SkillLocator[] | null> {
  const recorder = new SkillRecorder(browser);
  await recorder.start(tab);
  let done: boolean;
  try {
    done = await ask();
  } finally {
    await recorder.stop().catch(() => undefined);
  }
  if (!done) return null;
  for (const event of recorder.recorded) if ('target' in event && event.target?.locators.length) return event.target.locators;
  return null;
}
