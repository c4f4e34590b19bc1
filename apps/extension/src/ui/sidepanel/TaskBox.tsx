import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ArrowUp, Paperclip, Square, X } from 'lucide-react';
import type { TaskMode } from '@wayfinder/core/ui';
import { ask, ATTACHMENT_MAX_FILES, type PageInfo } from '../../lib/messages';
import { AttachmentError, readAttachment, type ReadAttachment } from './attachments';
import { SaveFavourite } from './SaveFavourite';
import { choiceKey, loadSettings, modelOptions, type ModelChoice, type Settings } from '../../lib/settings';
import { ModelPicker } from './ModelPicker';
import { HOST_MODEL_KEY, type BridgeState } from '../../lib/bridge-messages';
import { usePageAttachments, type BoxFile } from './use-page-attachments';
import { CaptureButton } from './CaptureButton';

/** The Host choice: not offered before pairing; disabled with why while not connected. */
function hostChoice(bridge: BridgeState | null): { unavailable: string | null } | null {
  if (!bridge?.paired) return null;
  if (bridge.state === 'connected') return { unavailable: null };
  return { unavailable: bridge.state === 'refused' ? 'refused: pair again' : 'not connected' };
}

// Where a task is typed: Enter runs, Shift+Enter is a new line. Mode (Act / Plan / Ask),
// the model for this task, files attached to it, and in Ask mode whether the current page
// goes with the question. Kept compact: the conversation is what the panel is for.

export interface RunRequest {
  task: string;
  mode: TaskMode;
  model: ModelChoice | null;
  includePage: boolean;
  attachments?: { name: string; text: string; image?: string; audio?: string }[];
  /** Run with the host's agent (`wayfinder serve`) instead of a model of this browser's. */
  host?: boolean;
}

const MODES: { mode: TaskMode; label: string; hint: string }[] = [
  { mode: 'act', label: 'Act', hint: 'Do it on the page' },
  { mode: 'plan', label: 'Plan', hint: 'Propose steps first; you approve them' },
  { mode: 'ask', label: 'Ask', hint: 'Answer about this page, without acting' },
];

/** A task put in the box from elsewhere; `at` tells one putting from the next. */
export interface Draft {
  task: string;
  /** Left out: the mode chosen in the box stays. */
  mode?: TaskMode;
  at: number;
  /** Run it at once (a spoken task, when voice runs on release). */
  run?: boolean;
  /** A file to attach instead of text to put in the box (a tab's audio: the clip, or its transcript). */
  attach?: { name: string; text: string; audio?: string };
}

