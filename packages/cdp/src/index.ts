// Entry point shared by every host: the connection, errors, page-script host and the tab.
// Node transports live in '@wayfinder/cdp/node' so the extension never bundles Node code.
export { CdpSession, Connection, type CommandParams, type CommandResult, type EventParams } from './connection';
export { CdpError, type CdpErrorKind } from './errors';
export { Keyboard, Mouse } from './input/input';
export { parseChord } from './input/keys';
export { PageScriptError, PageScriptHost } from './page-script';
export { ScriptWorlds, type FrameTarget } from './script-worlds';
export {
  SkillRecorder,
  type OpenedTab,
  type RecordingBrowser,
  type RecordingStartOptions,
  type SkillRecorderOptions,
} from './recorder/recorder';
export { stepByHand } from './recorder/by-hand';
export { CdpTab } from './tab/cdp-tab';
export { locatorOf } from './tab/locator';
export { DEFAULT_DIALOG_POLICY } from './tab/dialogs';
export type { InputMode, TabHost, TabOptions } from './tab/host';
export type { CdpTransport } from './transport';
