import { describe, expect, it } from 'vitest';
import { DatabaseSync } from 'node:sqlite';
import { migrate, openDatabase } from './db';
import { MIGRATIONS } from './schema';
import { CredentialStore } from './credentials';

describe('credentials', () => {
  it('keeps only a hash: the token opens its own kind until revoked, and nothing else', () => {
    const db = openDatabase(':memory:');
    let now = 1_000;
    const store = new CredentialStore(db, () => now);
    const { credential, token } = store.issue('mcp', 'wayfinder mcp --http');
    expect(token).toMatch(/^wfm_[A-Za-z0-9_-]{43}$/);
    const stored = db.prepare('SELECT * FROM credentials').all();
    expect(JSON.stringify(stored)).not.toContain(token);
    now = 2_000;
    expect(store.verify('mcp', token)).toMatchObject({ id: credential.id, lastUsedAt: 2_000 });
    expect(store.verify('device', token)).toBeNull();
    expect(store.verify('mcp', `${token}x`)).toBeNull();
    expect(store.verify('mcp', '')).toBeNull();
    const device = store.issue('device', 'Laptop Chrome');
    expect(store.rename(device.credential.id, 'Work laptop')).toBe(true);
    expect(store.list('device').map((c) => c.label)).toEqual(['Work laptop']);
    expect(store.revokeAll('mcp')).toBe(1);
    expect(store.verify('mcp', token)).toBeNull();
    expect(store.revoke(credential.id)).toBe(false);
    expect(store.list('mcp', { live: true })).toEqual([]);
    expect(store.list('mcp')).toHaveLength(1);
    expect(store.verify('device', device.token)).not.toBeNull();
    db.close();
  });

  it('a device token keeps the origin it was issued to; a file from before origins were kept gains the column', () => {
    const db = openDatabase(':memory:');
    const store = new CredentialStore(db);
    const origin = `chrome-extension://${'a'.repeat(32)}`;
    const { credential, token } = store.issue('device', 'Laptop Chrome', { origin });
    expect(credential.origin).toBe(origin);
    expect(store.verify('device', token)?.origin).toBe(origin);
    expect(store.issue('mcp', 'wayfinder mcp --http').credential.origin).toBeNull();
    db.close();
    const old = new DatabaseSync(':memory:');
    migrate(old, MIGRATIONS.slice(0, 3));
    old.prepare("INSERT INTO credentials (id, kind, label, hash, created_at) VALUES ('d1', 'device', 'Old', 'h', 1)").run();
    migrate(old);
    expect(new CredentialStore(old).get('d1')).toMatchObject({ label: 'Old', origin: null });
    old.close();
  });
});
