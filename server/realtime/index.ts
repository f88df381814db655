import type { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Hono } from 'hono';
import { WebSocketServer } from 'ws';
import type { ServerContext } from '../context.ts';
import { hostNotAllowed, hostnameOf, loopbackHostCheck } from '../gateway/loopback-hosts.ts';
import { createBroadcastApp } from './broadcast-api.ts';
import { startPostgresChanges } from './changes/postgres-changes.ts';
import { startDatabaseBroadcast } from './database-broadcast.ts';
import type { Vsn } from './protocol/frames.ts';
import { RealtimeHub } from './realtime-hub.ts';
import { defaultRealtimeOptions, type RealtimeOptions } from './realtime-options.ts';
import { RealtimeSocket } from './realtime-socket.ts';
import { authenticateUpgrade } from './tenant-token.ts';

export interface Realtime {
  /** Attach to the Node http server's 'upgrade' event (path /realtime/v1/websocket). */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** POST /api/broadcast and /api/broadcast/:topic/events/:event; mount at /realtime/v1. */
  broadcastApp: Hono;
  close(): Promise<void>;
}

export const REALTIME_SOCKET_PATH = '/realtime/v1/websocket';

function rejectUpgrade(socket: Duplex, status: number, statusText: string, body: object): void {
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${statusText}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
  );
}

/**
 * Routes the http server's WebSocket upgrades for /realtime/v1/websocket to realtime and
 * refuses any other upgrade (there is no other WebSocket endpoint), and any addressed to a name
 * that is not loopback or configured (DNS rebinding; see gateway/loopback-hosts.ts).
 */
export function attachRealtime(server: EventEmitter, realtime: Realtime, acceptHost: (hostname: string) => boolean = loopbackHostCheck()): void {
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Upgrades do not pass through the app's middleware: the same loopback-names rule applies here.
    const hostname = hostnameOf(req.headers.host);
    if (!acceptHost(hostname)) {
      socket.on('error', () => socket.destroy());
      rejectUpgrade(socket, 403, 'Forbidden', hostNotAllowed(hostname));
      return;
    }
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname.replace(/\/+$/, '') === REALTIME_SOCKET_PATH) realtime.handleUpgrade(req, socket, head);
    else rejectUpgrade(socket, 404, 'Not Found', { error: `No WebSocket endpoint at ${pathname}` });
  });
}

export function createRealtime(ctx: Pick<ServerContext, 'db' | 'keys'>, overrides: Partial<RealtimeOptions> = {}): Realtime {
  const options: RealtimeOptions = { ...defaultRealtimeOptions, ...overrides };
  const hub = new RealtimeHub();
  const changes = startPostgresChanges(ctx.db);
  hub.changes = changes;
  const databaseBroadcast = startDatabaseBroadcast(ctx.db, hub);
  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 * 1024 });
  const sockets = new Set<RealtimeSocket>();
  const deps = { db: ctx.db, keys: ctx.keys, hub, options };

  const upgrade = async (req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.replace(/\/+$/, '') !== REALTIME_SOCKET_PATH) {
      rejectUpgrade(socket, 404, 'Not Found', { error: `No WebSocket endpoint at ${url.pathname}` });
      return;
    }
    // Phoenix treats a missing vsn as 1.0.0; realtime-js always sends one.
    const vsn = url.searchParams.get('vsn') ?? '1.0.0';
    if (vsn !== '1.0.0' && vsn !== '2.0.0') {
      rejectUpgrade(socket, 400, 'Bad Request', { error: `Unsupported protocol version vsn=${vsn}; use 1.0.0 or 2.0.0` });
      return;
    }
    const auth = await authenticateUpgrade(req, url, ctx.keys);
    if (!auth.ok) {
      rejectUpgrade(socket, auth.status, 'Unauthorized', { error: auth.error });
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const connection = new RealtimeSocket(ws, vsn as Vsn, auth.claims, deps);
      sockets.add(connection);
      ws.on('close', () => sockets.delete(connection));
    });
  };

  return {
    handleUpgrade(req, socket, head) {
      socket.on('error', () => socket.destroy());
      upgrade(req, socket, head).catch(() => {
        rejectUpgrade(socket, 500, 'Internal Server Error', { error: 'Realtime upgrade failed' });
      });
    },
    broadcastApp: createBroadcastApp(deps),
    async close() {
      for (const connection of sockets) connection.close();
      sockets.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await changes.stop();
      await databaseBroadcast.stop();
    },
  };
}
