// @ts-check
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Dependency direction (DESIGN.md, Layout): apps -> packages; cdp -> core, page; bridge -> core;
// page and core import nothing of ours; gym imports nothing of ours. Relative
// imports may not climb out of a package either (import-x/no-relative-packages).
const ours = [
  '@wayfinder/core',
  '@wayfinder/page',
  '@wayfinder/cdp',
  '@wayfinder/bridge',
  '@wayfinder/extension',
  '@wayfinder/host',
  '@wayfinder/gym',
  '@wayfinder/bench',
];
// Bare module names: a regex, because gitignore-style patterns would also catch './events'.
const nodeBuiltins = ['^node:', '^(fs|path|os|child_process|http|https|net|crypto|url|util|events|stream|worker_threads)(/.*)?$'];

// Timers, observers and clocks the injected page script must take from injected/builtins.ts.
const pageBuiltins = [
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'queueMicrotask',
  'MutationObserver',
  'WeakRef',
  'getComputedStyle',
  'performance',
  'Date',
];

// Core's folders in layers, lowest first (docs/ARCHITECTURE.md, "Layers"): a folder may import
// its own files and folders of lower layers, never one beside or above it, so no two folders
// import each other. Shared call shapes live low (policy/effects.ts, browser/said.ts).
const CORE_LAYERS = [
  ['errors.ts', 'playbooks', 'platform.d.ts'],
  ['browser'],
  ['model'],
  ['memory', 'context'],
  ['policy'],
  ['research', 'skills'],
  ['tools'],
  ['runner'],
  ['interpreter', 'agent'],
  ['providers'],
  ['index.ts', 'ui.ts'],
];
const CORE_SRC = `${import.meta.dirname}/packages/core/src/`;

/** The layer of a path inside core/src ('agent/loop.ts' → its folder's), or -1. */
function coreLayer(/** @type {string} */ path) {
  const top = path.slice(CORE_SRC.length).split('/')[0] ?? '';
  return CORE_LAYERS.findIndex((layer) => layer.includes(top));
}

/** @type {import('eslint').ESLint.Plugin} */
const wayfinder = {
  rules: {
    'core-layers': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const file = context.filename;
        if (!file.startsWith(CORE_SRC)) return {};
        const from = coreLayer(file);
        const fromTop = file.slice(CORE_SRC.length).split('/')[0];
        /** @param {any} node */
        const check = (node) => {
          const source = node.source?.value;
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const target = new URL(source, `file://${file}`).pathname;
          if (!target.startsWith(CORE_SRC)) return;
          const toTop = target.slice(CORE_SRC.length).split('/')[0];
          if (toTop === fromTop) return;
          const to = coreLayer(`${target}.ts`.replace(/\.ts\.ts$/, '.ts'));
          if (to < from) return;
          context.report({
            node,
            message: `core/${fromTop} may not import core/${toTop ?? ''}: it sits ${to === from ? 'beside' : 'above'} it. Put what both need in a lower layer (docs/ARCHITECTURE.md, Layers).`,
          });
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
      },
    },
  },
};

