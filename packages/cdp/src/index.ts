// Entry point shared by every host: the connection, errors and page-script host. Node
// transports live in '@wayfinder/cdp/node' so the extension never bundles Node code.
export { CdpSession, Connection, type CommandParams, type CommandResult, type EventParams } from './connection';
export { CdpError, type CdpErrorKind } from './errors';
export { PageScriptError, PageScriptHost } from './page-script';
export { ScriptWorlds, type FrameTarget } from './script-worlds';
export type { CdpTransport } from './transport';
