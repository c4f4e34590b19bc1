import { writeFileSync } from 'node:fs';
import { sequentialScript } from '@wayfinder/core';
import { expect, it } from 'vitest';
import { accessibilityViolations } from './a11y';
import { answerAll, artifactPath, finishedTurn, modelSuite, runInPanel } from './env';

// The outcome is what happened, not what the model claims (issue 30 §1;
// docs/0040-outcome-reconciled.md), in the side panel: a careless model clicks Pay, the
// person declines the card, and the model still says it paid.

const suite = modelSuite();

const CLAIM = 'Paid the membership fee with the card ending 4444.';

const careless = sequentialScript({
  steps: [
    { calls: [{ tool: 'find', args: { query: 'Pay $20.00' } }] },
    { calls: [{ tool: 'click', args: { ref: '$ref(button "Pay $20.00")' } }] },
    { calls: [{ tool: 'done', args: { summary: CLAIM, success: true } }] },
  ],
});

it('the panel says what happened first, not as a success, and shows the model’s words as its claim', async () => {
  await suite.useModel(careless);
  await suite.site('/widgets');
  const panel = await suite.panel();
  await runInPanel(panel, 'Pay the membership fee');
  const questions = await answerAll(panel, 'decline', 60_000);
  expect(questions.join('\n')).toMatch(/Pay \$20\.00/);
  const turn = await finishedTurn(panel);

  const answer = turn.getByRole('region', { name: 'Answer' });
  expect(await answer.getAttribute('class')).toContain('failed');
  expect(await answer.innerText()).toMatch(/^You declined the payment, so nothing was paid\./);
  const claim = answer.getByLabel('The model’s claim');
  expect(await claim.innerText()).toBe(`The model said (not what happened): “${CLAIM}”`);
  // The claim is shown once, as the claim: not as the answer, and with no thumbs or cost for a task that did not do what it said.
  expect((await answer.innerText()).split(CLAIM)).toHaveLength(2);
  expect(await answer.getByRole('button', { name: 'Good answer' }).count()).toBe(0);
  expect(await turn.locator('.usage').innerText()).not.toContain('$');
  expect((await suite.env.state()).widgets.payments).toHaveLength(0);

  // Looked at: light and dark, 420 and 320 px, and 210 px (a 420 px panel at 200 % zoom).
  for (const width of [420, 320, 210]) {
    await panel.setViewportSize({ width, height: 760 });
    for (const scheme of ['light', 'dark'] as const) {
      await panel.emulateMedia({ colorScheme: scheme });
      await answer.scrollIntoViewIfNeeded();
      writeFileSync(artifactPath(`outcome-claim-${scheme}-${width}.png`), await panel.screenshot());
      expect(await accessibilityViolations(panel), `${scheme}, ${width} px`).toEqual([]);
    }
  }
  await panel.emulateMedia({ colorScheme: 'light' });
}, 120_000);
