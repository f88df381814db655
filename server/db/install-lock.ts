/**
 * The first statement of the SQL a service installs when it starts (realtime's queues and capture
 * triggers, the schema cache's DDL watch). On a real PostgreSQL the services start on different
 * connections at once, and two `create schema if not exists` (or `create or replace function`) of
 * one name in two transactions at the same moment fail with a unique violation ("tuple concurrently
 * updated"): a transaction-level advisory lock makes them take turns. Each install runs as one
 * `exec`, one implicit transaction, so the lock is held until its end. On PGlite, one session, it
 * never waits.
 */
export const INSTALL_LOCK_SQL = 'select pg_advisory_xact_lock(1282237797, 2);';
