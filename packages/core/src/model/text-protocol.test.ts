import { describe, expect, it } from 'vitest';
import { describeTools, formatHelp, parseToolCalls } from './text-protocol';

describe('parseToolCalls', () => {
  it('reads well-formed calls and keeps the prose apart', () => {
    const reply =
      'I will search.\n<tool_call>{"name": "type_text", "arguments": {"ref": "e2", "text": "tent", "submit": true}}</tool_call>';
    expect(parseToolCalls(reply)).toEqual({
      text: 'I will search.',
      calls: [{ name: 'type_text', arguments: { ref: 'e2', text: 'tent', submit: true } }],
      errors: [],
    });
  });

  it.each([
    ['code fences inside the tag', '<tool_call>\n```json\n{"name": "click", "arguments": {"ref": "e5"}}\n```\n</tool_call>'],
    ['a missing closing tag', '<tool_call>{"name": "click", "arguments": {"ref": "e5"}}'],
    ['missing closing braces', '<tool_call>{"name": "click", "arguments": {"ref": "e5"</tool_call>'],
    ['trailing commas', '<tool_call>{"name": "click", "arguments": {"ref": "e5",},}</tool_call>'],
    ['"function" instead of "name"', '<tool_call>{"function": "click", "arguments": {"ref": "e5"}}</tool_call>'],
    [
      'OpenAI-style nesting',
      '<tool_call>{"type": "function", "function": {"name": "click", "arguments": "{\\"ref\\": \\"e5\\"}"}}</tool_call>',
    ],
    ['arguments as a JSON string', '<tool_call>{"name": "click", "arguments": "{\\"ref\\": \\"e5\\"}"}</tool_call>'],
    ['"parameters" instead of "arguments"', '<tool_call>{"name": "click", "parameters": {"ref": "e5"}}</tool_call>'],
    ['single quotes and bare keys', "<tool_call>{name: 'click', arguments: {ref: 'e5'}}</tool_call>"],
    ['a dashed tag and prose after the JSON', '<tool-call>{"name": "click", "arguments": {"ref": "e5"}} that should work</tool-call>'],
    ['a bare fenced call with no tags', 'Clicking now:\n```json\n{"name": "click", "arguments": {"ref": "e5"}}\n```'],
  ])('repairs %s', (_case, reply) => {
    const parsed = parseToolCalls(reply);
    expect(parsed.errors).toEqual([]);
    expect(parsed.calls).toEqual([{ name: 'click', arguments: { ref: 'e5' } }]);
  });

  it.each([
    [
      'single-quoted keys and an apostrophe in a value',
      `<tool_call>{'name': 'type_text', 'arguments': {'text': "it's here", 'ref': 'e2'}}</tool_call>`,
      { text: "it's here", ref: 'e2' },
    ],
    [
      'an escaped apostrophe in a single-quoted value',
      "<tool_call>{'name': 'type_text', 'arguments': {'ref': 'e2', 'text': 'Joe\\'s Diner'}}</tool_call>",
      { ref: 'e2', text: "Joe's Diner" },
    ],
    [
      'Python literals (True, False, None)',
      '<tool_call>{"name": "type_text", "arguments": {"ref": "e2", "text": "x", "submit": True, "append": False, "note": None}}</tool_call>',
      { ref: 'e2', text: 'x', submit: true, append: false, note: null },
    ],
    [
      'a // comment',
      '<tool_call>{"name": "type_text", // fill the search box\n "arguments": {"ref": "e2", "text": "tent"}}</tool_call>',
      { ref: 'e2', text: 'tent' },
    ],
    [
      'a raw newline inside a string',
      '<tool_call>{"name": "type_text", "arguments": {"ref": "e2", "text": "line one\nline two"}}</tool_call>',
      { ref: 'e2', text: 'line one\nline two' },
    ],
  ])('repairs what small models write: %s', (_case, reply, args) => {
    const parsed = parseToolCalls(reply);
    expect(parsed.errors).toEqual([]);
    expect(parsed.calls).toEqual([{ name: 'type_text', arguments: args }]);
  });

  it('reads several calls in one reply', () => {
    const parsed = parseToolCalls(
      '<tool_call>{"name":"snapshot","arguments":{}}</tool_call>\n<tool_call>{"name":"find","arguments":{"query":"email"}}</tool_call>',
    );
    expect(parsed.calls.map((c) => c.name)).toEqual(['snapshot', 'find']);
  });

  it('defaults missing arguments to an empty object', () => {
    expect(parseToolCalls('<tool_call>{"name": "go_back"}</tool_call>').calls).toEqual([{ name: 'go_back', arguments: {} }]);
  });

  it('explains what it cannot repair, with the exact expected format', () => {
    const parsed = parseToolCalls('<tool_call>click e5 please</tool_call>');
    expect(parsed.calls).toEqual([]);
    expect(parsed.errors).toEqual(['A tool call could not be read: there is no JSON object inside <tool_call>.']);
    expect(formatHelp(parsed.errors)).toBe(
      'A tool call could not be read: there is no JSON object inside <tool_call>. Write each call exactly like this, one per tag, with the arguments as a JSON object:\n<tool_call>{"name": "click", "arguments": {"ref": "e12"}}</tool_call>',
    );
    expect(parseToolCalls('<tool_call>{"arguments": {"ref": "e5"}}</tool_call>').errors).toEqual([
      'A tool call could not be read: the call has no "name".',
    ]);
    expect(parseToolCalls('<tool_call>{"name": "click", "arguments": "ref e5"}</tool_call>').errors).toEqual([
      'A tool call could not be read: the arguments of click are a string that is not JSON.',
    ]);
  });

  it('leaves plain answers alone', () => {
    expect(parseToolCalls('The cheapest tent is the Budget Dome 2P at $79.')).toEqual({
      text: 'The cheapest tent is the Budget Dome 2P at $79.',
      calls: [],
      errors: [],
    });
  });
});

describe('describeTools', () => {
  it('teaches the format and lists each tool with its argument schema', () => {
    const text = describeTools([
      { name: 'click', description: 'Click an element.', parameters: { type: 'object', properties: { ref: { type: 'string' } } } },
    ]);
    expect(text).toContain('<tool_call>{"name": "click", "arguments": {"ref": "e12"}}</tool_call>');
    expect(text).toContain('- click: Click an element.\n  arguments: {"type":"object","properties":{"ref":{"type":"string"}}}');
  });
});
