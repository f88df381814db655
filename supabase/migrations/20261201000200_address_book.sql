-- An address book in the account: saved addresses are seen, edited, deleted and one of them made
-- the default, which checkout offers first. Every address stored, however it arrives (the account
-- page, place_order, or a direct API call), is one public.delivery_problems accepts, stored cleaned.

alter table public.addresses add column is_default boolean not null default false;
comment on column public.addresses.is_default is 'The address checkout offers first; at most one per user (set_default_address switches it).';

-- At most one default per user.
create unique index addresses_one_default_per_user on public.addresses (user_id) where is_default;

-- Refuses an address delivery_problems rejects, as place_order refuses delivery details (22023,
-- the problems as the detail, every field named), and stores the rest cleaned ("d02 x285" →
-- "D02 X285"). On update only when an address field changes: switching the default or marking a use
-- never trips over an address saved before the rules were stricter.
create function private.check_address() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  fields jsonb := jsonb_build_object(
    'full_name', new.full_name, 'line1', new.line1, 'line2', new.line2, 'postcode', new.postcode,
    'city', new.city, 'country', new.country, 'phone', new.phone);
  problems jsonb := public.delivery_problems(fields);
  cleaned jsonb;
begin
  if problems <> '{}'::jsonb then
    raise exception 'Check the delivery details: %', (select string_agg(value, ' ' order by key) from jsonb_each_text(problems))
      using errcode = '22023', detail = problems::text, hint = 'Each field named in the detail needs correcting.';
  end if;
  cleaned := public.clean_delivery(fields);
  new.full_name := cleaned ->> 'full_name';
  new.line1 := cleaned ->> 'line1';
  new.line2 := cleaned ->> 'line2';
  new.postcode := cleaned ->> 'postcode';
  new.city := cleaned ->> 'city';
  new.country := cleaned ->> 'country';
  new.phone := cleaned ->> 'phone';
  return new;
end;
$$;

create trigger addresses_deliverable
before insert or update of full_name, line1, line2, postcode, city, country, phone on public.addresses
for each row execute function private.check_address();

-- Makes one of the caller's addresses the default and the previous one not, in one transaction.
-- Two statements (the unique index is checked row by row, so one statement could meet two defaults
-- halfway), after a per-user lock so two tabs switching at once cannot both keep theirs. Runs with
-- the caller's rights: RLS keeps it to their own addresses.
create function public.set_default_address(address_id bigint) returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
begin
  if uid is null then
    raise exception 'Sign in to keep an address book.' using errcode = '42501';
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('public.set_default_address:' || uid::text, 0));
  if not exists (select 1 from public.addresses a where a.id = set_default_address.address_id and a.user_id = uid) then
    raise exception 'No such address in your address book.' using errcode = 'P0002';
  end if;
  update public.addresses a set is_default = false where a.user_id = uid and a.is_default and a.id <> set_default_address.address_id;
  update public.addresses a set is_default = true where a.id = set_default_address.address_id and a.user_id = uid;
end;
$$;

revoke execute on function public.set_default_address(bigint) from public, anon;
grant execute on function public.set_default_address(bigint) to authenticated, service_role;
