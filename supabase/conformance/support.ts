import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { inject } from 'vitest';
import { createNodeSupabaseClient } from '../../server/index.ts';
import type { ConformanceTarget } from './target.ts';

/**
 * What every conformance file shares. Everything goes through the unmodified supabase-js client
 * or plain fetch, so the same assertions hold for the local backend and a hosted project.
 */
export function conformanceTarget(): ConformanceTarget {
  const target = inject('conformanceTarget');
  if (!target) throw new Error('No conformance target: run these tests through the "conformance" Vitest project.');
  return target;
}

export function isHosted(): boolean {
  return conformanceTarget().kind === 'hosted';
}

/** A fresh client (own auth state, no persistence, no auto refresh) with the browser's key. */
export function anonClient(): SupabaseClient {
  const { url, anonKey } = conformanceTarget();
  return createNodeSupabaseClient(url, anonKey);
}

export function serviceClient(): SupabaseClient {
  const { url, serviceRoleKey } = conformanceTarget();
  return createNodeSupabaseClient(url, serviceRoleKey);
}

/**
 * A warning is something the operator should look at that does not make the backend wrong
 * (no mail provider yet, anonymous sign-ins off). It is printed, and collected by check:hosted.
 */
export function reportWarning(message: string): void {
  console.warn(`⚠ conformance: ${message}`);
  const file = process.env.LUMEN_CONFORMANCE_WARNINGS_FILE;
  if (file) appendFileSync(file, `${JSON.stringify({ message })}\n`);
}

export interface ThrowawayUser {
  id: string;
  email: string;
  password: string;
  /** Signed in as this user. */
  client: SupabaseClient;
  accessToken(): Promise<string>;
}

/** Upper and lower case, digits and a symbol: passes any password policy a project may set. */
export function throwawayPassword(): string {
  return `Lumen-${randomUUID()}-A1!`;
}

export function throwawayEmail(label: string): string {
  return `lumen-conformance-${label}-${randomUUID().slice(0, 8)}@${conformanceTarget().emailDomain}`;
}

/**
 * Creates a confirmed user through the admin API (no e-mail is sent) and signs in as them with
 * the browser's key. Remove it with removeThrowawayUser in afterAll.
 */
export async function createThrowawayUser(label: string): Promise<ThrowawayUser> {
  const email = throwawayEmail(label);
  const password = throwawayPassword();
  const { data, error } = await serviceClient().auth.admin.createUser({ email, password, email_confirm: true });
  if (error || !data.user) throw new Error(`admin.createUser(${email}) failed: ${error?.message ?? 'no user returned'}`);
  const client = anonClient();
  const signedIn = await client.auth.signInWithPassword({ email, password });
  if (signedIn.error) throw new Error(`signing in as ${email} failed: ${signedIn.error.message}`);
  return {
    id: data.user.id,
    email,
    password,
    client,
    async accessToken() {
      const { data: current } = await client.auth.getSession();
      if (!current.session) throw new Error(`${email} has no session`);
      return current.session.access_token;
    },
  };
}

/**
 * Deletes what a throwaway user left (avatar files, orders — deleting the user would only
 * anonymise them) and then the user; cart lines and the profile go with the user. A user that
 * is already gone (delete-account ran) is fine.
 */
export async function removeThrowawayUser(user: ThrowawayUser | undefined): Promise<void> {
  if (!user) return;
  await user.client.removeAllChannels();
  user.client.realtime.disconnect();
  const admin = serviceClient();
  const { data: files } = await admin.storage.from('avatars').list(user.id, { limit: 100 });
  if (files && files.length > 0) await admin.storage.from('avatars').remove(files.map((file) => `${user.id}/${file.name}`));
  await admin.from('orders').delete().eq('user_id', user.id);
  const { error } = await admin.auth.admin.deleteUser(user.id);
  if (error && error.status !== 404) throw new Error(`deleting ${user.email} failed: ${error.message}`);
}

export interface CatalogItem {
  id: number;
  slug: string;
  title: string;
  price_cents: number;
  currency: string;
  stock: number;
  category_id: number;
  image_paths: string[];
}

export const ITEM_COLUMNS = 'id, slug, title, price_cents, currency, stock, category_id, image_paths';

/**
 * The `nth` item (by id) with at least `minStock` in stock. Each conformance file that changes
 * stock uses its own `nth`, so files running side by side never order the same item.
 */
export async function pickItem(nth: number, minStock = 3): Promise<CatalogItem> {
  const { data, error } = await anonClient()
    .from('items')
    .select(ITEM_COLUMNS)
    .gte('stock', minStock)
    .order('id')
    .range(nth, nth);
  if (error) throw new Error(`reading the catalog failed: ${error.message}`);
  const item = (data as CatalogItem[] | null)?.[0];
  if (!item) throw new Error(`The catalog has fewer than ${nth + 1} items with ${minStock}+ in stock: seed it (npm run seed).`);
  return item;
}

export async function readStock(itemId: number): Promise<number> {
  const { data, error } = await anonClient().from('items').select('stock').eq('id', itemId).single();
  if (error) throw new Error(`reading stock of item ${itemId} failed: ${error.message}`);
  return (data as { stock: number }).stock;
}

/** Polls until `check` gives a value; the ceiling is generous (hosted realtime crosses the internet). */
export async function waitFor<T>(check: () => T | undefined | null | false, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

interface SystemMessage {
  extension?: string;
  status?: string;
  message?: string;
}

/** Subscribes a channel and waits for the join to be confirmed (a refused or timed-out join rejects). */
export function subscribeChannel(channel: RealtimeChannel): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(`channel ${channel.topic}: ${status}`));
    });
  });
}

/**
 * Subscribes a channel that has postgres_changes bindings and waits until realtime confirms the
 * database subscription ("Subscribed to PostgreSQL"), not just the channel join: only then is
 * every later change guaranteed to arrive.
 */
export async function subscribeToChanges(channel: RealtimeChannel): Promise<void> {
  let system: SystemMessage | null = null;
  channel.on('system', {}, (message: SystemMessage) => {
    if (message.extension === 'postgres_changes') system = message;
  });
  await subscribeChannel(channel);
  const confirmed = await waitFor<SystemMessage>(() => system, `postgres_changes confirmation on ${channel.topic}`);
  if (confirmed.status !== 'ok') throw new Error(`postgres_changes on ${channel.topic} failed: ${confirmed.message ?? confirmed.status}`);
}

/** A 2×2 WebP (what the browser uploads as an avatar after resizing, only smaller). */
export const TINY_WEBP = Buffer.from('UklGRjoAAABXRUJQVlA4IC4AAADQAQCdASoCAAIAAUAmJaACdLoB+AADsAD+pNf/TSPGkeNI+Yt/84ljqd3aAAAA', 'base64');
