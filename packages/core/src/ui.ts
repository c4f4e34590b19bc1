// What the extension's pages (side panel, options, site permissions) may take from core:
// the shapes of what the background sends them, and how sites and secrets are read. No
// tools, providers or agent: those run in the service worker, and stay out of the pages'
// bundles (ESLint holds the pages to this entry).

export type { AgentEvent, PlanStep, TaskMode } from './agent/events';
export { splitClaim } from './agent/record';
export type { Store, TaskState, TaskStatus } from './agent/state';
export type { PromptApi, PromptApiAvailability } from './model/prompt-api';
export type { Secret } from './policy/secrets';
export { maskCardNumbers } from './policy/cards';
export { MIN_SECRET_LENGTH, secretValueProblem } from './policy/secret-patterns';
export { isPublicSuffix, normalizeSite, parseSite, type ParsedSite, type SiteDecision, type SiteRule } from './policy/sites';
export { allows, CONFIRM_ANSWERS, offersTask, type ConfirmAnswer, type ConfirmKind } from './policy/types';
export type { Skill, SkillInput, SkillRepair, SkillStep } from './skills/types';
export { cjkPieces, foldText, hasCjk, searchWords, stem } from './memory/text';
export type { Discovery, FeedPage, Interest, Reaction, Watch } from './research/types';
