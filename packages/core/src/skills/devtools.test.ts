import { describe, expect, it } from 'vitest';
import { recorderCheckout } from './fixtures/recorder-checkout';
import { exportRecording, importRecording, locatorFromSelector, selectorFromLocator } from './devtools';
import { parseSkillFile, writeSkillFile } from './skill-file';
import type { Skill, SkillLocator } from './types';

const recording = recorderCheckout;

describe('DevTools Recorder recordings', () => {
  it('come in and go out unchanged, also through a skill file', () => {
    const skill = importRecording(recording, '2026-11-23T06:00:00.000Z');
    // What the Recorder reads is the recording as it came; Wayfinder's own block rides beside it.
    const recorderPart = (json: string): unknown => {
      const exported: unknown = JSON.parse(json);
      return typeof exported === 'object' && exported !== null
        ? Object.fromEntries(Object.entries(exported).filter(([key]) => key !== 'wayfinder'))
        : exported;
    };
    expect(recorderPart(exportRecording(skill))).toEqual(JSON.parse(recording));
    const throughFile = parseSkillFile(writeSkillFile(skill));
    expect(recorderPart(exportRecording(throughFile))).toEqual(JSON.parse(recording));
  });

  it('a Wayfinder skill goes out and comes back whole: inputs, secrets by name, edits, rows, expectations, repair log', () => {
    const skill: Skill = {
      name: 'Order a bun',
      description: 'Adds a bake and pre-orders it.',
      version: 3,
      sites: ['127.0.0.1'],
      inputs: [{ name: 'bake', type: 'string', description: 'What to order', examples: ['Cardamom bun'], required: true }],
      secrets: ['bakery-password'],
      risk: 'medium',
      recordedAt: '2026-11-28T10:00:00.000Z',
      repairs: [{ at: '2026-11-28T11:00:00.000Z', version: 3, step: 2, by: 'find', from: 'id "add-3"', to: 'button "Add"' }],
      steps: [
        { type: 'navigate', url: 'http://127.0.0.1:4170/bakery', via: 'typed' },
        {
          type: 'change',
          value: '{{bake}}',
          targetName: 'Find a bake',
          locators: [{ kind: 'role', value: 'searchbox', name: 'Find a bake' }],
        },
        {
          type: 'click',
          targetName: 'Add',
          locators: [
            { kind: 'row', value: 'button', name: 'Add', within: '{{bake}}' },
            { kind: 'role', value: 'button', name: 'Add' },
          ],
        },
        { type: 'change', value: '{{secret:bakery-password}}', targetName: 'Password', locators: [{ kind: 'label', value: 'Password' }] },
        {
          type: 'click',
          instruction: 'Click "Place pre-order"',
          locators: [{ kind: 'role', value: 'button', name: 'Place pre-order' }],
          expect: [{ kind: 'url', value: '/bakery/orders/*', match: 'path' }],
          evidence: [{ method: 'POST', path: '/bakery/orders' }],
          note: 'pay at pickup',
        },
      ],
    };
    const back = importRecording(exportRecording(skill));
    expect(back).toEqual(skill);
    // Steps changed in the Recorder win; what Wayfinder knows of the skill stays.
    const exported: unknown = JSON.parse(exportRecording(skill));
    if (typeof exported !== 'object' || exported === null || !('steps' in exported) || !Array.isArray(exported.steps))
      throw new Error('no steps');
    const isNavigate = (step: unknown) => typeof step === 'object' && step !== null && 'type' in step && step.type === 'navigate';
    const edited = { ...exported, steps: exported.steps.filter((step: unknown) => !isNavigate(step)) };
    const fromRecorder = importRecording(JSON.stringify(edited));
    expect(fromRecorder.steps.map((s) => s.type)).toEqual(['change', 'click', 'change', 'click']);
    expect(fromRecorder).toMatchObject({
      inputs: skill.inputs,
      secrets: skill.secrets,
      repairs: skill.repairs,
      version: 3,
      risk: 'medium',
    });
  });

  it('come in with locators read from their selectors, a key’s down and up as one press, and the sites visited', () => {
    const skill = importRecording(recording);
    expect(skill.name).toBe('Checkout a tent');
    expect(skill.sites).toEqual(['127.0.0.1']);
    const types = skill.steps.map((s) => s.type);
    expect(types).toEqual([
      'setViewport',
      'navigate',
      'click',
      'change',
      'press',
      'click',
      'scroll',
      'keyDown',
      'press',
      'keyUp',
      'waitForElement',
      'doubleClick',
      'hover',
      'waitForExpression',
      'customStep',
      'close',
    ]);
    expect(skill.steps[2]?.locators).toEqual([
      { kind: 'role', value: 'searchbox', name: 'Search products' },
      { kind: 'id', value: 'search' },
      { kind: 'xpath', value: '//*[@id="search"]' },
      { kind: 'css', value: '#search' },
    ]);
    expect(skill.steps[4]).toMatchObject({ type: 'press', key: 'Enter', assertedEvents: [{ url: 'http://127.0.0.1:4170/shop?q=tent' }] });
    expect(skill.steps[5]?.locators).toContainEqual({ kind: 'testid', value: 'data-testid=product-trail-tent' });
    // A chain through a shadow root is not one locator.
    expect(skill.steps[11]?.locators).toBeUndefined();
  });

  it('go out in the Recorder’s own step types when recorded by Wayfinder', () => {
    const skill: Skill = {
      name: 'Wayfinder steps',
      description: '',
      version: 1,
      sites: [],
      inputs: [],
      secrets: [],
      risk: 'low',
      recordedAt: '',
      repairs: [],
      steps: [
        { type: 'select', value: 'Large', locators: [{ kind: 'label', value: 'Size' }] },
        { type: 'check', locators: [{ kind: 'role', value: 'checkbox', name: 'Gift wrap' }] },
        { type: 'press', key: 'Enter', assertedEvents: [{ type: 'navigation', url: 'http://x/' }] },
        { type: 'upload', fileName: 'cv.pdf', locators: [{ kind: 'id', value: 'cv' }] },
        { type: 'switchTab', tab: 1 },
        {
          type: 'click',
          locators: [{ kind: 'css', value: 'app-root >>> button.buy' }],
          expect: [{ kind: 'text', value: 'Bought' }],
          note: 'n',
        },
      ],
    };
    const exported: unknown = JSON.parse(exportRecording(skill));
    expect(exported).toHaveProperty('steps', [
      { type: 'change', value: 'Large', selectors: ['aria/Size'] },
      { type: 'click', offsetX: 1, offsetY: 1, selectors: ['aria/Gift wrap[role="checkbox"]'] },
      { type: 'keyDown', key: 'Enter' },
      { type: 'keyUp', key: 'Enter', assertedEvents: [{ type: 'navigation', url: 'http://x/' }] },
      { type: 'customStep', name: 'wayfinder.upload', parameters: { selectors: ['#cv'], fileName: 'cv.pdf' } },
      { type: 'customStep', name: 'wayfinder.switchTab', parameters: { tab: 1 } },
      { type: 'click', offsetX: 1, offsetY: 1, selectors: [['app-root', 'button.buy']] },
    ]);
  });

  it('selectors and locators translate both ways', () => {
    const locators: SkillLocator[] = [
      { kind: 'role', value: 'button', name: 'Add to cart' },
      { kind: 'aria', value: 'Search' },
      { kind: 'text', value: 'Trail Tent 2P' },
      { kind: 'xpath', value: '//button[1]' },
      { kind: 'id', value: 'email' },
      { kind: 'testid', value: 'data-qa=buy' },
      { kind: 'css', value: 'form > button:nth-of-type(2)' },
    ];
    for (const locator of locators) expect(locatorFromSelector(selectorFromLocator(locator))).toEqual(locator);
    expect(locatorFromSelector('[placeholder="Search"]')).toEqual({ kind: 'css', value: '[placeholder="Search"]' });
  });

  it('refuses what is not a recording, saying so', () => {
    expect(() => importRecording('{ nope')).toThrow(/not a DevTools Recorder export \(not JSON/);
    expect(() => importRecording('{"title": "x"}')).toThrow('it has no "steps" list');
    expect(() => importRecording('{"steps": [{"type": "fly"}]}')).toThrow(/Recorder step 1, type/);
  });
});
