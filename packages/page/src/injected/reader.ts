import Defuddle from 'defuddle';
import { READER_GLOBAL } from '../protocol';

// The page script's second part: the reader `extract` uses (extract.ts). Kept apart because it
// is two thirds of the whole, and only reading a page needs it: the driver evaluates it in a
// world before that world's first `extract` (docs/0047-page-script-at-document-start.md).

if (typeof Reflect.get(globalThis, READER_GLOBAL) !== 'function') {
  Object.defineProperty(globalThis, READER_GLOBAL, { value: Defuddle, configurable: true, enumerable: false, writable: false });
}
