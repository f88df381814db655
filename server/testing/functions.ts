/** Running a project's edge function under Node in a test, as the functions service does (a small Deno shim). */
export { installDenoShim, takeServedHandler, type FetchHandler } from '../functions/deno-shim.ts';
