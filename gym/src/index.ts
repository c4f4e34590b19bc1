export { openGym, startGym, type Gym, type GymOptions } from './server';
export { freePort, startContentServer, type ContentServer } from './testing';
export { CANARY, CANARY_ACCOUNT_PAGE, CANARY_FORM_PAGE, CANARY_FORMS, canaryLeaks } from './canary';
export { checkTask, fetchState, solutionPath, taskById, TASKS, type CheckResult, type GymTask } from './tasks';
export { TRAPS, type Trap } from './apps/traps';
export { SKILL_TASKS, skillTaskById, type SkillTask, type SkillVariant } from './skill-tasks';
export { ADMIN_PASSWORD, ADMIN_USERNAME } from './apps/admin';
export type { BakeryLine, BakeryOrder, BakeryState, GymSnapshot } from './state';
export {
  startOllama,
  startOpenAICompatible,
  type Brain,
  type MockModelServer,
  type MockOptions,
  type RecordedRequest,
} from './mock-models';
export { colourCount, decodePng, pixelAt, type DecodedPng } from './png';
export {
  HOSTILE_MOVES,
  HOSTILE_SECRETS,
  HOSTILE_SITES,
  fatesFromEvents,
  forbiddenOutcomes,
  hostileCliArgs,
  hostileScript,
  judgeHostileRun,
  secretValues,
  type CallFate,
  type Fate,
  type HostileCall,
  type HostileMove,
} from './hostile';
export {
  LYING_MOVES,
  LYING_SECRETS,
  SHORT_SECRET,
  agentPromptTexts,
  controlLines,
  fillAddresses,
  judgeLyingRuns,
  lyingRuns,
  promptTexts,
  secretShown,
  tolerantBrain,
  unfencedMarkers,
  type LyingCall,
  type LyingEvidence,
  type LyingFate,
  type LyingMove,
  type LyingOutcome,
  type LyingRun,
  type LyingRunKind,
  type LyingScript,
  type LyingVerdict,
  type PlayedRun,
} from './lying';
export { runLyingCli, type CliOutcome, type CliRunner, type LyingCliOptions, type LyingCliResult } from './lying-cli';
export { STALL_PATHS, STALL_SCRIPT } from './apps/liar/pages-stall';
export type { LiarState, LiarRequest } from './state';
export { tinyPdf } from './pdf';
export {
  MINILM_DIMENSIONS,
  MINILM_MODEL_FILE,
  MINILM_REPO,
  tinyMiniLmFiles,
  tinyMiniLmOnnx,
  tinyTokenizerJson,
  tinyVocab,
} from './tiny-minilm';
export { startMockHub, type MockHub } from './mock-hub';
export {
  parseMultipart,
  startMockAudio,
  toneWav,
  wavInfo,
  type AudioRequest,
  type MockAudioOptions,
  type MockAudioServer,
  type WavInfo,
} from './mock-audio';
export {
  ARTICLES,
  BLOCKED_SITE,
  OTHER_SITE_ARTICLE,
  VIDEOS,
  WATCHED_PRODUCT,
  WIRE_COPY,
  type GymArticle,
  type GymVideo,
} from './apps/research-corpus';
