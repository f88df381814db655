import type { Database, DatabaseResults } from '../db/database.ts';
import { Cron } from 'croner';

/**
 * pg_cron's launcher, in the server process. Jobs are rows of cron.job
 * (server/db/extensions/pg_cron--1.6.sql); this runs each one when due, in its own transaction as
 * the job's user, and records every run in cron.job_run_details with pg_cron's statuses and
 * messages. Like pg_cron, a job never overlaps itself: a run that is late starts once, not twice.
 */
export const CRON_JOBS_CHANNEL = 'pg_cron_jobs';

interface JobRow {
  jobid: number;
  schedule: string;
  command: string;
  username: string;
  active: boolean;
}

interface Scheduled {
  job: JobRow;
  /** When the job should next start; null when its schedule cannot be run. */
  next: Date | null;
  every: { seconds: number } | { cron: Cron } | null;
}

export interface CronSchedulerOptions {
  db: Database;
  /** How often due jobs are looked for (default 1 s, pg_cron's own granularity for seconds jobs). */
  tickMs?: number;
  now?: () => Date;
}

const SECONDS = /^([1-9]|[1-5][0-9]) seconds?$/i;
const NICKNAMES: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

/** A schedule as pg_cron reads it: '<n> seconds', an @name, or five fields in UTC ($ = last day). */
export function parseSchedule(schedule: string): { seconds: number } | { cron: Cron } {
  const trimmed = schedule.trim();
  const seconds = SECONDS.exec(trimmed);
  if (seconds?.[1]) return { seconds: Number(seconds[1]) };
  const pattern = NICKNAMES[trimmed.toLowerCase()] ?? trimmed.replace(/\$/g, 'L');
  return { cron: new Cron(pattern, { timezone: 'UTC', mode: '5-part', paused: true }) };
}

function nextStart(every: Scheduled['every'], after: Date): Date | null {
  if (every === null) return null;
  if ('seconds' in every) return new Date(after.getTime() + every.seconds * 1000);
  return every.cron.nextRun(after);
}

/** pg_cron's return_message: "N rows" for a query, the command tag for anything else. */
function describeResult(command: string, results: DatabaseResults[]): string {
  const last = results.at(-1);
  if (!last) return '0 rows';
  if (last.fields.length > 0) return `${last.rows.length} ${last.rows.length === 1 ? 'row' : 'rows'}`;
  const statements = command.split(';').map((part) => part.trim()).filter(Boolean);
  const verb = (statements.at(-1) ?? '').split(/\s+/)[0]?.toUpperCase() ?? '';
  const affected = last.affectedRows ?? 0;
  if (verb === 'INSERT') return `INSERT 0 ${affected}`;
  if (['UPDATE', 'DELETE', 'MERGE'].includes(verb)) return `${verb} ${affected}`;
  return verb || 'OK';
}

export class CronScheduler {
  readonly #db: Database;
  readonly #tickMs: number;
  readonly #now: () => Date;
  readonly #jobs = new Map<number, Scheduled>();
  readonly #running = new Map<number, Promise<void>>();
  #timer: NodeJS.Timeout | null = null;
  #unlisten: (() => Promise<void>) | null = null;
  #stopped = false;
  #reload: Promise<void> | null = null;

  constructor(options: CronSchedulerOptions) {
    this.#db = options.db;
    this.#tickMs = options.tickMs ?? 1000;
    this.#now = options.now ?? (() => new Date());
  }

  async start(): Promise<void> {
    this.#unlisten = await this.#db.listen(CRON_JOBS_CHANNEL, () => void this.reload());
    await this.reload();
    this.#timer = setInterval(() => void this.tick(), this.#tickMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    await this.#unlisten?.().catch(() => undefined);
    await Promise.allSettled(this.#running.values());
  }

  /** Reads cron.job again (at start and whenever it changes), keeping the timing of unchanged jobs. */
  reload(): Promise<void> {
    this.#reload ??= this.#readJobs().finally(() => {
      this.#reload = null;
    });
    return this.#reload;
  }

  async #readJobs(): Promise<void> {
    // A project without pg_cron has no cron.job: then there is nothing to run.
    const { rows: present } = await this.#db.query<{ ok: boolean }>(`select to_regclass('cron.job') is not null as ok`);
    if (!present[0]?.ok) {
      this.#jobs.clear();
      return;
    }
    const { rows } = await this.#db.query<JobRow>('select jobid::float8 as jobid, schedule, command, username, active from cron.job');
    const now = this.#now();
    const seen = new Set<number>();
    for (const job of rows) {
      seen.add(job.jobid);
      const known = this.#jobs.get(job.jobid);
      if (known && known.job.schedule === job.schedule) {
        known.job = job;
        continue;
      }
      let every: Scheduled['every'] = null;
      try {
        every = parseSchedule(job.schedule);
      } catch (error) {
        console.error(`[pg_cron] job ${job.jobid} has a schedule the local backend cannot run (${job.schedule}):`, error);
      }
      // Seconds jobs start at once and then every n seconds, as pg_cron's do.
      const next = every && 'seconds' in every ? now : nextStart(every, now);
      this.#jobs.set(job.jobid, { job, every, next });
    }
    for (const jobid of this.#jobs.keys()) if (!seen.has(jobid)) this.#jobs.delete(jobid);
  }

  /** Starts every active job that is due and not already running; returns when they have finished. */
  async tick(): Promise<void> {
    if (this.#stopped) return;
    await this.#reload;
    const now = this.#now();
    const started: Promise<void>[] = [];
    for (const scheduled of this.#jobs.values()) {
      if (!scheduled.job.active || scheduled.next === null || scheduled.next > now) continue;
      if (this.#running.has(scheduled.job.jobid)) continue;
      scheduled.next = nextStart(scheduled.every, now);
      const run = this.#run(scheduled.job).finally(() => this.#running.delete(scheduled.job.jobid));
      this.#running.set(scheduled.job.jobid, run);
      started.push(run);
    }
    await Promise.all(started);
  }

  async #run(job: JobRow): Promise<void> {
    let runid: number;
    try {
      const { rows } = await this.#db.query<{ runid: number }>(
        `insert into cron.job_run_details (jobid, job_pid, database, username, command, status, start_time)
         values ($1, $2, current_database(), $3, $4, 'running', clock_timestamp()) returning runid::float8 as runid`,
        [job.jobid, process.pid, job.username, job.command],
      );
      runid = rows[0]?.runid ?? 0;
    } catch (error) {
      console.error(`[pg_cron] could not start job ${job.jobid}:`, error);
      return;
    }
    let status = 'succeeded';
    let message: string;
    try {
      const results = await this.#db.transaction(async (tx) => {
        await tx.query(`select set_config('role', $1, true)`, [job.username]);
        return tx.exec(job.command);
      });
      message = describeResult(job.command, results);
    } catch (error) {
      status = 'failed';
      message = `ERROR:  ${error instanceof Error ? error.message : String(error)}`;
    }
    await this.#db
      .query(`update cron.job_run_details set status = $2, return_message = $3, end_time = clock_timestamp() where runid = $1`, [runid, status, message])
      .catch((error: unknown) => console.error(`[pg_cron] could not record run ${runid} of job ${job.jobid}:`, error));
  }
}
