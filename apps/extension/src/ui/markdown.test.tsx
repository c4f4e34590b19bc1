import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CopyButton, Markdown, safeHref } from './markdown';

const html = (text: string) => renderToStaticMarkup(<Markdown text={text} />);
/** Without line breaks between tags, as a person's eye reads the structure. */
const flat = (text: string) => html(text).replace(/\n+</g, '<');

describe('Markdown', () => {
  it('renders headings, emphasis, inline code and lists', () => {
    expect(flat('# Title\n\nSome **bold** and *italic* and `code`.\n\n- one\n- two')).toBe(
      '<div class="markdown"><h3>Title</h3><p>Some <strong>bold</strong> and <em>italic</em> and <code>code</code>.</p><ul><li>one</li><li>two</li></ul></div>',
    );
  });

  it('renders GitHub tables, in a wrapper that scrolls and can be reached by keyboard', () => {
    const out = flat('| Item | Price |\n|---|--:|\n| Lantern | $24 |\n| Tent | $180 |');
    expect(out).toContain('<div class="table-wrap" tabindex="0" role="group" aria-label="Table"><table><thead><tr><th>Item</th>');
    expect(out).toContain('<td>Lantern</td><td style="text-align:right">$24</td>');
    expect(out).not.toContain('|');
  });

  it('keeps bullets inside a numbered list nested, and a list that starts at 3 starting at 3', () => {
    expect(flat('1. Pack\n   - lantern\n   - tent\n2. Leave')).toBe(
      '<div class="markdown"><ol><li>Pack<ul><li>lantern</li><li>tent</li></ul></li><li>Leave</li></ol></div>',
    );
    expect(flat('Then:\n\n3. third\n4. fourth')).toContain('<ol start="3"><li>third</li><li>fourth</li></ol>');
  });

  it('renders block quotes and read-only task lists', () => {
    expect(flat('> Leave no trace.')).toBe('<div class="markdown"><blockquote><p>Leave no trace.</p></blockquote></div>');
    const tasks = flat('- [x] packed\n- [ ] left');
    expect(tasks).toContain('<span class="sr-only">Done: </span></span> packed</li>');
    expect(tasks).toContain('<span class="sr-only">Not done: </span></span> left</li>');
    // Marks, not form controls.
    expect(tasks).not.toContain('<input');
  });

  it('does not turn snake_case into italics', () => {
    expect(flat('Set max_retry_count to 3.')).toBe('<div class="markdown"><p>Set max_retry_count to 3.</p></div>');
  });

  it('keeps links whose address has a ) in it whole, and opens links in a new tab', () => {
    expect(flat('See [the lantern](https://en.wikipedia.org/wiki/Lantern_(light)) and https://example.org/page.')).toBe(
      '<div class="markdown"><p>See <a href="https://en.wikipedia.org/wiki/Lantern_(light)" target="_blank" rel="noopener noreferrer">the lantern</a> and <a href="https://example.org/page" target="_blank" rel="noopener noreferrer">https://example.org/page</a>.</p></div>',
    );
    expect(flat('[Write to us](mailto:editor@trail.example)')).toContain('<a href="mailto:editor@trail.example" target="_blank"');
  });

  it('renders code blocks with a Copy code button, the source escaped', () => {
    const out = flat('```js\nif (a < b) run();\n```');
    expect(out).toContain('<button type="button" class="copy-button" aria-label="Copy code">');
    expect(out).toContain('<pre tabindex="0"><code class="language-js">if (a &lt; b) run();</code></pre>');
  });

  it('never lets the text become markup or script: HTML stays text, javascript: links are plain words', () => {
    const out = html('Hello <img src=x onerror=alert(1)> and <b>bold</b>.\n\n<script>alert(2)</script>\n\n[click me](javascript:alert(3))');
    expect(out).not.toContain('<img');
    expect(out).not.toContain('<script');
    expect(out).not.toContain('<b>');
    expect(out).not.toContain('javascript:');
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(out).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(out).toContain('<span class="unsafe-link">click me</span>');
    expect(flat('[relative](/account) [data](data:text/html,hi)')).toBe(
      '<div class="markdown"><p><span class="unsafe-link">relative</span> <span class="unsafe-link">data</span></p></div>',
    );
  });

  it('never loads images: their description stands in, linked when the address is a web address', () => {
    expect(flat('![A red lantern](https://cdn.example/lantern.png)')).toBe(
      '<div class="markdown"><p><a href="https://cdn.example/lantern.png" target="_blank" rel="noopener noreferrer" class="image-link">[Image: A red lantern]</a></p></div>',
    );
    expect(flat('![](javascript:alert(1))')).toBe(
      '<div class="markdown"><p><span class="image-link">[Image: no description]</span></p></div>',
    );
  });
});

describe('safeHref', () => {
  it('allows only http(s) and mailto', () => {
    expect(safeHref('https://example.org')).toBe('https://example.org/');
    expect(safeHref('mailto:a@b.example')).toBe('mailto:a@b.example');
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,x',
      'file:///etc/passwd',
      '/relative',
      'chrome://settings',
    ])
      expect(safeHref(bad)).toBeNull();
  });
});

describe('CopyButton', () => {
  it('has the accessible name it is given and a live region for "Copied"', () => {
    const out = renderToStaticMarkup(<CopyButton text="the answer" label="Copy answer" />);
    expect(out).toContain('aria-label="Copy answer"');
    expect(out).toContain('<span role="status" class="copy-state idle"></span>');
  });
});
