import { useEffect, useRef, useState } from 'react';
import { ask } from '../../lib/messages';
import { History } from './History';
import { StatusLine } from './StatusLine';
import { TaskBox, type RunRequest } from './TaskBox';
import { Turn } from './Turn';
import { usePanel } from './use-panel';

// The side panel: the conversation, the task box, the status line. Esc stops a running task.

function download(json: string, filename: string): void {
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function App() {
  const { conversationId, tasks, conversations, status, error, setError, openConversation, showStarted, refreshList } = usePanel();
  const [showHistory, setShowHistory] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);
  const running = tasks.find((t) => t.status === 'running' || t.status === 'waiting') ?? null;

  const stop = () => {
    if (running) void ask({ type: 'task.stop', taskId: running.id });
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && running) stop();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [tasks]);

  const run = async (request: RunRequest): Promise<boolean> => {
    setError(null);
    const reply = await ask({
      type: 'task.start',
      conversationId,
      task: request.task,
      mode: request.mode,
      model: request.model,
      includePage: request.includePage,
    });
    if (!reply.ok) {
      setError(reply.error);
      return false;
    }
    showStarted(reply.conversationId, reply.view);
    void refreshList();
    return true;
  };

  return (
    <div className="panel">
      <header>
        <h1>Wayfinder</h1>
        <button
          type="button"
          aria-expanded={showHistory}
          onClick={() => {
            setShowHistory((v) => !v);
            void refreshList();
          }}
        >
          History
        </button>
        <button type="button" onClick={() => void openConversation(null)}>
          New chat
        </button>
        <button type="button" aria-label="Options" onClick={() => void chrome.runtime.openOptionsPage()}>
          ⚙
        </button>
      </header>
      {showHistory && (
        <History
          conversations={conversations}
          current={conversationId}
          onOpen={(id) => {
            void openConversation(id);
            setShowHistory(false);
          }}
          onDelete={(id) =>
            void (async () => {
              const reply = await ask({ type: 'conversation.delete', id });
              if (!reply.ok) setError(reply.error);
              if (id === conversationId) await openConversation(null);
              await refreshList();
            })()
          }
          onExport={(id) =>
            void (async () => {
              const reply = await ask({ type: 'conversation.export', id });
              if (reply.ok) download(reply.json, reply.filename);
              else setError(reply.error);
            })()
          }
        />
      )}
      <main aria-label="Conversation">
        {!tasks.length && <p className="muted">Tell Wayfinder what to do on the page you are looking at, or ask about it.</p>}
        {tasks.map((task) => (
          <Turn key={task.id} task={task} />
        ))}
        <div ref={bottom} />
      </main>
      <footer>
        {error && (
          <p className="bad" role="alert">
            {error}
          </p>
        )}
        <TaskBox running={running !== null} onRun={run} onStop={stop} />
      </footer>
      <StatusLine status={status} />
    </div>
  );
}
