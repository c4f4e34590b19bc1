import { createEmptyHistoryState, registerHistory } from '@lexical/history';
import { registerPlainText } from '@lexical/plain-text';
import { $createParagraphNode, $createTextNode, $getRoot, createEditor } from 'lexical';
import type { EditorHandle } from './types';

export function mountLexical(place: HTMLElement, initial: string): EditorHandle {
  const editor = createEditor({
    namespace: 'gym',
    onError: (error) => {
      throw error;
    },
  });
  editor.setRootElement(place);
  // Each @lexical package's types name its own copy of lexical (one copy at run time: routes.ts
  // aliases them), so the compiler sees different editors: called through Reflect.apply.
  Reflect.apply(registerPlainText, undefined, [editor]);
  Reflect.apply(registerHistory, undefined, [editor, createEmptyHistoryState(), 300]);
  editor.update(
    () => {
      const paragraph = $createParagraphNode();
      paragraph.append($createTextNode(initial));
      $getRoot().clear().append(paragraph);
    },
    { tag: 'history-merge' },
  );
  return { text: () => editor.getEditorState().read(() => $getRoot().getTextContent()) };
}
