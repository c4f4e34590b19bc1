import { CircleDot, ExternalLink, LoaderCircle, MessageSquarePlus, Square, X } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { ask } from '../../lib/messages';
import { RECORDING_KEY, type RecordingStatus } from '../../lib/skill-messages';

// "Record a skill" in the panel: the Skills menu (start recording, open the Skills page)
// and, while a recording is under way, a bar above the task box — a red dot, how many steps
// so far, a note for the step just done, Stop (the skill opens on the Skills page) and
// Cancel. The recording's status lives in chrome.storage.local, so every panel follows it.

function isStatus(value: unknown): value is RecordingStatus {
  return typeof value === 'object' && value !== null && 'startedAt' in value && 'steps' in value;
}

export function useRecording() {
  const [recording, setRecording] = useState<RecordingStatus | null>(null);
  const refresh = useCallback(() => {
    void ask({ type: 'skill.record.status' }).then((reply) => {
      if (reply.ok) setRecording(reply.recording);
    });
  }, []);
  useEffect(() => {
    refresh();
    const onChanged = (changes: Record<string, chrome.storage.StorageChange>, area: string) => {
      const change = changes[RECORDING_KEY];
      if (area !== 'local' || !change) return;
      const next: unknown = change.newValue;
      // Whether it is still live is the worker's to say; the step count follows the store.
      setRecording((before) => (isStatus(next) ? { ...next, live: before?.live ?? next.live } : null));
    };
    chrome.storage.onChanged.addListener(onChanged);
    return () => chrome.storage.onChanged.removeListener(onChanged);
  }, [refresh]);
  return { recording, setRecording };
}

export const SKILLS_PAGE = '/skills.html';

/** Behind the header's Skills button. */
export function SkillActions({ busy, onProblem, onStarted }: { busy: boolean; onProblem: (m: string) => void; onStarted: () => void }) {
  const [starting, setStarting] = useState(false);
  const start = async () => {
    setStarting(true);
    const reply = await ask({ type: 'skill.record.start' });
    setStarting(false);
    if (reply.ok) onStarted();
    else onProblem(reply.error);
  };
  return (
    <section className="history skill-actions" aria-label="Skills">
      <p className="small muted">Do a task once while Wayfinder watches; it becomes a skill you can run again without a model.</p>
      <div className="row wrap">
        <button
          type="button"
          onClick={() => void start()}
          disabled={starting || busy}
          title={busy ? 'Wait for the task to finish first.' : undefined}
        >
          {starting ? <LoaderCircle size={16} className="spin" aria-hidden="true" /> : <CircleDot size={16} aria-hidden="true" />}
          Record a skill
        </button>
        <a className="with-icon" href={chrome.runtime.getURL(SKILLS_PAGE)} target="_blank" rel="noopener">
          Skills page
          <ExternalLink size={14} aria-hidden="true" />
        </a>
      </div>
    </section>
  );
}

function stepsText(n: number): string {
  return `${n} step${n === 1 ? '' : 's'}`;
}

/** While recording: what is recorded so far, a note, Stop and Cancel. `onEnded`: with what to tell the person after Stop. */
export function RecordingBar({ recording, onEnded }: { recording: RecordingStatus; onEnded: (said: string | null) => void }) {
  const [note, setNote] = useState('');
  const [working, setWorking] = useState<'note' | 'stop' | 'cancel' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [noted, setNoted] = useState<string | null>(null);

  const addNote = async () => {
    if (!note.trim()) return;
    setWorking('note');
    const reply = await ask({ type: 'skill.record.note', text: note });
    setWorking(null);
    if (reply.ok) {
      setNoted(`Note added to step ${Math.max(1, reply.recording.steps)}.`);
      setNote('');
      setProblem(null);
    } else setProblem(reply.error);
  };
  const stop = async () => {
    setWorking('stop');
    const reply = await ask({ type: 'skill.record.stop' });
    setWorking(null);
    if (reply.ok) {
      const { name, steps } = reply.skill;
      onEnded(`Saved the skill "${name}" (${stepsText(steps)}).${reply.naming ? ` ${reply.naming}` : ''} It is open on the Skills page.`);
      // The recording has ended either way (the bar goes with it): what went wrong stays in view.
    } else onEnded(`No skill was saved: ${reply.error}`);
  };
  const cancel = async () => {
    setWorking('cancel');
    const reply = await ask({ type: 'skill.record.cancel' });
    setWorking(null);
    if (reply.ok) onEnded(null);
    else setProblem(reply.error);
  };

  return (
    <section className="recording-bar" aria-label="Recording a skill">
      <p className="row recording-state" role="status">
        <span className="rec-dot" aria-hidden="true" />
        <span>
          <strong>Recording</strong> — {stepsText(recording.steps)}
          {recording.notes > 0 ? `, ${recording.notes === 1 ? '1 note' : `${recording.notes} notes`}` : ''}
        </span>
      </p>
      {!recording.live && (
        <p className="small warn">
          The browser stopped Wayfinder&apos;s worker, so recording paused here. What was recorded is kept: Stop makes the skill of it.
        </p>
      )}
      <form
        className="row recording-note"
        onSubmit={(event) => {
          event.preventDefault();
          void addNote();
        }}
      >
        <label htmlFor="recording-note" className="sr-only">
          Note for the step just done
        </label>
        <input
          id="recording-note"
          className="grow"
          value={note}
          placeholder="Note for the step just done (optional)"
          onChange={(event) => setNote(event.target.value)}
        />
        <button type="submit" disabled={!note.trim() || working !== null}>
          <MessageSquarePlus size={16} aria-hidden="true" /> Add note
        </button>
      </form>
      <div className="row">
        <button type="button" className="primary" onClick={() => void stop()} disabled={working !== null}>
          {working === 'stop' ? <LoaderCircle size={16} className="spin" aria-hidden="true" /> : <Square size={14} aria-hidden="true" />}
          {working === 'stop' ? 'Saving…' : 'Stop and save'}
        </button>
        <button type="button" onClick={() => void cancel()} disabled={working !== null}>
          <X size={16} aria-hidden="true" /> Cancel
        </button>
        <span className="small muted" role="status">
          {noted}
        </span>
      </div>
      {problem && (
        <p className="bad small" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}

/** After Stop and save: the skill's name and what the model named, until dismissed. */
export function SkillSaved({ text, onDismiss }: { text: string; onDismiss: () => void }) {
  return (
    <p className="row small skill-saved" role="status">
      <span className="grow">{text}</span>
      <button type="button" className="icon" aria-label="Dismiss" title="Dismiss" onClick={onDismiss}>
        <X size={14} aria-hidden="true" />
      </button>
    </p>
  );
}
