// How the functions the database calls send mail and where their links point: one transport for
// order mails and stock alerts, so both honour the same idempotency keys and the same settings.
import type { Mail } from './mail-layout.ts';

/**
 * Where the shop is: SITE_URL on hosted projects (a function secret), the origin of every link in
 * a mail; locally the app is served by the backend itself.
 */
export function siteUrl(): string {
  return (Deno.env.get('SITE_URL') ?? Deno.env.get('SUPABASE_URL') ?? '').replace(/\/+$/, '');
}

/**
 * Local deployments post to the dev outbox; hosted ones to Resend with RESEND_API_KEY. Both keep
 * the idempotency key: a second send with a key already used sends nothing (Resend remembers keys
 * for 24 hours, the outbox for good).
 */
export async function sendMail(to: string, mail: Mail, idempotencyKey: string): Promise<void> {
  const localApi = Deno.env.get('LUMEN_MAIL_API_URL');
  const resendKey = Deno.env.get('RESEND_API_KEY');
  const headers = { 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey };
  if (localApi) {
    const response = await fetch(localApi, {
      method: 'POST',
      headers: { ...headers, Authorization: `Bearer ${Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')}` },
      body: JSON.stringify({ to, ...mail }),
    });
    if (!response.ok) throw new Error(`the local mail API answered ${response.status}`);
  } else if (resendKey) {
    const response = await fetch('https://api.resend.com/emails', {
      method: 'POST',
      headers: { ...headers, Authorization: `Bearer ${resendKey}` },
      body: JSON.stringify({ from: Deno.env.get('RECEIPT_FROM') ?? 'Lumen <orders@example.com>', to, ...mail }),
    });
    if (!response.ok) throw new Error(`the mail provider answered ${response.status}`);
  } else {
    throw new Error('no mail transport configured (LUMEN_MAIL_API_URL or RESEND_API_KEY)');
  }
}
