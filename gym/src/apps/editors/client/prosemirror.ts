import { baseKeymap } from 'prosemirror-commands';
import { history, redo, undo } from 'prosemirror-history';
import { keymap } from 'prosemirror-keymap';
import { schema } from 'prosemirror-schema-basic';
import { EditorState } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import type { EditorHandle } from './types';

export function mountProseMirror(place: HTMLElement, initial: string): EditorHandle {
  const doc = schema.node('doc', null, [schema.node('paragraph', null, [schema.text(initial)])]);
  const view = new EditorView(place, {
    state: EditorState.create({
      doc,
      plugins: [history(), keymap({ 'Mod-z': undo, 'Mod-y': redo, 'Mod-Shift-z': redo }), keymap(baseKeymap)],
    }),
    attributes: { 'aria-label': 'ProseMirror editor', role: 'textbox', 'aria-multiline': 'true', class: 'editor' },
  });
  return { text: () => view.state.doc.textBetween(0, view.state.doc.content.size, '\n') };
}
