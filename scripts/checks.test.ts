import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import * as prettier from 'prettier';
import tseslint from 'typescript-eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The rules that hold the tree's shape, each shown to fail on a probe: code that breaks it,
// linted or compiled as if it stood where the rule applies (nothing is written to the tree).

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// The probes need no type information; the rules they test do not use it.
const eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });

async function lintAt(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

describe('lint rules, each failing on a probe', () => {
  it('injected page code takes timers, observers and clocks from its captured built-ins', async () => {
    const path = 'packages/page/src/injected/probe.ts';
    expect(await lintAt(path, 'setTimeout(() => undefined, 10);\n')).toEqual([
      expect.stringMatching(/^no-restricted-globals: .*Use builtins from injected\/builtins\.ts, not the page's setTimeout/),
    ]);
    expect(await lintAt(path, 'export const r = Math.random();\n')).toEqual([
      expect.stringMatching(/^no-restricted-properties: .*builtins\.random/),
    ]);
    expect(await lintAt(path, 'export const t = Date.now();\n')).toEqual([
      expect.stringMatching(/^no-restricted-globals: .*not the page's Date/),
      expect.stringMatching(/^no-restricted-properties: .*builtins\.now/),
    ]);
    expect(await lintAt(path, 'window.setTimeout(() => undefined, 10);\n')).toEqual([
      expect.stringMatching(/^no-restricted-properties: .*not window\.setTimeout/),
    ]);
    expect(await lintAt(path, 'export const o = new MutationObserver(() => undefined);\n')).toEqual([
      expect.stringMatching(/^no-restricted-globals: .*MutationObserver/),
    ]);
    expect(await lintAt(path, "import { builtins } from './builtins';\nbuiltins.setTimeout(() => undefined, 10);\n")).toEqual([]);
  });

  it("the extension's pages use core's narrow entry and never the driver", async () => {
    const path = 'apps/extension/src/ui/sidepanel/Probe.tsx';
    expect(
      await lintAt(path, "import { ExtensionBrowser } from '@wayfinder/cdp/extension';\nexport const b = ExtensionBrowser;\n"),
    ).toEqual([expect.stringMatching(/^no-restricted-imports: .*never drive the browser themselves/)]);
    expect(await lintAt(path, "import { ToolRegistry } from '@wayfinder/core';\nexport const r = ToolRegistry;\n")).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*import @wayfinder\/core\/ui/),
    ]);
    expect(
      await lintAt(
        'apps/extension/src/entrypoints/options/probe.ts',
        "import { runTask } from '@wayfinder/core';\nexport const r = runTask;\n",
      ),
    ).toHaveLength(1);
    expect(await lintAt(path, "import { parseSite } from '@wayfinder/core/ui';\nexport const p = parseSite;\n")).toEqual([]);
    expect(await lintAt(path, "import { slotFor } from '../../lib/models';\nexport const s = slotFor;\n")).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*lib\/models builds the worker's models/),
    ]);
    // The service worker may use all of it.
    expect(
      await lintAt(
        'apps/extension/src/background/probe.ts',
        "import { ExtensionBrowser } from '@wayfinder/cdp/extension';\nexport const b = ExtensionBrowser;\n",
      ),
    ).toEqual([]);
  });

  it("the installed CLI's sources do not import the gym; its tests and the demo may", async () => {
    const code = "import { startGym } from '@wayfinder/gym';\nexport const g = startGym;\n";
    expect(await lintAt('apps/host/src/probe.ts', code)).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*apps\/host\/src \(the installed CLI\)/),
    ]);
    expect(await lintAt('apps/host/test/probe.ts', code)).toEqual([]);
    expect(await lintAt('apps/host/dev/probe.ts', code)).toEqual([]);
  });
});

describe("core's platform", () => {
  /** Compiles a probe with core's compiler options and its platform declarations. */
  function compileInCore(code: string): string[] {
    const config = ts.readConfigFile(join(root, 'packages/core/tsconfig.json'), (path) => ts.sys.readFile(path));
    const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, join(root, 'packages/core'));
    const probe = join(root, 'packages/core/src/probe.ts');
    const host = ts.createCompilerHost(options);
    const read = host.readFile.bind(host);
    host.readFile = (path) => (path === probe ? code : read(path));
    host.fileExists = (
      (exists) => (path: string) =>
        path === probe || exists(path)
    )(host.fileExists.bind(host));
    const program = ts.createProgram([probe, join(root, 'packages/core/src/platform.d.ts')], options, host);
    return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  }

  it('has neither the DOM nor a worker: indexedDB, document and self do not exist there', () => {
    expect(compileInCore('export const db = indexedDB.open("x");\n')).toEqual(["Cannot find name 'indexedDB'."]);
    expect(compileInCore('export const title = document.title;\n')).toEqual([expect.stringMatching(/^Cannot find name 'document'\./)]);
    expect(compileInCore('export const me = self;\n')).toEqual(["Cannot find name 'self'."]);
  });

  it('has what a service worker and Node share', () => {
    expect(
      compileInCore(
        'export const u = new URL("https://example.com").hostname;\nexport const s = AbortSignal.timeout(5);\nexport const b = btoa("x");\n',
      ),
    ).toEqual([]);
  });
});

describe('formatting', () => {
  it('Prettier, with the project settings, rejects code it would format otherwise', async () => {
    const options = {
      ...(await prettier.resolveConfig(join(root, 'packages/core/src/probe.ts'))),
      filepath: join(root, 'packages/core/src/probe.ts'),
    };
    expect(options).toMatchObject({ printWidth: 140, singleQuote: true });
    expect(await prettier.check('export const a = {b:1,   c: "two"}\n', options)).toBe(false);
    expect(await prettier.check("export const a = { b: 1, c: 'two' };\n", options)).toBe(true);
    expect(readFileSync(join(root, 'package.json'), 'utf8')).toContain('prettier --check');
  });
});
