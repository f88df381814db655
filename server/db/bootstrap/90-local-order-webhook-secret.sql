-- Lumen's order webhooks prove who they are to the order-confirmation function with a shared
-- secret that a project keeps in Vault as order_webhook_secret and gives the function as its
-- ORDER_WEBHOOK_SECRET. The local stack holds both sides with one well-known development value
-- (the functions runtime passes the same one, server/functions/local-function-secrets.ts): public
-- by design, like the CLI's JWT secret and keys, and never a hosted project's, which creates its
-- own. A secret of that name that is already there is left as it is.
select vault.create_secret(
  'lumen-local-order-webhook-secret-for-development-only',
  'order_webhook_secret',
  'Sent by the order webhooks to order-confirmation (local development value).'
)
where not exists (select 1 from vault.secrets where name = 'order_webhook_secret');