export function TaskBox({
  running,
  onRun,
  onStop,
  draft = null,
  bridge = null,
  voice = null,
}: {
  bridge?: BridgeState | null;
  /** Voice's buttons (push-to-talk), beside the attach button. */
  voice?: ReactNode;
  running: boolean;
  onRun: (run: RunRequest) => Promise<boolean>;
  onStop: () => void;
  draft?: Draft | null;
}) {
  const [text, setText] = useState('');
  const [mode, setMode] = useState<TaskMode>('act');
  const [settings, setSettings] = useState<Settings | null>(null);
  const [model, setModel] = useState('');
  const [includePage, setIncludePage] = useState(true);
  const [page, setPage] = useState<PageInfo | null>(null);
  const [files, setFiles] = useState<BoxFile[]>([]);
  // Sent from a page by the page helpers (Send to chat): attachments of the next task.
  const pageAttachments = usePageAttachments(setFiles);
  const [reading, setReading] = useState(false);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    void loadSettings().then(setSettings);
    const changed = () => void loadSettings().then(setSettings);
    chrome.storage.onChanged.addListener(changed);
    return () => chrome.storage.onChanged.removeListener(changed);
  }, []);

  // In Ask mode the page chip follows the tab the person is on: switched to, loaded anew, or another window.
  useEffect(() => {
    if (mode !== 'ask') return;
    let asked = 0;
    const read = () => {
      const mine = ++asked;
      void ask({ type: 'page.current' }).then((reply) => {
        if (mine === asked) setPage(reply.ok ? reply.page : null);
      });
    };
    const updated = (_id: number, change: chrome.tabs.OnUpdatedInfo, tab: chrome.tabs.Tab) => {
      if (tab.active && (change.url !== undefined || change.title !== undefined || change.status === 'complete')) read();
    };
    read();
    chrome.tabs.onActivated.addListener(read);
    chrome.tabs.onUpdated.addListener(updated);
    chrome.windows.onFocusChanged.addListener(read);
    return () => {
      chrome.tabs.onActivated.removeListener(read);
      chrome.tabs.onUpdated.removeListener(updated);
      chrome.windows.onFocusChanged.removeListener(read);
    };
  }, [mode]);

  // The panel opens ready to type: keyboard users start in the task box, not twelve Tabs away.
  useEffect(() => {
    box.current?.focus();
  }, []);

  useEffect(() => {
    if (!draft) return;
    const attached = draft.attach;
    if (attached) setFiles((f) => [...f, { ...attached, truncated: false }].slice(0, ATTACHMENT_MAX_FILES));
    if (!attached || draft.task) setText(draft.task);
    if (draft.mode) setMode(draft.mode);
    box.current?.focus();
    if (draft.run) void submit({ task: draft.task, mode: draft.mode });
  }, [draft]);

  // The box grows with what is typed, up to a limit, and shrinks back after a run.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight + 2, 160)}px`;
  }, [text]);

  // The same list the picker offers: only models that can be picked.
  const choices = settings ? modelOptions(settings).flatMap((o) => (o.unavailable === null ? [o.choice] : [])) : [];
  const submit = async (now?: { task: string; mode?: TaskMode | undefined }) => {
    const task = now?.task ?? text;
    if (!task.trim() || running || reading) return;
    const picked = choices.find((c) => choiceKey(c) === model) ?? null;
    const attachments = files.map(({ name, text: content, image, audio }) => ({
      name,
      text: content,
      ...(image ? { image } : {}),
      ...(audio ? { audio } : {}),
    }));
    const host = model === HOST_MODEL_KEY;
    if (await onRun({ task: task.trim(), mode: now?.mode ?? mode, model: host ? null : picked, includePage, attachments, host })) {
      setText('');
      if (files.some((f) => f.page)) void pageAttachments.clear();
      setFiles([]);
      setFileProblem(null);
    }
  };
  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };
  const attach = async (list: FileList | null) => {
    if (!list?.length) return;
    setFileProblem(null);
    setReading(true);
    const problems: string[] = [];
    const read: ReadAttachment[] = [];
    for (const file of [...list]) {
      if (files.length + read.length >= ATTACHMENT_MAX_FILES) {
        problems.push(`At most ${ATTACHMENT_MAX_FILES} files can go with one task; ${file.name} was left out.`);
        continue;
      }
      try {
        read.push(await readAttachment(file));
      } catch (error) {
        problems.push(AttachmentError.isInstance(error) ? error.message : `${file.name} could not be read (${String(error)}).`);
      }
    }
    setFiles((f) => [...f, ...read]);
    setReading(false);
    if (problems.length) setFileProblem(problems.join(' '));
    if (picker.current) picker.current.value = '';
  };

  return (
    <div className="taskbox">
      {mode === 'ask' && (
        <label className="row page-chip">
          <input type="checkbox" checked={includePage} onChange={(e) => setIncludePage(e.target.checked)} />
          Include this page
          {page ? (
            <>
              {page.favIconUrl && <img src={page.favIconUrl} alt="" />}
              <span className="muted clip">{page.title || page.url}</span>
            </>
          ) : (
            <span className="muted">(no page open)</span>
          )}
        </label>
      )}
      {(files.length > 0 || reading) && (
        <ul className="attachments" aria-label="Attached files">
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`}>
              <Paperclip aria-hidden size={14} />
              <span className="clip" title={f.name}>
                {f.name}
              </span>
              <span className="muted">
                {f.truncated ? `first ${f.text.length.toLocaleString()} characters` : `${f.text.length.toLocaleString()} characters`}
              </span>
              <button
                type="button"
                className="icon"
                aria-label={`Remove ${f.name}`}
                onClick={() => (f.page ? void pageAttachments.remove(f.name) : setFiles((all) => all.filter((_, j) => j !== i)))}
              >
                <X aria-hidden size={14} />
              </button>
            </li>
          ))}
          {reading && (
            <li className="muted" role="status">
              Reading…
            </li>
          )}
        </ul>
      )}
      {fileProblem && (
        <p className="bad small" role="alert">
          {fileProblem}
        </p>
      )}
      <label className="sr-only" htmlFor="task">
        Task
      </label>
      <textarea
        id="task"
        ref={box}
        rows={2}
        value={text}
        placeholder={
          mode === 'ask'
            ? 'Ask about this page…'
            : mode === 'plan'
              ? 'What should Wayfinder plan? You approve the steps first.'
              : 'What should Wayfinder do on this page?'
        }
        aria-describedby="task-hint"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKey}
      />
      <span id="task-hint" className="sr-only">
        Enter runs; Shift+Enter starts a new line.
      </span>
      <div className="row composer-bar">
        <div className="modes" role="group" aria-label="Mode">
          {MODES.map((m) => (
            <button key={m.mode} type="button" title={m.hint} aria-pressed={mode === m.mode} onClick={() => setMode(m.mode)}>
              {m.label}
            </button>
          ))}
        </div>
        <input
          ref={picker}
          type="file"
          multiple
          hidden
          accept=".txt,.md,.markdown,.csv,.log,.html,.htm,.json,.pdf,text/*,application/json,application/pdf"
          onChange={(e) => void attach(e.target.files)}
        />
        <button
          type="button"
          className="icon"
          aria-label="Attach files"
          title="Attach files (text, Markdown, HTML, JSON, PDF)"
          onClick={() => picker.current?.click()}
        >
          <Paperclip aria-hidden size={16} />
        </button>
        <CaptureButton onProblem={setFileProblem} />
        {voice}
        <ModelPicker settings={settings} value={model} onChange={setModel} host={hostChoice(bridge)} />
        <span className="grow" />
        <SaveFavourite text={text} mode={mode} />
        {running ? (
          <button type="button" className="danger" onClick={onStop} aria-label="Stop (Esc)" title="Stop the task (Esc)">
            <Square aria-hidden size={14} />
            Stop
          </button>
        ) : (
          <button type="button" className="primary" disabled={!text.trim() || reading} onClick={() => void submit()} title="Run (Enter)">
            <ArrowUp aria-hidden size={16} />
            Run
          </button>
        )}
      </div>
    </div>
  );
}
