// The AI SDK's language-model specification, under the names Wayfinder uses. This file
// is the one place that says which version we speak (v4, AI SDK 7): a new version is an
// edit here plus whatever its changes really touch.
export type {
  LanguageModelV4 as LanguageModel,
  LanguageModelV4CallOptions as CallOptions,
  LanguageModelV4FunctionTool as FunctionTool,
  LanguageModelV4GenerateResult as GenerateResult,
  LanguageModelV4Message as PromptMessage,
  LanguageModelV4Prompt as Prompt,
  LanguageModelV4StreamPart as StreamPart,
  LanguageModelV4StreamResult as StreamResult,
  LanguageModelV4ToolResultOutput as ToolResultOutput,
  SharedV4ProviderOptions as ProviderOptions,
} from '@ai-sdk/provider';
