import { Hono } from 'hono';
import { createStaticApp } from './static/static-app.ts';

export interface AppOptions {
  /** The built SPA to serve; omitted in API-only tests. */
  distDir?: string;
}

/** Builds the whole server (never listens): the backend APIs and the app on one origin. */
export async function createApp(options: AppOptions = {}): Promise<Hono> {
  const app = new Hono();
  if (options.distDir) app.route('/', await createStaticApp(options.distDir));
  return app;
}
