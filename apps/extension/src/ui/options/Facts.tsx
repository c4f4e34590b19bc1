import { Trash2 } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { ask, type Replies } from '../../lib/messages';

// Options › Facts: short things about the person that go with every task ("I prefer metric
// units"). The background refuses anything that looks like a secret; its reason is shown.

type Fact = Replies['facts.list']['facts'][number];

export function FactsSection() {
  const [facts, setFacts] = useState<Fact[] | null>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = useCallback(() => {
    void ask({ type: 'facts.list' }).then((reply) => {
      if (reply.ok) setFacts(reply.facts);
      else setProblem(reply.error);
    });
  }, []);
  useEffect(refresh, [refresh]);

  const add = async () => {
    if (!text.trim()) {
      setProblem('Type the fact to remember.');
      return;
    }
    const reply = await ask({ type: 'facts.add', text });
    if (!reply.ok) {
      setProblem(reply.error);
      return;
    }
    setProblem(null);
    setText('');
    refresh();
  };
  const remove = async (fact: Fact) => {
    const reply = await ask({ type: 'facts.remove', id: fact.id });
    if (!reply.ok) setProblem(reply.error);
    refresh();
  };

  return (
    <section id="facts" aria-labelledby="facts-heading">
      <h2 id="facts-heading">Facts about you</h2>
      <p className="muted">
        Short facts Wayfinder keeps in mind for every task and uses when it fills in forms. Passwords, card numbers and other secrets are
        never kept as facts: save those under Secrets.
      </p>
      {facts &&
        (facts.length ? (
          <ul className="facts" aria-label="Facts">
            {facts.map((fact) => (
              <li key={fact.id}>
                <span className="grow">{fact.text}</span>
                <button
                  type="button"
                  className="icon"
                  aria-label={`Remove fact: ${fact.text}`}
                  title="Remove"
                  onClick={() => void remove(fact)}
                >
                  <Trash2 size={16} aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">No facts yet. Add one, or tell the agent “remember that…” during a task.</p>
        ))}
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <label className="sr-only" htmlFor="fact-text">
          A fact about you
        </label>
        <input
          id="fact-text"
          className="grow"
          maxLength={500}
          placeholder="I prefer metric units"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit">Add fact</button>
      </form>
      {problem && (
        <p className="bad" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
