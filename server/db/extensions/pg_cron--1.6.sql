-- pg_cron 1.6, emulated for the local backend (see pg_cron.control). The tables and functions are
-- pg_cron's, so `select cron.schedule(...)` in a Supabase migration runs unchanged; the jobs are run
-- by server/cron/cron-scheduler.ts in the server process, each in its own transaction as the
-- job's user, with every run recorded in cron.job_run_details as pg_cron does.
--
-- Schedules: five-field cron (minute hour day-of-month month day-of-week, in UTC as pg_cron's
-- default cron.timezone), '@hourly'-style names, and pg_cron's '<1-59> seconds'. @reboot is refused.

create schema cron;
create sequence cron.jobid_seq;
create sequence cron.runid_seq;

create table cron.job (
  jobid bigint primary key default nextval('cron.jobid_seq'),
  schedule text not null,
  command text not null,
  nodename text not null default 'localhost',
  nodeport integer not null default coalesce(inet_server_port(), 5432),
  database text not null default current_database(),
  username text not null default current_user,
  active boolean not null default true,
  jobname text
);
create unique index jobname_username_uniq on cron.job (jobname, username);
alter table cron.job enable row level security;
create policy cron_job_policy on cron.job using (username = current_user);
grant select on cron.job to public;

create table cron.job_run_details (
  jobid bigint,
  runid bigint primary key default nextval('cron.runid_seq'),
  job_pid integer,
  database text,
  username text,
  command text,
  status text,
  return_message text,
  start_time timestamptz,
  end_time timestamptz
);
alter table cron.job_run_details enable row level security;
create policy cron_job_run_details_policy on cron.job_run_details using (username = current_user);
grant select, delete on cron.job_run_details to public;

-- The server reloads its jobs when this is notified (pg_cron's job cache invalidation).
create function cron.job_cache_invalidate() returns trigger
language plpgsql
as $$ begin perform pg_notify('pg_cron_jobs', ''); return null; end $$;

create trigger cron_job_cache_invalidate after insert or update or delete or truncate on cron.job
for each statement execute function cron.job_cache_invalidate();

-- A job is its user's to change, and any job is a superuser's, as in pg_cron.
create function cron._may_change(username text) returns boolean
language sql stable
as $$ select username = current_user or coalesce((select rolsuper from pg_roles where rolname = current_user), false) $$;

-- Accepts what the scheduler can run; the scheduler parses the fields in full.
create function cron._check_schedule(schedule text) returns text
language plpgsql immutable
as $$
declare
  trimmed text := btrim(schedule);
begin
  if schedule is null then
    return null;
  end if;
  if trimmed ~* '^([1-9]|[1-5][0-9]) seconds?$'
     or trimmed ~* '^@(yearly|annually|monthly|weekly|daily|midnight|hourly)$'
     or trimmed ~ '^[0-9A-Za-z*,/?LW#$-]+(\s+[0-9A-Za-z*,/?LW#$-]+){4}$' then
    return trimmed;
  end if;
  if trimmed ~* '^@reboot$' then
    raise exception 'invalid schedule: %', schedule using detail = 'The local backend does not run @reboot jobs.';
  end if;
  raise exception 'invalid schedule: %', schedule;
end
$$;

-- Scheduling a name that exists already changes that job, as pg_cron does since 1.3.
create function cron.schedule(job_name text, schedule text, command text) returns bigint
language plpgsql
as $$
#variable_conflict use_variable
declare
  id bigint;
begin
  if job_name is not null then
    update cron.job j set schedule = cron._check_schedule(schedule), command = command, active = true
    where j.jobname = job_name and j.username = current_user
    returning j.jobid into id;
  end if;
  if id is null then
    insert into cron.job (schedule, command, jobname)
    values (cron._check_schedule(schedule), command, job_name)
    returning jobid into id;
  end if;
  return id;
end
$$;

create function cron.schedule(schedule text, command text) returns bigint
language sql
as $$ select cron.schedule(null::text, schedule, command) $$;

create function cron.schedule_in_database(
  job_name text, schedule text, command text, database text, username text default null, active boolean default true
) returns bigint
language plpgsql
as $$
#variable_conflict use_variable
declare
  id bigint;
begin
  if database <> current_database() then
    raise exception 'the local backend runs jobs only in database %', current_database();
  end if;
  id := cron.schedule(job_name, schedule, command);
  update cron.job j set username = coalesce(username, j.username), active = active
  where j.jobid = id;
  return id;
end
$$;

create function cron.unschedule(job_id bigint) returns boolean
language plpgsql
as $$
begin
  delete from cron.job j where j.jobid = job_id and cron._may_change(j.username);
  if not found then
    raise exception 'could not find valid entry for job %', job_id;
  end if;
  return true;
end
$$;

create function cron.unschedule(job_name text) returns boolean
language plpgsql
as $$
begin
  delete from cron.job j where j.jobname = job_name and j.username = current_user;
  if not found then
    raise exception 'could not find valid entry for job ''%''', job_name;
  end if;
  return true;
end
$$;

create function cron.alter_job(
  job_id bigint,
  schedule text default null,
  command text default null,
  database text default null,
  username text default null,
  active boolean default null
) returns void
language plpgsql
as $$
#variable_conflict use_variable
begin
  if database is not null and database <> current_database() then
    raise exception 'the local backend runs jobs only in database %', current_database();
  end if;
  update cron.job j set
    schedule = coalesce(cron._check_schedule(schedule), j.schedule),
    command = coalesce(command, j.command),
    username = coalesce(username, j.username),
    active = coalesce(active, j.active)
  where j.jobid = job_id and cron._may_change(j.username);
  if not found then
    raise exception 'could not find valid entry for job %', job_id;
  end if;
end
$$;

revoke all on function
  cron.schedule(text, text, text), cron.schedule(text, text), cron.schedule_in_database(text, text, text, text, text, boolean),
  cron.unschedule(bigint), cron.unschedule(text), cron.alter_job(bigint, text, text, text, text, boolean)
from public;
