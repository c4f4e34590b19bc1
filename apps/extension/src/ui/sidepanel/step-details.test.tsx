import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { detailLines, StepDetails } from './StepDetails';

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
});
