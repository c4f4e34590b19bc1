import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main, withLongHelp } from './cli';
import { configPath } from './config';
import type { Io } from './io';

// The command line's own conventions, as people type them: -h is --help everywhere, and
// `wayfinder help <command>` prints that command's help.

function io(): Io & { out: () => string; err: () => string } {
  let out = '';
  let err = '';
  return {
    stdin: Readable.from([]),
    stdout: { write: (t: string) => ((out += t), true) },
    stderr: { write: (t: string) => ((err += t), true) },
    env: {},
    onInterrupt: () => () => undefined,
    out: () => out,
    err: () => err,
  };
}

describe('help', () => {
  it.each([
    [['-h'], 'Usage: wayfinder <command> [options]'],
    [['run', '-h'], 'Usage: wayfinder run "<task>" [options]'],
    [['help', 'run'], 'Usage: wayfinder run "<task>" [options]'],
    [['mcp', '-h'], 'Usage: wayfinder mcp [options]'],
    [['help', 'mcp'], 'Usage: wayfinder mcp [options]'],
    [['help', 'skill', 'run'], 'Usage: wayfinder skill run'],
    [['memory', 'add', '-h'], 'Usage: wayfinder memory'],
  ])('wayfinder %j prints the help and starts nothing', async (argv, usage) => {
    const streams = io();
    expect(await main(argv, streams), streams.err()).toBe(0);
    expect(streams.out()).toContain(usage);
  });

  it('keeps -h after -- as the command’s own text (`wayfinder run -- -h` is a task called "-h")', () => {
    expect(withLongHelp(['run', '-h'])).toEqual(['run', '--help']);
    expect(withLongHelp(['run', '--', '-h'])).toEqual(['run', '--', '-h']);
    expect(withLongHelp(['run', '--url', 'x', '-h', '--', '-h'])).toEqual(['run', '--url', 'x', '--help', '--', '-h']);
  });
});

describe('configPath', () => {
  it('treats an empty XDG_CONFIG_HOME (or WAYFINDER_CONFIG) as unset', () => {
    expect(configPath({ HOME: '/home/ada', XDG_CONFIG_HOME: '' })).toMatch(/\/\.config\/wayfinder\/config\.json$/);
    expect(configPath({ XDG_CONFIG_HOME: '/cfg' })).toBe('/cfg/wayfinder/config.json');
    expect(configPath({ WAYFINDER_CONFIG: '', XDG_CONFIG_HOME: '/cfg' })).toBe('/cfg/wayfinder/config.json');
  });
});
