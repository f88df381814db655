import type { Database } from '../db/database.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open-database.ts';
import { CronScheduler, parseSchedule } from './cron-scheduler.ts';

let db: Database;
let clock: Date;
let scheduler: CronScheduler;

const at = (iso: string) => (clock = new Date(iso));

beforeAll(async () => {
  db = await openDatabase({ dataDir: null });
  await db.exec(`
    create extension if not exists pg_cron with schema pg_catalog;
    create table public.ticks (id serial primary key, job text not null, by_user text not null default current_user);
    grant insert on public.ticks to anon;
    grant usage on sequence public.ticks_id_seq to anon;
  `);
});

beforeEach(async () => {
  await db.exec(`delete from cron.job; delete from cron.job_run_details; delete from public.ticks;`);
  at('2026-11-24T10:00:10Z');
  // Driven by hand: tick() is called with the clock where the test puts it.
  scheduler = new CronScheduler({ db, now: () => clock, tickMs: 3_600_000 });
});

afterAll(() => db.close());

async function ticks(job: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from public.ticks where job = $1', [job]);
  return rows[0]?.n ?? -1;
}

describe('parseSchedule', () => {
  it('reads pg_cron’s forms: seconds, @names, five UTC fields with $ for the last day', () => {
    expect(parseSchedule('30 seconds')).toEqual({ seconds: 30 });
    expect(parseSchedule(' 1 second ')).toEqual({ seconds: 1 });
    const hourly = parseSchedule('@hourly');
    expect('cron' in hourly && hourly.cron.nextRun(new Date('2026-01-01T10:30:00Z'))?.toISOString()).toBe('2026-01-01T11:00:00.000Z');
    const lastDay = parseSchedule('0 12 $ * *');
    expect('cron' in lastDay && lastDay.cron.nextRun(new Date('2026-02-03T00:00:00Z'))?.toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(() => parseSchedule('61 * * * *')).toThrow();
  });

  it('is what cron.schedule accepts, and cron.schedule refuses the rest with pg_cron’s message', async () => {
    await expect(db.query(`select cron.schedule('nope', 'every minute', 'select 1')`)).rejects.toThrow('invalid schedule: every minute');
    await expect(db.query(`select cron.schedule('boot', '@reboot', 'select 1')`)).rejects.toThrow('invalid schedule: @reboot');
    await expect(db.query(`select cron.unschedule('never-made')`)).rejects.toThrow("could not find valid entry for job 'never-made'");
  });
});

describe('cron scheduler', () => {
  it('runs a minute job once per matching minute and records the run as pg_cron does', async () => {
    await db.query(`select cron.schedule('minutely', '* * * * *', $$insert into public.ticks (job) values ('minutely')$$)`);
    await scheduler.reload();
    await scheduler.tick();
    expect(await ticks('minutely')).toBe(0);

    at('2026-11-24T10:01:00.500Z');
    await scheduler.tick();
    await scheduler.tick();
    expect(await ticks('minutely')).toBe(1);
    at('2026-11-24T10:02:03Z');
    await scheduler.tick();
    expect(await ticks('minutely')).toBe(2);

    const { rows } = await db.query<{ status: string; return_message: string; username: string; ended: boolean }>(
      `select d.status, d.return_message, d.username, d.end_time >= d.start_time as ended
       from cron.job_run_details d join cron.job j using (jobid) where j.jobname = 'minutely' order by runid`,
    );
    expect(rows).toEqual([
      { status: 'succeeded', return_message: 'INSERT 0 1', username: 'postgres', ended: true },
      { status: 'succeeded', return_message: 'INSERT 0 1', username: 'postgres', ended: true },
    ]);
  });

  it('starts a seconds job at once, then every n seconds', async () => {
    await db.query(`select cron.schedule('fast', '5 seconds', $$insert into public.ticks (job) values ('fast')$$)`);
    await scheduler.reload();
    await scheduler.tick();
    expect(await ticks('fast')).toBe(1);
    at('2026-11-24T10:00:13Z');
    await scheduler.tick();
    expect(await ticks('fast')).toBe(1);
    at('2026-11-24T10:00:15Z');
    await scheduler.tick();
    expect(await ticks('fast')).toBe(2);
  });

  it('records a failing command as failed with its error, and keeps running the job later', async () => {
    await db.query(`select cron.schedule('broken', '2 seconds', 'select 1 / 0')`);
    await scheduler.reload();
    await scheduler.tick();
    at('2026-11-24T10:00:12Z');
    await scheduler.tick();
    const { rows } = await db.query<{ status: string; return_message: string }>(
      `select status, return_message from cron.job_run_details order by runid`,
    );
    expect(rows).toEqual([
      { status: 'failed', return_message: 'ERROR:  division by zero' },
      { status: 'failed', return_message: 'ERROR:  division by zero' },
    ]);
  });

  it('runs a job as its user, and follows rescheduling, deactivation and unscheduling', async () => {
    await db.query(`insert into cron.job (schedule, command, jobname, username) values ('1 second', $$insert into public.ticks (job) values ('as-anon')$$, 'as-anon', 'anon')`);
    await scheduler.reload();
    await scheduler.tick();
    const { rows } = await db.query<{ by_user: string }>(`select by_user from public.ticks where job = 'as-anon'`);
    expect(rows).toEqual([{ by_user: 'anon' }]);

    const { rows: job } = await db.query<{ jobid: number }>(`select jobid::int from cron.job where jobname = 'as-anon'`);
    await db.query(`select cron.alter_job($1, active => false)`, [job[0]?.jobid]);
    await scheduler.reload();
    at('2026-11-24T10:00:20Z');
    await scheduler.tick();
    expect(await ticks('as-anon')).toBe(1);

    await db.query(`select cron.schedule('later', '0 12 * * *', $$insert into public.ticks (job) values ('later')$$)`);
    await db.query(`select cron.schedule('later', '30 10 * * *', $$insert into public.ticks (job) values ('later')$$)`);
    await scheduler.reload();
    at('2026-11-24T10:30:00Z');
    await scheduler.tick();
    expect(await ticks('later')).toBe(1);
    await db.query(`select cron.unschedule('later')`);
    await scheduler.reload();
    at('2026-11-25T10:30:00Z');
    await scheduler.tick();
    expect(await ticks('later')).toBe(1);
  });

  it('reloads its jobs by itself when cron.job changes', async () => {
    const live = new CronScheduler({ db, now: () => clock, tickMs: 3_600_000 });
    await live.start();
    try {
      await db.query(`select cron.schedule('noticed', '1 second', $$insert into public.ticks (job) values ('noticed')$$)`);
      await expect.poll(async () => {
        await live.tick();
        return ticks('noticed');
      }).toBe(1);
    } finally {
      await live.stop();
    }
  });
});
