-- Supabase Vault 0.3.1, emulated for the local backend (see supabase_vault.control): the same
-- vault.secrets table, vault.decrypted_secrets view and create_secret / update_secret functions,
-- so SQL that reads configuration from Vault runs unchanged. Nothing is encrypted here: `secret`
-- holds the value as given, and the view shows it again as `decrypted_secret`.

create table vault.secrets (
  id uuid primary key default gen_random_uuid(),
  name text,
  description text not null default '',
  secret text not null,
  key_id uuid,
  nonce bytea,
  created_at timestamptz not null default current_timestamp,
  updated_at timestamptz not null default current_timestamp
);

comment on table vault.secrets is 'Secrets for SQL to read (local backend: stored unencrypted).';

create unique index on vault.secrets using btree (name) where name is not null;

create view vault.decrypted_secrets as
select s.id, s.name, s.description, s.secret, s.secret as decrypted_secret, s.key_id, s.nonce, s.created_at, s.updated_at
from vault.secrets s;

create function vault.create_secret(
  new_secret text,
  new_name text = null,
  new_description text = '',
  new_key_id uuid = null
) returns uuid
language sql
security definer
set search_path = ''
as $$
  insert into vault.secrets (secret, name, description) values (new_secret, new_name, new_description) returning id
$$;

create function vault.update_secret(
  secret_id uuid,
  new_secret text = null,
  new_name text = null,
  new_description text = null,
  new_key_id uuid = null
) returns void
language sql
security definer
set search_path = ''
as $$
  update vault.secrets s set
    secret = coalesce(new_secret, s.secret),
    name = coalesce(new_name, s.name),
    description = coalesce(new_description, s.description),
    updated_at = now()
  where s.id = secret_id
$$;

revoke all on vault.secrets, vault.decrypted_secrets from public;
revoke all on function vault.create_secret(text, text, text, uuid), vault.update_secret(uuid, text, text, text, uuid) from public;
