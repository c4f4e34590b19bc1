import { useEffect, useRef, useState } from 'react';
import { isPanelMessage, PANEL_PORT, type PanelMessage } from '../../lib/messages';

// A skill run as the Skills page follows it: the task's timeline through the panel port
// (each skill step is a notice), whether it waits for the person (answered in the side
// panel, where every task's confirmations are), and how it ended.

export interface RunProgress {
  taskId: string;
  /** The skill steps started so far, in order ("Step 2 of 5: …"). */
  steps: string[];
  waiting: boolean;
  status: 'running' | 'done' | 'failed' | 'stopped';
  summary: string | null;
}

function ended(status: string): RunProgress['status'] | null {
  if (status === 'done' || status === 'failed' || status === 'stopped') return status;
  if (status === 'interrupted') return 'failed';
  return null;
}

export function useRunProgress(taskId: string | null): RunProgress | null {
  const [progress, setProgress] = useState<RunProgress | null>(null);
  const id = useRef(taskId);
  id.current = taskId;

  useEffect(() => {
    if (!taskId) {
      setProgress(null);
      return;
    }
    setProgress({ taskId, steps: [], waiting: false, status: 'running', summary: null });
    const onMessage = (message: PanelMessage) => {
      if (!('taskId' in message) || message.taskId !== id.current) return;
      setProgress((before) => {
        if (!before) return before;
        if (message.type === 'pending') return { ...before, waiting: message.request !== null };
        if (message.type === 'timeline') {
          const item = message.item;
          if (item.type === 'notice' && /^Step \d+ of \d+: /.test(item.message))
            return { ...before, steps: [...before.steps, item.message] };
          if (item.type === 'done') return { ...before, summary: item.summary };
          return before;
        }
        const status = ended(message.status);
        const summary = message.update?.result?.summary ?? before.summary;
        return status ? { ...before, status, waiting: false, summary } : before;
      });
    };
    let port: chrome.runtime.Port | null = chrome.runtime.connect({ name: PANEL_PORT });
    port.onMessage.addListener((message: unknown) => {
      if (isPanelMessage(message)) onMessage(message);
    });
    port.onDisconnect.addListener(() => {
      port = null;
    });
    return () => port?.disconnect();
  }, [taskId]);

  return progress;
}
