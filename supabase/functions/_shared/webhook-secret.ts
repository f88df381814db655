// Who may call the functions the database's webhooks call (order-confirmation, stock-alert): those
// webhooks, which send the shared secret (Vault's order_webhook_secret) in this header; the
// functions hold the same value as the edge function secret ORDER_WEBHOOK_SECRET.
export const WEBHOOK_SECRET_HEADER = 'x-webhook-secret';
export const WEBHOOK_SECRET_ENV = 'ORDER_WEBHOOK_SECRET';

/** Why a call was refused; only the logs tell them apart, every caller gets the same answer. */
export type Refusal = 'not-configured' | 'missing' | 'wrong';

const encoder = new TextEncoder();

/**
 * Compares in constant time with Web Crypto alone (the same code runs on Deno and Node): both
 * values are MACed under a key made for this call, and `verify` compares the fixed-length MACs
 * without stopping at the first differing byte, so the time taken never tells a caller how much
 * of a guess was right.
 */
async function sameSecret(given: string, expected: string): Promise<boolean> {
  const key = await crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  const expectedMac = await crypto.subtle.sign('HMAC', key, encoder.encode(expected));
  return crypto.subtle.verify('HMAC', key, expectedMac, encoder.encode(given));
}

/** Null when the request carries the expected secret, otherwise why it is refused. */
export async function webhookRefusal(request: Request, expected: string | undefined): Promise<Refusal | null> {
  if (!expected) return 'not-configured';
  const given = request.headers.get(WEBHOOK_SECRET_HEADER);
  if (!given) return 'missing';
  return (await sameSecret(given, expected)) ? null : 'wrong';
}

const HINTS: Record<Refusal, string> = {
  'not-configured':
    `${WEBHOOK_SECRET_ENV} is not set, so every call is refused. Set it to the value of the Vault secret ` +
    `order_webhook_secret:  supabase secrets set ${WEBHOOK_SECRET_ENV}=<value>`,
  missing:
    `a call came without ${WEBHOOK_SECRET_HEADER}. If it was a database webhook, Vault has no secret named ` +
    `order_webhook_secret:  select vault.create_secret('<the value of ${WEBHOOK_SECRET_ENV}>', 'order_webhook_secret');`,
  wrong:
    `a call came with an ${WEBHOOK_SECRET_HEADER} that is not ${WEBHOOK_SECRET_ENV}. If it was a database webhook, ` +
    `the Vault secret order_webhook_secret and the function secret ${WEBHOOK_SECRET_ENV} differ: give them the same value.`,
};

const REPEAT_AFTER_MS = 60_000;
const lastLogged = new Map<string, number>();

/**
 * Says in the function's logs why a call was refused, each reason at most once a minute per
 * function: a stream of stray or hostile calls stays a line a minute, and a misconfigured webhook
 * (retried every minute) keeps showing.
 */
export function logRefusal(functionName: string, refusal: Refusal, now = Date.now()): void {
  const key = `${functionName}:${refusal}`;
  const last = lastLogged.get(key);
  if (last !== undefined && now - last < REPEAT_AFTER_MS) return;
  lastLogged.set(key, now);
  console.error(`${functionName} refused a call (401): ${HINTS[refusal]}`);
}
