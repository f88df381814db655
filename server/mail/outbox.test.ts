import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts';

let backend: TestBackend;
beforeAll(async () => {
  backend = await createTestBackend();
});
afterAll(() => backend.close());

it('stores mail in the database and lists it newest first at /_dev/mail.json', async () => {
  await backend.ctx.mail.send({ to: 'One@Example.test', subject: 'first', text: 'a', links: ['http://x/1'] });
  await backend.ctx.mail.send({ to: 'two@example.test', subject: 'second', text: 'b', html: '<p>b</p>' });
  const all = (await (await backend.fetch('http://localhost:54321/_dev/mail.json')).json()) as { subject: string }[];
  expect(all.slice(0, 2).map((mail) => mail.subject)).toEqual(['second', 'first']);
  const mine = await backend.ctx.mail.list({ to: 'one@example.test' });
  expect(mine).toHaveLength(1);
  expect(mine[0]).toMatchObject({ to: 'One@Example.test', subject: 'first', text: 'a', html: null, links: ['http://x/1'] });
  expect(typeof mine[0].created_at).toBe('string');
});

it('serves CORS preflights on every API prefix', async () => {
  for (const prefix of ['/auth/v1', '/rest/v1', '/storage/v1', '/functions/v1']) {
    const response = await backend.fetch(`http://localhost:54321${prefix}/anything`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET' },
    });
    expect(response.status, prefix).toBe(204);
  }
});
