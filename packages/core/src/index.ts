export * from './browser/port';
export { BrowserError, type BrowserErrorCode } from './browser/errors';
export { normalizeAddress } from './browser/address';
export { fencePage, pageData, PAGE_TEXT_CLOSE, PAGE_TEXT_OPEN } from './browser/page-text';
export { CodedError } from './errors';
export { runTask, type Attachment, type PlanDecision, type RunOptions, type TaskResult } from './agent/agent';
export type { AgentEvent, PlanStep, TaskMode } from './agent/events';
export {
  ALLOW_ALL,
  allows,
  CONFIRM_ANSWERS,
  CONFIRM_KINDS,
  isConfirmAnswer,
  offersTask,
  type ConfirmAnswer,
  type ConfirmKind,
  type ConfirmRequest,
  type Policy,
  type PolicyContext,
  type PolicyDecision,
  type ProposedCall,
} from './policy/types';
export { isPaymentField, judgeElement, sensitiveKind, type SensitiveKind } from './policy/classify';
export { sensitiveDialog } from './policy/dialogs';
export { DEFAULT_LIMITS, SafetyPolicy, type Limits, type SafetyOptions } from './policy/safety';
export { placeholder, SecretVault, secretNames, type Secret } from './policy/secrets';
export { MIN_SECRET_LENGTH, secretValueProblem } from './policy/secret-patterns';
export {
  covers,
  isPublicSuffix,
  normalizeSite,
  parseSite,
  SitePermissions,
  siteKey,
  siteOf,
  type ParsedSite,
  type SiteDecision,
  type SiteRule,
} from './policy/sites';
export { MemoryStore, newTaskState, type Store, type TaskState, type TaskStatus } from './agent/state';
export { DEFAULT_MAX_STEPS, HARD_MAX_STEPS } from './agent/loop';
export { splitClaim } from './agent/record';
export { TASK_PREFIX } from './model/prompt-reading';
export { ModelConfigError, ModelError, type ModelErrorCode, classifyModelError } from './model/errors';
export {
  explainModelError,
  explainedModelError,
  requestFailure,
  troubleText,
  type HostHints,
  type ProviderEndpoint,
  type ProviderTrouble,
} from './model/explain';
export type { ModelRoles, ModelSlot, ToolMode } from './model/slot';
export type * from './model/spec';
export { callModel, toolSchema, type StepResult, type ToolSpec } from './model/step';
export {
  createModelSlot,
  describeSpec,
  ollamaApiBase,
  parseModelSpec,
  PROVIDERS,
  settingsFromEnv,
  type ModelSpec,
  type ProviderName,
  type ProviderSettings,
} from './providers/providers';
export { roleOf } from './model/slot';
export { PromptApiLanguageModel, type PromptApi, type PromptApiAvailability } from './model/prompt-api';
export { parseToolCalls, formatHelp, EXPECTED_FORMAT } from './model/text-protocol';
export { ScriptedModel, SCRIPT, scriptedSlot, scriptReply, sequentialScript, wireScript, type Script } from './model/scripted';
export { refLines, type RefLine } from './model/prompt-reading';
export { CLI_SETUP_HINT, CommandInterpreter } from './interpreter/model';
export { parseCommand, type Intent } from './interpreter/grammar';
export { ALL_TOOLS, CORE_TOOL_NAMES, ToolRegistry } from './tools/registry';
export { offeredTools, present, startingCapabilities, usable, whyNotOffered, type OfferContext } from './tools/offer';
export { DEFAULT_PAGE_CODE_MS, MAX_PAGE_CODE_CHARS, MAX_PAGE_CODE_MS, PAGE_CODE_TOOL } from './tools/page-code';
export { ToolRunner, type ConfirmationEvent, type RunHooks, type ToolCallRequest, type ToolRunnerOptions } from './runner/runner';
export {
  declined,
  Gate,
  proposedCall,
  requestGuard,
  tabContext,
  type AskPerson,
  type GateOptions,
  type GateQuestion,
  type GateVerdict,
} from './policy/gate';
export { hasCredential, Redaction, TYPED_PASSWORD } from './policy/redaction';
export { guardBrowser, withRequestGuard } from './browser/guard';
export { readInBackground, renderContent } from './browser/read';
export { makeToolContext, TabSession, type ContextParts } from './tools/session';
export { changesNothing, effectsOf, keyEffect, riskOf, type ActHow, type Effect, type ToolEffects } from './policy/effects';
export { FactRefusedError, factProblem, MAX_FACT_CHARS, type FactRules } from './policy/facts';
export { DEFAULT_RENDER, type RenderOptions, type ToolResult } from './tools/response';
export { defineTool, defineTabTool, type Capability, type Tool, type ToolContext, type RiskClass } from './tools/define';
export { PLAYBOOKS } from './playbooks/playbooks';
export type {
  Chunk,
  ChunkHit,
  Embedder,
  Fact,
  FactStore,
  MemoryAccess,
  MemoryResult,
  TaskMemoryStore,
  TaskRecord,
  VaultDocument,
  VaultStats,
  VaultStore,
} from './memory/types';
export {
  Bm25Index,
  chunkText,
  contentHash,
  cosine,
  FlatVectors,
  fuseRanks,
  HashEmbedder,
  InMemoryMemory,
  memoryAccess,
  MINILM,
  pageIngestInput,
  rankTaskRecords,
  renderMemoryResults,
  isCommonWord,
  cjkPieces,
  hasCjk,
  searchWords,
  Vault,
  type ChunkOptions,
  type IngestInput,
  type IngestOutcome,
  type ModelDownload,
  type RenderMemoryOptions,
  type VectorRow,
  type VaultOptions,
} from './memory/index';
export * from './skills/index';
export { historySignals, sensitiveSite, sensitiveTitle, type HistorySignal, type RawHistoryItem } from './research/history';
export * from './research/index';
export { renderHistory, renderSearchResults, renderVideoResults, type ResearchPort } from './tools/research';
export { summariseUntrusted } from './context/untrusted';
export { decodeLenient } from './uri';
