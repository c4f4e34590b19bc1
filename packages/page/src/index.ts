// What the rest of Wayfinder imports from @wayfinder/page: the script to inject, its
// API types, and pure helpers. Nothing here touches the DOM.
export { PAGE_SCRIPT, PAGE_SCRIPT_HASH, READER_SCRIPT } from '../generated/page-script';
export * from './protocol';
export * from './protocol-skills';
export type { PageApi } from './page-api';
export { diffHeadline, diffSignatures, type SnapshotDiff } from './shared/diff';
export { estimateLines, estimateTokens, fitLines } from './shared/text';
export { pageText } from './shared/page-text';
export { chooseLocated, mergeHits } from './shared/locate';
