import { statSync } from 'node:fs';
import { BridgeError, CLOSE, linkTo, PROTOCOL_VERSION, RemoteBrowser, type DeviceInfo } from '@wayfinder/bridge';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { connectHub, NO_HUB } from '../src/hub/client';
import { frameText } from '../src/hub/frames';
import { hubFilePath, readHubFile } from '../src/hub/hub-file';
import { answerWith, deviceHello, dial, EXTENSION, OTHER_EXTENSION, pair, startTestHub, type TestHub } from './hub-helpers';

// The hub `wayfinder serve` runs, spoken to over real sockets: fake browsers that send the
// headers Chrome would send (an extension's Origin, a web page's, none), and local clients
// as `wayfinder run` connects. What a person relies on: only their extension, paired with
// the code they typed, gets in; a revoked browser is shut out at once; calls reach the
// browser they named.

let t: TestHub;
beforeEach(async () => {
  t = await startTestHub();
});
afterEach(async () => {
  await t.stop();
});

const refusedWith = (first: Record<string, unknown>, code: string) => expect(first).toMatchObject({ type: 'refused', code });

describe('pairing', () => {
  it('the right code pairs: the welcome carries a token, the store keeps only its hash and the origin', async () => {
    const code = t.codes.at(-1) ?? '';
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const { id, token } = await pair(t, 'Laptop Chrome');
    expect(token).toMatch(/^wfd_/);
    const rows = t.db.prepare('SELECT * FROM credentials').all();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]).toMatchObject({ id, kind: 'device', label: 'Laptop Chrome', origin: EXTENSION });
    // The code was used up: a new one was issued for the next browser.
    expect(t.codes.at(-1)).not.toBe(code);
    expect(t.logs.join('\n')).toMatch(/Paired Laptop Chrome \(.{8}\), the extension at chrome-extension:/);
  });

  it('a wrong code is refused; the code works once; five wrong codes burn it', async () => {
    const code = t.codes.at(-1) ?? '';
    const wrong = await dial(t.hub.url, deviceHello({ pairingCode: 'AAAA-AAAA' }), EXTENSION);
    refusedWith(wrong.first, 'bad-code');
    expect(await wrong.closed).toBe(CLOSE.refused);
    await pair(t, 'First');
    const again = await dial(t.hub.url, deviceHello({ pairingCode: code }), EXTENSION);
    refusedWith(again.first, 'bad-code');
    const current = t.codes.at(-1) ?? '';
    for (let i = 0; i < 5; i++)
      refusedWith((await dial(t.hub.url, deviceHello({ pairingCode: `WRONG${i}` }), EXTENSION)).first, 'bad-code');
    expect(t.codes.at(-1)).not.toBe(current);
    refusedWith((await dial(t.hub.url, deviceHello({ pairingCode: current }), EXTENSION)).first, 'bad-code');
    expect(t.credentials.list('device')).toHaveLength(1);
  });
});

describe('devices coming back', () => {
  it('reconnects with its token; a wrong token is refused', async () => {
    const { id, token, dialled } = await pair(t, 'Laptop Chrome');
    dialled.ws.close();
    await dialled.closed;
    const back = await dial(t.hub.url, deviceHello({ deviceId: id, token }), EXTENSION);
    expect(back.first).toMatchObject({ type: 'welcome', deviceId: id, label: 'Laptop Chrome' });
    expect(back.first.token).toBeUndefined();
    const wrong = await dial(t.hub.url, deviceHello({ deviceId: id, token: `${token}x` }), EXTENSION);
    refusedWith(wrong.first, 'bad-token');
    expect(await wrong.closed).toBe(CLOSE.refused);
    expect(t.logs.join('\n')).toMatch(/refused device "Test Chrome" .*wrong token/);
  });

  it('revoking closes the live connection, and the token no longer gets in', async () => {
    const { id, token, dialled } = await pair(t, 'Laptop Chrome');
    const client = await connectHub(t.home, 'test');
    t.credentials.revoke(id);
    expect(await client.peer.call('hub.revoke', { deviceId: id })).toEqual({ closed: true });
    expect(await dialled.closed).toBe(CLOSE.revoked);
    const back = await dial(t.hub.url, deviceHello({ deviceId: id, token }), EXTENSION);
    refusedWith(back.first, 'revoked');
    expect(await back.closed).toBe(CLOSE.revoked);
    client.close();
  });

  it('a second connection of the same browser replaces the first', async () => {
    const { id, token, dialled } = await pair(t, 'Laptop Chrome');
    const second = await dial(t.hub.url, deviceHello({ deviceId: id, token }), EXTENSION);
    expect(second.first.type).toBe('welcome');
    expect(await dialled.closed).toBe(CLOSE.replaced);
    const client = await connectHub(t.home, 'test');
    const devices = await client.peer.call<DeviceInfo[]>('hub.devices', {});
    expect(devices).toEqual([expect.objectContaining({ deviceId: id, connected: true, revoked: false })]);
    client.close();
  });
});

