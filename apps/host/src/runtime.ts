import {
  browserSearch,
  normalizeAddress,
  Redaction,
  requestGuard,
  SafetyPolicy,
  SecretVault,
  type AskPerson,
  type Browser,
  type HistorySignal,
  type Limits,
  type RequestGuard,
  type ResearchPort,
} from '@wayfinder/core';
import type { OpenBrowser } from './browser';
import type { BrowserChoice, ExtensionChoice, OpenedBrowser } from './browser-choice';
import { ConfigError, loadConfig, rememberSite, type HostConfig } from './config';
import { StoreError, UsageError } from './errors';
import type { Env, Output } from './io';
import { openMemory, type HostMemory } from './memory/open';
import type { ResearchSettings } from './research/config';
import { skillsFolder, SkillsFolder } from './skills-library';

// The host's one composition root (docs/0036-host-runtime.md): what every command that
// works for the person opens first — `run`, `mcp`, `skill run`, `snapshot`, `memory`,
// `research`, `watch`, and each task a browser hands to `wayfinder serve`. It reads the
// config once (site rules, secrets, limits), makes the one Redaction from the secrets, and
// gives the policy, the guarded browser, memory, skills and the research port from them.
// Nothing else in the host builds a SafetyPolicy, a Redaction or a request guard.

export interface RuntimeOptions {
  /** The command, as its messages name it ("run", "memory add", "skill run"). */
  command: string;
  /**
   * Opens memory (the vault, facts and task records in the SQLite file): `required` — a
   * data file that cannot be used is the command's failure; `optional` — the command goes
   * on without it (`memoryProblem` says why). Default: not opened.
   */
  memory?: 'required' | 'optional';
  /**
   * Reads the config's "research" section too (search pages, schedules): commands that search
   * or research pass its reader (research/config.ts's researchSettings). The runtime does not
   * load it itself, so a command that never searches — `memory search`, at every keystroke of
   * a script — does not load the model providers it needs.
   */
  research?: (env: Env) => ResearchSettings;
}

/** Who judges the pages a browser loads: the task's policy, where the person chose to start, and who answers its questions. */
export interface GuardChoice {
  policy: SafetyPolicy;
  /** The person's own first page: begun as the task's site (its redirects and frames are still judged). */
  start?: string | undefined;
  /** Puts the policy's questions to the person (with no one to ask, answer 'deny'). */
  ask: AskPerson;
}

export interface Runtime {
  readonly command: string;
  readonly env: Env;
  readonly config: HostConfig;
  readonly secrets: SecretVault;
  /** The one redaction every sink writes through: printed lines, JSON, events, stores, files, MCP results, logs. */
  readonly redaction: Redaction;
  readonly memory: HostMemory | null;
  /** Why memory was asked for and is not there (`optional`), as a sentence. */
  readonly memoryProblem: string | null;
  readonly skills: SkillsFolder;
  /** The config's research settings, when asked for (`research`). */
  readonly research: ResearchSettings | null;
  /** A new policy for one task or session: the site rules, secrets and limits; "always" and "never" kept in the config; typed passwords noted in the redaction. */
  policy(limits?: Partial<Limits>, limitHint?: string): SafetyPolicy;
  /**
   * A launched or attached Chromium, or the person's own Chrome through the hub (`extension`),
   * every request its tabs make judged by `guard` from before the first page.
   */
  openBrowser(choice: BrowserChoice & { extension?: ExtensionChoice | null }, guard: GuardChoice): Promise<OpenedBrowser>;
  /** A launched or attached Chromium only (skill replay repairs in it by hand), guarded the same way. */
  launchBrowser(choice: BrowserChoice, guard: GuardChoice): Promise<OpenBrowser>;
  /** The request guard for one piece of work in a browser already open (withRequestGuard): memory add's each page. */
  guard(choice: GuardChoice): RequestGuard;
  /** search_web / search_youtube when the config names search pages (`research`); get_history when the browser gives it. */
  researchPort(browser: Browser, history?: (days: number, limit: number) => Promise<HistorySignal[]>): ResearchPort;
  close(): void;
}

/** What the runtime needs of the command's streams: the environment, and where the config's warning goes. */
export interface RuntimeIo {
  env: Env;
  stderr?: Output;
}

/** A config that cannot be used is the command's usage error (exit status 2), named for it. */
function readConfig(env: Env, options: RuntimeOptions): { config: HostConfig; research: ResearchSettings | null } {
  try {
    return { config: loadConfig(env), research: options.research ? options.research(env) : null };
  } catch (error) {
    if (ConfigError.isInstance(error)) throw new UsageError(`wayfinder ${options.command}: ${error.message}`);
    throw error;
  }
}

/** Memory 'required': there, or the data file's StoreError is thrown. */
export function openRuntime(io: RuntimeIo, options: RuntimeOptions & { memory: 'required' }): Runtime & { readonly memory: HostMemory };
/** Research settings asked for: there. */
export function openRuntime(
  io: RuntimeIo,
  options: RuntimeOptions & { research: (env: Env) => ResearchSettings },
): Runtime & { readonly research: ResearchSettings };
export function openRuntime(io: RuntimeIo, options: RuntimeOptions): Runtime;
export function openRuntime(io: RuntimeIo, options: RuntimeOptions): Runtime {
  const { command } = options;
  const { config, research } = readConfig(io.env, options);
  if (config.warning) io.stderr?.write(`${config.warning}\n`);
  const secrets = new SecretVault(config.secrets);
  // eslint-disable-next-line no-restricted-syntax -- the host's one redaction is made here
  const redaction = new Redaction(secrets);
  let memory: HostMemory | null = null;
  let memoryProblem: string | null = null;
  if (options.memory) {
    try {
      memory = openMemory(io.env, redaction, config.memory);
    } catch (error) {
      if (!StoreError.isInstance(error) || options.memory === 'required') throw error;
      memoryProblem = error.message;
    }
  }

  const guard = ({ policy, start, ask }: GuardChoice): RequestGuard => {
    // The person's own first page is the task's site from the start; where it goes then is judged like any page.
    if (start) policy.begin(normalizeAddress(start));
    return requestGuard(policy, ask);
  };
  const guarded = <T extends BrowserChoice>(choice: T, judge: GuardChoice): T => ({ ...choice, guard: guard(judge) });

  return {
    command,
    env: io.env,
    config,
    secrets,
    redaction,
    memory,
    memoryProblem,
    skills: new SkillsFolder(skillsFolder(io.env)),
    research,
    policy: (limits = {}, limitHint) =>
      new SafetyPolicy({
        sites: config.sites,
        secrets,
        redaction,
        limits: { ...config.limits, ...limits },
        ...(limitHint ? { limitHint } : {}),
        remember: (site, decision) => rememberSite(config.path, site, decision),
      }),
    // Loaded when first used: a command that opens no browser does not load the CDP client.
    openBrowser: async (choice, judge) => (await import('./browser')).openChosenBrowser(guarded(choice, judge)),
    launchBrowser: async (choice, judge) => (await import('./browser')).openBrowser(guarded(choice, judge)),
    guard,
    researchPort: (browser, history) => ({
      ...browserSearch(browser, {
        ...(research?.searchUrl ? { searchUrl: research.searchUrl } : {}),
        ...(research?.videoUrl ? { videoUrl: research.videoUrl } : {}),
      }),
      ...(history ? { history } : {}),
    }),
    close: () => memory?.close(),
  };
}
