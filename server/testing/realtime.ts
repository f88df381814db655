/** Realtime's test helpers (a realtime-only server, clients, raw frames), for tests and benchmarks outside server/. */
export { createFixtureDb } from '../realtime/testing/fixture-db.ts';
export { RawSocket, upgradeFailure, type RawFrame } from '../realtime/testing/raw-socket.ts';
export {
  realtimeClient,
  startRealtimeServer,
  subscribed,
  userClient,
  userToken,
  waitFor,
  type ClientOptions,
  type RealtimeTestServer,
} from '../realtime/testing/realtime-test-server.ts';
