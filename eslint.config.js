// @ts-check
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Dependency direction (DESIGN.md, Layout): apps -> packages; cdp -> core, page;
// page and core import nothing of ours; gym imports nothing of ours. Relative
// imports may not climb out of a package either (import-x/no-relative-packages).
const ours = ['@wayfinder/core', '@wayfinder/page', '@wayfinder/cdp', '@wayfinder/extension', '@wayfinder/host', '@wayfinder/gym', '@wayfinder/bench'];
// Bare module names: a regex, because gitignore-style patterns would also catch './events'.
const nodeBuiltins = ['^node:', '^(fs|path|os|child_process|http|https|net|crypto|url|util|events|stream|worker_threads)(/.*)?$'];

/** @param {string[]} allowed @param {string} who @param {string[]} [extra] */
function onlyImports(allowed, who, extra = []) {
  const banned = ours.filter((name) => !allowed.includes(name));
  return {
    'no-restricted-imports': ['error', {
      patterns: [
        ...(banned.length ? [{ group: banned.flatMap((n) => [n, `${n}/*`]), message: `${who} may import only ${allowed.join(', ') || 'nothing of ours'} (DESIGN.md, Layout).` }] : []),
        ...extra.map((regex) => ({ regex, message: `${who} runs where Node built-ins do not exist (DESIGN.md, Layout).` })),
      ],
    }],
  };
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/generated/**', '**/.output/**', '**/.wxt/**', 'artifacts/**', 'bench/results/**', 'gym/public/**'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    plugins: { 'import-x': importX },
    rules: { 'import-x/no-relative-packages': 'error' },
  },
  {
    languageOptions: { globals: { ...globals.node }, parserOptions: { projectService: { allowDefaultProject: ['*.js', '*.mjs', 'scripts/*.mjs', 'packages/page/build.ts'] }, tsconfigRootDir: import.meta.dirname } },
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
  { files: ['packages/page/src/**/*.ts'], rules: onlyImports([], 'packages/page', nodeBuiltins) },
  { files: ['packages/page/test/**/*.ts', 'packages/page/*.ts'], rules: onlyImports(['@wayfinder/page', '@wayfinder/cdp', '@wayfinder/gym'], 'page tests') },
  { files: ['packages/cdp/**/*.ts'], rules: onlyImports(['@wayfinder/core', '@wayfinder/page'], 'packages/cdp') },
  // Only cdp's node/ entry may use Node: the rest is bundled into the extension.
  {
    files: ['packages/cdp/src/**/*.ts'],
    ignores: ['packages/cdp/src/node/**', 'packages/cdp/src/**/*.test.ts'],
    rules: onlyImports(['@wayfinder/core', '@wayfinder/page'], 'packages/cdp outside src/node', [...nodeBuiltins, '(^|/)node(/.*)?$', '^ws$']),
  },
  { files: ['packages/cdp/test/**/*.ts'], rules: onlyImports(['@wayfinder/core', '@wayfinder/page', '@wayfinder/cdp', '@wayfinder/gym'], 'cdp tests') },
  { files: ['apps/**/*.ts', 'apps/**/*.tsx'], rules: onlyImports(['@wayfinder/core', '@wayfinder/page', '@wayfinder/cdp', '@wayfinder/gym'], 'apps') },
  // The extension's own code runs in Chrome: no Node, no Node transport, no gym.
  {
    files: ['apps/extension/src/**/*.ts', 'apps/extension/src/**/*.tsx'],
    rules: onlyImports(['@wayfinder/core', '@wayfinder/page', '@wayfinder/cdp'], 'apps/extension/src', [...nodeBuiltins, '^@wayfinder/cdp/node$', '^ws$']),
  },
  { files: ['gym/**/*.ts', 'gym/**/*.tsx'], rules: onlyImports([], 'gym') },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
);
