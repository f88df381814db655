import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { isLoopbackName, loopbackHostsOnly } from './loopback-hosts.ts';

describe('loopbackHostsOnly', () => {
  const app = new Hono();
  app.use('*', loopbackHostsOnly(['lumen.tunnel.example']));
  app.get('/_dev/mail.json', (c) => c.json({ messages: ['reset link'] }));

  it('refuses a rebound name with 403, reading nothing', async () => {
    for (const host of ['rebind.evil.example', 'localhost.evil.example', '127.0.0.1.nip.io', '10.0.0.5']) {
      const response = await app.request(`http://${host}/_dev/mail.json`);
      expect(response.status, host).toBe(403);
      expect(await response.json(), host).toMatchObject({ code: 'host_not_allowed' });
    }
  });

  it('answers loopback names and the configured ones', async () => {
    for (const host of ['localhost:54321', '127.0.0.1:54321', '127.1.2.3', '[::1]:54321', 'app.localhost', 'lumen.tunnel.example']) {
      const response = await app.request(`http://${host}/_dev/mail.json`);
      expect(response.status, host).toBe(200);
    }
  });

  it('knows a loopback name from a look-alike', () => {
    expect(isLoopbackName('localhost')).toBe(true);
    expect(isLoopbackName('evillocalhost')).toBe(false);
    expect(isLoopbackName('127.0.0.1.evil.example')).toBe(false);
    expect(isLoopbackName('128.0.0.1')).toBe(false);
  });
});
