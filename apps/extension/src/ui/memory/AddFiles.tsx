import { CircleAlert, CircleCheck, FileUp, LoaderCircle } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { ask } from '../../lib/messages';
import { AttachmentError, MEMORY_FILE_LIMITS, readAttachment } from '../sidepanel/attachments';

// Files added to memory, one after another, each with where it is: read to text here (the
// file itself never leaves this page), then stored by the background. A file that cannot be
// read is refused before anything is sent, so nothing of it is half-kept.

export const MEMORY_FILE_TYPES =
  '.txt,.md,.markdown,.html,.htm,.json,.pdf,text/plain,text/markdown,text/html,application/json,application/pdf';

type Step = 'waiting' | 'reading' | 'storing' | 'stored' | 'unchanged' | 'failed';

export interface FileProgress {
  key: string;
  name: string;
  step: Step;
  /** What happened, in words ("12 pieces kept", the error). */
  detail: string;
}

export function useAddFiles(onStored?: () => void) {
  const [items, setItems] = useState<FileProgress[]>([]);
  const [busy, setBusy] = useState(false);
  const update = (key: string, step: Step, detail = '') => setItems((all) => all.map((f) => (f.key === key ? { ...f, step, detail } : f)));

  const add = async (files: File[]) => {
    if (!files.length) return;
    const batch = files.map((file, i) => ({ file, key: `${Date.now()}-${i}-${file.name}` }));
    setItems((all) =>
      [...batch.map(({ file, key }): FileProgress => ({ key, name: file.name, step: 'waiting', detail: '' })), ...all].slice(0, 50),
    );
    setBusy(true);
    let stored = false;
    for (const { file, key } of batch) {
      update(key, 'reading');
      let read;
      try {
        read = await readAttachment(file, MEMORY_FILE_LIMITS);
      } catch (error) {
        update(key, 'failed', AttachmentError.isInstance(error) ? error.message : `${file.name} could not be read (${String(error)}).`);
        continue;
      }
      update(key, 'storing');
      const reply = await ask({ type: 'memory.addFile', name: file.name.slice(0, 200), text: read.text });
      if (!reply.ok) update(key, 'failed', reply.error);
      else {
        stored = true;
        const cut = read.truncated ? ` (only its first ${read.text.length.toLocaleString()} characters)` : '';
        if (reply.outcome === 'unchanged') update(key, 'unchanged');
        else update(key, 'stored', `${reply.chunks} ${reply.chunks === 1 ? 'piece' : 'pieces'}${cut}`);
      }
    }
    setBusy(false);
    if (stored) onStored?.();
  };
  return { items, busy, add };
}

const STEP_TEXT: Record<Step, string> = {
  waiting: 'Waiting',
  reading: 'Reading',
  storing: 'Storing',
  stored: 'Kept',
  unchanged: 'Already in memory',
  failed: 'Not added',
};

export function FileProgressList({ items }: { items: FileProgress[] }) {
  // A live region that is always there, so each change in it is announced.
  return (
    <ul className="file-progress" aria-label="Files added to memory" aria-live="polite">
      {items.map((f) => (
        <li key={f.key} data-step={f.step}>
          {f.step === 'failed' ? (
            <CircleAlert size={16} className="bad" aria-hidden="true" />
          ) : f.step === 'stored' || f.step === 'unchanged' ? (
            <CircleCheck size={16} className="ok" aria-hidden="true" />
          ) : (
            <LoaderCircle size={16} className="spin" aria-hidden="true" />
          )}
          <span className="file-name clip">{f.name}</span>
          <span className={f.step === 'failed' ? 'bad' : 'muted'}>
            {STEP_TEXT[f.step]}
            {f.detail && `: ${f.detail}`}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A button that opens the file picker (the input exists only while this is shown). */
export function PickFiles({ label, onFiles, disabled }: { label: string; onFiles: (files: File[]) => void; disabled?: boolean }) {
  const picker = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={picker}
        type="file"
        multiple
        hidden
        accept={MEMORY_FILE_TYPES}
        aria-label={label}
        onChange={(e) => {
          onFiles([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
      <button type="button" disabled={disabled} onClick={() => picker.current?.click()}>
        <FileUp size={16} aria-hidden="true" />
        {label}
      </button>
    </>
  );
}

/** Where files can be dropped, with a button for those who would rather pick them. */
export function DropZone({ onFiles, busy }: { onFiles: (files: File[]) => void; busy: boolean }) {
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    onFiles([...event.dataTransfer.files]);
  };
  return (
    <div
      className="drop-zone"
      data-over={over}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <p>Drop PDF, text, Markdown, HTML or JSON files here (up to 20 MB each), or</p>
      <PickFiles label="Choose files" onFiles={onFiles} />
      {busy && (
        <span className="muted">
          <LoaderCircle size={16} className="spin" aria-hidden="true" /> Adding…
        </span>
      )}
    </div>
  );
}
