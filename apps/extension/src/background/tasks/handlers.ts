import type { Replies } from '../../lib/messages';
import { checkReachable, testConnection } from '../../lib/models';
import { loadSettings } from '../../lib/settings';
import type { PendingRequests } from '../pending';
import type { Handlers } from '../router';
import type { TaskLauncher } from './launcher';

// The router's answers to the task requests (the side panel): start, stop, pause, go on,
// answer what a task asks; the status line, the page a task would start in, and the
// Options page's checks of the models tasks run with.

export interface TaskParts {
  tasks: Pick<TaskLauncher, 'start' | 'stop' | 'status' | 'pause' | 'resumeTask' | 'isPaused'>;
  pending: Pick<PendingRequests, 'answer'>;
  currentPage: () => Promise<Replies['page.current']>;
}

type TaskType =
  | 'task.start'
  | 'task.stop'
  | 'task.pause'
  | 'task.continue'
  | 'task.answer'
  | 'status.get'
  | 'page.current'
  | 'provider.test'
  | 'provider.reach';

export function taskHandlers({ tasks, pending, currentPage }: TaskParts): Handlers<TaskType> {
  return {
    'task.start': (r) => tasks.start(r),
    'task.stop': async (r) => ({ stopped: await tasks.stop(r.taskId) }),
    'task.pause': (r) => Promise.resolve({ paused: tasks.pause(r.taskId, r.paused) }),
    'task.continue': async (r) => ({ view: await tasks.resumeTask(r.taskId) }),
    'task.answer': (r) => Promise.resolve({ delivered: pending.answer(r.taskId, r.requestId, r.answer) }),
    'status.get': () => tasks.status(),
    'page.current': () => currentPage(),
    'provider.test': async (r) => testConnection(await loadSettings(), r.provider, r.place),
    'provider.reach': async (r) => checkReachable(await loadSettings(), r.provider),
  };
}
