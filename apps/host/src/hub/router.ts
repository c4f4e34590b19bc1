import { BridgeError, CLOSE, HostSessions, type DeviceInfo, type IncomingCall } from '@wayfinder/bridge';
import type { CredentialStore } from '../store/credentials';
import type { DeviceLink, LocalLink } from './links';
import { HubResearch } from './research';
import { HubTasks } from './tasks';

// What the hub does with calls once a connection is in: a local client's call (from
// `wayfinder run`, `wayfinder mcp`) goes to the device it names (or the only one connected),
// and the browser's calls back to the host (`host.request`, `host.dialog`) go to the local
// client that opened the call's session. Sessions the hub opened itself answer here, and
// the browser's requests of the host's own agent (`host.task` …) go to HubTasks.

export type { DeviceLink, LocalLink };

interface Owner {
  local: LocalLink;
  device: string;
  session: string;
}

const keyOf = (device: string, session: string): string => `${device}\n${session}`;

function sessionOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const session: unknown = Reflect.get(value, 'session');
  return typeof session === 'string' ? session : null;
}

export class Router {
  private readonly devices = new Map<string, DeviceLink>();
  private readonly owners = new Map<string, Owner>();
  /** Sessions the hub itself opened (`wayfinder serve` features). */
  readonly sessions = new HostSessions();
  /** The host's agent for browsers (`host.task` …), when the hub was started with one. */
  tasks: HubTasks | null = null;
  /** The host's research for browsers (`feed.*`, `interests.*`, `research.run`, `watch.*`), when the hub was started with it. */
  research: HubResearch | null = null;

  constructor(
    private readonly credentials: CredentialStore,
    private readonly log: (line: string) => void,
    private readonly now: () => number = Date.now,
  ) {}

  connected(): DeviceLink[] {
    return [...this.devices.values()];
  }

  /** A device is in; a connection it had before is closed (the newest wins). */
  addDevice(link: DeviceLink): void {
    const earlier = this.devices.get(link.id);
    this.devices.set(link.id, link);
    this.tasks?.deviceBack(link.id);
    if (earlier) {
      this.dropDevice(earlier);
      earlier.peer.close(CLOSE.replaced, 'replaced by a newer connection from the same browser');
    }
  }

  /** A device's socket closed: its sessions are gone. Only its current connection counts. */
  removeDevice(link: DeviceLink): boolean {
    if (this.devices.get(link.id) !== link) return false;
    this.devices.delete(link.id);
    this.dropDevice(link);
    this.credentials.touch(link.id);
    return true;
  }

  /** A device connection ended (closed or replaced): its sessions are gone, and so is the task the host ran in it. */
  private dropDevice(link: DeviceLink): void {
    this.tasks?.deviceGone(link.id);
    for (const [key, owner] of [...this.owners]) {
      if (owner.device !== link.id) continue;
      this.owners.delete(key);
      owner.local.owned.delete(key);
    }
  }

  /** The hub stops: every device counts as seen now, and later socket closes change nothing. */
  stop(): void {
    for (const link of [...this.devices.values()]) this.removeDevice(link);
  }

  /** A local client went away: the sessions it opened are closed in their browsers. */
  removeLocal(local: LocalLink): void {
    for (const key of local.owned) {
      const owner = this.owners.get(key);
      this.owners.delete(key);
      if (!owner) continue;
      const device = this.devices.get(owner.device);
      device?.peer.call('session.close', {}, { session: owner.session, deadlineMs: 5_000 }).catch(() => undefined);
    }
    local.owned.clear();
  }

  /** Closes a revoked device's live connection; true when there was one. */
  revoke(id: string): boolean {
    const link = this.devices.get(id);
    if (!link) return false;
    this.removeDevice(link);
    link.peer.close(CLOSE.revoked, 'this browser was removed (wayfinder devices revoke)');
    return true;
  }

