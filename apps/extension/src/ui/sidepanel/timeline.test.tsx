import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Timeline } from './Timeline';

const at = 1_700_000_000_000;

describe('the timeline', () => {
  it('shows a model call retried again and again as one note, its latest attempt', () => {
    const failing = 'Could not reach the OpenAI-compatible server at http://127.0.0.1:9/v1.';
    const html = renderToStaticMarkup(
      <Timeline
        final={false}
        events={[
          { taskId: 't1', at, event: { type: 'step-start', step: 1 } },
          { taskId: 't1', at, event: { type: 'notice', step: 1, message: `${failing} Retrying (1) in 0.5 s.` } },
          { taskId: 't1', at, event: { type: 'notice', step: 1, message: `${failing} Retrying (2) in 1.1 s.` } },
          { taskId: 't1', at, event: { type: 'notice', step: 1, message: `${failing} Retrying (3) in 2.0 s.` } },
          { taskId: 't1', at, event: { type: 'notice', step: 1, message: 'The page was summarised to fit.' } },
        ]}
      />,
    );
    expect(html.split('Retrying (')).toHaveLength(2);
    expect(html).toContain('Retrying (3) in 2.0 s.');
    expect(html).toContain('The page was summarised to fit.');
  });
});
