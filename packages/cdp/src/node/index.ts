export { NodeBrowser, type NodeBrowserOptions, type NodePage } from './browser';
export { CHROMIUM_FLAGS, findChromium, launchChromium, type LaunchedBrowser, type LaunchOptions } from './launch';
export { connect, connectWebSocket, resolveEndpoint } from './websocket';
