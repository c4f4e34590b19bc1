import { useState } from 'react';
import { loadSettings, saveSettings } from '../../lib/settings';

// The first-run page: what Wayfinder does, how to start, and what each permission is for.

const PERMISSIONS: [string, string][] = [
  [
    'Debugger',
    'to click, type and scroll with real input in the tabs a task works in — only while the task runs (Chrome shows a bar at the top of the tab)',
  ],
  [
    'Read and change data on all websites',
    'to read the page you ask about and to reach the model server you choose (for example Ollama on this computer)',
  ],
  ['Tabs', 'to know which tab you are looking at, and to open, switch and close tabs when a task needs to'],
  ['Side panel', 'to show Wayfinder next to the page'],
  ['Storage', 'to keep your settings and conversations on this computer (nothing is sent anywhere else)'],
  [
    'Alarms',
    'to pick up a running task again if Chrome pauses the extension in the middle of it, and to reconnect to the host (if you connected it)',
  ],
  [
    'Block content',
    'while a task runs: to keep the sites you blocked from loading in any tab, and to hold a page the task opens until its safety checks are in place',
  ],
  ['Downloads', "to ask you before a file a task's page downloads is kept (declined, it is deleted)"],
  ['Offscreen document', 'to run the search-by-meaning model for memory, if you turn it on in Options, without slowing the agent'],
  [
    'Scripting',
    'to read a page you asked Wayfinder to remember (or every page, if you turn that on in Options) without taking control of the tab',
  ],
  [
    'Tab capture',
    'only when you press Record tab audio (or Ctrl+Shift+A): to record a few seconds of the tab’s sound, which keeps playing',
  ],
  ['Text-to-speech', 'if you turn on spoken replies in Options: to read answers aloud with your browser’s voices'],
  [
    'Tab groups',
    'if you connect Wayfinder on this computer (Options: Connect to the host): to keep the tabs it works in together, as "Wayfinder (host)"',
  ],
];

export function App() {
  const [started, setStarted] = useState(false);
  const finish = async (openOptions: boolean) => {
    const settings = await loadSettings();
    await saveSettings({ ...settings, firstRunDone: true });
    if (openOptions) await chrome.runtime.openOptionsPage();
    else {
      setStarted(true);
      const window = await chrome.windows.getCurrent();
      if (window.id !== undefined) await chrome.sidePanel.open({ windowId: window.id }).catch(() => undefined);
    }
  };
  return (
    <main className="page">
      <h1>Welcome to Wayfinder</h1>
      <p>
        Wayfinder is an agent that works in this browser. Tell it what you want — “find a 2-person tent under $200 and add it to the cart”,
        “what does this page say about returns?” — and it reads the page, clicks and types for you, shows every step, and asks before
        anything risky like paying or deleting.
      </p>
      <h2>Start</h2>
      <div className="card">
        <h3>Use a model</h3>
        <p>
          Connect Ollama or any OpenAI-compatible server on your computer, or a hosted provider (OpenAI, Anthropic, Google, Mistral) with
          your key, or Chrome's built-in model where it is available.
        </p>
        <button type="button" className="primary" onClick={() => void finish(true)}>
          Choose a provider
        </button>
      </div>
      <div className="card">
        <h3>Start without a model</h3>
        <p>
          The built-in command interpreter follows direct commands: “click Sign in”, “type hello into Search”, “select Kiwi in Favourite
          fruit”, “scroll down”. You can add a model later in the options.
        </p>
        <button type="button" onClick={() => void finish(false)}>
          Start with the command interpreter
        </button>
        {started && (
          <p className="ok" role="status">
            Ready. The side panel is open; next time press Ctrl+Shift+Y, or pin Wayfinder from the Extensions menu (see below).
          </p>
        )}
      </div>
      <h2>Opening Wayfinder</h2>
      <p>
        Press <kbd>Ctrl</kbd>+<kbd>Shift</kbd>+<kbd>Y</kbd> (<kbd>Cmd</kbd>+<kbd>Shift</kbd>+<kbd>Y</kbd> on a Mac) on any page. Chrome puts
        new extensions in the Extensions menu (the puzzle piece at the right of the toolbar): open it and click the pin beside Wayfinder to
        keep its button in the toolbar.
      </p>
      <h2>What the permissions are for</h2>
      <dl>
        {PERMISSIONS.map(([name, why]) => (
          <div key={name}>
            <dt>
              <strong>{name}</strong>
            </dt>
            <dd>{why}</dd>
          </div>
        ))}
      </dl>
    </main>
  );
}
