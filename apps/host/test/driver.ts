import { NodeBrowser } from '@wayfinder/cdp/node';
import { startGym, type Gym } from '@wayfinder/gym';
import { afterAll, beforeAll, beforeEach } from 'vitest';

// A gym and a launched browser for a test file that drives the browser in-process (not
// through the wayfinder command): started once, and before each test the gym's state reset
// and the browser left with one tab, at `start` (about:blank unless given).

export interface DriverSuite {
  readonly gym: Gym;
  readonly browser: NodeBrowser;
}

export function useGymAndBrowser(start: (gym: Gym) => string = () => 'about:blank'): DriverSuite {
  let gym: Gym | null = null;
  let browser: NodeBrowser | null = null;
  beforeAll(async () => {
    gym = await startGym();
    browser = await NodeBrowser.launch();
  });
  afterAll(async () => {
    await browser?.close();
    await gym?.close();
  });
  const suite: DriverSuite = {
    get gym() {
      if (!gym) throw new Error('the gym has not started (call useGymAndBrowser() at the top of the test file)');
      return gym;
    },
    get browser() {
      if (!browser) throw new Error('the browser has not started (call useGymAndBrowser() at the top of the test file)');
      return browser;
    },
  };
  beforeEach(async () => {
    suite.gym.reset();
    const before = await suite.browser.tabs();
    await suite.browser.openTab(start(suite.gym));
    for (const tab of before) await suite.browser.closeTab(tab.id);
  });
  return suite;
}
