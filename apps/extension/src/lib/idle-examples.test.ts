import { parseCommand } from '@wayfinder/core';
import { describe, expect, it } from 'vitest';
import { DIRECT_COMMANDS } from './idle-examples';

describe('the examples shown without a model', () => {
  it.each(DIRECT_COMMANDS)('the command interpreter understands "%s"', (command) => {
    const parsed = parseCommand(command);
    expect(parsed.unknown).toEqual([]);
    expect(parsed.intents).toHaveLength(1);
  });

  it('the check can fail: a request only a model could follow is not understood', () => {
    expect(parseCommand('Summarise this page').unknown).toEqual(['Summarise this page']);
  });
});
