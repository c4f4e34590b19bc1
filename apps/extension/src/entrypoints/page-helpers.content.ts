import { defineContentScript } from 'wxt/utils/define-content-script';
import { startPageHelpers } from '../ui/page-helpers/main';

// The helpers on every page (issue 16): the selection overlay, `/write`, the area capture.
// Top frames of web pages only; the worker decides whether they are on for the page.
export default defineContentScript({
  matches: ['http://*/*', 'https://*/*'],
  // document_start: its key listeners come before any of the page's own, so keys it keeps for the helpers never reach the page.
  runAt: 'document_start',
  main() {
    startPageHelpers();
  },
});
