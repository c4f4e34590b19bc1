import { useEffect, useRef, useState } from 'react';
import type { TaskMode } from '@wayfinder/core/ui';
import { ask, declined } from '../../lib/messages';
import { Brain, CircleDot, Compass, Ellipsis, History as HistoryIcon, House, Settings, SquarePen, Star } from 'lucide-react';
import { Favourites } from './Favourites';
import { History } from './History';
import { FeedLine } from './FeedLine';
import { WatchPage } from './WatchPage';
import { HostLine, HostQuestions } from './HostLine';
import { Idle, SetupLink } from './Idle';
import { MemoryActions } from './MemoryActions';
import { RecordingBar, SkillActions, SkillSaved, useRecording } from './RecordSkill';
import { providerFailures, StatusLine } from './StatusLine';
import { TaskBox, type Draft, type RunRequest } from './TaskBox';
import { Turn } from './Turn';
import { usePanel } from './use-panel';
import { usePanelVoice } from './use-panel-voice';
import { TabAudioButton, TabAudioCard } from './TabAudio';
import { MicButton, VoiceBar } from './Voice';

// The side panel: the conversation, the task box, the status line. Esc answers what a task
// waits for (no), or else stops the running task.

function download(json: string, filename: string): void {
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function App() {
  const { conversationId, tasks, conversations, status, bridge, error, setError, openConversation, showStarted, refreshList } = usePanel();
  const [showHistory, setShowHistory] = useState(false);
  /** A task put in the task box from elsewhere (a favourite, an example), to change before running. */
  const [draft, setDraft] = useState<Draft | null>(null);
  const [showFavourites, setShowFavourites] = useState(false);
  const [showMemory, setShowMemory] = useState(false);
  const [showSkills, setShowSkills] = useState(false);
  /** What Stop and save said (the skill's name, what the model named), until dismissed or the next recording. */
  const [skillSaved, setSkillSaved] = useState<string | null>(null);
  const [showMore, setShowMore] = useState(false);
  const { recording, setRecording } = useRecording();
  // Push-to-talk, spoken replies and tab audio (issue 17).
  const { voice, capture, onTabText } = usePanelVoice({ tasks, recording: recording !== null, setDraft });
  const bottom = useRef<HTMLDivElement>(null);
  const running = tasks.find((t) => t.status === 'running' || t.status === 'waiting') ?? null;

  const stop = () => {
    if (!running) return;
    // A host task is stopped on the host (any paired browser may stop it).
    if (running.host)
      void ask({ type: 'host.stop', taskId: running.id }).then((reply) => {
        if (!reply.ok) setError(reply.error);
      });
    else void ask({ type: 'task.stop', taskId: running.id });
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !running) return;
      // Esc answers what the task waits for (no, safely) first; with nothing waiting it stops the task.
      const waiting = running.pending;
      // A proposed plan is kept to edit (its Cancel ends it): Esc takes the keyboard to it instead.
      if (waiting?.kind === 'plan') document.querySelector<HTMLElement>(`[data-request="${waiting.id}"] input`)?.focus();
      else if (waiting)
        void ask({ type: 'task.answer', taskId: running.id, requestId: waiting.id, answer: declined(waiting.kind, false) }).then(() =>
          document.getElementById('task')?.focus(),
        );
      else stop();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [tasks]);

  const run = async (request: RunRequest): Promise<boolean> => {
    setError(null);
    if (request.host) return runOnHost(request);
    const reply = await ask({
      type: 'task.start',
      conversationId,
      task: request.task,
      mode: request.mode,
      model: request.model,
      includePage: request.includePage,
      ...(request.attachments?.length ? { attachments: request.attachments } : {}),
    });
    if (!reply.ok) {
      setError(reply.error);
      return false;
    }
    showStarted(reply.conversationId, reply.view);
    void refreshList();
    return true;
  };

  /** A task for the host's agent: a conversation of its own, its steps from the host's events. */
  const runOnHost = async (request: RunRequest): Promise<boolean> => {
    if (request.mode === 'plan') {
      setError('The host runs Act and Ask tasks; choose Act or Ask, or another model to plan.');
      return false;
    }
    const reply = await ask({ type: 'host.start', task: request.task, mode: request.mode });
    if (!reply.ok) {
      setError(reply.error);
      return false;
    }
    showStarted(reply.conversationId, reply.view);
    return true;
  };

  const turnActions = {
    retry: (task: string, mode: TaskMode) => void run({ task, mode, model: null, includePage: true, attachments: [] }),
    problem: (message: string) => setError(message),
    busy: running !== null,
  };

  return (
    <div className="panel">
      <header>
        <h1>
          <Compass aria-hidden size={18} /> <span className="brand">Wayfinder</span>
        </h1>
        <button
          type="button"
          className="icon"
          aria-label="History"
          title="History"
          aria-expanded={showHistory}
          onClick={() => {
            setShowHistory((v) => !v);
            setShowFavourites(false);
            setShowMemory(false);
            void refreshList();
          }}
        >
          <HistoryIcon aria-hidden size={18} />
        </button>
        <button
          type="button"
          className="icon"
          aria-label="Favourites"
          title="Favourites"
          aria-expanded={showFavourites}
          onClick={() => {
            setShowFavourites((v) => !v);
            setShowHistory(false);
            setShowMemory(false);
          }}
        >
          <Star aria-hidden size={18} />
        </button>
        <button
          type="button"
          className="icon"
          aria-label="Memory"
          title="Memory: remember this page, add files"
          aria-expanded={showMemory}
          onClick={() => {
            setShowMemory((v) => !v);
            setShowHistory(false);
            setShowFavourites(false);
          }}
        >
          <Brain aria-hidden size={18} />
        </button>
        <button type="button" className="icon" aria-label="New chat" title="New chat" onClick={() => void openConversation(null)}>
          <SquarePen aria-hidden size={18} />
        </button>
        {/* At most five buttons in the header (a 420 px panel at 200 % zoom has 210 px): the rest are under More. */}
        <button
          type="button"
          className="icon"
          aria-label="More"
          title="More: skills, tab audio, Home, Options"
          aria-expanded={showMore}
          aria-controls="more-actions"
          onClick={() => setShowMore((v) => !v)}
        >
          <Ellipsis aria-hidden size={18} />
        </button>
      </header>
      {showMore && (
        <div id="more-actions" className="more-actions" role="group" aria-label="More">
          <button
            type="button"
            aria-label="Skills"
            title="Skills: record a skill, open the Skills page"
            aria-expanded={showSkills}
            onClick={() => {
              setShowSkills((v) => !v);
              setShowMore(false);
            }}
          >
            <CircleDot aria-hidden size={16} /> Skills
          </button>
          <TabAudioButton disabled={capture?.state === 'recording'} onProblem={setError} />
          <a href={chrome.runtime.getURL('/home.html')} target="_blank" rel="noopener" aria-label="Home" title="Home">
            <House aria-hidden size={16} /> Home
          </a>
          <button type="button" aria-label="Options" title="Options" onClick={() => void chrome.runtime.openOptionsPage()}>
            <Settings aria-hidden size={16} /> Options
          </button>
        </div>
      )}
      {showHistory && (
        <History
          conversations={conversations}
          current={conversationId}
          onOpen={(id) => {
            void openConversation(id);
            setShowHistory(false);
          }}
          onChanged={() => void refreshList()}
          onDeleted={(id) => {
            if (id === conversationId) void openConversation(null);
          }}
          onRestored={(id, wasOpen) => {
            if (wasOpen) void openConversation(id);
          }}
          onExport={(id) =>
            void (async () => {
              const reply = await ask({ type: 'conversation.export', id });
              if (reply.ok) download(reply.json, reply.filename);
              else setError(reply.error);
            })()
          }
        />
      )}
      {showMemory && <MemoryActions />}
      {showSkills && !recording && (
        <SkillActions
          busy={running !== null}
          onProblem={(message) => setError(message)}
          onStarted={() => {
            setShowSkills(false);
            void ask({ type: 'skill.record.status' }).then((reply) => {
              if (reply.ok) setRecording(reply.recording);
            });
          }}
        />
      )}
      {showFavourites && (
        <Favourites
          busy={running !== null}
          onRun={(task, mode) => {
            setShowFavourites(false);
            turnActions.retry(task, mode);
          }}
          onUse={(task, mode) => {
            setShowFavourites(false);
            setDraft({ task, mode, at: Date.now() });
          }}
        />
      )}
      <main aria-label="Conversation">
        {!tasks.length && <Idle onPick={(task) => setDraft({ task, mode: 'act', at: Date.now() })} />}
        {tasks.map((task) => (
          <Turn key={task.id} task={task} actions={turnActions} />
        ))}
        <SetupLink tasks={tasks} />
        <div ref={bottom} />
      </main>
      <footer>
        <HostQuestions bridge={bridge} />
        {recording && (
          <RecordingBar
            recording={recording}
            onEnded={(said) => {
              setRecording(null);
              setSkillSaved(said);
            }}
          />
        )}
        {skillSaved && !recording && <SkillSaved text={skillSaved} onDismiss={() => setSkillSaved(null)} />}
        {error && (
          <p className="bad" role="alert">
            {error}
          </p>
        )}
        <VoiceBar voice={voice} />
        {capture && <TabAudioCard capture={capture} onText={onTabText} />}
        <TaskBox
          running={running !== null}
          onRun={run}
          onStop={stop}
          draft={draft}
          bridge={bridge}
          voice={<MicButton voice={voice} disabled={false} />}
        />
      </footer>
      <HostLine bridge={bridge} />
      <FeedLine />
      <WatchPage hosted={bridge?.state === 'connected'} />
      <StatusLine status={status} providerFailures={providerFailures(tasks)} />
    </div>
  );
}
