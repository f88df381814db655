export interface RealtimeOptions {
  /** Close sockets that send nothing (not even a heartbeat) for this long. Phoenix uses 60 s. */
  idleTimeoutMs: number;
  /** A socket whose unsent data exceeds this is a slow consumer and is terminated. */
  maxBufferedBytes: number;
  /** Upper bound between access-token expiry checks (Realtime re-checks at min(5 min, exp)). */
  tokenCheckMs: number;
}

export const defaultRealtimeOptions: RealtimeOptions = {
  idleTimeoutMs: 60_000,
  maxBufferedBytes: 8 * 1024 * 1024,
  tokenCheckMs: 5 * 60_000,
};