  /** Every paired device, and whether it is connected now. */
  list(): DeviceInfo[] {
    return this.credentials.list('device').map((c) => ({
      deviceId: c.id,
      label: c.label,
      connected: this.devices.has(c.id),
      pairedAt: c.createdAt,
      lastSeenAt: this.devices.has(c.id) ? this.now() : c.lastUsedAt,
      revoked: c.revokedAt !== null,
    }));
  }

  /** The browser's calls to the host: its agent's, or to the session's owner, or the hub's own sessions. */
  fromDevice(device: DeviceLink): (call: IncomingCall) => Promise<unknown> {
    return async (call) => {
      if (HubTasks.handles(call.method)) {
        if (!this.tasks) throw new BridgeError('no-tasks', 'This hub runs no tasks for browsers; update Wayfinder on the host.', false);
        return this.tasks.handle(device, call);
      }
      if (HubResearch.handles(call.method)) {
        if (!this.research)
          throw new BridgeError(
            'no-research',
            'This host keeps no feed or research (it was started without a store); run wayfinder serve.',
            false,
          );
        return this.research.handle(device, call);
      }
      const owner = call.session ? this.owners.get(keyOf(device.id, call.session)) : undefined;
      if (!owner) return this.sessions.handle(call);
      return owner.local.peer.call(call.method, call.params, { session: call.session, deadlineMs: call.deadlineMs, signal: call.signal });
    };
  }

  /** A local client's calls: the hub's own (`hub.*`), or passed on to a device. */
  fromLocal(local: LocalLink): (call: IncomingCall) => Promise<unknown> {
    return async (call) => {
      if (call.method === 'hub.devices') return this.list();
      if (call.method === 'hub.revoke') return { closed: this.revokeFrom(call.params) };
      const device = this.pick(call.device);
      const value = await device.peer.call(call.method, call.params, {
        deadlineMs: call.deadlineMs,
        session: call.session,
        signal: call.signal,
      });
      if (call.method === 'session.open') {
        const session = sessionOf(value);
        if (session) {
          const key = keyOf(device.id, session);
          this.owners.set(key, { local, device: device.id, session });
          local.owned.add(key);
        }
      } else if (call.method === 'session.close' && call.session) {
        const key = keyOf(device.id, call.session);
        this.owners.delete(key);
        local.owned.delete(key);
      }
      return value;
    };
  }

  private revokeFrom(params: unknown): boolean {
    const id: unknown = typeof params === 'object' && params !== null ? Reflect.get(params, 'deviceId') : undefined;
    if (typeof id !== 'string') throw new BridgeError('bad-params', 'hub.revoke needs { deviceId }.', false);
    // The store is the truth: a revoked token must not keep its connection.
    if (this.credentials.get(id)?.revokedAt === null) this.credentials.revoke(id);
    const closed = this.revoke(id);
    if (closed) this.log(`revoked: closed the connection of device ${id.slice(0, 8)}`);
    return closed;
  }

  /** The device a call names (id, id prefix or label), or the only one connected. */
  pick(name: string | undefined): DeviceLink {
    const all = this.connected();
    const names = all.map((d) => `${d.label} (${d.id.slice(0, 8)})`).join(', ');
    if (!name) {
      const [only, ...more] = all;
      if (only && !more.length) return only;
      if (!only)
        throw new BridgeError(
          'no-device',
          'No browser is connected to the hub. Open Chrome with the Wayfinder extension and connect it to the host in its Options.',
          true,
        );
      throw new BridgeError(
        'no-device',
        `Several browsers are connected (${names}); name one, e.g. --browser extension:${only.label}.`,
        false,
      );
    }
    const wanted = name.toLowerCase();
    const found =
      this.devices.get(name) ??
      all.find((d) => d.label.toLowerCase() === wanted) ??
      (name.length >= 4 ? all.find((d) => d.id.startsWith(name)) : undefined);
    if (found) return found;
    throw new BridgeError(
      'no-device',
      `The browser "${name}" is not connected to the hub${all.length ? `; connected: ${names}` : ' (none is)'}. wayfinder devices list shows the paired ones.`,
      true,
    );
  }
}
