import type { ReactNode } from 'react';

// A small markdown renderer that builds React elements, never HTML strings: model output
// cannot inject markup or script. Paragraphs, headings, lists, code blocks, inline code,
// bold, italics and http(s)/mailto links.

function safeHref(href: string): string | null {
  try {
    const url = new URL(href);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

const INLINE =
  /(`[^`]+`)|(\*\*[^*]+\*\*)|(\*[^*\s][^*]*\*|_[^_\s][^_]*_)|(\[[^\]]+\]\([^)\s]+\))|(https?:\/\/[^\s<>()]+[^\s<>().,;:!?'"])/g;

function inline(text: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let n = 0;
  for (const match of text.matchAll(INLINE)) {
    const at = match.index;
    if (at > last) out.push(text.slice(last, at));
    const [whole, code, bold, italic, link, bare] = match;
    const k = `${key}-${n++}`;
    if (code) out.push(<code key={k}>{code.slice(1, -1)}</code>);
    else if (bold) out.push(<strong key={k}>{inline(bold.slice(2, -2), k)}</strong>);
    else if (italic) out.push(<em key={k}>{inline(italic.slice(1, -1), k)}</em>);
    else if (link) {
      const [, label = '', href = ''] = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(link) ?? [];
      const safe = safeHref(href);
      out.push(
        safe ? (
          <a key={k} href={safe} target="_blank" rel="noreferrer noopener">
            {label}
          </a>
        ) : (
          label
        ),
      );
    } else if (bare) {
      const safe = safeHref(bare);
      out.push(
        safe ? (
          <a key={k} href={safe} target="_blank" rel="noreferrer noopener">
            {bare}
          </a>
        ) : (
          bare
        ),
      );
    } else out.push(whole);
    last = at + whole.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function Markdown({ text }: { text: string }) {
  const blocks: ReactNode[] = [];
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    const key = `b${i}`;
    if (line.startsWith('```')) {
      const body: string[] = [];
      i++;
      while (i < lines.length && !(lines[i] ?? '').startsWith('```')) body.push(lines[i++] ?? '');
      i++;
      blocks.push(
        <pre key={key}>
          <code>{body.join('\n')}</code>
        </pre>,
      );
      continue;
    }
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    if (heading) {
      const level = Math.min(4, (heading[1] ?? '#').length + 2);
      const content = inline(heading[2] ?? '', key);
      blocks.push(level === 3 ? <h3 key={key}>{content}</h3> : level === 4 ? <h4 key={key}>{content}</h4> : <h5 key={key}>{content}</h5>);
      i++;
      continue;
    }
    if (/^\s*([-*]|\d+[.)])\s+/.test(line)) {
      const ordered = /^\s*\d+[.)]/.test(line);
      const items: ReactNode[] = [];
      while (i < lines.length && /^\s*([-*]|\d+[.)])\s+/.test(lines[i] ?? '')) {
        items.push(
          <li key={`${key}-${items.length}`}>{inline((lines[i] ?? '').replace(/^\s*([-*]|\d+[.)])\s+/, ''), `${key}-${items.length}`)}</li>,
        );
        i++;
      }
      blocks.push(ordered ? <ol key={key}>{items}</ol> : <ul key={key}>{items}</ul>);
      continue;
    }
    if (!line.trim()) {
      i++;
      continue;
    }
    const para: string[] = [];
    while (i < lines.length && (lines[i] ?? '').trim() && !/^(```|#{1,4}\s|\s*([-*]|\d+[.)])\s+)/.test(lines[i] ?? ''))
      para.push(lines[i++] ?? '');
    blocks.push(<p key={key}>{inline(para.join(' '), key)}</p>);
  }
  return <div className="markdown">{blocks}</div>;
}
