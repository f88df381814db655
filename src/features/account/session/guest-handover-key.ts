/** Where a guest's one-time hand-over token waits until the account has taken the guest's orders. */
export const GUEST_HANDOVER_KEY = 'lumen-guest-handover';

/** Read without loading the hand-over code, which only a few page loads need. */
export function hasStoredGuestHandover(): boolean {
  try {
    return localStorage.getItem(GUEST_HANDOVER_KEY) !== null;
  } catch {
    return false;
  }
}
