import { defineContentScript } from 'wxt/utils/define-content-script';
import { startPageHelpers } from '../ui/page-helpers/main';

// The helpers on every page (issue 16): the selection overlay, `/write`, the area capture.
// Top frames of web pages only; the worker decides whether they are on for the page.
export default defineContentScript({
  matches: ['http://*/*', 'https://*/*'],
  runAt: 'document_idle',
  main() {
    startPageHelpers();
  },
});
