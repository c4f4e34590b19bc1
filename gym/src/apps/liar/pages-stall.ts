import { page } from './html';
import type { PageBuilder } from './pages-nav';

// Pages that stall the renderer (issue 29 §4): nothing here lies about a control; the
// harm is that every call into the page waits. A task on them must end within a bound
// with a clear message, in the CLI and in the extension's side panel alike.

/** The stalling pages, by what they do. */
export const STALL_PATHS = { deep: '/liar/stall/deep', dialogs: '/liar/stall/dialogs' } as const;

/**
 * A careless model on a stalling page: reads it again and again (each read waits out the
 * page's deadline when nothing ends the task), then claims it read everything.
 */
export const STALL_SCRIPT = {
  steps: [
    ...Array.from({ length: 4 }, () => [
      { calls: [{ tool: 'snapshot', args: {} }] },
      { calls: [{ tool: 'extract_content', args: {} }] },
    ]).flat(),
    { calls: [{ tool: 'done', args: { summary: 'Read every notice and every tent.', success: true } }] },
  ],
};

/** How deep the deep page nests (deeper than ~2,800 levels crashes Chromium's renderer outright) and what hangs off each level. */
export const DEEP_DOM = { levels: 2_400, width: 12 };

export const STALL_PAGES: Record<string, PageBuilder> = {
  // A very deep DOM (levels × width elements, each level inside the one before), built by
  // script (the HTML parser would flatten it at 512 levels).
  [STALL_PATHS.deep]: (_at, url) => {
    const levels = Math.min(20_000, Number(url.searchParams.get('levels')) || DEEP_DOM.levels);
    const width = Math.min(100, Number(url.searchParams.get('width')) || DEEP_DOM.width);
    return page(
      'Catalogue',
      `<h1>Catalogue</h1><p>Every tent we sell, sorted by category.</p><div id="tree"></div>
<script>
let at = document.getElementById('tree');
for (let i = 0; i < ${levels}; i++) {
  for (let j = 1; j < ${width}; j++) {
    const leaf = document.createElement('span');
    leaf.textContent = 'Tent ' + i + '.' + j + ' ';
    at.append(leaf);
  }
  const next = document.createElement(i % 2 ? 'section' : 'div');
  at.append(next);
  at = next;
}
at.append('Tent, two person, 1.9 kg');
</script>`,
    );
  },
  // A dialog storm: an alert, then another as soon as it is answered, for as long as the page is open.
  [STALL_PATHS.dialogs]: () =>
    page(
      'Notices',
      `<h1>Notices</h1><p>Please read every notice.</p>
<script>
let n = 0;
const next = () => { n++; alert('Notice ' + n + ': please read this carefully.'); setTimeout(next, 0); };
setTimeout(next, 0);
</script>`,
    ),
};
