import { useEffect, useState } from 'react';
import { checkBuiltInModel, type BuiltInStatus } from '../../lib/built-in-model';
import { ask } from '../../lib/messages';
import { Secrets } from './Secrets';
import {
  loadSettings,
  PROVIDER_IDS,
  PROVIDER_LABELS,
  ROLES,
  saveSettings,
  type ModelChoice,
  type ProviderId,
  type Settings,
} from '../../lib/settings';

// Options: providers (addresses, keys, models) with a connection test each, a model per
// role, and how the agent acts. Keys are kept in chrome.storage.local on this computer.

type Configurable = Exclude<ProviderId, 'command' | 'chrome'>;
const CONFIGURABLE = PROVIDER_IDS.filter((p): p is Configurable => p !== 'command' && p !== 'chrome');
const NEEDS_URL = new Set<Configurable>(['openai-compatible', 'ollama']);
const NEEDS_KEY = new Set<Configurable>(['openai', 'anthropic', 'google', 'mistral']);
const ROLE_LABELS = {
  actor: 'Acting (executor)',
  planner: 'Planning',
  summariser: 'Summarising history',
  vision: 'Looking at screenshots',
} as const;

function ProviderSection({
  id,
  settings,
  onChange,
  onTest,
  result,
}: {
  id: Configurable;
  settings: Settings;
  onChange: (s: Settings) => void;
  onTest: () => void;
  result: { ok: boolean; message: string } | 'testing' | undefined;
}) {
  const config = settings.providers[id];
  const set = (key: 'baseURL' | 'apiKey' | 'model', value: string) =>
    onChange({ ...settings, providers: { ...settings.providers, [id]: { ...config, [key]: value } } });
  return (
    <section className="card" aria-label={PROVIDER_LABELS[id]}>
      <h3>{PROVIDER_LABELS[id]}</h3>
      {NEEDS_URL.has(id) && (
        <div className="field">
          <label htmlFor={`${id}-url`}>Address</label>
          <input
            id={`${id}-url`}
            value={config.baseURL}
            onChange={(e) => set('baseURL', e.target.value)}
            placeholder={id === 'ollama' ? 'http://127.0.0.1:11434' : 'http://localhost:1234/v1'}
          />
        </div>
      )}
      {(NEEDS_KEY.has(id) || id === 'openai-compatible') && (
        <div className="field">
          <label htmlFor={`${id}-key`}>API key{id === 'openai-compatible' ? ' (if it needs one)' : ''}</label>
          <input
            id={`${id}-key`}
            type="password"
            autoComplete="off"
            value={config.apiKey}
            onChange={(e) => set('apiKey', e.target.value)}
          />
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-model`}>Model</label>
        <input id={`${id}-model`} value={config.model} onChange={(e) => set('model', e.target.value)} />
      </div>
      <div className="row">
        <button type="button" onClick={onTest} disabled={result === 'testing'}>
          Test connection
        </button>
        {result === 'testing' && <span className="muted">Testing…</span>}
        {result && result !== 'testing' && (
          <span className={result.ok ? 'ok' : 'bad'} role="status">
            {result.ok ? '✓' : '✗'} {result.message}
          </span>
        )}
      </div>
    </section>
  );
}

/** Chrome's built-in model: checked here in the page, where a click may start its one-time download. */
function BuiltInSection() {
  const [status, setStatus] = useState<BuiltInStatus | 'checking' | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const check = async (download: boolean) => {
    setStatus('checking');
    setProgress(download ? 0 : null);
    setStatus(await checkBuiltInModel({ download, onProgress: setProgress }));
    setProgress(null);
  };
  const canDownload = status !== null && status !== 'checking' && status.availability === 'downloadable';
  return (
    <section className="card" aria-label={PROVIDER_LABELS.chrome}>
      <h3>{PROVIDER_LABELS.chrome}</h3>
      <p className="muted">Gemini Nano, running on this computer through Chrome's Prompt API. Nothing to configure.</p>
      <div className="row">
        <button type="button" onClick={() => void check(false)} disabled={status === 'checking'}>
          Check availability
        </button>
        {canDownload && (
          <button type="button" onClick={() => void check(true)}>
            Download the model
          </button>
        )}
        {progress !== null && (
          <>
            <progress max={1} value={progress} aria-label="Download of the built-in model">
              {Math.round(progress * 100)}%
            </progress>
            <span className="muted">Downloading… {Math.round(progress * 100)}%</span>
          </>
        )}
        {status && status !== 'checking' && (
          <span className={status.ready ? 'ok' : 'bad'} role="status">
            {status.ready ? '✓' : '✗'} {status.message}
          </span>
        )}
      </div>
    </section>
  );
}

function choiceValue(choice: ModelChoice | null): string {
  return choice ? choice.provider : '';
}

export function App() {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [results, setResults] = useState<Partial<Record<ProviderId, { ok: boolean; message: string } | 'testing'>>>({});

  useEffect(() => {
    void loadSettings().then(setSettings);
  }, []);
  if (!settings) return <main className="page">Loading…</main>;

  const save = async (next: Settings) => {
    await saveSettings(next);
    setSaved('Saved.');
  };
  const change = (next: Settings) => {
    setSettings(next);
    setSaved(null);
  };
  const test = async (provider: ProviderId) => {
    await save(settings);
    setResults((r) => ({ ...r, [provider]: 'testing' }));
    const reply = await ask({ type: 'provider.test', provider });
    setResults((r) => ({
      ...r,
      [provider]: reply.ok ? { ok: reply.connected, message: reply.message } : { ok: false, message: reply.error },
    }));
  };

  return (
    <main className="page">
      <h1>Wayfinder options</h1>
      <p className="muted">Keys stay in this browser (chrome.storage.local) and go only to the provider they belong to.</p>

      <h2>Models for each job</h2>
      {ROLES.map((role) => (
        <div className="field" key={role}>
          <label htmlFor={`role-${role}`}>{ROLE_LABELS[role]}</label>
          <select
            id={`role-${role}`}
            value={choiceValue(settings.roles[role])}
            onChange={(e) => {
              const provider = PROVIDER_IDS.find((p) => p === e.target.value);
              change({
                ...settings,
                roles: {
                  ...settings.roles,
                  [role]: provider ? { provider, model: '' } : role === 'actor' ? { provider: 'command', model: '' } : null,
                },
              });
            }}
          >
            {role !== 'actor' && <option value="">Same as acting</option>}
            {PROVIDER_IDS.map((p) => (
              <option key={p} value={p}>
                {PROVIDER_LABELS[p]}
              </option>
            ))}
          </select>
        </div>
      ))}

      <h2>Providers</h2>
      {CONFIGURABLE.map((id) => (
        <ProviderSection key={id} id={id} settings={settings} onChange={change} onTest={() => void test(id)} result={results[id]} />
      ))}
      <BuiltInSection />

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
            change({ ...settings, agent: { ...settings.agent, maxSteps: Math.max(1, Math.min(60, Number(e.target.value) || 30)) } })
          }
        />
        <label htmlFor="input-mode">How it acts</label>
        <select
          id="input-mode"
          value={settings.agent.inputMode}
          onChange={(e) => change({ ...settings, agent: { ...settings.agent, inputMode: e.target.value === 'dom' ? 'dom' : 'cdp' } })}
        >
          <option value="cdp">Real input through the debugger (works on every site)</option>
          <option value="dom">Page events (some sites ignore them)</option>
        </select>
        <label htmlFor="screenshots">Timeline pictures</label>
        <label>
          <input
            id="screenshots"
            type="checkbox"
            checked={settings.agent.screenshots}
            onChange={(e) => change({ ...settings, agent: { ...settings.agent, screenshots: e.target.checked } })}
          />{' '}
          Show a small picture of the page after each action
        </label>
      </div>

      <div className="row" style={{ marginTop: '1rem' }}>
        <button type="button" className="primary" onClick={() => void save(settings)}>
          Save
        </button>
        {saved && (
          <span className="ok" role="status">
            {saved}
          </span>
        )}
      </div>

      <h2>Safety</h2>
      <p>
        <a href={chrome.runtime.getURL('/sites.html')}>Site permissions</a>: which sites Wayfinder may use, is blocked from, or asks about.
      </p>
      <Secrets />
    </main>
  );
}
