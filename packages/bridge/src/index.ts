// The wire between the host and the extension, and both ends' adapters (docs/0028-bridge.md).
export * from './protocol';
export { BridgeError, fromWire, toWire, type BridgeErrorCode } from './errors';
export { Peer, type CallOptions, type FrameSocket, type IncomingCall, type PeerOptions } from './peer';
export { changesPage, HostSessions, linkTo, RemoteBrowser, type BridgeLink } from './remote-browser';
export { DeviceEndpoint, type DeviceSide } from './device';
