import { useCallback, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { DraftEditor } from './draft';
import { mountLexical } from './lexical';
import { mountProseMirror } from './prosemirror';
import type { EditorHandle } from './types';

// The editors page (routes.ts): each editor's own state on window.editors for tests.

const editors: Record<string, EditorHandle> = {};
Reflect.set(window, 'editors', editors);

const START = {
  textarea: 'i can bring the tent and the stove if you want',
  contenteditable: 'the lake is cold in the morning so pack a warm jacket',
  react: 'see you at the trailhead at nine',
  prosemirror: 'we should leave early to get a good campsite',
  lexical: 'remember to pack enough water for two days',
  draft: 'the forecast says it will rain on sunday',
};

function ReactInput() {
  const [value, setValue] = useState(START.react);
  const current = useRef(value);
  current.current = value;
  useEffect(() => {
    editors.react = { text: () => current.current };
  }, []);
  return (
    <>
      <label htmlFor="react-input">Subject (React)</label>
      <input id="react-input" value={value} onChange={(e) => setValue(e.target.value)} />
    </>
  );
}

function Mounted({ id, label, mount }: { id: string; label: string; mount: (el: HTMLElement) => EditorHandle }) {
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (place.current && !editors[id]) editors[id] = mount(place.current);
  }, [id, mount]);
  return (
    <>
      <h2 id={`${id}-label`}>{label}</h2>
      <div
        id={id}
        ref={place}
        aria-labelledby={`${id}-label`}
        {...(id === 'lexical' ? { contentEditable: true, className: 'editor lexical', role: 'textbox' } : {})}
      />
    </>
  );
}

function App() {
  const exposeDraft = useCallback((handle: EditorHandle) => {
    editors.draft = handle;
  }, []);
  return (
    <form onSubmit={(e) => e.preventDefault()}>
      <label htmlFor="textarea">Reply (textarea)</label>
      <textarea id="textarea" rows={3} defaultValue={START.textarea} />
      <h2 id="ce-label">Notes (contenteditable)</h2>
      <div id="contenteditable" className="editor" contentEditable suppressContentEditableWarning aria-labelledby="ce-label" role="textbox">
        {START.contenteditable}
      </div>
      <ReactInput />
      <Mounted id="prosemirror" label="Trip notes (ProseMirror)" mount={(el) => mountProseMirror(el, START.prosemirror)} />
      <Mounted id="lexical" label="Packing list (Lexical)" mount={(el) => mountLexical(el, START.lexical)} />
      <h2>Forecast (Draft.js)</h2>
      <DraftEditor initial={START.draft} expose={exposeDraft} />
    </form>
  );
}

editors.textarea = {
  text: () => {
    const el = document.getElementById('textarea');
    return el instanceof HTMLTextAreaElement ? el.value : '';
  },
};
editors.contenteditable = { text: () => document.getElementById('contenteditable')?.innerText ?? '' };

const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
