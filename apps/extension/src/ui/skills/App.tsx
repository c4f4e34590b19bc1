import { CircleDot, LoaderCircle, Upload } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ask } from '../../lib/messages';
import { SKILL_IMPORT_MAX_CHARS, type SkillSummary } from '../../lib/skill-messages';
import { SkillDetail } from './SkillDetail';
import { SkillList } from './SkillList';

// The Skills page: the skills recorded or imported, one opened by the address's #id (the
// panel opens a new recording here). Everything stays on this computer.

function idFromHash(): string | null {
  const id = decodeURIComponent(location.hash.slice(1));
  return id || null;
}

export function App() {
  const [skills, setSkills] = useState<SkillSummary[] | null>(null);
  const [open, setOpen] = useState<string | null>(idFromHash);
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const picker = useRef<HTMLInputElement>(null);

  const refresh = useCallback(() => {
    void ask({ type: 'skills.list' }).then((reply) => {
      if (reply.ok) setSkills(reply.skills);
      else setProblem(reply.error);
    });
  }, []);
  useEffect(() => {
    refresh();
    const onHash = () => setOpen(idFromHash());
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    window.addEventListener('hashchange', onHash);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('hashchange', onHash);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [refresh]);

  const show = (id: string | null) => {
    history.pushState(null, '', id ? `#${encodeURIComponent(id)}` : location.pathname);
    setOpen(id);
    setNote(null);
  };

  const importFiles = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    setProblem(null);
    if (file.size > SKILL_IMPORT_MAX_CHARS) {
      setProblem(`${file.name} is too large for a skill (at most ${SKILL_IMPORT_MAX_CHARS / 1_000_000} MB).`);
      return;
    }
    setImporting(true);
    const reply = await ask({ type: 'skill.import', fileName: file.name, text: await file.text() });
    setImporting(false);
    if (picker.current) picker.current.value = '';
    if (!reply.ok) {
      setProblem(reply.error);
      return;
    }
    refresh();
    show(reply.summary.id);
    setNote(`Imported “${reply.summary.name}”.`);
  };

  return (
    <main className="page skills-page">
      <h1 className="with-icon">
        <CircleDot size={24} aria-hidden="true" /> Skills
      </h1>
      <p className="muted">
        Tasks you showed Wayfinder once, replayed without a model. Record one from the side panel (its Skills button), or import a .skill.md
        file or a Chrome DevTools Recorder recording.
      </p>
      <div className="row">
        <input
          ref={picker}
          id="skill-file"
          type="file"
          accept=".md,.json,text/markdown,application/json"
          className="sr-only"
          tabIndex={-1}
          aria-label="Skill file to import"
          onChange={(event) => void importFiles(event.target.files)}
        />
        <button type="button" onClick={() => picker.current?.click()} disabled={importing}>
          {importing ? <LoaderCircle size={16} className="spin" aria-hidden="true" /> : <Upload size={16} aria-hidden="true" />}
          Import a skill
        </button>
        <span className="small muted" role="status">
          {note}
        </span>
      </div>
      {problem && (
        <p className="bad" role="alert">
          {problem}
        </p>
      )}
      {open ? (
        <SkillDetail id={open} onBack={() => show(null)} onChanged={refresh} />
      ) : !skills ? (
        <p role="status">
          <LoaderCircle size={16} className="spin" aria-hidden="true" /> Loading…
        </p>
      ) : skills.length ? (
        <SkillList skills={skills} onOpen={(id) => show(id)} />
      ) : (
        <div className="card empty">
          <h2>No skills yet</h2>
          <p>
            Open the page where a task starts, press the Skills button in the side panel, then <strong>Record a skill</strong>, and do the
            task as you always do. Stop when it is done: the skill opens here, with the values you typed turned into inputs.
          </p>
        </div>
      )}
    </main>
  );
}
