import { useEffect, useRef, type Dispatch, type SetStateAction } from 'react';
import { ask, type TaskView } from '../../lib/messages';
import { useTabAudio, type TabAudioUse, type TabClip } from './TabAudio';
import type { Draft } from './TaskBox';
import { useVoice } from './use-voice';

// Voice wired into the panel: a transcript becomes the task (run at once, or left in the box
// to edit, by setting) — or, while a skill is being recorded, a note on the step just done;
// the reply to a spoken task is spoken back (when spoken replies are on); a tab's audio
// becomes text, a question or an attachment.

/** Said when a tab's audio went on as its transcript because the model does not take audio. */
export const TRANSCRIPT_NOTE = {
  explain: 'Your model does not take audio; explained from the transcript.',
  attach: 'Your model does not take audio; its transcript was attached.',
};

const ENDED = new Set(['done', 'failed', 'stopped', 'interrupted']);

/** What is said back when a spoken task ends. */
export function replyText(task: TaskView): string {
  if (task.result?.summary) return task.result.summary;
  if (task.error) return `The task failed: ${task.error.message}`;
  return task.status === 'stopped' ? 'The task was stopped.' : `The task ended (${task.status}).`;
}

export function usePanelVoice({
  tasks,
  recording,
  setDraft,
}: {
  tasks: TaskView[];
  recording: boolean;
  setDraft: Dispatch<SetStateAction<Draft | null>>;
}) {
  /** A spoken task was run: the tasks there were before it (its reply is the next one's). */
  const awaiting = useRef<Set<string> | null>(null);
  const known = useRef<TaskView[]>(tasks);
  known.current = tasks;
  const recordingNow = useRef(recording);
  recordingNow.current = recording;

  const voice = useVoice(async (text, settings) => {
    if (recordingNow.current) {
      const reply = await ask({ type: 'skill.record.note', text });
      if (!reply.ok) throw new Error(reply.error);
      return `Spoken note added to step ${Math.max(1, reply.recording.steps)}: “${text}”`;
    }
    awaiting.current = settings.runOnRelease ? new Set(known.current.map((t) => t.id)) : null;
    setDraft({ task: text, at: Date.now(), run: settings.runOnRelease });
    return null;
  });

  const { speak } = voice;
  useEffect(() => {
    const before = awaiting.current;
    if (!before) return;
    const task = tasks.find((t) => !before.has(t.id));
    if (!task || !ENDED.has(task.status)) return;
    awaiting.current = null;
    void speak(replyText(task));
  }, [tasks, speak]);

  const capture = useTabAudio();
  const onTabText = (clip: TabClip, use: TabAudioUse) => {
    const from = `“${clip.tabTitle}”${clip.site ? ` (${clip.site})` : ''}`;
    const name = `Tab audio — ${clip.tabTitle.slice(0, 80)}`;
    if ('audio' in clip) {
      // The clip itself, for a model that takes audio; its fenced text says what it is, never what to do.
      const text = `A ${clip.seconds} s sound clip recorded from the tab ${from}; the audio itself is attached.`;
      const attach = { name: `${name}.wav`, text, audio: clip.audio };
      setDraft({
        task: use === 'explain' ? `Explain this audio from ${from}.` : '',
        ...(use === 'explain' ? { mode: 'ask' as const } : {}),
        at: Date.now(),
        attach,
      });
      return;
    }
    const { text } = clip;
    if (use === 'transcribe') setDraft({ task: text, at: Date.now() });
    else if (use === 'explain') {
      setDraft({ task: `Explain this audio from ${from} (its transcript follows):\n\n${text}`, mode: 'ask', at: Date.now() });
      voice.note(TRANSCRIPT_NOTE.explain);
    } else {
      setDraft({ task: '', at: Date.now(), attach: { name: `${name}.txt`, text } });
      voice.note(TRANSCRIPT_NOTE.attach);
    }
  };

  return { voice, capture, onTabText };
}
