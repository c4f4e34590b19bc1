import { collapseSpaces, isElement, isText } from './dom';

// HTML (Defuddle's output, or a fallback container) to light markdown: headings,
// paragraphs, lists, quotes, code and tables. Links and images become plain text: the
// snapshot is where the model finds things to click.

const BLOCK = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'details',
  'dialog',
  'dd',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'ul',
  'tr',
  'tbody',
  'thead',
  'tfoot',
  'summary',
]);

function inline(node: Node): string {
  let text = '';
  for (const child of Array.from(node.childNodes)) {
    if (isText(child)) text += child.data;
    else if (isElement(child)) {
      if (child.localName === 'br') text += '\n';
      else text += ` ${inline(child)} `;
    }
  }
  return text.split('\n').map(collapseSpaces).filter(Boolean).join('\n');
}

function hasBlockChild(el: Element): boolean {
  return Array.from(el.children).some((c) => BLOCK.has(c.localName));
}

function list(el: Element, out: string[], depth: number): void {
  const ordered = el.localName === 'ol';
  let n = Number(el.getAttribute('start') ?? '1') || 1;
  for (const item of Array.from(el.children)) {
    if (item.localName !== 'li') continue;
    const nested: Element[] = [];
    const clone = item.cloneNode(true);
    if (isElement(clone)) {
      for (const sub of Array.from(clone.querySelectorAll(':scope > ul, :scope > ol'))) sub.remove();
    }
    for (const sub of Array.from(item.children)) if (sub.localName === 'ul' || sub.localName === 'ol') nested.push(sub);
    const text = inline(clone).replace(/\n/g, ' ');
    if (text) out.push(`${'  '.repeat(depth)}${ordered ? `${n}.` : '-'} ${text}`);
    n++;
    for (const sub of nested) list(sub, out, depth + 1);
  }
}

function table(el: Element, out: string[]): void {
  const rows = Array.from(el.querySelectorAll('tr')).map((tr) =>
    Array.from(tr.children, (cell) => inline(cell).replace(/\n/g, ' ').replace(/\|/g, '/')),
  );
  rows.filter((cells) => cells.some(Boolean)).forEach((cells) => out.push(`| ${cells.join(' | ')} |`));
}

function block(el: Element, out: string[]): void {
  const tag = el.localName;
  const heading = /^h([1-6])$/.exec(tag);
  if (heading) {
    const text = inline(el).replace(/\n/g, ' ');
    if (text) out.push(`${'#'.repeat(Number(heading[1]))} ${text}`);
    return;
  }
  switch (tag) {
    case 'ul':
    case 'ol':
      list(el, out, 0);
      return;
    case 'table':
      table(el, out);
      return;
    case 'pre': {
      const code = el.textContent.replace(/\n+$/, '');
      if (code.trim()) out.push('```\n' + code + '\n```');
      return;
    }
    case 'hr':
      out.push('---');
      return;
    case 'blockquote': {
      const inner: string[] = [];
      container(el, inner);
      if (inner.length) out.push(inner.map((line) => `> ${line}`).join('\n'));
      return;
    }
    default:
      if (hasBlockChild(el)) container(el, out);
      else {
        const text = inline(el);
        if (text) out.push(text);
      }
  }
}

/** Mixed content: runs of inline nodes become paragraphs between the block children. */
function container(el: Element, out: string[]): void {
  let run: Node[] = [];
  const flushRun = () => {
    if (!run.length) return;
    const holder = el.ownerDocument.createElement('p');
    for (const node of run) holder.append(node.cloneNode(true));
    const text = inline(holder);
    if (text) out.push(text);
    run = [];
  };
  for (const child of Array.from(el.childNodes)) {
    if (isElement(child) && BLOCK.has(child.localName)) {
      flushRun();
      block(child, out);
    } else {
      run.push(child);
    }
  }
  flushRun();
}

export function toMarkdown(root: Element): string {
  const out: string[] = [];
  container(root, out);
  return out.join('\n\n');
}
