/** What a test reads of an editor: the text in the editor's own state (not the DOM). */
export interface EditorHandle {
  text(): string;
}
