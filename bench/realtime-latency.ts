import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createFixtureDb, realtimeClient, startRealtimeServer, subscribed, userClient, userToken, waitFor } from '../server/testing/realtime.ts';
import { percentile, round } from './stats.ts';

/**
 * Realtime figures for `npm run bench` (issue 5): commit → client receipt latency of
 * postgres_changes with 1, 10 and 100 subscribers (each its own supabase-js client and
 * socket), and broadcast throughput between two clients. Printed, never asserted.
 */
const SAMPLES = 60;
const BROADCASTS = 5000;


export async function runRealtimeBench(log: (line: string) => void = () => undefined): Promise<Record<string, number>> {
  const db = await createFixtureDb();
  const server = await startRealtimeServer(db);
  const figures: Record<string, number> = {};
  const clients: SupabaseClient[] = [];
  try {
    let nextId = 1;
    for (const subscribers of [1, 10, 100]) {
      log(`realtime: ${subscribers} subscriber(s)…`);
      const received = new Map<number, number[]>();
      for (let i = clients.length; i < subscribers; i++) {
        const client = realtimeClient(server.url);
        clients.push(client);
        const channel = client.channel(`bench-${i}`).on('postgres_changes', { event: 'INSERT', schema: 'rt_fixture', table: 'items' }, (change) => {
          const id = (change.new as { id: number }).id;
          const times = received.get(id);
          if (times) times.push(performance.now());
        });
        await subscribed(channel);
      }
      const latencies: number[] = [];
      for (let sample = 0; sample < SAMPLES; sample++) {
        const id = nextId++;
        const times: number[] = [];
        received.set(id, times);
        await db.query('insert into rt_fixture.items (id, name) values ($1, $2)', [id, 'bench']);
        const committed = performance.now();
        await waitFor(() => times.length >= subscribers, `sample ${id}`, 30_000);
        for (const at of times) latencies.push(Math.max(0, at - committed));
      }
      figures[`realtimeP50Ms${subscribers}Sub`] = round(percentile(latencies, 50));
      figures[`realtimeP95Ms${subscribers}Sub`] = round(percentile(latencies, 95));
      figures[`realtimeP99Ms${subscribers}Sub`] = round(percentile(latencies, 99));
      // Each round starts from fresh clients whose callbacks see that round's map.
      for (const client of clients.splice(0)) client.realtime.disconnect();
    }

    // Same with RLS: 10 distinct users on an owner-only table, each change checked per user.
    log('realtime: 10 users on an RLS table…');
    const users = Array.from({ length: 10 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const rlsTimes = new Map<number, number>();
    for (const user of users) {
      const token = await userToken(user);
      const client = await userClient(server.url, () => token);
      clients.push(client);
      const channel = client.channel(`rls-${user}`).on('postgres_changes', { event: 'INSERT', schema: 'rt_fixture', table: 'notes' }, (change) => {
        rlsTimes.set((change.new as { id: number }).id, performance.now());
      });
      await subscribed(channel);
    }
    const rlsLatencies: number[] = [];
    for (let sample = 0; sample < SAMPLES; sample++) {
      const owner = users[sample % users.length];
      const { rows } = await db.query<{ id: number }>('insert into rt_fixture.notes (owner, body) values ($1, $2) returning id::int as id', [owner, 'bench']);
      const committed = performance.now();
      const id = rows[0].id;
      const at = await waitFor(() => rlsTimes.get(id), `rls sample ${id}`, 30_000);
      rlsLatencies.push(Math.max(0, at - committed));
    }
    figures.realtimeRlsP50Ms10Users = round(percentile(rlsLatencies, 50));
    figures.realtimeRlsP95Ms10Users = round(percentile(rlsLatencies, 95));
    for (const client of clients.splice(0)) client.realtime.disconnect();

    log('realtime: broadcast throughput…');
    const sender = realtimeClient(server.url);
    const receiver = realtimeClient(server.url);
    clients.push(sender, receiver);
    let count = 0;
    const inbound = receiver.channel('bench-broadcast').on('broadcast', { event: 'tick' }, () => count++);
    const outbound = sender.channel('bench-broadcast');
    await subscribed(inbound);
    await subscribed(outbound);
    const started = performance.now();
    for (let i = 0; i < BROADCASTS; i++) await outbound.send({ type: 'broadcast', event: 'tick', payload: { i } });
    await waitFor(() => count >= BROADCASTS, 'broadcasts', 60_000);
    figures.realtimeBroadcastMsgsPerSec = Math.round(BROADCASTS / ((performance.now() - started) / 1000));
  } finally {
    for (const client of clients) client.realtime.disconnect();
    await server.close();
    await db.close();
  }
  return figures;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await runRealtimeBench((line) => console.log(line));
  for (const [name, value] of Object.entries(figures)) console.log(`${name.padEnd(32)}${String(value).padStart(10)}`);
  console.log(`realtime bench: ${Object.keys(figures).length} figures`);
}
