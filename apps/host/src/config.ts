import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { MINILM, parseSite, secretValueProblem, type Limits, type Secret, type SiteDecision, type SiteRule } from '@wayfinder/core';
import { z } from 'zod';
import type { Env } from './io';
import { CodedError } from '@wayfinder/core/errors';

// The CLI's safety settings: site permissions, stored secrets and limits, in a JSON file
// ($WAYFINDER_CONFIG, else ~/.config/wayfinder/config.json):
//   { "sites": { "example.com": "allow", "ads.example": "block",
//                "shop.example": { "decision": "allow", "pageCode": true } },
//     "secrets": { "github": { "value": "…", "site": "github.com" } },
//     "limits": { "navigationsPerMinute": 20, "tabsPerTask": 10, "mcpNavigationsPerMinute": 120 } }
// "Always" and "never" answered at the prompt are written back to it.

const CONFIG = z
  .object({
    // A decision, or a decision with the site's other settings (pageCode: the agent may offer to run code there, each run confirmed).
    sites: z
      .record(
        z.string(),
        z.union([
          z.enum(['allow', 'block', 'ask']),
          z.object({ decision: z.enum(['allow', 'block', 'ask']), pageCode: z.boolean().optional() }),
        ]),
      )
      .default({}),
    secrets: z
      .record(
        z.string().regex(/^[A-Za-z0-9_.-]+$/, 'secret names are letters, digits, _ . and -'),
        z.object({
          value: z.string().min(1),
          site: z.string().min(1),
          field: z.enum(['password', 'text']).optional(),
        }),
      )
      .default({}),
    limits: z
      .object({
        navigationsPerMinute: z.number().int().positive().optional(),
        tabsPerTask: z.number().int().positive().optional(),
        browsesPerMinute: z.number().int().positive().optional(),
        // An MCP client drives many pages on purpose: its sessions get their own page-load limit.
        mcpNavigationsPerMinute: z.number().int().positive().optional(),
      })
      .default({}),
    // Which embedder gives memory's vectors (`wayfinder memory reindex --embedder` sets it), and a mirror of the model hub.
    memory: z
      .object({
        embedder: z.enum(['hash', 'minilm']).default('hash'),
        modelHost: z.url({ protocol: /^https?$/ }).optional(),
      })
      .default({ embedder: 'hash' }),
  })
  .loose();

export type EmbedderName = 'hash' | 'minilm';

export interface HostConfig {
  path: string;
  sites: SiteRule[];
  secrets: Secret[];
  limits: Partial<Limits>;
  /** Page loads a minute for an MCP session (`wayfinder mcp`), when the config sets it. */
  mcpNavigationsPerMinute: number | null;
  /** Memory's embedder, and where all-MiniLM-L6-v2's files come from (the hub unless the config names a mirror). */
  memory: { embedder: EmbedderName; modelHost: string };
  /** A warning to show (a config with secrets that others can read). */
  warning: string | null;
}

export class ConfigError extends CodedError<'config'> {
  static override readonly marker = Symbol.for('wayfinder.host.config');
  override readonly name = 'ConfigError';

  constructor(message: string, options?: { cause?: unknown }) {
    super('config', message, false, options);
  }
}

export function configPath(env: Env): string {
  // An empty variable is an unset one (the XDG spec; a shell's `XDG_CONFIG_HOME= wayfinder …`).
  return env.WAYFINDER_CONFIG || join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'wayfinder', 'config.json');
}

function readRaw(path: string): Record<string, unknown> {
  if (!existsSync(path)) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ConfigError(`The config file ${path} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  return typeof parsed === 'object' && parsed !== null ? Object.fromEntries(Object.entries(parsed)) : {};
}

export function loadConfig(env: Env): HostConfig {
  const path = configPath(env);
  const parsed = CONFIG.safeParse(readRaw(path));
  if (!parsed.success)
    throw new ConfigError(
      `The config file ${path} is not valid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  const sites: SiteRule[] = [];
  for (const [site, rule] of Object.entries(parsed.data.sites)) {
    const normal = parseSite(site);
    if (!normal.ok) throw new ConfigError(`The config file ${path} has a rule for "${site}": ${normal.error}`);
    if (typeof rule === 'string') sites.push({ site: normal.site, decision: rule });
    else sites.push({ site: normal.site, decision: rule.decision, ...(rule.pageCode ? { pageCode: true } : {}) });
  }
  const secrets: Secret[] = Object.entries(parsed.data.secrets).map(([name, s]) => {
    const site = parseSite(s.site);
    if (!site.ok) throw new ConfigError(`The config file ${path} stores the secret "${name}" for "${s.site}": ${site.error}`);
    const short = secretValueProblem(name, s.value);
    if (short) throw new ConfigError(`The config file ${path} cannot keep the secret "${name}". ${short}`);
    return { name, value: s.value, site: site.site, ...(s.field ? { field: s.field } : {}) };
  });
  let warning: string | null = null;
  if (secrets.length && process.platform !== 'win32' && (statSync(path).mode & 0o077) !== 0) {
    warning = `wayfinder: ${path} holds secrets and other users can read it; run chmod 600 ${path}.`;
  }
  const { mcpNavigationsPerMinute, ...task } = parsed.data.limits;
  const limits: Partial<Limits> = {};
  for (const [key, value] of Object.entries(task)) if (typeof value === 'number') Object.assign(limits, { [key]: value });
  const memory = { embedder: parsed.data.memory.embedder, modelHost: parsed.data.memory.modelHost ?? MINILM.defaultHost };
  return { path, sites, secrets, limits, mcpNavigationsPerMinute: mcpNavigationsPerMinute ?? null, memory, warning };
}

/** A section of the config file as an object to change ({} when absent). */
function section(raw: Record<string, unknown>, name: string): Record<string, unknown> {
  const value = raw[name];
  return typeof value === 'object' && value !== null ? Object.fromEntries(Object.entries(value)) : {};
}

function writeRaw(path: string, raw: Record<string, unknown>): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(raw, null, 2)}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
}

/** Writes a site decision the person made ("always" / "never") into the config file. */
export function rememberSite(path: string, site: string, decision: SiteDecision): void {
  const raw = readRaw(path);
  const sites = section(raw, 'sites');
  const before: unknown = sites[site];
  // A rule with other settings (pageCode) keeps them; only its decision changes.
  sites[site] = typeof before === 'object' && before !== null ? { ...before, decision } : decision;
  writeRaw(path, { ...raw, sites });
}

/** Writes memory's embedder into the config file (`wayfinder memory reindex --embedder`), keeping the rest of the section. */
export function rememberEmbedder(path: string, embedder: EmbedderName): void {
  const raw = readRaw(path);
  writeRaw(path, { ...raw, memory: { ...section(raw, 'memory'), embedder } });
}
