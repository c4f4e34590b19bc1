import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';

// Tokens the host hands out: the MCP server's bearer token and each paired browser's device
// token. A token is shown once, when issued; the file keeps its SHA-256 only, so a copy of
// the data file opens nothing. Revoked tokens stay listed (when, and what they were for).

export type CredentialKind = 'mcp' | 'device';

export interface Credential {
  id: string;
  kind: CredentialKind;
  label: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
  /** Device tokens: the origin the token was issued to, the only one it is good from. */
  origin: string | null;
}

const hashOf = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

function rowToCredential(row: Record<string, unknown>): Credential {
  const kind = row.kind === 'device' ? 'device' : 'mcp';
  const num = (v: unknown): number | null => (typeof v === 'number' || typeof v === 'bigint' ? Number(v) : null);
  return {
    id: String(row.id),
    kind,
    label: String(row.label),
    createdAt: num(row.created_at) ?? 0,
    lastUsedAt: num(row.last_used_at),
    revokedAt: num(row.revoked_at),
    origin: typeof row.origin === 'string' ? row.origin : null,
  };
}

export class CredentialStore {
  constructor(
    private readonly db: DatabaseSync,
    private readonly now: () => number = Date.now,
  ) {}

  /** A new token for `kind`; the token itself is returned this once and never stored. */
  issue(kind: CredentialKind, label: string, options: { origin?: string } = {}): { credential: Credential; token: string } {
    const token = `wf${kind === 'mcp' ? 'm' : 'd'}_${randomBytes(32).toString('base64url')}`;
    const id = randomUUID();
    this.db
      .prepare('INSERT INTO credentials (id, kind, label, hash, created_at, origin) VALUES (?, ?, ?, ?, ?, ?)')
      .run(id, kind, label, hashOf(token), this.now(), options.origin ?? null);
    const credential = this.get(id);
    if (!credential) throw new Error('The credential just issued could not be read back.');
    return { credential, token };
  }

  /** The live credential this token belongs to (its use noted), or null: unknown, revoked, or of another kind. */
  verify(kind: CredentialKind, token: string): Credential | null {
    if (!token) return null;
    const row = this.db.prepare('SELECT * FROM credentials WHERE hash = ? AND kind = ? AND revoked_at IS NULL').get(hashOf(token), kind);
    if (!row) return null;
    this.db.prepare('UPDATE credentials SET last_used_at = ? WHERE id = ?').run(this.now(), String(row.id));
    return rowToCredential({ ...row, last_used_at: this.now() });
  }

  get(id: string): Credential | null {
    const row = this.db.prepare('SELECT * FROM credentials WHERE id = ?').get(id);
    return row ? rowToCredential(row) : null;
  }

  /** Oldest first; revoked ones too unless `live`. */
  list(kind: CredentialKind, { live = false }: { live?: boolean } = {}): Credential[] {
    return this.db
      .prepare(`SELECT * FROM credentials WHERE kind = ? ${live ? 'AND revoked_at IS NULL' : ''} ORDER BY created_at, rowid`)
      .all(kind)
      .map(rowToCredential);
  }

  /** Notes that a credential was in use now (a device seen until it disconnected). */
  touch(id: string): void {
    this.db.prepare('UPDATE credentials SET last_used_at = ? WHERE id = ?').run(this.now(), id);
  }

  rename(id: string, label: string): boolean {
    return Number(this.db.prepare('UPDATE credentials SET label = ? WHERE id = ?').run(label, id).changes) > 0;
  }

  /** Revokes one credential; false when there was no live one with that id. */
  revoke(id: string): boolean {
    return (
      Number(this.db.prepare('UPDATE credentials SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(this.now(), id).changes) > 0
    );
  }

  /** Revokes every live credential of a kind (a new MCP token replaces the old). */
  revokeAll(kind: CredentialKind): number {
    return Number(
      this.db.prepare('UPDATE credentials SET revoked_at = ? WHERE kind = ? AND revoked_at IS NULL').run(this.now(), kind).changes,
    );
  }
}
