import { Check, CheckSquare, Copy, Square } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

// Model answers as GitHub-flavoured markdown (tables, nested lists, quotes, task lists, code)
// through react-markdown, which builds React elements and never HTML strings. HTML in the
// text stays text (no rehype-raw), links go only to http(s) and mailto and open in a new
// tab, and images are never fetched: a model's answer can quote a page, and a page could
// use an image address to send what it knows somewhere.

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** The address when it is http(s) or mailto; null for everything else (javascript:, data:, relative). */
export function safeHref(href: string | null | undefined): string | null {
  if (!href) return null;
  try {
    const url = new URL(href);
    return SAFE_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/** The text inside a hast node (a code block's source, for copying). */
function textOf(node: unknown): string {
  if (typeof node !== 'object' || node === null) return '';
  if ('value' in node && typeof node.value === 'string') return node.value;
  if ('children' in node && Array.isArray(node.children)) return node.children.map(textOf).join('');
  return '';
}

/**
 * A button that copies `text` to the clipboard and says "Copied" beside it for a moment.
 * `label` is its accessible name ("Copy code", "Copy answer"); the visible word is "Copy".
 */
export function CopyButton({ text, label = 'Copy', className }: { text: string; label?: string; className?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), 2000);
  };
  // The button's name stays the same (its visible word is part of it); what happened is said beside it, as a status.
  return (
    <span className={`copy${className ? ` ${className}` : ''}`}>
      <span role="status" className={`copy-state ${state}`}>
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Could not copy' : ''}
      </span>
      <button type="button" className="copy-button" aria-label={label} onClick={() => void copy()}>
        {state === 'copied' ? <Check size={14} aria-hidden="true" /> : <Copy size={14} aria-hidden="true" />}
        Copy
      </button>
    </span>
  );
}

function Link({ href, children }: { href?: string | undefined; children?: ReactNode }) {
  const safe = safeHref(href);
  if (!safe) return <span className="unsafe-link">{children}</span>;
  return (
    <a href={safe} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

const COMPONENTS: Components = {
  // The panel has its own headings: an answer's headings sit below them.
  h1: ({ children }) => <h3>{children}</h3>,
  h2: ({ children }) => <h4>{children}</h4>,
  h3: ({ children }) => <h5>{children}</h5>,
  h4: ({ children }) => <h5>{children}</h5>,
  h5: ({ children }) => <h6>{children}</h6>,
  h6: ({ children }) => <h6>{children}</h6>,
  a: ({ href, children }) => <Link href={href}>{children}</Link>,
  // Never fetched: the words it stands for, with its address as a link a person can choose to open.
  img: ({ src, alt }) => {
    const label = `Image: ${alt?.trim() || 'no description'}`;
    const safe = typeof src === 'string' ? safeHref(src) : null;
    return safe ? (
      <a href={safe} target="_blank" rel="noopener noreferrer" className="image-link">
        [{label}]
      </a>
    ) : (
      <span className="image-link">[{label}]</span>
    );
  },
  // Task list boxes: read-only marks, not form controls a person could think they can tick.
  input: ({ type, checked }) =>
    type === 'checkbox' ? (
      <span className="task-mark">
        {checked ? <CheckSquare size={14} aria-hidden="true" /> : <Square size={14} aria-hidden="true" />}
        <span className="sr-only">{checked ? 'Done: ' : 'Not done: '}</span>
      </span>
    ) : null,
  pre: ({ node, children }) => (
    <div className="code-block">
      <CopyButton text={textOf(node).replace(/\n$/, '')} label="Copy code" />
      {/* Focusable: a long line scrolls sideways, and keyboard users must reach it (WCAG 2.1.1). */}
      <pre tabIndex={0}>{children}</pre>
    </div>
  ),
  table: ({ children }) => (
    <div className="table-wrap" tabIndex={0} role="group" aria-label="Table">
      <table>{children}</table>
    </div>
  ),
};

const REMARK_PLUGINS = [remarkGfm];

/** A page of its own (the privacy policy): its headings keep their levels. */
const { h1: _h1, h2: _h2, h3: _h3, h4: _h4, h5: _h5, h6: _h6, ...DOCUMENT_COMPONENTS } = COMPONENTS;

/** `document`: the text is the page (its # is the page's h1), not an answer inside one. */
export function Markdown({ text, document = false }: { text: string; document?: boolean }) {
  return (
    <div className="markdown">
      <ReactMarkdown
        remarkPlugins={REMARK_PLUGINS}
        components={document ? DOCUMENT_COMPONENTS : COMPONENTS}
        urlTransform={(url) => safeHref(url) ?? ''}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
}
