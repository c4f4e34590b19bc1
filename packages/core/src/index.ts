export * from './browser/port';
export { BrowserError, type BrowserErrorCode } from './browser/errors';
