import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { detailLines, personLines, StepDetails, withoutRefs } from './StepDetails';

describe("a step's details", () => {
  it('are key: value lines, nested data under dotted keys, page text quoted', () => {
    expect(
      detailLines('', { outcome: { navigated: false, url: 'https://shop.example/', newTabs: [] }, matches: [{ ref: 'e5', score: 4.2 }] }),
    ).toEqual([
      ['outcome.navigated', 'false'],
      ['outcome.url', 'https://shop.example/'],
      ['outcome.newTabs', '(none)'],
      ['matches 1', 'ref: e5, score: 4.2'],
    ]);
    expect(detailLines('Result', 'Clicked e12 (button <page-text>Add</page-text>).')).toEqual([['Result', 'Clicked e12 (button “Add”).']]);
  });

  it('cut long values, with a button to see all of them', () => {
    const html = renderToStaticMarkup(
      <StepDetails
        call={{ type: 'tool-call', step: 3, id: 'c1', name: 'type_text', input: { ref: 'e3', text: 'x'.repeat(500) } }}
        result={{ type: 'tool-result', step: 3, id: 'c1', name: 'type_text', ok: true, summary: 'Typed.', ms: 12, data: {} }}
      />,
    );
    expect(html).toContain('<summary>Details<span class="sr-only"> of step 3</span></summary>');
    expect(html).toContain('<dt>Input text</dt>');
    expect(html).toContain(`${'x'.repeat(159)}…`);
    expect(html).not.toContain('x'.repeat(161));
    expect(html).toContain('aria-expanded="false">Show all (500 characters)</button>');
    expect(html).not.toContain('{&quot;');
  });

  it('first say what a person can check — what happened, what was typed, where the page went — with no refs or internals', () => {
    expect(withoutRefs('Clicked e12 (button <page-text>Add to cart</page-text>).')).toBe('Clicked button “Add to cart”.');
    expect(withoutRefs('Typed into [f1e4] the search box.')).toBe('Typed into the search box.');
    const lines = personLines(
      { type: 'tool-call', step: 2, id: 'c1', name: 'type_text', input: { ref: 'e3', text: 'lantern', submit: true } },
      {
        type: 'tool-result',
        step: 2,
        id: 'c1',
        name: 'type_text',
        ok: true,
        summary: 'Typed into e3 (searchbox <page-text>Search products</page-text>) and pressed Enter.',
        ms: 420,
        data: { outcome: { navigated: true, url: 'https://shop.example/search?q=lantern', newTabs: [] }, snapshot: { isDiff: true } },
      },
    );
    expect(lines).toEqual([
      ['What happened', 'Typed into searchbox “Search products” and pressed Enter.'],
      ['Typed', 'lantern'],
      ['Page went to', 'https://shop.example/search?q=lantern'],
      ['Took', '420 ms'],
    ]);
    const html = renderToStaticMarkup(
      <StepDetails
        call={{ type: 'tool-call', step: 2, id: 'c1', name: 'click', input: { ref: 'e3' } }}
        result={{
          type: 'tool-result',
          step: 2,
          id: 'c1',
          name: 'click',
          ok: true,
          summary: 'Clicked e3 (link “Home”).',
          ms: 5,
          data: { outcome: { navigated: false } },
        }}
      />,
    );
    // The technical record is there, behind its own disclosure, after the person's lines.
    expect(html.indexOf('What happened')).toBeLessThan(html.indexOf('<summary>Technical details</summary>'));
    expect(html.indexOf('outcome.navigated')).toBeGreaterThan(html.indexOf('<summary>Technical details</summary>'));
  });
});
