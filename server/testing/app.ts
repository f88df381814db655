/** The app and its gateway pieces without a backend lifecycle, for tests of what is served and how. */
export { createApp, type AppOptions } from '../app.ts';
export { securityHeaders } from '../gateway/security-headers-middleware.ts';
