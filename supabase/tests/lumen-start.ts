/** Lumen's own start (scripts/start.ts: seed, demo accounts) without building the app, for child-server tests. */
export const LUMEN_START = ['scripts/start.ts', '--no-build'];
