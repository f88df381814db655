import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { admissionGate, admissionKey, databaseWorkDone, FairAdmission, type Entry, type Release } from './admission.ts';
import { signJwt } from './jwt.ts';
import { devKeys } from './keys.ts';

/** Lets every promise callback that is already due run (no timers involved). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The release of an entry let in at once; fails the test otherwise. */
function admittedNow(entry: Entry): Release {
  if (entry.state !== 'admitted') throw new Error(`expected to be let in at once, was ${entry.state}`);
  return entry.release;
}

/** Queues `label` for `key`; once let in, its label goes to `order` and its release to `releases`. */
function queue(line: FairAdmission, key: string, label: string, order: string[], releases: Map<string, Release>): Entry {
  const entry = line.enter(key);
  if (entry.state !== 'queued') throw new Error(`expected ${label} to wait, was ${entry.state}`);
  void entry.admitted.then(
    (release) => {
      order.push(label);
      releases.set(label, release);
    },
    () => undefined,
  );
  return entry;
}

/** Releases `label`'s slot and lets the next waiter in. */
async function finish(label: string, releases: Map<string, Release>): Promise<void> {
  const release = releases.get(label);
  if (!release) throw new Error(`${label} was never let in`);
  release();
  await settle();
}

describe('FairAdmission', () => {
  it('lets another client’s one request in before the rest of a client’s ten queued ones', async () => {
    const line = new FairAdmission({ concurrency: 2, perClientQueue: 16, totalQueue: 64 });
    const releases = new Map<string, Release>([['a0', admittedNow(line.enter('a'))], ['a1', admittedNow(line.enter('a'))]]);
    const order: string[] = [];
    for (let i = 2; i < 12; i++) queue(line, 'a', `a${i}`, order, releases);
    queue(line, 'b', 'b0', order, releases);
    expect(line.waiting).toBe(11);

    await finish('a0', releases);
    expect(order).toEqual(['b0']);
    // Then a's requests, oldest first, while b has none waiting.
    await finish('a1', releases);
    await finish('b0', releases);
    expect(order).toEqual(['b0', 'a2', 'a3']);
  });

  it('alternates between two clients that both keep requests waiting', async () => {
    const line = new FairAdmission({ concurrency: 1 });
    const releases = new Map<string, Release>([['x', admittedNow(line.enter('c'))]]);
    const order: string[] = [];
    for (let i = 0; i < 3; i++) queue(line, 'a', `a${i}`, order, releases);
    for (let i = 0; i < 3; i++) queue(line, 'b', `b${i}`, order, releases);
    await finish('x', releases);
    for (const label of ['a0', 'b0', 'a1', 'b1', 'a2']) await finish(label, releases);
    expect(order).toEqual(['a0', 'b0', 'a1', 'b1', 'a2', 'b2']);
    expect(line.waiting).toBe(0);
  });

  it('refuses past a client’s queue cap and past the total cap, and only those', () => {
    const line = new FairAdmission({ concurrency: 1, perClientQueue: 2, totalQueue: 3 });
    admittedNow(line.enter('a'));
    expect(line.enter('a').state).toBe('queued');
    expect(line.enter('a').state).toBe('queued');
    expect(line.enter('a')).toEqual({ state: 'refused', refusal: 'client-queue-full' });
    expect(line.enter('b').state).toBe('queued');
    expect(line.enter('c')).toEqual({ state: 'refused', refusal: 'queue-full' });
    // A client at its own cap hears about its own queue first.
    expect(line.enter('a')).toEqual({ state: 'refused', refusal: 'client-queue-full' });
    expect({ active: line.active, waiting: line.waiting, a: line.waitingFor('a') }).toEqual({ active: 1, waiting: 3, a: 2 });
  });

  it('takes a waiter that leaves out of the line: it is never let in and frees its place', async () => {
    const line = new FairAdmission({ concurrency: 1, perClientQueue: 2, totalQueue: 8 });
    const first = admittedNow(line.enter('a'));
    const order: string[] = [];
    const releases = new Map<string, Release>();
    const leaving = queue(line, 'a', 'a1', order, releases);
    queue(line, 'a', 'a2', order, releases);
    expect(line.enter('a').state).toBe('refused');
    if (leaving.state !== 'queued') throw new Error('unreachable');
    leaving.leave();
    await expect(leaving.admitted).rejects.toMatchObject({ name: 'AbortError' });
    expect(line.waitingFor('a')).toBe(1);
    // Its place is free again.
    queue(line, 'a', 'a3', order, releases);
    first();
    await settle();
    expect(order).toEqual(['a2']);
    await finish('a2', releases);
    expect(order).toEqual(['a2', 'a3']);
  });

  it('counts a release once, however often it is called', async () => {
    const line = new FairAdmission({ concurrency: 1 });
    const release = admittedNow(line.enter('a'));
    const order: string[] = [];
    const releases = new Map<string, Release>();
    queue(line, 'b', 'b0', order, releases);
    queue(line, 'b', 'b1', order, releases);
    release();
    release();
    await settle();
    expect(order).toEqual(['b0']);
    expect(line.active).toBe(1);
  });
});

