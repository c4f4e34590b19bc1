import { parseSite, type SiteDecision, type SiteRule } from '@wayfinder/core/ui';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { loadSites, saveSites } from '../../lib/safety-store';

// Site permissions: what Wayfinder may do where. A rule for a site covers its subdomains
// (example.com covers www.example.com, never evil-example.com). Sites without a rule are
// asked about the first time a task reaches them. "Page code" lets the agent offer to run
// code it writes in the site's pages (execute_page_code); each run is still shown and asked.

const LABELS: Record<SiteDecision, string> = { allow: 'Allow', ask: 'Ask each task', block: 'Block' };

export function SitePermissions() {
  const [rules, setRules] = useState<SiteRule[] | null>(null);
  const [site, setSite] = useState('');
  const [decision, setDecision] = useState<SiteDecision>('allow');
  const [pageCode, setPageCode] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    void loadSites().then(setRules);
    const changed = () => void loadSites().then(setRules);
    chrome.storage.onChanged.addListener(changed);
    return () => chrome.storage.onChanged.removeListener(changed);
  }, []);
  if (!rules) return <p>Loading…</p>;

  // Shown at once (a checkbox that waited for storage would flick back under the pointer), then kept; storage's change event confirms it.
  const save = async (next: SiteRule[]) => {
    setRules(next);
    await saveSites(next);
  };
  const add = async () => {
    const parsed = parseSite(site);
    if (!parsed.ok) {
      setProblem(parsed.error);
      return;
    }
    setProblem(null);
    await save([...rules.filter((r) => r.site !== parsed.site), { site: parsed.site, decision, ...(pageCode ? { pageCode } : {}) }]);
    setSite('');
    setPageCode(false);
  };
  const sorted = [...rules].sort((a, b) => a.site.localeCompare(b.site));

  return (
    <section aria-label="Site permissions">
      <h2>Site permissions</h2>
      <p className="muted">
        A rule for a site covers its subdomains. Sites without a rule are asked about the first time a task goes there.
      </p>
      <p className="muted">
        Page code lets the agent offer to run code it writes in the site&apos;s pages (for what its other tools cannot do). You see the code
        and approve each run; it is off unless you tick it.
      </p>
      {sorted.length ? (
        <table className="rules">
          <caption className="sr-only">Site rules</caption>
          <thead>
            <tr>
              <th scope="col">Site</th>
              <th scope="col">Permission</th>
              <th scope="col">Page code</th>
              <th scope="col">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((rule) => (
              <tr key={rule.site}>
                <td>{rule.site}</td>
                <td>
                  <select
                    aria-label={`Permission for ${rule.site}`}
                    value={rule.decision}
                    onChange={(e) =>
                      void save(
                        rules.map((r) =>
                          r.site === rule.site
                            ? { ...r, decision: e.target.value === 'block' ? 'block' : e.target.value === 'ask' ? 'ask' : 'allow' }
                            : r,
                        ),
                      )
                    }
                  >
                    {(['allow', 'ask', 'block'] as const).map((d) => (
                      <option key={d} value={d}>
                        {LABELS[d]}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Page code on ${rule.site}`}
                    checked={rule.pageCode === true}
                    onChange={(e) =>
                      void save(
                        rules.map((r) =>
                          r.site === rule.site
                            ? { site: r.site, decision: r.decision, ...(e.target.checked ? { pageCode: true } : {}) }
                            : r,
                        ),
                      )
                    }
                  />
                </td>
                <td>
                  <button
                    type="button"
                    aria-label={`Remove ${rule.site}`}
                    onClick={() => void save(rules.filter((r) => r.site !== rule.site))}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">No rules yet.</p>
      )}
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <input aria-label="Site" placeholder="example.com" value={site} onChange={(e) => setSite(e.target.value)} />
        <select
          aria-label="Permission"
          value={decision}
          onChange={(e) => setDecision(e.target.value === 'block' ? 'block' : e.target.value === 'ask' ? 'ask' : 'allow')}
        >
          {(['allow', 'ask', 'block'] as const).map((d) => (
            <option key={d} value={d}>
              {LABELS[d]}
            </option>
          ))}
        </select>
        <label className="row">
          <input type="checkbox" checked={pageCode} onChange={(e) => setPageCode(e.target.checked)} />
          Page code
        </label>
        <button type="submit">Add rule</button>
      </form>
      {problem && (
        <p className="bad" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}

export function App() {
  return (
    <main className="page">
      <nav aria-label="Wayfinder pages">
        <a className="back" href={chrome.runtime.getURL('/options.html')}>
          <ArrowLeft size={16} aria-hidden="true" />
          Back to options
        </a>
      </nav>
      <h1>Wayfinder site permissions</h1>
      <SitePermissions />
    </main>
  );
}
