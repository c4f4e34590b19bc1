import { useEffect, useState } from 'react';
import { refusedPermission, requestPermission } from '../../lib/permissions';
import { useGrantedPermissions } from './Permissions';
import { loadResearchSettings, RESEARCH_KEY, saveResearchSettings, type ResearchSettings } from '../../lib/research-settings';
import { Interests } from '../research/Interests';
import { Watches } from '../research/Watches';
import { useFeedState } from '../research/use-feed-state';

// Options › Research and feed (issue 15): the topics the host's research follows, whether
// it may use this browser's history (off until the person turns it on; only site and
// title, sensitive pages dropped here first), and where the agent's searches go.

export function ResearchSection() {
  const feed = useFeedState();
  const [settings, setSettings] = useState<ResearchSettings | null>(null);
  const [draft, setDraft] = useState({ searchUrl: '', videoUrl: '' });
  const [problem, setProblem] = useState<string | null>(null);
  /** Chrome's History permission: sharing shows as on only with it (it can be taken back at chrome://extensions). */
  const { granted, refresh: refreshGranted } = useGrantedPermissions();
  const historyGranted = granted.history === true;
  const [saved, setSaved] = useState<string | null>(null);

  useEffect(() => {
    void loadResearchSettings().then((loaded) => {
      setSettings(loaded);
      setDraft({ searchUrl: loaded.searchUrl, videoUrl: loaded.videoUrl });
    });
    // Changed elsewhere (history sharing goes off when the History permission is taken back): shown here.
    const onChanged = (changes: Record<string, chrome.storage.StorageChange>, area: string) => {
      if (area === 'local' && RESEARCH_KEY in changes) void loadResearchSettings().then(setSettings);
    };
    chrome.storage.onChanged.addListener(onChanged);
    return () => chrome.storage.onChanged.removeListener(onChanged);
  }, []);

  /** Shown at once; put back as it was when it could not be saved. */
  const save = async (next: ResearchSettings, what: string) => {
    const before = settings;
    setSettings(next);
    try {
      await saveResearchSettings(next);
      setProblem(null);
      setSaved(what);
    } catch (error) {
      setSettings(before);
      setSaved(null);
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };

  /** On only with Chrome's History permission, asked for here (the click's gesture lets Chrome prompt). */
  const turnHistory = async (on: boolean) => {
    if (!settings) return;
    if (on) {
      setSettings({ ...settings, historyOptIn: true }); // shown at once, while Chrome asks
      if (!(await requestPermission('history'))) {
        setSettings(settings);
        setSaved(null);
        setProblem(refusedPermission('history'));
        return;
      }
      refreshGranted();
    }
    await save({ ...settings, historyOptIn: on }, on ? 'History sharing is on.' : 'History sharing is off.');
  };

  return (
    <section id="research" aria-labelledby="research-heading">
      <h2 id="research-heading">Research and feed</h2>
      <p className="muted">
        The host (<code>wayfinder serve</code>) can research your interests while you are away and keep what it finds in your{' '}
        <a href={chrome.runtime.getURL('/feed.html')} target="_blank" rel="noreferrer">
          feed
        </a>
        . A thumbs up or down on a discovery tells it what you like.
      </p>
      <h3>Interests</h3>
      {feed && <Interests connected={feed.connected} />}
      <h3>Watches</h3>
      {feed && <Watches connected={feed.connected} />}
      {settings && (
        <>
          <h3>Browsing history</h3>
          <label className="row">
            <input type="checkbox" checked={settings.historyOptIn && historyGranted} onChange={(e) => void turnHistory(e.target.checked)} />
            Let research use my browsing history
          </label>
          <p className="muted small">
            Off unless you turn it on. Only each page’s site and title are shared — never full addresses — and pages about health, money or
            adult topics are left out in this browser before anything is sent.
          </p>
          <h3>Search</h3>
          <form
            className="stack"
            onSubmit={(e) => {
              e.preventDefault();
              void save({ ...settings, ...draft }, 'Search addresses saved.');
            }}
          >
            <label htmlFor="search-url">
              Web search address (empty: the browser’s default search engine, which needs Chrome’s Search permission: Options › Permissions)
            </label>
            <input
              id="search-url"
              placeholder="https://duckduckgo.com/?q=%s"
              value={draft.searchUrl}
              onChange={(e) => setDraft({ ...draft, searchUrl: e.target.value })}
            />
            <label htmlFor="video-url">Video search address (empty: YouTube)</label>
            <input
              id="video-url"
              placeholder="https://www.youtube.com/results?search_query=%s"
              value={draft.videoUrl}
              onChange={(e) => setDraft({ ...draft, videoUrl: e.target.value })}
            />
            <div className="row">
              <button type="submit">Save search addresses</button>
            </div>
          </form>
        </>
      )}
      {saved && !problem && (
        <p className="ok" role="status">
          {saved}
        </p>
      )}
      {problem && (
        <p className="bad" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
