import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown';

const html = (text: string) => renderToStaticMarkup(<Markdown text={text} />);

describe('Markdown', () => {
  it('renders the usual markdown', () => {
    expect(html('# Title\n\nSome **bold** and *italic* and `code`.\n\n- one\n- two\n\n1. first\n\n```\nx < y\n```')).toBe(
      '<div class="markdown"><h3>Title</h3><p>Some <strong>bold</strong> and <em>italic</em> and <code>code</code>.</p><ul><li>one</li><li>two</li></ul><ol><li>first</li></ol><pre><code>x &lt; y</code></pre></div>',
    );
  });

  it('never lets model output become markup or script', () => {
    const out = html('<img src=x onerror=alert(1)> <script>alert(2)</script> [click](javascript:alert(3)) [ok](https://example.org)');
    expect(out).not.toContain('<img');
    expect(out).not.toContain('<script');
    expect(out).not.toContain('javascript:');
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(out).toContain('<a href="https://example.org/" target="_blank" rel="noreferrer noopener">ok</a>');
    expect(out).toContain('click');
  });

  it('links bare addresses', () => {
    expect(html('See https://example.org/page.')).toBe(
      '<div class="markdown"><p>See <a href="https://example.org/page" target="_blank" rel="noreferrer noopener">https://example.org/page</a>.</p></div>',
    );
  });
});
