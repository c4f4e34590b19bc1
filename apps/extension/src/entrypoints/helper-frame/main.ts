import { startHelperFrame } from '../../ui/helper-frame/main';

// The page helpers' views (docs/0038-page-helpers-origin.md): an extension page shown in an
// iframe on web pages by the page helpers' content script, so a page can neither read nor drive it.
const root = document.getElementById('root');
if (root) startHelperFrame(root);
