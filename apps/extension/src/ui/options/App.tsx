import { CircleAlert, CircleCheck, LoaderCircle, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ask } from '../../lib/messages';
import {
  loadSettings,
  PROVIDER_IDS,
  saveSettings,
  withProviderEdit,
  withTestResult,
  type ConfigurableProvider,
  type ModelChoice,
  type ProviderConfig,
  type ProviderId,
  type Role,
  type Settings,
} from '../../lib/settings';
import { BridgeSection } from './Bridge';
import { BuiltInAiSection } from './BuiltInAi';
import { BuiltInSection, ProviderSection } from './Providers';
import { FactsSection } from './Facts';
import { MemorySection } from './Memory';
import { PageHelpersSection } from './PageHelpers';
import { PermissionsSection } from './Permissions';
import { ResearchSection } from './Research';
import { Roles } from './Roles';
import { Secrets } from './Secrets';
import { VoiceSection } from './Voice';

// Options: a model for each job, providers (addresses, keys, models) with a connection test
// each, and how the agent acts. Every change is saved as it is made — the bar at the top
// says so — so a test, a reload or a closed tab never loses one. Keys are kept in
// chrome.storage.local on this computer, like secrets (which also save at once).

const CONFIGURABLE = PROVIDER_IDS.filter((p): p is ConfigurableProvider => p !== 'command' && p !== 'chrome');

type SaveState = 'saved' | 'saving' | { error: string };

function SaveBar({ state, onRetry }: { state: SaveState; onRetry: () => void }) {
  return (
    <div className="savebar" role="status" aria-label="Saving">
      {state === 'saving' ? (
        <>
          <LoaderCircle size={16} className="spin" aria-hidden="true" /> Saving…
        </>
      ) : state === 'saved' ? (
        <>
          <CircleCheck size={16} className="ok" aria-hidden="true" /> Changes are saved as you make them.
        </>
      ) : (
        <>
          <CircleAlert size={16} className="bad" aria-hidden="true" />
          <span className="bad">Not saved: {state.error}</span>
          <button type="button" onClick={onRetry}>
            Save again
          </button>
        </>
      )}
    </div>
  );
}

