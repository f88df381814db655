-- The local mail API honours an Idempotency-Key header as mail providers do (Resend keeps one for
-- 24 hours): a retried send with the same key is answered with the first message, not a second one.
alter table _dev.mail add column if not exists idempotency_key text;
create unique index if not exists mail_idempotency_key_key on _dev.mail (idempotency_key);