/** @param {string[]} allowed @param {string} who @param {string[]} [extra] */
function onlyImports(allowed, who, extra = []) {
  const banned = ours.filter((name) => !allowed.includes(name));
  return {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...(banned.length
            ? [
                {
                  group: banned.flatMap((n) => [n, `${n}/*`]),
                  message: `${who} may import only ${allowed.join(', ') || 'nothing of ours'} (DESIGN.md, Layout).`,
                },
              ]
            : []),
          ...extra.map((regex) => ({ regex, message: `${who} runs where Node built-ins do not exist (DESIGN.md, Layout).` })),
        ],
      },
    ],
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/generated/**',
      '**/.output/**',
      '**/.output-*/**',
      '**/.wxt/**',
      'artifacts/**',
      'bench/results/**',
      'gym/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    plugins: { 'import-x': importX },
    rules: { 'import-x/no-relative-packages': 'error' },
  },
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.mjs', 'scripts/*.mjs', 'packages/page/build.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'never' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      'no-console': 'off',
    },
  },
  { files: ['packages/core/**/*.ts'], rules: onlyImports([], 'packages/core', nodeBuiltins) },
  // Tests may reach across layers: they exercise a folder through the ones above it.
  {
    files: ['packages/core/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { wayfinder },
    rules: { 'wayfinder/core-layers': 'error' },
  },
  { files: ['packages/page/src/**/*.ts'], rules: onlyImports([], 'packages/page', nodeBuiltins) },
  {
    files: ['packages/page/test/**/*.ts', 'packages/page/*.ts'],
    rules: onlyImports(['@wayfinder/page', '@wayfinder/cdp', '@wayfinder/gym'], 'page tests'),
  },
  { files: ['packages/cdp/**/*.ts'], rules: onlyImports(['@wayfinder/core', '@wayfinder/page'], 'packages/cdp') },
  // Only cdp's node/ entry may use Node: the rest is bundled into the extension.
  {
    files: ['packages/cdp/src/**/*.ts'],
    ignores: ['packages/cdp/src/node/**', 'packages/cdp/src/**/*.test.ts'],
    rules: onlyImports(['@wayfinder/core', '@wayfinder/page'], 'packages/cdp outside src/node', [
      ...nodeBuiltins,
      '(^|/)node(/.*)?$',
      '^ws$',
    ]),
  },
  // The bridge runs in both apps: like core, no Node and no DOM; it builds on core alone.
  { files: ['packages/bridge/src/**/*.ts'], rules: onlyImports(['@wayfinder/core'], 'packages/bridge', [...nodeBuiltins, '^ws$']) },
  {
    files: ['packages/bridge/test/**/*.ts'],
    rules: onlyImports(['@wayfinder/core', '@wayfinder/bridge', '@wayfinder/cdp', '@wayfinder/page', '@wayfinder/gym'], 'bridge tests'),
  },
  {
    files: ['packages/cdp/test/**/*.ts'],
    rules: onlyImports(['@wayfinder/core', '@wayfinder/page', '@wayfinder/cdp', '@wayfinder/gym'], 'cdp tests'),
  },
  {
    files: ['apps/**/*.ts', 'apps/**/*.tsx'],
    rules: onlyImports(['@wayfinder/core', '@wayfinder/page', '@wayfinder/cdp', '@wayfinder/bridge', '@wayfinder/gym'], 'apps'),
  },
  // The installed CLI is what apps/host/src builds: the gym (tests, the demo) is not part of it.
  {
    files: ['apps/host/src/**/*.ts'],
    rules: onlyImports(['@wayfinder/core', '@wayfinder/page', '@wayfinder/cdp', '@wayfinder/bridge'], 'apps/host/src (the installed CLI)'),
  },
  // The extension's own code runs in Chrome: no Node, no Node transport, no gym.
  {
    files: ['apps/extension/src/**/*.ts', 'apps/extension/src/**/*.tsx'],
    rules: onlyImports(['@wayfinder/core', '@wayfinder/page', '@wayfinder/cdp', '@wayfinder/bridge'], 'apps/extension/src', [
      ...nodeBuiltins,
      '^@wayfinder/cdp/node$',
      '^ws$',
    ]),
  },
  // The extension's pages get core's narrow entry (no tools, providers or agent in their
  // bundles) and never the driver: those live in the service worker.
  {
    files: [
      'apps/extension/src/ui/**/*.{ts,tsx}',
      'apps/extension/src/entrypoints/{options,sidepanel,sites,welcome,memory,skills}/**/*.{ts,tsx}',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@wayfinder/core$',
              message: "The extension's pages import @wayfinder/core/ui: tools, providers and the agent run in the service worker.",
            },
            {
              regex: '^@wayfinder/bridge$',
              message:
                "The extension's pages import @wayfinder/bridge/protocol: the bridge's ends (and core's tools under them) run in the service worker.",
            },
            {
              regex: '^@wayfinder/(cdp|page|host|gym|bench|extension)(/.*)?$',
              message: "The extension's pages talk to the background through lib/messages; they never drive the browser themselves.",
            },
            {
              regex: '(^|/)lib/models$',
              message:
                "lib/models builds the worker's models (all of core's providers): the pages ask the background instead (lib/messages).",
            },
            ...nodeBuiltins.map((regex) => ({ regex, message: "The extension's pages run in Chrome, where Node built-ins do not exist." })),
          ],
        },
      ],
    },
  },
  { files: ['gym/**/*.ts', 'gym/**/*.tsx'], rules: onlyImports([], 'gym') },
  // Injected page code uses the built-ins it captured at load (injected/builtins.ts): a page
  // can patch timers, observers and clocks before our script runs.
  {
    files: ['packages/page/src/injected/**/*.ts'],
    ignores: ['packages/page/src/injected/builtins.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...pageBuiltins.map((name) => ({
          name,
          message: `Use builtins from injected/builtins.ts, not the page's ${name}: a page can patch it.`,
        })),
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Use builtins.random (injected/builtins.ts): a page can patch Math.random.' },
        { object: 'Date', property: 'now', message: 'Use builtins.now (injected/builtins.ts): a page can patch Date.now.' },
        ...['window', 'globalThis', 'self'].flatMap((object) =>
          pageBuiltins.map((property) => ({
            object,
            property,
            message: `Use builtins from injected/builtins.ts, not ${object}.${property}: a page can patch it.`,
          })),
        ),
      ],
    },
  },
  // The seams (docs/ARCHITECTURE.md): one place sets the request guard, one redaction is made
  // per app, our errors are told apart by their markers, and files stay small. Tests may reach
  // round the seams to test them; the gym is a fixture of its own.
  {
    files: ['packages/*/src/**/*.{ts,tsx}', 'apps/*/src/**/*.{ts,tsx}', 'bench/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='setRequestGuard']",
          message:
            'Put a request guard on through guardBrowser or withRequestGuard (core/browser/guard.ts), the one place that sets and restores it (docs/ARCHITECTURE.md, "Every page load through the guard").',
        },
        {
          selector: "NewExpression[callee.name='Redaction']",
          message:
            'Use the app\'s one Redaction, made by its composition root (apps/host/src/runtime.ts, apps/extension/src/lib/redaction.ts): docs/ARCHITECTURE.md, "One redaction".',
        },
        {
          selector: "CallExpression[callee.name='maskCardNumbers']",
          message: 'Card numbers are masked by the one Redaction at every sink (docs/ARCHITECTURE.md, "One redaction").',
        },
        {
          selector:
            "BinaryExpression[operator='instanceof'][right.name=/Error$/]:not([right.name=/^(Error|TypeError|RangeError|SyntaxError|YAMLParseError)$/])",
          message:
            'Our errors are CodedErrors: check them with X.isInstance(error), which holds across bundles and packages (docs/ARCHITECTURE.md, Rules).',
        },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      'max-lines': ['error', { max: 450, skipBlankLines: false, skipComments: false }],
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
);
