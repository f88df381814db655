/**
 * One idempotency key per checkout attempt (place_order answers a repeated key with the order it
 * already placed). The key belongs to a user and to the exact cart under review, and it is kept in
 * localStorage so that every tab showing the same review submits the same key: a double click, a
 * retry after a timeout and a second tab all end on one order. A changed cart is a new attempt, and
 * so is the same cart once its order was placed. The placed order is kept with the attempt, so the
 * other tabs showing that review learn of it (the storage event) and show the order too.
 */
const STORAGE_KEY = 'lumen-checkout-attempt';

interface StoredAttempt {
  userId: string;
  cart: string;
  key: string;
  /** Set once the attempt placed its order: the order's public reference. */
  order?: string;
}

export interface CartLineRef {
  item_id: number;
  quantity: number;
}

/** The cart as the review shows it, independent of line order. */
export function cartFingerprint(lines: readonly CartLineRef[]): string {
  return lines
    .map((line) => `${line.item_id}x${line.quantity}`)
    .sort()
    .join(',');
}

let memoryAttempt: StoredAttempt | null = null;

function parseAttempt(text: string | null): StoredAttempt | null {
  const parsed: unknown = JSON.parse(text ?? 'null');
  if (!parsed || typeof parsed !== 'object' || !('userId' in parsed) || !('cart' in parsed) || !('key' in parsed)) return null;
  const { userId, cart, key } = parsed;
  const order = 'order' in parsed && typeof parsed.order === 'string' ? parsed.order : undefined;
  if (typeof userId !== 'string' || typeof cart !== 'string' || typeof key !== 'string') return null;
  return { userId, cart, key, ...(order === undefined ? {} : { order }) };
}

function readStored(): StoredAttempt | null {
  try {
    return parseAttempt(localStorage.getItem(STORAGE_KEY));
  } catch {
    return memoryAttempt;
  }
}

function writeStored(attempt: StoredAttempt | null): void {
  memoryAttempt = attempt;
  try {
    if (attempt) localStorage.setItem(STORAGE_KEY, JSON.stringify(attempt));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage blocked: this tab still keeps its attempt in memory.
  }
}

/** The key of the attempt to order exactly this cart, made once and shared by every tab. */
export function checkoutAttemptKey(userId: string, cart: string): string {
  const stored = readStored();
  if (stored && stored.userId === userId && stored.cart === cart && stored.order === undefined) return stored.key;
  const key = crypto.randomUUID();
  writeStored({ userId, cart, key });
  return key;
}

/** The attempt placed its order: ordering the same cart again later is a new attempt. */
export function completeCheckoutAttempt(key: string, order: string): void {
  const stored = readStored();
  if (stored?.key === key) writeStored({ ...stored, order });
}

/** Calls `onPlaced` when another tab places the order of this attempt; returns the unsubscribe. */
export function watchCheckoutAttempt(key: string, onPlaced: (order: string) => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY) return;
    try {
      const attempt = parseAttempt(event.newValue);
      if (attempt?.key === key && attempt.order !== undefined) onPlaced(attempt.order);
    } catch {
      // Not ours to read.
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
