import type { ServerContext } from './context.ts';
import { CronScheduler } from './cron/cron-scheduler.ts';
import { sendThroughGateway } from './net/gateway-alias.ts';
import { NetWorker } from './net/net-worker.ts';

/** The workers a backend can run beside its database. */
export type DatabaseWorkerName = 'pg_net' | 'pg_cron';

export const ALL_DATABASE_WORKERS: readonly DatabaseWorkerName[] = ['pg_net', 'pg_cron'];

/**
 * What runs beside the database on a Supabase stack rather than behind an API: pg_net's worker
 * (requests queued by SQL, Database Webhooks) and pg_cron's launcher. Started after the app is
 * built, since requests to the stack's own gateway are served by the app in-process. A worker not
 * asked for is null: its SQL half still queues (pg_net) or records jobs (pg_cron), nothing runs them.
 */
export interface DatabaseWorkers {
  net: NetWorker | null;
  cron: CronScheduler | null;
  /** Stops scheduling and waits for the requests and jobs already running. */
  stop(): Promise<void>;
}

export async function startDatabaseWorkers(
  ctx: Pick<ServerContext, 'db' | 'publicUrl'>,
  gateway: (request: Request) => Response | Promise<Response>,
  which: readonly DatabaseWorkerName[] = ALL_DATABASE_WORKERS,
): Promise<DatabaseWorkers> {
  const net = which.includes('pg_net') ? new NetWorker({ db: ctx.db, send: sendThroughGateway(gateway, ctx.publicUrl) }) : null;
  const cron = which.includes('pg_cron') ? new CronScheduler({ db: ctx.db }) : null;
  const stop = async () => {
    await cron?.stop();
    await net?.stop();
  };
  try {
    await net?.start();
    await cron?.start();
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  return { net, cron, stop };
}
