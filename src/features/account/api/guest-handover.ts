import { queryClient } from '@/lib/query-client';
import { getSupabase } from '@/lib/supabase';

/** Kept until the account has taken the guest's orders, so a failure is retried (RequireSession). */
const HANDOVER_KEY = 'lumen-guest-handover';

function stored(): string | null {
  try {
    return localStorage.getItem(HANDOVER_KEY);
  } catch {
    return null;
  }
}

function store(token: string | null): void {
  try {
    if (token) localStorage.setItem(HANDOVER_KEY, token);
    else localStorage.removeItem(HANDOVER_KEY);
  } catch {
    // Storage blocked: this sign-in still hands over right away; only a retry after reload is lost.
  }
}

let memoryToken: string | null = null;

/**
 * Signing in from a guest session (someone who ordered as a guest on this device): before the
 * session is replaced, the guest asks for a one-time token only it can get. Nothing happens for
 * anyone else. Throws when the token cannot be had, so the sign-in does not strand the guest's orders.
 */
export async function prepareGuestHandover(): Promise<void> {
  const supabase = await getSupabase();
  const { data } = await supabase.auth.getSession();
  if (!data.session?.user.is_anonymous) return;
  const { data: token, error } = await supabase.rpc('begin_guest_transfer');
  if (error || typeof token !== 'string') {
    throw new Error('Your guest orders could not be prepared to move into the account, so you were not signed in. Please try again.');
  }
  memoryToken = token;
  store(token);
}

/**
 * Once signed in to the account: its guest orders, addresses and cart move in (finish_guest_transfer)
 * and the guest user is removed. Returns how many orders moved; 0 when there was nothing to take.
 */
export async function finishGuestHandover(): Promise<number> {
  const token = memoryToken ?? stored();
  if (!token) return 0;
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('finish_guest_transfer', { token });
  if (error) {
    // Already taken, or expired: nothing left to retry.
    if (error.code === 'P0002') {
      memoryToken = null;
      store(null);
      return 0;
    }
    throw new Error(error.message);
  }
  memoryToken = null;
  store(null);
  // Pages of the account may have loaded before its new orders, cart and addresses arrived.
  await queryClient.invalidateQueries();
  const moved = (data as { orders?: unknown } | null)?.orders;
  return typeof moved === 'number' ? moved : 0;
}
