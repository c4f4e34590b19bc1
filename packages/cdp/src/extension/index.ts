// The extension's entry point: chrome.debugger transport. Nothing here imports Node code.
export { connectTab, DebuggerTransport, type DebuggerApi } from './debugger-transport';
export { ExtensionBrowser, type ChromeTab, type ExtensionBrowserOptions, type TabsApi } from './browser';
export { TabRegistry, type TabClosings } from './tab-registry';
