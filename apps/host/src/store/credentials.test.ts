import { describe, expect, it } from 'vitest';
import { openDatabase } from './db';
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
});
