import { Download, Trash2, Upload } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ask, type MemoryStats } from '../../lib/messages';
import { loadSettings, MEMORY_SETTINGS, saveSettings } from '../../lib/settings';
import { bytes, count } from './format';

// What memory holds and how much room it takes; the cap (saved as it is typed, like
// Options); export and import as JSON; and deleting everything, after a second click.

const CAP = MEMORY_SETTINGS.shape.maxDocuments;

function download(json: string, filename: string): void {
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function Cap() {
  const [value, setValue] = useState<string | null>(null);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    void loadSettings().then((s) => setValue(String(s.memory.maxDocuments)));
  }, []);
  if (value === null) return null;
  const change = async (typed: string) => {
    setValue(typed);
    const parsed = CAP.safeParse(Number(typed));
    if (!typed.trim() || !parsed.success) {
      setNote({ ok: false, text: 'Keep between 10 and 100,000 pages and files.' });
      return;
    }
    // Read what is stored now: Options may have changed other settings since this page opened.
    try {
      const current = await loadSettings();
      await saveSettings({ ...current, memory: { ...current.memory, maxDocuments: parsed.data } });
      setNote({ ok: true, text: 'Saved.' });
    } catch (error) {
      setNote({ ok: false, text: `Not saved: ${error instanceof Error ? error.message : String(error)}` });
    }
  };
  return (
    <div className="row">
      <label htmlFor="memory-cap">Keep at most</label>
      <input
        id="memory-cap"
        className="cap"
        type="number"
        min={10}
        max={100_000}
        value={value}
        aria-describedby="memory-cap-hint"
        onChange={(e) => void change(e.target.value)}
      />
      <span id="memory-cap-hint" className="muted">
        pages and files; past that the oldest go first.
      </span>
      {note && (
        <span role="status" className={note.ok ? 'ok' : 'bad'}>
          {note.text}
        </span>
      )}
    </div>
  );
}

export function Storage({ stats, onChanged }: { stats: MemoryStats; onChanged: () => void }) {
  const picker = useRef<HTMLInputElement>(null);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [confirming, setConfirming] = useState(false);

  const exportAll = async () => {
    const reply = await ask({ type: 'memory.export' });
    if (!reply.ok) setNote({ ok: false, text: reply.error });
    else {
      download(reply.json, reply.filename);
      setNote({ ok: true, text: `Exported ${count(stats.documents, 'page or file', 'pages and files')} to ${reply.filename}.` });
    }
  };
  const importFile = async (file: File | undefined) => {
    if (!file) return;
    setNote({ ok: true, text: `Importing ${file.name}…` });
    const reply = await ask({ type: 'memory.import', json: await file.text() });
    if (!reply.ok) setNote({ ok: false, text: `${file.name} was not imported: ${reply.error}` });
    else {
      const skipped = reply.skipped ? `; ${count(reply.skipped, 'was', 'were')} already kept or unusable and skipped` : '';
      setNote({ ok: true, text: `Imported ${count(reply.imported, 'page or file', 'pages and files')}${skipped}.` });
      onChanged();
    }
  };
  const forgetAll = async () => {
    setConfirming(false);
    const reply = await ask({ type: 'memory.forget', all: true });
    setNote(
      reply.ok
        ? { ok: true, text: `Deleted ${count(reply.removed, 'page or file', 'pages and files')}.` }
        : { ok: false, text: reply.error },
    );
    onChanged();
  };

  return (
    <section aria-labelledby="storage-heading">
      <h2 id="storage-heading">Storage</h2>
      <p>
        {count(stats.documents, 'page or file', 'pages and files')} · {count(stats.chunks, 'piece', 'pieces')} ·{' '}
        {count(stats.chars, 'character', 'characters')}
        {stats.bytesUsed !== null && <> · {bytes(stats.bytesUsed)} used on this computer</>}
      </p>
      <Cap />
      <div className="row wrap actions">
        <button type="button" onClick={() => void exportAll()} disabled={!stats.documents}>
          <Download size={16} aria-hidden="true" />
          Export
        </button>
        <input
          ref={picker}
          type="file"
          hidden
          accept=".json,application/json"
          aria-label="Import memory"
          onChange={(e) => {
            void importFile(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <button type="button" onClick={() => picker.current?.click()}>
          <Upload size={16} aria-hidden="true" />
          Import
        </button>
        {!confirming ? (
          <button type="button" className="danger" disabled={!stats.documents} onClick={() => setConfirming(true)}>
            <Trash2 size={16} aria-hidden="true" />
            Delete everything
          </button>
        ) : (
          <span className="row confirm" role="group" aria-label="Confirm deleting everything">
            <span className="bad">Delete {count(stats.documents, 'page or file', 'pages and files')}? This cannot be undone.</span>
            <button type="button" className="danger" autoFocus onClick={() => void forgetAll()}>
              Yes, delete everything
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </span>
        )}
      </div>
      {note && (
        <p role="status" className={note.ok ? 'ok' : 'bad'}>
          {note.text}
        </p>
      )}
    </section>
  );
}
