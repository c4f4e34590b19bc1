import type { Db } from '../../lib/db';

// What the agent is told about earlier turns when a conversation goes on: the asks and
// their outcomes, newest last, capped.

const MAX_TURNS = 6;
const MAX_CHARS = 3000;

export async function conversationHistory(db: Db, taskIds: string[]): Promise<string> {
  const lines: string[] = [];
  for (const id of taskIds.slice(-MAX_TURNS)) {
    const record = await db.task(id);
    if (!record) continue;
    const { task, mode, status, result } = record.state;
    lines.push(`- The user asked (${mode}): ${task}\n  Outcome (${status}): ${result?.summary ?? 'no result'}`);
  }
  const text = lines.join('\n');
  return text.length > MAX_CHARS ? `…${text.slice(-MAX_CHARS)}` : text;
}
