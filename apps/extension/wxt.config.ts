import { PAGE_SCRIPT, READER_SCRIPT } from '@wayfinder/page';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'wxt';
import { noticesText, packageField, packagesIn, pagePackages } from '../../scripts/notices';
import { OPTIONAL_PERMISSIONS, REQUIRED_PERMISSIONS } from './src/lib/permissions';

// The extension's version is the CLI's (apps/host/package.json): one Wayfinder, one number.
const VERSION = packageField(fileURLToPath(new URL('../host', import.meta.url)), 'version') || '0.0.0';

// Every module of every bundle WXT makes (one Vite build per entry group), for the licence notices.
const bundledModules = new Set<string>();
const collectModules: Plugin = {
  name: 'wayfinder-bundled-modules',
  generateBundle(_options, bundle) {
    for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk') for (const id of chunk.moduleIds) bundledModules.add(id);
  },
};

// The MV3 extension. Entry points live in src/entrypoints; everything else is plain modules
// (WXT's auto-imports are off: imports say where things come from).
export default defineConfig({
  srcDir: 'src',
  // WAYFINDER_EXT_OUT builds elsewhere (e.g. `.output-mine`), so two checkouts' test runs do not share one build.
  outDir: process.env.WAYFINDER_EXT_OUT ?? '.output',
  imports: false,
  // `npm run zip:extension`: the store zip, .output/wayfinder-<version>-chrome.zip.
  zip: { name: 'wayfinder', artifactTemplate: '{{name}}-{{version}}-{{browser}}.zip' },
  manifest: {
    name: 'Wayfinder',
    version: VERSION,
    description: 'An AI browser agent that works in your own Chrome: it reads pages, acts with real input, and asks before anything risky.',
    // chrome.debugger child sessions (a sessionId in the debuggee), which the driver uses
    // for out-of-process frames, arrived in Chrome 125.
    minimum_chrome_version: '125',
    // Required: what the agent needs from the start; optional: what a feature the person turns on
    // needs, asked for then (lib/permissions.ts says why each one is there; docs/0050).
    permissions: REQUIRED_PERMISSIONS.map((p) => p.permission),
    optional_permissions: OPTIONAL_PERMISSIONS.map((p) => p.permission),
    // WebAssembly (the MiniLM model's runtime) may be compiled; scripts still only the extension's own.
    content_security_policy: { extension_pages: "script-src 'self' 'wasm-unsafe-eval'; object-src 'self';" },
    // Pages the agent works on, and model servers (Ollama, LM Studio) anywhere the user points it.
    host_permissions: ['<all_urls>'],
    // public/icon/{16,32,48,128}.png (from icon/wayfinder.svg) become the manifest's icons.
    // WAYFINDER_NEWTAB=1 at build time makes the Home page the new-tab page (README: "Home as the new tab").
    ...(process.env.WAYFINDER_NEWTAB === '1' ? { chrome_url_overrides: { newtab: 'home.html' } } : {}),
    // The page helpers' frame (docs/0038-page-helpers-origin.md): the one page web pages may load,
    // in the iframe the helpers' content script makes (its scripts and styles load as the extension's own).
    web_accessible_resources: [{ resources: ['helper-frame.html'], matches: ['http://*/*', 'https://*/*'] }],
    action: { default_title: 'Open Wayfinder', default_icon: { 16: 'icon/16.png', 32: 'icon/32.png', 48: 'icon/48.png' } },
    commands: {
      'open-side-panel': {
        suggested_key: { default: 'Ctrl+Shift+Y', mac: 'Command+Shift+Y' },
        description: 'Open the Wayfinder side panel',
      },
      // The page helpers' area capture (background/helpers/page-helpers.ts); changeable at chrome://extensions/shortcuts.
      'capture-area': {
        suggested_key: { default: 'Ctrl+Shift+S', mac: 'Command+Shift+S' },
        description: 'Capture an area of the page to explain or send to the chat',
      },
      // Voice (background/voice/voice.ts): record N seconds of the tab's audio; start or stop listening in the panel.
      'record-tab-audio': {
        suggested_key: { default: 'Ctrl+Shift+A', mac: 'Command+Shift+A' },
        description: 'Record the tab’s audio (Wayfinder)',
      },
      'push-to-talk': {
        suggested_key: { default: 'Alt+Shift+V', mac: 'Alt+Shift+V' },
        description: 'Start or stop listening (Wayfinder side panel)',
      },
      // The Home page (issue 16). Chrome takes at most four suggested keys, all used above: the
      // person picks this one at chrome://extensions/shortcuts.
      'open-home': { description: 'Open the Wayfinder Home page' },
    },
  },
  hooks: {
    // The licences of the third-party code bundled in (the page script's included: it is one of the extension's files).
    'build:done': (wxt) => {
      const packages = packagesIn(bundledModules);
      for (const [name, dir] of pagePackages()) packages.set(name, dir);
      writeFileSync(
        join(wxt.config.outDir, 'THIRD-PARTY-NOTICES.txt'),
        noticesText('The Wayfinder extension bundles these packages:', packages),
      );
    },
    // The page script and its reader as files of the extension: memory reads pages with chrome.scripting (files only, under MV3's CSP).
    'build:publicAssets': (_wxt, files) => {
      files.push({ relativeDest: 'page-script.js', contents: PAGE_SCRIPT }, { relativeDest: 'page-reader.js', contents: READER_SCRIPT });
      // The privacy policy (the repository's PRIVACY.md, the one text) for the privacy page, and the project's licence.
      files.push(
        { relativeDest: 'privacy.md', contents: readFileSync(new URL('../../PRIVACY.md', import.meta.url), 'utf8') },
        { relativeDest: 'LICENSE', contents: readFileSync(new URL('../../LICENSE', import.meta.url), 'utf8') },
      );
    },
  },
  vite: () => ({
    plugins: [collectModules],
    // transformers.js imports the ONNX runtime's WebGPU build; memory runs on the CPU, and the plain
    // WebAssembly build has the same API with half the wasm (14 MB, bundled: lib/minilm-runner.ts).
    resolve: { alias: [{ find: /^onnxruntime-web\/webgpu$/, replacement: 'onnxruntime-web/wasm' }] },
    esbuild: { jsx: 'automatic' },
    build: {
      chunkSizeWarningLimit: 4000,
      rollupOptions: {
        // zod's comments about esbuild trip Rollup's annotation check, and lucide-react's
        // "use client" (a React Server Components marker) means nothing in an extension; harmless.
        onwarn(warning, warn) {
          if (warning.code !== 'INVALID_ANNOTATION' && warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
        },
      },
    },
  }),
});
