/**
 * Secrets the local backend gives edge functions besides Supabase's standard environment, for what
 * a hosted project sets with `supabase secrets set`. Like the CLI's keys, they are well-known
 * development values, public by design and only ever used by the loopback-bound local backend.
 */

/**
 * The database webhooks' shared secret: the database sends it to order-confirmation and stock-alert,
 * which refuse any call without it. The database's side is the Vault secret order_webhook_secret, which the platform
 * bootstrap creates with this same value (server/db/bootstrap/90-local-order-webhook-secret.sql).
 */
export const LOCAL_ORDER_WEBHOOK_SECRET = 'lumen-local-order-webhook-secret-for-development-only';

export const localFunctionSecrets: Record<string, string> = {
  ORDER_WEBHOOK_SECRET: LOCAL_ORDER_WEBHOOK_SECRET,
};
