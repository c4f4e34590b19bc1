import { describe, expect, it } from 'vitest';
import type { ElementFacts } from '../browser/port';
import { effectsOf, keyEffect } from './effects';
import { ToolRegistry } from '../tools/registry';
import { elementFacts as facts } from './classify';
import { SafetyPolicy } from './safety';
import type { PolicyContext, PolicyDecision, ProposedCall } from './types';

// The policy on the real tools' declared effects: keys, options, drops and checkboxes are
// judged by what they do to the element they land on.

const registry = new ToolRegistry();
const call = (name: string, input: Record<string, unknown>): ProposedCall => {
  const tool = registry.get(name);
  if (!tool) throw new Error(`no tool ${name}`);
  const parsed = tool.input.parse(input);
  return { tool: name, input, effects: effectsOf(tool.effects, parsed) };
};

const PAGE = 'https://shop.example/account';
const page = (elements: Record<string, ElementFacts>, focused: ElementFacts | null = null): PolicyContext => ({
  tabUrl: () => Promise.resolve(PAGE),
  element: (ref) => Promise.resolve(elements[ref] ?? null),
  focused: () => Promise.resolve(focused),
});

/** The kind of confirmation a call is held for, 'allow', or the refusal. */
async function fate(decision: Promise<PolicyDecision>): Promise<string> {
  const d = await decision;
  return d.decision === 'confirm' ? d.kind : d.decision === 'allow' ? 'allow' : `deny: ${d.reason}`;
}

const elements = {
  pay: facts({ name: 'Continue', names: ['Continue', 'Bezahlen'] }),
  del: facts({ name: 'Delete account' }),
  coupon: facts({
    role: 'textbox',
    tag: 'input',
    editable: true,
    name: 'Coupon',
    submits: true,
    submitNames: ['Place order'],
    formAction: 'https://shop.example/cart',
    formMethod: 'post',
  }),
  note: facts({ role: 'textbox', tag: 'textarea', editable: true, name: 'Note' }),
  news: facts({ role: 'checkbox', tag: 'input', inputType: 'checkbox', checkable: true, name: 'Keep me updated by email' }),
  action: facts({
    role: 'combobox',
    tag: 'select',
    name: 'Action',
    options: [
      { label: 'Supprimer', value: 'x' },
      { label: 'Archiver', value: 'a' },
    ],
  }),
  row: facts({ role: 'listitem', tag: 'li', name: 'Invoice 12' }),
  bin: facts({ tag: 'div', role: 'region', name: '', names: ['Papelera'] }),
  done: facts({ tag: 'div', role: 'region', name: 'Done' }),
};

describe('keys are judged like clicks on what they land on', () => {
  it('Enter, NumpadEnter, Space and modified Enter on a ref', async () => {
    const policy = new SafetyPolicy();
    for (const keys of ['Enter', 'NumpadEnter', 'Space', 'Ctrl+Enter', 'Shift+Enter', 'Return'])
      expect(await fate(policy.check(call('press_key', { ref: 'pay', keys }), page(elements)))).toBe('payment');
    expect(await fate(policy.check(call('press_key', { ref: 'pay', keys: 'Escape' }), page(elements)))).toBe('allow');
    expect(await fate(policy.check(call('press_key', { ref: 'pay', keys: 'Tab' }), page(elements)))).toBe('allow');
  });

  it('a key without a ref lands on the focused element', async () => {
    const policy = new SafetyPolicy();
    expect(await fate(policy.check(call('press_key', { keys: 'Enter' }), page(elements, elements.del)))).toBe('deletion');
    expect(await fate(policy.check(call('press_key', { keys: 'Space' }), page(elements, elements.pay)))).toBe('payment');
    expect(await fate(policy.check(call('press_key', { keys: 'ArrowDown' }), page(elements, elements.del)))).toBe('allow');
    expect(await fate(policy.check(call('press_key', { keys: 'Enter' }), page(elements, null)))).toBe('allow');
  });

  it('Enter in a field presses its form default button; so does a line break typed key by key', async () => {
    const policy = new SafetyPolicy();
    expect(await fate(policy.check(call('press_key', { ref: 'coupon', keys: 'Enter' }), page(elements)))).toBe('payment');
    expect(await fate(policy.check(call('type_text', { ref: 'coupon', text: 'SAVE10', submit: true }), page(elements)))).toBe('payment');
    expect(await fate(policy.check(call('type_text', { ref: 'coupon', text: 'SAVE10\n', key_by_key: true }), page(elements)))).toBe(
      'payment',
    );
    expect(await fate(policy.check(call('type_text', { ref: 'coupon', text: 'SAVE10' }), page(elements)))).toBe('allow');
    // A line break inserted at once into a field is no key press.
    expect(await fate(policy.check(call('type_text', { ref: 'note', text: 'line one\nline two' }), page(elements)))).toBe('allow');
  });

  it('keyEffect reads the key of a chord', () => {
    expect(keyEffect('Ctrl+Shift+Enter')).toEqual({ submits: true, activates: true });
    expect(keyEffect(' space ')).toEqual({ submits: false, activates: true });
    expect(keyEffect('Ctrl++')).toEqual({ submits: false, activates: false });
    expect(keyEffect('Shift+Tab')).toEqual({ submits: false, activates: false });
  });
});

describe('options, drops and checkboxes', () => {
  it('select_option carries the values it chooses, read with the options they pick', async () => {
    const policy = new SafetyPolicy();
    expect(call('select_option', { ref: 'action', values: ['x'] }).effects).toEqual([
      { kind: 'act', how: 'select', ref: 'action', values: ['x'] },
    ]);
    expect(await fate(policy.check(call('select_option', { ref: 'action', values: ['x'] }), page(elements)))).toBe('deletion');
    expect(await fate(policy.check(call('select_option', { ref: 'action', values: ['Archiver'] }), page(elements)))).toBe('allow');
  });

  it('drag onto a trash area deletes; onto a column it moves', async () => {
    const policy = new SafetyPolicy();
    expect(call('drag', { ref: 'row', to_ref: 'bin' }).effects).toEqual([{ kind: 'act', how: 'drag', ref: 'row', toRef: 'bin' }]);
    expect(await fate(policy.check(call('drag', { ref: 'row', to_ref: 'bin' }), page(elements)))).toBe('deletion');
    expect(await fate(policy.check(call('drag', { ref: 'row', to_ref: 'done' }), page(elements)))).toBe('allow');
    expect(await fate(policy.check(call('drag', { ref: 'row', offset_x: 40 }), page(elements)))).toBe('allow');
  });

  it('checking or unchecking a box that subscribes', async () => {
    const policy = new SafetyPolicy();
    expect(await fate(policy.check(call('check', { ref: 'news' }), page(elements)))).toBe('subscription');
    expect(await fate(policy.check(call('check', { ref: 'news', checked: false }), page(elements)))).toBe('subscription');
    expect(await fate(policy.check(call('click', { ref: 'news' }), page(elements)))).toBe('subscription');
  });
});
