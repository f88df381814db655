import { afterEach, describe, expect, it, vi } from 'vitest';
import { logRefusal, webhookRefusal } from './webhook-secret.ts';

const SECRET = 'a-shared-secret-of-some-length';
const request = (headers: Record<string, string> = {}) => new Request('http://localhost/order-confirmation', { method: 'POST', headers });

describe('webhookRefusal', () => {
  it('lets through only the exact secret in x-webhook-secret', async () => {
    expect(await webhookRefusal(request({ 'x-webhook-secret': SECRET }), SECRET)).toBeNull();
    expect(await webhookRefusal(request({ 'X-Webhook-Secret': SECRET }), SECRET)).toBeNull();
  });

  it('refuses a missing, empty or different secret, whatever its length', async () => {
    expect(await webhookRefusal(request(), SECRET)).toBe('missing');
    expect(await webhookRefusal(request({ 'x-webhook-secret': '' }), SECRET)).toBe('missing');
    for (const wrong of [`${SECRET}x`, SECRET.slice(0, -1), SECRET.toUpperCase(), `${SECRET.slice(0, -1)}X`, 'x'.repeat(10_000)]) {
      expect(await webhookRefusal(request({ 'x-webhook-secret': wrong }), SECRET), wrong.slice(0, 40)).toBe('wrong');
    }
    // Another credential is no substitute.
    expect(await webhookRefusal(request({ Authorization: `Bearer ${SECRET}` }), SECRET)).toBe('missing');
  });

  it('refuses everything when the function has no secret to compare with', async () => {
    expect(await webhookRefusal(request({ 'x-webhook-secret': SECRET }), undefined)).toBe('not-configured');
    expect(await webhookRefusal(request({ 'x-webhook-secret': '' }), '')).toBe('not-configured');
  });
});

describe('logRefusal', () => {
  afterEach(() => vi.restoreAllMocks());

  it('names the fix, and says each reason at most once a minute', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const start = 1_000_000_000;
    logRefusal('missing', start);
    logRefusal('wrong', start + 1);
    logRefusal('missing', start + 2);
    logRefusal('wrong', start + 3);
    logRefusal('missing', start + 59_999);
    logRefusal('not-configured', start + 60_000);
    logRefusal('missing', start + 60_000);
    const lines = errors.mock.calls.map((args) => String(args[0]));
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain("select vault.create_secret('<the value of ORDER_WEBHOOK_SECRET>', 'order_webhook_secret');");
    expect(lines[1]).toContain('differ');
    expect(lines[2]).toContain('supabase secrets set ORDER_WEBHOOK_SECRET=<value>');
    expect(lines[3]).toBe(lines[0]);
  });
});
