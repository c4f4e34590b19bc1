import { existsSync, readFileSync } from 'node:fs';
import { DEFAULT_SEARCH_URL, roleOf, type ModelSlot } from '@wayfinder/core';
import { configPath, ConfigError } from '../config';
import type { Env } from '../io';
import { resolveModels } from '../models';
import { z } from 'zod';
import { CodedError } from '@wayfinder/core/errors';

// Research's settings, in the "research" section of the host's config file:
//   "research": { "searchUrl": "https://html.duckduckgo.com/html/?q=%s",
//                 "videoUrl": "https://www.youtube.com/results?search_query=%s",
//                 "everyMinutes": 360, "pagesPerRun": 12, "pagesPerSite": 4,
//                 "siteGapSeconds": 2, "watchEveryMinutes": 60 }
// Scheduled runs are off until everyMinutes is set. searchUrl / videoUrl also give
// `wayfinder run`'s agent search_web / search_youtube (only when set there).

const template = z.string().regex(/^https?:\/\/.+%s/, 'a search address starts with http(s):// and has %s where the query goes');

const RESEARCH = z
  .object({
    searchUrl: template.optional(),
    videoUrl: template.optional(),
    everyMinutes: z
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 60)
      .default(0),
    pagesPerRun: z.number().int().min(1).max(200).default(12),
    pagesPerSite: z.number().int().min(1).max(50).default(4),
    siteGapSeconds: z.number().min(0).max(600).default(2),
    watchEveryMinutes: z
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .default(60),
  })
  .default({ everyMinutes: 0, pagesPerRun: 12, pagesPerSite: 4, siteGapSeconds: 2, watchEveryMinutes: 60 });

export interface ResearchSettings {
  /** Set in the config (the agent's search_web is offered only then). */
  searchUrl: string | null;
  videoUrl: string | null;
  /** 0: no scheduled runs. */
  everyMinutes: number;
  pagesPerRun: number;
  pagesPerSite: number;
  siteGapMs: number;
  watchEveryMinutes: number;
}

export function researchSettings(env: Env): ResearchSettings {
  const path = configPath(env);
  let raw: unknown = {};
  if (existsSync(path)) {
    try {
      raw = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      throw new ConfigError(`The config file ${path} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const section: unknown = typeof raw === 'object' && raw !== null ? Reflect.get(raw, 'research') : undefined;
  const parsed = RESEARCH.safeParse(section ?? {});
  if (!parsed.success)
    throw new ConfigError(
      `The config file ${path} has research settings that are not valid: ${parsed.error.issues.map((i) => `research.${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  const r = parsed.data;
  return {
    searchUrl: r.searchUrl ?? null,
    videoUrl: r.videoUrl ?? null,
    everyMinutes: r.everyMinutes,
    pagesPerRun: r.pagesPerRun,
    pagesPerSite: r.pagesPerSite,
    siteGapMs: r.siteGapSeconds * 1000,
    watchEveryMinutes: r.watchEveryMinutes,
  };
}

/** Where a run searches: the configured page, else the documented default. */
export function runSearchUrl(settings: ResearchSettings): string {
  return settings.searchUrl ?? DEFAULT_SEARCH_URL;
}

export class ResearchSetupError extends CodedError<'research-setup'> {
  static override readonly marker = Symbol.for('wayfinder.host.research-setup');
  override readonly name = 'ResearchSetupError';

  constructor(message: string, options?: { cause?: unknown }) {
    super('research-setup', message, false, options);
  }
}

/** The tool-less model that summarises each page a run reads: WAYFINDER_SUMMARISER_MODEL, else WAYFINDER_MODEL. */
export function summariserSlot(env: Env): ModelSlot {
  const slot = roleOf(resolveModels(undefined, env), 'summariser');
  if (slot.label === 'command interpreter')
    throw new ResearchSetupError(
      'Research summarises each page it reads with a model, and none is set: set WAYFINDER_SUMMARISER_MODEL (or WAYFINDER_MODEL), e.g. ollama:llama3.1.',
    );
  return slot;
}