export function App() {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [testing, setTesting] = useState<Partial<Record<ProviderId, boolean>>>({});
  // What is on screen now, and the save of it: a test waits for it, a reload is held while it runs.
  const latest = useRef<Settings | null>(null);
  const saving = useRef<Promise<void>>(Promise.resolve());
  const unsaved = useRef(false);

  useEffect(() => {
    void loadSettings().then((loaded) => {
      latest.current = loaded;
      setSettings(loaded);
    });
    const guard = (event: BeforeUnloadEvent) => {
      if (unsaved.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', guard);
    return () => window.removeEventListener('beforeunload', guard);
  }, []);
  if (!settings) return <main className="page">Loading…</main>;

  const commit = (next: Settings) => {
    latest.current = next;
    setSettings(next);
    unsaved.current = true;
    setSaveState('saving');
    const save = saveSettings(next);
    saving.current = save.catch(() => undefined);
    save.then(
      () => {
        if (latest.current !== next) return;
        unsaved.current = false;
        setSaveState('saved');
      },
      (error: unknown) => setSaveState({ error: error instanceof Error ? error.message : String(error) }),
    );
  };
  const current = () => latest.current ?? settings;

  const edit = (provider: ConfigurableProvider, patch: Partial<ProviderConfig>) => commit(withProviderEdit(current(), provider, patch));
  const pick = (role: Role, choice: ModelChoice | null) =>
    commit({
      ...current(),
      roles: { ...current().roles, [role]: choice ?? (role === 'actor' ? { provider: 'command', model: '' } : null) },
    });
  const use = (provider: ProviderId, role: Role) => {
    const model = provider === 'command' || provider === 'chrome' ? '' : current().providers[provider].model;
    pick(role, { provider, model });
  };
  const test = async (provider: ConfigurableProvider) => {
    setTesting((t) => ({ ...t, [provider]: true }));
    // The background tests what is stored: the last edit first.
    await saving.current;
    const tested = current().providers[provider];
    const reply = await ask({ type: 'provider.test', provider, place: 'options' });
    setTesting((t) => ({ ...t, [provider]: false }));
    // Edited while the test ran: the result is about settings that are gone.
    if (current().providers[provider] !== tested) return;
    commit(
      withTestResult(current(), provider, reply.ok ? { ok: reply.connected, message: reply.message } : { ok: false, message: reply.error }),
    );
  };

  return (
    <>
      <SaveBar state={saveState} onRetry={() => commit(current())} />
      <main className="page">
        <h1>Wayfinder options</h1>
        <p className="muted">
          Keys stay in this browser (chrome.storage.local) and go only to the provider they belong to.{' '}
          <a href={chrome.runtime.getURL('/privacy.html')}>Privacy policy</a>: what Wayfinder keeps, and what leaves your computer.
        </p>

        <Roles settings={settings} onPick={pick} />

        <h2>Providers</h2>
        {CONFIGURABLE.map((id) => (
          <ProviderSection
            key={id}
            id={id}
            settings={settings}
            onEdit={(patch) => edit(id, patch)}
            onTest={() => void test(id)}
            onUse={(role) => use(id, role)}
            testing={testing[id] === true}
          />
        ))}
        <BuiltInSection
          settings={settings}
          onChecked={(result) => commit(withTestResult(current(), 'chrome', result))}
          onUse={(role) => use('chrome', role)}
        />
        <BuiltInAiSection allowed={settings.builtIn} onChange={(builtIn) => commit({ ...current(), builtIn })} />

        <h2>Agent</h2>
        <div className="field">
          <label htmlFor="max-steps">Most steps per task</label>
          <input
            id="max-steps"
            type="number"
            min={1}
            max={60}
            value={settings.agent.maxSteps}
            onChange={(e) =>
              commit({ ...current(), agent: { ...current().agent, maxSteps: Math.max(1, Math.min(60, Number(e.target.value) || 30)) } })
            }
          />
          <label htmlFor="input-mode">How it acts</label>
          <select
            id="input-mode"
            value={settings.agent.inputMode}
            onChange={(e) => commit({ ...current(), agent: { ...current().agent, inputMode: e.target.value === 'dom' ? 'dom' : 'cdp' } })}
          >
            <option value="cdp">Real input through the debugger (works on every site)</option>
            <option value="dom">Page events (some sites ignore them)</option>
          </select>
          <label htmlFor="answer-within">Minutes to wait for an answer (then it is a no)</label>
          <input
            id="answer-within"
            type="number"
            min={1}
            max={60}
            value={Math.round(settings.agent.answerWithinSec / 60)}
            onChange={(e) =>
              commit({
                ...current(),
                agent: { ...current().agent, answerWithinSec: 60 * Math.max(1, Math.min(60, Math.round(Number(e.target.value)) || 5)) },
              })
            }
          />
          <span className="label-like" id="screenshots-label">
            Timeline pictures
          </span>
          <label>
            <input
              id="screenshots"
              type="checkbox"
              aria-describedby="screenshots-label"
              checked={settings.agent.screenshots}
              onChange={(e) => commit({ ...current(), agent: { ...current().agent, screenshots: e.target.checked } })}
            />{' '}
            Show a small picture of the page after each action
          </label>
        </div>

        <PageHelpersSection
          enabled={settings.pageHelpers.enabled}
          onChange={(enabled) => commit({ ...current(), pageHelpers: { ...current().pageHelpers, enabled } })}
        />

        <h2>Safety</h2>
        <p className="with-icon">
          <ShieldCheck size={16} aria-hidden="true" />
          <span>
            <a href={chrome.runtime.getURL('/sites.html')}>Site permissions</a>: which sites Wayfinder may use, is blocked from, or asks
            about.
          </span>
        </p>
        <Secrets />

        <MemorySection memory={settings.memory} onChange={(patch) => commit({ ...current(), memory: { ...current().memory, ...patch } })} />
        <FactsSection />

        <h2>Skills</h2>
        <p>
          <a href={chrome.runtime.getURL('/skills.html')}>Open the Skills page</a>: tasks you recorded once (Skills button in the side
          panel), run again without a model; edit, export and import them.
        </p>

        <VoiceSection />

        <BridgeSection />
        <ResearchSection />
        <PermissionsSection />
      </main>
    </>
  );
}