describe('admissionGate', () => {
  function appWith(line: FairAdmission, handler: () => Promise<Response>): Hono {
    const app = new Hono();
    app.use('/rest/v1/*', admissionGate(line, '/rest/v1', { keys: devKeys }));
    app.get('/rest/v1/thing', () => handler());
    app.onError(() => new Response('failed', { status: 500 }));
    return app;
  }

  it('gives the slot back when the handler throws', async () => {
    const line = new FairAdmission({ concurrency: 1 });
    const app = appWith(line, () => Promise.reject(new Error('boom')));
    expect((await app.request('/rest/v1/thing')).status).toBe(500);
    expect((await app.request('/rest/v1/thing')).status).toBe(500);
    expect(line.active).toBe(0);
  });

  it('drops a waiting request whose client aborts, and answers the next one', async () => {
    const line = new FairAdmission({ concurrency: 1, perClientQueue: 1 });
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const app = appWith(line, async () => {
      await gate;
      return new Response('ok');
    });
    const holding = app.request('/rest/v1/thing');
    await settle();
    const controller = new AbortController();
    const abandoned = app.request(new Request('http://localhost/rest/v1/thing', { signal: controller.signal }));
    await settle();
    expect(line.waiting).toBe(1);
    controller.abort();
    await abandoned;
    expect(line.waiting).toBe(0);
    // The client's one queue place is free again.
    const next = app.request('/rest/v1/thing');
    await settle();
    expect(line.waiting).toBe(1);
    open();
    expect((await holding).status).toBe(200);
    expect((await next).status).toBe(200);
    expect(line.active).toBe(0);
  });

  it('lets the next request in once the first says its database work is done, while it still builds its answer', async () => {
    const line = new FairAdmission({ concurrency: 1 });
    let finishAnswer: () => void = () => undefined;
    const answerBuilt = new Promise<void>((resolve) => (finishAnswer = resolve));
    const app = new Hono();
    app.use('/rest/v1/*', admissionGate(line, '/rest/v1', { keys: devKeys }));
    app.get('/rest/v1/slow', async (c) => {
      databaseWorkDone(c);
      await answerBuilt;
      return new Response('slow');
    });
    app.get('/rest/v1/quick', () => new Response('quick'));
    const slow = app.request('/rest/v1/slow');
    await settle();
    expect(line.active).toBe(0);
    // The slot is free: the next request runs to the end while the first is still on its answer.
    expect(await (await app.request('/rest/v1/quick')).text()).toBe('quick');
    finishAnswer();
    expect(await (await slow).text()).toBe('slow');
    // Given back once only: the gate's own release at the end changes nothing.
    expect(line.active).toBe(0);
    expect(line.waiting).toBe(0);
  });
});

describe('admissionKey', () => {
  const keyFor = async (headers: Record<string, string>) => {
    const app = new Hono();
    app.get('/', async (c) => c.text(await admissionKey(c, devKeys, 'x-real-ip')));
    return (await app.request('/', { headers })).text();
  };

  it('is the user’s id for a user token, the address for the anon or service key or a forged token', async () => {
    const token = await signJwt({ sub: 'user-1', role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 60 }, devKeys.jwtSecret);
    expect(await keyFor({ apikey: devKeys.anonKey, authorization: `Bearer ${token}` })).toBe('user:user-1');
    expect(await keyFor({ apikey: devKeys.publishableKey, authorization: `Bearer ${devKeys.publishableKey}` })).toBe('address:local');
    expect(await keyFor({ apikey: devKeys.secretKey, 'x-real-ip': '203.0.113.9' })).toBe('address:203.0.113.9');
    const forged = await signJwt({ sub: 'user-1', role: 'authenticated' }, 'another-secret-that-is-at-least-32-characters');
    expect(await keyFor({ authorization: `Bearer ${forged}` })).toBe('address:local');
  });
});
