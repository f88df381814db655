import { afterEach, describe, expect, it, vi } from 'vitest';
import { logRefusal, webhookRefusal } from './webhook-secret.ts';

const SECRET = 'a-shared-secret-of-some-length';
const request = (headers: Record<string, string> = {}) => new Request('http://localhost/stock-alert', { method: 'POST', headers });

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

  it('names the function and the fix, and says each reason at most once a minute per function', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const start = 1_000_000_000;
    logRefusal('order-confirmation', 'missing', start);
    logRefusal('order-confirmation', 'wrong', start + 1);
    logRefusal('order-confirmation', 'missing', start + 2);
    logRefusal('order-confirmation', 'wrong', start + 3);
    // Another function's refusal is its own line: its logs are another page.
    logRefusal('stock-alert', 'missing', start + 4);
    logRefusal('stock-alert', 'missing', start + 5);
    logRefusal('order-confirmation', 'missing', start + 59_999);
    logRefusal('order-confirmation', 'not-configured', start + 60_000);
    logRefusal('order-confirmation', 'missing', start + 60_000);
    const lines = errors.mock.calls.map((args) => String(args[0]));
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatch(/^order-confirmation refused a call \(401\): /);
    expect(lines[0]).toContain("select vault.create_secret('<the value of ORDER_WEBHOOK_SECRET>', 'order_webhook_secret');");
    expect(lines[1]).toContain('differ');
    expect(lines[2]).toBe(lines[0].replace('order-confirmation', 'stock-alert'));
    expect(lines[3]).toContain('supabase secrets set ORDER_WEBHOOK_SECRET=<value>');
    expect(lines[4]).toBe(lines[0]);
  });
});
