export { describeStep, targetName } from './describe';
export { exportRecording, importRecording, locatorFromSelector, selectorFromLocator } from './devtools';
export { fillInputs, inferInputs, inputName, kindOfValue } from './inputs';
export { playSkill, type PlayOptions, type PlayResult, type StepEvent } from './player';
export {
  applyFixes,
  findByNames,
  repairModelFrom,
  byHandQuestion,
  repairQuestion,
  type ByHand,
  type ProposedRepair,
  type RepairAnswer,
  type RepairModel,
  type RepairOptions,
  type RepairRequest,
  type StepFix,
} from './repair';
export { describeInput, playbookLine, SiteSkills, skillsForSite, summaryOf, type SkillLibrary, type SkillSummary } from './library';
export { applyNaming, nameSkill } from './naming';
export { keyMatters, skillFromRecording, type RecordedEvent, type RecordedTarget, type RecordingContext } from './recording';
export { parseSkillFile, STEPS_FENCE, writeSkillFile } from './skill-file';
export { LOCATOR_SCHEMA, SkillFormatError } from './steps-json';
export type * from './types';
export { RECORDER_STEP_TYPES, WAYFINDER_STEP_TYPES } from './types';
