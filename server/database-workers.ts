import type { ServerContext } from './context.ts';
import { CronScheduler } from './cron/cron-scheduler.ts';
import { sendThroughGateway } from './net/gateway-alias.ts';
import { NetWorker } from './net/net-worker.ts';

/**
 * What runs beside the database on a Supabase stack rather than behind an API: pg_net's worker
 * (requests queued by SQL, Database Webhooks) and pg_cron's launcher. Started after the app is
 * built, since requests to the stack's own gateway are served by the app in-process.
 */
export interface DatabaseWorkers {
  net: NetWorker;
  cron: CronScheduler;
  stop(): Promise<void>;
}

export async function startDatabaseWorkers(
  ctx: Pick<ServerContext, 'db' | 'publicUrl'>,
  gateway: (request: Request) => Response | Promise<Response>,
): Promise<DatabaseWorkers> {
  const net = new NetWorker({ db: ctx.db, send: sendThroughGateway(gateway, ctx.publicUrl) });
  const cron = new CronScheduler({ db: ctx.db });
  await net.start();
  await cron.start();
  return {
    net,
    cron,
    async stop() {
      await cron.stop();
      await net.stop();
    },
  };
}
