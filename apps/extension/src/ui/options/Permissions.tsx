import { useCallback, useEffect, useState } from 'react';
import {
  OPTIONAL_PERMISSIONS,
  hasPermission,
  refusedPermission,
  releasePermission,
  requestPermission,
  type OptionalPermission,
} from '../../lib/permissions';
import { historySharingOff } from '../../lib/research-settings';

// Options › Permissions: the optional permissions (lib/permissions.ts), each with what it is
// for, whether Chrome has given it, and a button to give it or take it back. The features
// ask for theirs when turned on; this is the one place to see and change all of them. It
// follows Chrome: a permission taken back at chrome://extensions shows here at once.

type Granted = Partial<Record<OptionalPermission, boolean>>;

/**
 * Which optional permissions Chrome has given, following Chrome's add and remove events
 * (undefined until first read), and `refresh` to read them again after a change made here.
 */
export function useGrantedPermissions(): { granted: Granted; refresh: () => void } {
  const [granted, setGranted] = useState<Granted>({});
  const refresh = useCallback(
    () =>
      void Promise.all(OPTIONAL_PERMISSIONS.map(async (p) => [p.permission, await hasPermission(p.permission)] as const)).then((pairs) =>
        setGranted(Object.fromEntries(pairs)),
      ),
    [],
  );

  useEffect(() => {
    refresh();
    chrome.permissions.onAdded.addListener(refresh);
    chrome.permissions.onRemoved.addListener(refresh);
    return () => {
      chrome.permissions.onAdded.removeListener(refresh);
      chrome.permissions.onRemoved.removeListener(refresh);
    };
  }, [refresh]);
  return { granted, refresh };
}

export function PermissionsSection() {
  const { granted, refresh } = useGrantedPermissions();
  const [problem, setProblem] = useState<string | null>(null);

  const change = async (permission: OptionalPermission, give: boolean) => {
    // Chrome's prompt needs the click's gesture: ask before anything else is awaited.
    const done = give ? await requestPermission(permission) : await releasePermission(permission);
    if (!give && done && permission === 'history') await historySharingOff();
    setProblem(give && !done ? refusedPermission(permission) : null);
    refresh();
  };

  return (
    <section id="permissions" aria-labelledby="permissions-heading">
      <h2 id="permissions-heading">Permissions</h2>
      <p className="muted">
        Chrome gives Wayfinder these only when you allow them; each feature asks for its own when you turn it on.{' '}
        <a href={chrome.runtime.getURL('/welcome.html#permissions')}>All permissions and what they are for</a>.
      </p>
      <ul className="permission-list">
        {OPTIONAL_PERMISSIONS.map(({ permission, name, why }) => {
          const on = granted[permission];
          return (
            <li key={permission}>
              <span>
                <strong>{name}</strong>: {why}.{' '}
                <span className={on ? 'ok' : 'muted'} data-permission={permission}>
                  {on === undefined ? '' : on ? 'Allowed.' : 'Not allowed.'}
                </span>
              </span>
              {on !== undefined && (
                <button type="button" onClick={() => void change(permission, !on)} aria-label={`${on ? 'Take back' : 'Allow'} ${name}`}>
                  {on ? 'Take back' : 'Allow'}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {problem && (
        <p className="bad" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
