import { ArrowLeft, Download, Pencil, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { ask, type Replies } from '../../lib/messages';
import { EditSkill } from './EditSkill';
import { download, plural, when } from './files';
import { RunForm } from './RunForm';

// One skill: its readable steps (with notes), inputs, secrets and repair log; run it, edit
// it, export it (.skill.md or a DevTools Recorder recording), or delete it.

type Loaded = Replies['skill.get'];

/** The Steps section's lines: numbered steps, each with its "> note" lines. */
function stepLines(lines: string): { text: string; note: string | null }[] {
  const out: { text: string; note: string | null }[] = [];
  for (const raw of lines.split('\n')) {
    const numbered = /^\s*\d+[.)]\s+(.*\S)\s*$/.exec(raw);
    const note = /^\s+>\s?(.*\S)\s*$/.exec(raw);
    if (numbered?.[1]) out.push({ text: numbered[1], note: null });
    else if (note?.[1] && out.length) {
      const last = out[out.length - 1];
      if (last) last.note = note[1];
    }
  }
  return out;
}

export function SkillDetail({ id, onBack, onChanged }: { id: string; onBack: () => void; onChanged: () => void }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);

  const load = useCallback(() => {
    void ask({ type: 'skill.get', id }).then((reply) => {
      if (reply.ok) {
        setLoaded({ summary: reply.summary, skill: reply.skill, text: reply.text, lines: reply.lines });
        setProblem(null);
      } else setProblem(reply.error);
    });
  }, [id]);
  useEffect(load, [load]);
  const ran = useCallback(() => {
    load();
    onChanged();
  }, [load, onChanged]);

  const exportAs = async (format: 'skill' | 'devtools') => {
    const reply = await ask({ type: 'skill.export', id, format });
    if (reply.ok) download(reply.text, reply.filename, reply.mimeType);
    else setProblem(reply.error);
  };
  const remove = async () => {
    if (!loaded || !confirm(`Delete the skill “${loaded.skill.name}”? This cannot be undone (export it first to keep a copy).`)) return;
    const reply = await ask({ type: 'skill.delete', id });
    if (reply.ok) {
      onChanged();
      onBack();
    } else setProblem(reply.error);
  };

  const back = (
    <button type="button" className="back" onClick={onBack}>
      <ArrowLeft size={16} aria-hidden="true" /> All skills
    </button>
  );
  if (!loaded)
    return (
      <>
        {back}
        {problem ? (
          <p className="bad" role="alert">
            {problem}
          </p>
        ) : (
          <p role="status">Loading…</p>
        )}
      </>
    );
  const { skill, summary } = loaded;
  return (
    <article aria-labelledby="skill-heading">
      {back}
      <h2 id="skill-heading">{skill.name}</h2>
      {skill.description && <p>{skill.description}</p>}
      <p className="muted small">
        {skill.sites.join(', ') || 'No site'} · {plural(skill.steps.length, 'step')} · version {skill.version} · risk {skill.risk}
        {summary.lastRun ? ` · last run ${when(summary.lastRun.at)} (${summary.lastRun.ok ? 'succeeded' : 'failed'})` : ' · never run'}
      </p>
      {problem && (
        <p className="bad" role="alert">
          {problem}
        </p>
      )}
      <div className="row wrap skill-tools">
        <button type="button" onClick={() => setEditing((v) => !v)} aria-expanded={editing}>
          <Pencil size={16} aria-hidden="true" /> Edit
        </button>
        <button type="button" onClick={() => void exportAs('skill')}>
          <Download size={16} aria-hidden="true" /> Export .skill.md
        </button>
        <button type="button" onClick={() => void exportAs('devtools')}>
          <Download size={16} aria-hidden="true" /> Export DevTools recording
        </button>
        <button type="button" className="danger" onClick={() => void remove()}>
          <Trash2 size={16} aria-hidden="true" /> Delete
        </button>
      </div>

      {editing ? (
        <EditSkill
          id={id}
          skill={skill}
          lines={loaded.lines}
          onCancel={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            ran();
          }}
        />
      ) : (
        <section aria-labelledby="steps-heading">
          <h3 id="steps-heading">Steps</h3>
          <ol className="skill-steps">
            {stepLines(loaded.lines).map((line, i) => (
              <li key={i}>
                {line.text}
                {line.note && <p className="small muted skill-note">{line.note}</p>}
              </li>
            ))}
          </ol>
        </section>
      )}

      <section aria-labelledby="inputs-heading">
        <h3 id="inputs-heading">Inputs</h3>
        {skill.inputs.length ? (
          <ul className="skill-inputs">
            {skill.inputs.map((input) => (
              <li key={input.name}>
                <code>{input.name}</code> — {input.format ?? input.type}
                {input.examples[0] !== undefined && <span className="muted"> (e.g. {input.examples[0]})</span>}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">None: the skill does the same thing every time.</p>
        )}
        {skill.secrets.length > 0 && <p className="small">Secrets used (by name only): {skill.secrets.join(', ')}</p>}
      </section>

      <RunForm key={`${id}-${skill.version}`} id={id} skill={skill} onRan={ran} />

      <section aria-labelledby="repairs-heading">
        <h3 id="repairs-heading">Repair log</h3>
        {skill.repairs.length ? (
          <ul className="skill-repairs">
            {skill.repairs.map((repair, i) => (
              <li key={i}>
                {repair.at.slice(0, 16).replace('T', ' ')}: step {repair.step} repaired by {repair.by} (version {repair.version}) — was{' '}
                {repair.from}, now {repair.to}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">No repairs: every step has matched the page as recorded.</p>
        )}
      </section>
    </article>
  );
}
