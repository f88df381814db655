import { Hono } from 'hono';
import { createAuthApp, type AuthAppOptions } from './auth/auth-app.ts';
import type { ServerContext } from './context.ts';
import { admissionGate, FairAdmission, type AdmissionOptions } from './gateway/admission.ts';
import { serviceBodyLimit } from './gateway/body-limits.ts';
import { apiCompression } from './gateway/compression.ts';
import { cors } from './gateway/cors.ts';
import { loopbackHostsOnly } from './gateway/loopback-hosts.ts';
import { securityHeaders } from './gateway/security-headers-middleware.ts';
import { createDevMailApp } from './mail/dev-mail-app.ts';
import type { Realtime } from './realtime/index.ts';
import { createRestApp, restOptionsFromConfig } from './rest/rest-app.ts';
import { databasePageLookup } from './static/page-lookup.ts';
import { createStaticApp, type StaticAppOptions } from './static/static-app.ts';
import { createStorageApp } from './storage/storage-app.ts';
import { createFunctionsApp, type FunctionsOptions } from './functions/functions-app.ts';

export interface AppOptions {
  /** The built SPA to serve; omitted in API-only tests. */
  distDir?: string;
  /** The backend services' context; omitted = static app only. */
  backend?: ServerContext;
  /** Auth service tuning (tests lower the bcrypt cost). */
  auth?: AuthAppOptions;
  /** Edge functions tuning (tests use a short time limit). */
  functions?: FunctionsOptions;
  /** Realtime's HTTP side (broadcast endpoints); its WebSocket is attached to the listening server. */
  realtime?: Realtime;
  /**
   * The fair line database work waits in (gateway/admission.ts): its limits (default 2 at once, 32
   * waiting per client, 256 in all), a line of the caller's own (tests look at it), or false for none.
   */
  admission?: AdmissionOptions | FairAdmission | false;
  /** REST tuning: the largest body an answer built from rows may have (default 4 MiB; rest/response-cap.ts). */
  rest?: { maxResponseBytes?: number };
}

/** The services whose requests wait their turn for the database (functions do not: admission.ts says why). */
const ADMITTED_PREFIXES: readonly string[] = ['/auth/v1', '/rest/v1', '/storage/v1', '/realtime/v1'];

/** Path prefixes of the Supabase APIs: CORS applies to all of them, like the CLI's Kong. */
export const API_PREFIXES = ['/auth/v1', '/rest/v1', '/storage/v1', '/functions/v1', '/realtime/v1'] as const;

/** Builds the whole server (never listens): the backend APIs and the app on one origin. */
export async function createApp(options: AppOptions = {}): Promise<Hono> {
  const app = new Hono();
  // First, so it wraps everything below: CORS preflights, every service, the SPA, 404s and errors.
  app.use('*', securityHeaders());
  // Then: nothing is answered for a name that is not this machine's (DNS rebinding).
  app.use('*', loopbackHostsOnly());
  const ctx = options.backend;
  const staticOptions: StaticAppOptions = {};
  if (ctx) {
    // One line for every service: they share one database.
    // A real PostgreSQL runs as many statements at once as its pool has connections: let that many in.
    const engineConcurrency = ctx.db.concurrency === undefined ? {} : { concurrency: ctx.db.concurrency };
    const admission =
      options.admission instanceof FairAdmission
        ? options.admission
        : options.admission === false
          ? null
          : new FairAdmission({ ...engineConcurrency, ...options.admission });
    for (const prefix of API_PREFIXES) {
      app.use(prefix, cors());
      app.use(`${prefix}/*`, cors());
      app.use(`${prefix}/*`, serviceBodyLimit(prefix, ctx.config));
      // Text answers over 1 KiB travel gzipped to clients that accept it, as behind hosted
      // Supabase's gateway; images and ranges pass untouched.
      app.use(`${prefix}/*`, ...apiCompression({ measure: prefix === '/rest/v1' || prefix === '/auth/v1' }));
      // Inside compression: a slot is given back once the answer is produced, before it is gzipped.
      if (admission && ADMITTED_PREFIXES.includes(prefix)) {
        app.use(`${prefix}/*`, admissionGate(admission, prefix, { keys: ctx.keys, trustedHeader: options.auth?.rateLimitHeader }));
      }
    }
    // The app's addresses made or retired after the build are looked up in the same line.
    staticOptions.lookup = databasePageLookup(ctx, admission, options.auth?.rateLimitHeader);
    app.route('/auth/v1', createAuthApp(ctx, options.auth));
    app.route('/rest/v1', createRestApp(ctx, { ...restOptionsFromConfig(ctx.config.api), ...options.rest }));
    app.route('/storage/v1', createStorageApp(ctx));
    app.route('/functions/v1', createFunctionsApp(ctx, options.functions));
    if (options.realtime) app.route('/realtime/v1', options.realtime.broadcastApp);
    app.use('/_dev/*', serviceBodyLimit('/_dev', ctx.config));
    app.route('/_dev', createDevMailApp(ctx));
    // An API path no service answers is a JSON 404, never the SPA's index.html.
    for (const prefix of [...API_PREFIXES, '/_dev']) {
      app.all(`${prefix}/*`, (c) =>
        c.json({ code: 'not_found', message: `No local backend route for ${c.req.method} ${new URL(c.req.url).pathname}` }, 404),
      );
    }
  }
  if (options.distDir) app.route('/', await createStaticApp(options.distDir, staticOptions));
  return app;
}
