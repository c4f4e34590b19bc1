import { createModelSlot, parseModelSpec, repairModelFrom, SecretVault, type RepairModel } from '@wayfinder/core';
import { startOpenAICompatible, type Brain, type MockModelServer } from '@wayfinder/gym';

// The scripted repair model: a mock OpenAI-compatible server (the AI SDK's real provider
// path) whose "model" answers core's repair prompt with pick_element, the way a capable
// model would: it reads the step and the fenced page from the prompt and points at the
// element the step meant. Its answer key is written per drift (what a person would
// recognise), and it says "none" for anything it was not scripted for.

interface Pick {
  /** The step's line, as the repair prompt says it ("Step 7: Click \"Delete Alan Turing\""). */
  step: RegExp;
  /** The ref to answer with, from the page's lines. */
  ref: (lines: string[]) => string | null;
}

const refOf = (line: string | undefined): string | null => /\[(e\d+)\]/.exec(line ?? '')?.[1] ?? null;

/** The first line at or after the one naming `row` that is a `role "name"` control: the control in that row. */
function inRow(lines: string[], row: string, control: string): string | null {
  const at = lines.findIndex((l) => l.includes(row));
  if (at < 0) return null;
  return refOf(lines.slice(at).find((l) => l.includes(control)));
}

const PICKS: Pick[] = [
  // Admin drift: each row's button reads "Delete" and is labelled "Remove NAME from the club" — only the row tells them apart.
  { step: /Click "Delete Alan Turing"/, ref: (lines) => inRow(lines, 'Alan Turing |', 'button "Delete"') },
];

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: unknown) => (typeof part === 'object' && part !== null && 'text' in part && typeof part.text === 'string' ? part.text : ''))
    .join('\n');
}

export const repairBrain: Brain = (messages) => {
  const prompt = messages.map((m: unknown) => (typeof m === 'object' && m !== null && 'content' in m ? textOf(m.content) : '')).join('\n');
  // Only the page is read for refs (the step's own description names the old element too).
  const lines = prompt.slice(prompt.indexOf('<page-content')).split('\n');
  const pick = PICKS.find((p) => p.step.test(prompt));
  const ref = pick?.ref(lines) ?? 'none';
  return {
    calls: [{ name: 'pick_element', input: { ref, why: pick ? 'the same control, found by what a person reads' : 'not scripted' } }],
  };
};

export interface ScriptedRepair {
  repair: RepairModel;
  calls: () => number;
  server: MockModelServer;
}

/** `secrets`: the bench's stored secrets; the model sees them as placeholders, as it would in an app. */
export async function startScriptedRepair(secrets: SecretVault): Promise<ScriptedRepair> {
  const server = await startOpenAICompatible(repairBrain);
  const slot = createModelSlot(parseModelSpec(`openai-compatible:${server.url}#mock-gpt`), {});
  const repair = repairModelFrom(slot, { text: (text) => secrets.redact(text) });
  return { repair, calls: () => server.requests.length, server };
}
