/**
 * One idempotency key per checkout attempt (place_order answers a repeated key with the order it
 * already placed). The key belongs to a user and to the exact cart under review, and it is kept in
 * localStorage so that every tab showing the same review submits the same key: a double click, a
 * retry after a timeout and a second tab all end on one order. A changed cart is a new attempt.
 */
const STORAGE_KEY = 'lumen-checkout-attempt';

interface StoredAttempt {
  userId: string;
  cart: string;
  key: string;
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

function readStored(): StoredAttempt | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    if (parsed && typeof parsed === 'object' && 'userId' in parsed && 'cart' in parsed && 'key' in parsed) {
      const { userId, cart, key } = parsed;
      if (typeof userId === 'string' && typeof cart === 'string' && typeof key === 'string') return { userId, cart, key };
    }
    return null;
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
  if (stored && stored.userId === userId && stored.cart === cart) return stored.key;
  const key = crypto.randomUUID();
  writeStored({ userId, cart, key });
  return key;
}

/** The attempt placed its order: ordering the same cart again later is a new attempt. */
export function endCheckoutAttempt(key: string): void {
  if (readStored()?.key === key) writeStored(null);
}
