// Builds the `wayfinder` command into dist/: one small entry that loads each command when
// it runs (so --help starts fast), everything it needs bundled in (our packages and their
// dependencies, the page script included), and the licences of what was bundled.
// Run by `npm run build -w wayfinder-agent` (and before tests and `npm pack`).
import { copyFileSync, existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { noticesText, packageField, packagesIn, pagePackages } from '../../scripts/notices';

const here = dirname(fileURLToPath(import.meta.url));
const outdir = join(here, 'dist');
const started = Date.now();
const version = packageField(here, 'version') || '0.0.0';

// pdf.js on Node tries to load a native canvas package (@napi-rs/canvas) for rendering.
// We only read text, and the installed command has no node_modules: without this it would
// print a warning on every PDF. src/memory/pdf.ts supplies the few globals its module needs.
const pdfjsWithoutCanvas: Plugin = {
  name: 'pdfjs-without-canvas',
  setup(b) {
    b.onLoad({ filter: /pdfjs-dist[/\\]legacy[/\\]build[/\\]pdf\.mjs$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const attempt = 'canvas = require("@napi-rs/canvas");';
      if (!source.includes(attempt)) throw new Error(`pdf.js changed: ${args.path} no longer has ${attempt}; update build.ts.`);
      return { contents: source.replace(attempt, 'canvas = undefined;'), loader: 'js' };
    });
  },
};

rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: { wayfinder: join(here, 'src/entry.ts') },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
  // Bundled CommonJS (ws, for one) calls require(); ESM output has none unless given one.
  banner: {
    js: "import { createRequire as __wayfinderRequire } from 'node:module';\nconst require = __wayfinderRequire(import.meta.url);",
  },
  define: { WAYFINDER_VERSION: JSON.stringify(version) },
  // ws loads these native speed-ups when present and does without them otherwise; transformers.js
  // (all-MiniLM-L6-v2 for memory, an optional peer) brings a native runtime and is loaded only when chosen.
  external: ['bufferutil', 'utf-8-validate', '@huggingface/transformers'],
  minifySyntax: true,
  minifyWhitespace: true,
  legalComments: 'none',
  metafile: true,
  plugins: [pdfjsWithoutCanvas],
  logLevel: 'warning',
});

// The licence of every package that went into the bundle, as their terms ask (the page
// script's own, Defuddle's among them, come with it).
const inputs = Object.keys(result.metafile.inputs);
const packages = packagesIn(inputs);
if (inputs.some((input) => /packages[/\\]page[/\\]generated[/\\]page-script\.ts$/.test(input)))
  for (const [name, dir] of pagePackages()) packages.set(name, dir);
writeFileSync(join(outdir, 'THIRD-PARTY-NOTICES.txt'), noticesText('The wayfinder command bundles these packages:', packages));

// The project's licence goes into the package beside the notices (npm packs LICENSE from the package's folder).
copyFileSync(join(here, '..', '..', 'LICENSE'), join(here, 'LICENSE'));

const entry = join(outdir, 'wayfinder.mjs');
if (!existsSync(entry)) throw new Error('esbuild wrote no dist/wayfinder.mjs');
const outputs = Object.values(result.metafile.outputs);
const total = outputs.reduce((n, o) => n + o.bytes, 0);
console.log(
  `wayfinder ${version}: ${outputs.length} files, ${(total / 1024).toFixed(0)} KiB (entry ${(statSync(entry).size / 1024).toFixed(1)} KiB), ${packages.size} bundled packages, built in ${Date.now() - started} ms`,
);