describe('who may connect as a browser', () => {
  it('a web page (http Origin) is refused and logged, even with the right code', async () => {
    const page = await dial(t.hub.url, deviceHello({ pairingCode: t.codes.at(-1) }), 'http://evil.example');
    refusedWith(page.first, 'origin');
    expect(await page.closed).toBe(CLOSE.refused);
    expect(t.logs.at(-1)).toMatch(/^\d\d:\d\d:\d\d refused device "Test Chrome" \(127\.0\.0\.1 from http:\/\/evil\.example\): a web page/);
    expect(t.credentials.list('device')).toEqual([]);
  });

  it('no Origin is refused for a device', async () => {
    const bare = await dial(t.hub.url, deviceHello({ pairingCode: t.codes.at(-1) }));
    refusedWith(bare.first, 'origin');
    expect(t.logs.at(-1)).toMatch(/no Origin header/);
  });

  it('another extension with a valid token is refused: the token is bound to the origin it was issued to', async () => {
    const { id, token } = await pair(t, 'Laptop Chrome');
    const thief = await dial(t.hub.url, deviceHello({ deviceId: id, token }), OTHER_EXTENSION);
    refusedWith(thief.first, 'origin');
    expect(t.logs.at(-1)).toContain(`sent from ${OTHER_EXTENSION}`);
  });

  it('a Host header that is not this hub (DNS rebinding) is refused before the upgrade', async () => {
    const ws = new WebSocket(t.hub.url, { headers: { host: `evil.example:${t.hub.port}` }, origin: EXTENSION });
    ws.on('error', () => undefined);
    const status = await new Promise<number>((resolve) =>
      ws.once('unexpected-response', (req, res) => {
        req.destroy();
        resolve(res.statusCode ?? 0);
      }),
    );
    expect(status).toBe(403);
    expect(t.logs.at(-1)).toMatch(/Host header "evil\.example:\d+" is not this hub's/);
  });

  it('a hello that does not come in time is refused', async () => {
    const ws = new WebSocket(t.hub.url, { origin: EXTENSION });
    const first = await new Promise<string>((resolve) => ws.once('message', (data) => resolve(frameText(data))));
    expect(JSON.parse(first)).toMatchObject({ type: 'refused', code: 'malformed' });
  });
});

describe('local clients', () => {
  const localHello = (token: string) => ({ type: 'hello', role: 'local', protocolVersion: PROTOCOL_VERSION, token, label: 'intruder' });

  it('hub.json is readable by the person only and names the secret; without it, or with a wrong one, a local client is refused', async () => {
    expect(statSync(hubFilePath(t.home)).mode & 0o777).toBe(0o600);
    const file = readHubFile(t.home);
    expect(file).toMatchObject({ port: t.hub.port, pid: process.pid });
    refusedWith((await dial(t.hub.url, localHello('not-the-secret'))).first, 'bad-token');
    refusedWith((await dial(t.hub.url, localHello(''))).first, 'bad-token');
    // A web page that read the secret somehow still sends its Origin.
    refusedWith((await dial(t.hub.url, localHello(file?.secret ?? ''), 'http://evil.example')).first, 'origin');
  });

  it('with no hub running, says to start wayfinder serve', async () => {
    await t.hub.close();
    await expect(connectHub(t.home)).rejects.toThrow(NO_HUB);
  });

  it('hub.devices lists the paired browsers and which are connected', async () => {
    const one = await pair(t, 'Work Chrome');
    const two = await pair(t, 'Home Chrome');
    two.dialled.ws.close();
    await two.dialled.closed;
    const client = await connectHub(t.home, 'test');
    const devices = await client.peer.call<DeviceInfo[]>('hub.devices', {});
    expect(devices.map((d) => [d.label, d.connected])).toEqual([
      ['Work Chrome', true],
      ['Home Chrome', false],
    ]);
    expect(devices[0]?.deviceId).toBe(one.id);
    client.close();
  });

  it('a call goes to the browser it names; with two connected and none named, it says which there are', async () => {
    const work = await pair(t, 'Work Chrome');
    const home = await pair(t, 'Home Chrome');
    answerWith(work.dialled, (call) => Promise.resolve({ from: 'work', method: call.method }));
    answerWith(home.dialled, (call) => Promise.resolve({ from: 'home', method: call.method }));
    const client = await connectHub(t.home, 'test');
    expect(await client.peer.call('browser.tabs', {}, { device: 'Home Chrome' })).toEqual({ from: 'home', method: 'browser.tabs' });
    expect(await client.peer.call('browser.tabs', {}, { device: work.id.slice(0, 8) })).toEqual({ from: 'work', method: 'browser.tabs' });
    const unnamed = await client.peer.call('browser.tabs', {}).catch((error: unknown) => error);
    expect(BridgeError.isInstance(unnamed) && unnamed.code).toBe('no-device');
    expect(String(unnamed)).toMatch(/Several browsers are connected \(Work Chrome \(.{8}\), Home Chrome \(.{8}\)\)/);
    const missing = await client.peer.call('browser.tabs', {}, { device: 'Phone' }).catch((error: unknown) => error);
    expect(BridgeError.isInstance(missing) && missing.code).toBe('no-device');
    client.close();
  });

  it('a call to a browser that disconnects mid-call fails as disconnected', async () => {
    const { dialled } = await pair(t, 'Laptop Chrome');
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => (started = resolve));
    answerWith(dialled, () => {
      started();
      return new Promise(() => undefined);
    });
    const client = await connectHub(t.home, 'test');
    const call = client.peer.call('tab.snapshot', { tab: '1', args: [] }).catch((error: unknown) => error);
    await running;
    dialled.ws.terminate();
    const error = await call;
    expect(BridgeError.isInstance(error) && error.code).toBe('disconnected');
    client.close();
  });

  it("the browser's calls to the host go to the client that opened the session; its sessions close when it leaves", async () => {
    const { dialled } = await pair(t, 'Laptop Chrome');
    const closedSessions: string[] = [];
    const device = answerWith(dialled, (call) => {
      if (call.method === 'session.open') return Promise.resolve({ session: 's1', tab: 't1' });
      if (call.method === 'session.close') closedSessions.push(call.session ?? '');
      return Promise.resolve(null);
    });
    const client = await connectHub(t.home, 'test');
    const remote = await RemoteBrowser.open(linkTo(client.peer), client.sessions, 'wayfinder run');
    expect(remote.session).toBe('s1');
    const asked: string[] = [];
    await remote.setRequestGuard((request) => {
      asked.push(request.url);
      return Promise.resolve({ allow: false, reason: 'not on the list' });
    });
    const request = {
      tabId: 't1',
      url: 'https://shop.example/pay',
      method: 'POST',
      resourceType: 'Document',
      navigation: true,
      topFrame: true,
    };
    expect(await device.call('host.request', { request }, { session: 's1' })).toEqual({ allow: false, reason: 'not on the list' });
    expect(asked).toEqual(['https://shop.example/pay']);
    const unknown = await device.call('host.request', {}, { session: 's2' }).catch((error: unknown) => error);
    expect(BridgeError.isInstance(unknown) && unknown.code).toBe('no-session');
    client.close();
    await expect.poll(() => closedSessions).toEqual(['s1']);
  });
});
