import { useState } from 'react';
import { HOST_PERMISSION_NOTE, OPTIONAL_PERMISSIONS, REQUIRED_PERMISSIONS, type PermissionNote } from '../../lib/permissions';
import { loadSettings, saveSettings } from '../../lib/settings';

// The first-run page: what Wayfinder does, how to start, and what each permission is for
// (lib/permissions.ts: the same table the manifest is built from), with the privacy policy.

function PermissionList({ notes }: { notes: readonly PermissionNote[] }) {
  return (
    <dl>
      {notes.map(({ permission, name, why }) => (
        <div key={permission}>
          <dt>
            <strong>{name}</strong>
          </dt>
          <dd>{why}</dd>
        </div>
      ))}
    </dl>
  );
}

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
      <h2 id="permissions">What the permissions are for</h2>
      <h3>Asked when you install Wayfinder</h3>
      <PermissionList notes={[HOST_PERMISSION_NOTE, ...REQUIRED_PERMISSIONS]} />
      <h3>Asked only when you turn a feature on</h3>
      <p>Chrome asks you for each of these the first time you use its feature; you can take any of them back in Options › Permissions.</p>
      <PermissionList notes={OPTIONAL_PERMISSIONS} />
      <h2>Privacy</h2>
      <p>
        Your settings, conversations, memory and skills stay in this browser. Page text goes only to the model you choose, after secrets are
        taken out; nothing is sent to us. <a href={chrome.runtime.getURL('/privacy.html')}>Read the privacy policy</a>.
      </p>
    </main>
  );
}
