import type { Database } from '../../db/database.ts';
import { bindingReplies } from '../binding-id.ts';
import type { ChannelSession } from '../channel-session.ts';
import type { JsonObject } from '../protocol/json.ts';
import type { ChangesExtension } from '../realtime-hub.ts';
import { ChangeDispatcher, type ChangeBinding } from './change-dispatcher.ts';
import { ChangeFeed } from './change-feed.ts';
import { parseFilter } from './postgres-filter.ts';
import { TableCatalog } from './table-catalog.ts';

export interface PostgresChanges extends ChangesExtension {
  /** Resolves once triggers and the queue are installed (joins wait for it). */
  ready: Promise<void>;
  stop(): Promise<void>;
}

const EVENTS = new Set(['*', 'INSERT', 'UPDATE', 'DELETE']);

function subscribeError(raw: JsonObject): string {
  return (
    'Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ' +
    `[event: ${String(raw.event)}, schema: ${String(raw.schema)}, table: ${String(raw.table ?? '*')}, filters: [${String(raw.filter ?? '')}]]`
  );
}

export function startPostgresChanges(db: Database): PostgresChanges {
  const catalog = new TableCatalog(db);
  const dispatcher = new ChangeDispatcher(db, catalog);
  const feed = new ChangeFeed(db, (rows) => dispatcher.dispatch(rows));
  const ready = feed.start();
  // Surface install failures on the first join rather than as an unhandled rejection.
  ready.catch(() => undefined);

  async function toBinding(raw: JsonObject, id: number): Promise<ChangeBinding | string> {
    const event = typeof raw.event === 'string' ? raw.event.toUpperCase() : '';
    if (!EVENTS.has(event)) return `Invalid event "${String(raw.event)}": use one of *, INSERT, UPDATE, DELETE`;
    if (typeof raw.schema !== 'string' || raw.schema === '') return subscribeError(raw);
    // Newer Realtime can narrow records to selected columns; say so rather than send them all.
    if (raw.select !== undefined && raw.select !== null) return 'Column selection (`select`) is not supported by this server';
    const table = typeof raw.table === 'string' && raw.table !== '' && raw.table !== '*' ? raw.table : null;
    let filter = null;
    if (raw.filter !== undefined && raw.filter !== null && raw.filter !== '') {
      if (typeof raw.filter !== 'string') return 'Error parsing `filter` params: filter must be a string';
      const parsed = parseFilter(raw.filter);
      if (!parsed.ok) return parsed.message;
      filter = parsed.filter;
    }
    if (table !== null && raw.schema !== '*') {
      const info = await catalog.table(raw.schema, table);
      if (!info) return subscribeError(raw);
      if (filter && !info.columns.some((column) => column.name === filter.column)) {
        return `${subscribeError(raw)} (column "${filter.column}" does not exist)`;
      }
    } else if (filter) {
      return 'Error parsing `filter` params: a filter needs a specific schema and table';
    }
    return { id, event: event as ChangeBinding['event'], schema: raw.schema, table, filter };
  }

  return {
    ready,
    async subscribe(channel: ChannelSession, raws: JsonObject[]) {
      const replies = bindingReplies(raws);
      try {
        await ready;
      } catch (error) {
        return { replies, errors: [`postgres_changes is unavailable: ${error instanceof Error ? error.message : String(error)}`] };
      }
      // The event trigger keeps capture triggers in step with the publication; re-syncing on
      // join also covers DDL run while event triggers were off (e.g. the event_triggers GUC).
      await db.query('select realtime_local.sync_capture_triggers()').catch(() => undefined);
      const results = await Promise.all(raws.map((raw, index) => toBinding(raw, Number(replies[index].id))));
      const errors = results.filter((result): result is string => typeof result === 'string');
      // All or nothing, like Realtime's single subscription insert per channel.
      if (errors.length === 0 && !channel.closed) {
        dispatcher.subscriptions.set(channel, results.filter((result): result is ChangeBinding => typeof result !== 'string'));
      }
      return { replies, errors };
    },
    unsubscribe(channel: ChannelSession) {
      dispatcher.subscriptions.delete(channel);
    },
    async stop() {
      await ready.catch(() => undefined);
      await feed.stop();
    },
  };
}
