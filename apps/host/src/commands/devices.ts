import type { DeviceInfo } from '@wayfinder/bridge';
import { parseArgs, UsageError } from '../args';
import { HubError, StoreError } from '../errors';
import { connectHub } from '../hub/client';
import { printable, type Io } from '../io';
import { CredentialStore, type Credential } from '../store/credentials';
import { databasePath, openDatabase, wayfinderHome } from '../store/db';
import { formatDate } from './format';

// wayfinder devices: the browsers paired with `wayfinder serve`. The data file says which
// are paired and revoked; the running hub (asked as a local client) says which are
// connected now, and closes a revoked one's connection at once.

export const DEVICES_HELP = `Usage: wayfinder devices <list|rename|revoke> …

The browsers connected to this host with wayfinder serve (each paired once with a code).

  wayfinder devices list [--json]
  wayfinder devices rename DEVICE "<new label>"
  wayfinder devices revoke DEVICE      removes it: its connection closes now, and it must
                                       be paired again to come back

DEVICE is a device's label, its id, or the start of its id (as list shows).

Exit status: 0 on success, 1 when the device is not found, 2 for a usage error.`;

function hubDevices(home: string): Promise<DeviceInfo[] | null> {
  return connectHub(home, 'wayfinder devices')
    .then(async (client) => {
      try {
        return await client.peer.call<DeviceInfo[]>('hub.devices', {}, { deadlineMs: 5_000 });
      } finally {
        client.close();
      }
    })
    .catch((error: unknown) => {
      if (HubError.isInstance(error)) return null;
      throw error;
    });
}

/** The one device `name` means: an exact id, one label (any case), or one id prefix. */
function resolve(all: Credential[], name: string): Credential | string {
  const byId = all.find((c) => c.id === name);
  if (byId) return byId;
  const wanted = name.toLowerCase();
  const live = (list: Credential[]) => (list.length > 1 ? list.filter((c) => c.revokedAt === null) : list);
  const byLabel = live(all.filter((c) => c.label.toLowerCase() === wanted));
  const matches = byLabel.length ? byLabel : name.length >= 4 ? live(all.filter((c) => c.id.startsWith(name))) : [];
  const [only, ...more] = matches;
  if (only && !more.length) return only;
  if (only) return `"${name}" could mean ${matches.map((c) => `${c.label} (${c.id.slice(0, 8)})`).join(', ')}; give the id.`;
  return `no device is called "${name}"; wayfinder devices list shows them.`;
}

export async function devicesCommand(argv: string[], io: Io): Promise<number> {
  const [sub, ...rest] = argv;
  if (!sub || sub === '--help' || sub === '-h' || sub === 'help' || rest.includes('--help')) {
    io.stdout.write(`${DEVICES_HELP}\n`);
    return sub ? 0 : 2;
  }
  if (!['list', 'rename', 'revoke'].includes(sub))
    throw new UsageError(`wayfinder devices: unknown command "${sub}". Commands: list, rename, revoke. Try wayfinder devices --help.`);
  const args = parseArgs(rest, sub === 'list' ? { json: { flag: true } } : {}, `devices ${sub}`);
  const wanted = { list: 0, rename: 2, revoke: 1 }[sub] ?? 0;
  if (args.positionals.length !== wanted)
    throw new UsageError(
      sub === 'list'
        ? 'wayfinder devices list: takes no arguments.'
        : `wayfinder devices ${sub}: usage: wayfinder devices ${sub} DEVICE${sub === 'rename' ? ' "<new label>"' : ''}.`,
    );
  const home = wayfinderHome(io.env);
  let db;
  try {
    db = openDatabase(databasePath(io.env));
  } catch (error) {
    if (!StoreError.isInstance(error)) throw error;
    io.stderr.write(`wayfinder devices: ${error.message}\n`);
    return 1;
  }
  try {
    const store = new CredentialStore(db);
    const all = store.list('device');
    if (sub === 'list') {
      const live = await hubDevices(home);
      const connected = new Set(live?.filter((d) => d.connected).map((d) => d.deviceId));
      if (args.flags.has('json')) {
        const devices = all.map((c) => ({
          deviceId: c.id,
          label: c.label,
          connected: live ? connected.has(c.id) : null,
          pairedAt: c.createdAt,
          lastSeenAt: live?.find((d) => d.deviceId === c.id)?.lastSeenAt ?? c.lastUsedAt,
          revoked: c.revokedAt !== null,
        }));
        io.stdout.write(`${JSON.stringify({ hubRunning: live !== null, devices })}\n`);
        return 0;
      }
      if (!all.length) {
        io.stdout.write(
          "No browsers are paired yet: start wayfinder serve and enter its code in Wayfinder's Options → Connect to the host.\n",
        );
        return 0;
      }
      for (const c of all) {
        const state = c.revokedAt !== null ? 'revoked' : !live ? 'hub not running' : connected.has(c.id) ? 'connected' : 'not connected';
        const seen = connected.has(c.id) ? 'now' : c.lastUsedAt ? formatDate(c.lastUsedAt) : 'never';
        io.stdout.write(printable(`${c.label}  ${c.id.slice(0, 8)}  paired ${formatDate(c.createdAt)}  last seen ${seen}  ${state}\n`));
      }
      return 0;
    }
    const found = resolve(all, args.positionals[0] ?? '');
    if (typeof found === 'string') {
      io.stderr.write(`wayfinder devices ${sub}: ${printable(found)}\n`);
      return 1;
    }
    if (sub === 'rename') {
      const label = (args.positionals[1] ?? '').trim();
      if (!label || label.length > 100) throw new UsageError('wayfinder devices rename: the new label must be 1 to 100 characters.');
      store.rename(found.id, label);
      io.stdout.write(printable(`Renamed ${found.label} (${found.id.slice(0, 8)}) to ${label}.\n`));
      return 0;
    }
    const revoked = store.revoke(found.id);
    let closed = false;
    const client = await connectHub(home, 'wayfinder devices').catch(() => null);
    if (client) {
      try {
        closed = (await client.peer.call<{ closed: boolean }>('hub.revoke', { deviceId: found.id }, { deadlineMs: 5_000 })).closed;
      } finally {
        client.close();
      }
    }
    io.stdout.write(
      printable(
        `${revoked ? 'Revoked' : 'Already revoked:'} ${found.label} (${found.id.slice(0, 8)})${closed ? '; its connection was closed' : ''}. To use it again, pair it anew with a code from wayfinder serve.\n`,
      ),
    );
    return 0;
  } finally {
    db.close();
  }
}
