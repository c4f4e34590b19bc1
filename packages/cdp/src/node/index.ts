export { NodeBrowser, type NodeBrowserOptions, type NodePage } from './browser';
export { ChromeNotFoundError, chromeCandidates, findChrome } from './find-chrome';
export { CHROMIUM_FLAGS, launchChromium, sandboxFlags, type LaunchedBrowser, type LaunchOptions } from './launch';
export { connect, connectWebSocket, resolveEndpoint } from './websocket';
