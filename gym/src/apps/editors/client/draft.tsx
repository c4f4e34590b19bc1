import { ContentState, Editor, EditorState } from 'draft-js';
import { useEffect, useState } from 'react';
import type { EditorHandle } from './types';

/** A Draft.js editor; `expose` is given its handle (the text of its EditorState). */
export function DraftEditor({ initial, expose }: { initial: string; expose: (handle: EditorHandle) => void }) {
  const [state, setState] = useState(() => EditorState.createWithContent(ContentState.createFromText(initial)));
  useEffect(() => expose({ text: () => state.getCurrentContent().getPlainText('\n') }), [state, expose]);
  return (
    <div className="editor">
      <Editor editorState={state} onChange={setState} ariaLabel="Draft.js editor" />
    </div>
  );
}
