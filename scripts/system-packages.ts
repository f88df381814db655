import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findPostgresBin } from '../supabase/tests/postgres-cluster.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let aptUpdated = false;

/**
 * Installs Debian packages the tests need when `present()` says they are missing: with apt-get
 * when we are root, otherwise stopping at once with the exact command to run. Tests never use a
 * browser or database downloaded by a test tool.
 */
function ensureDebianPackages(what: string, packages: string[], present: () => boolean): void {
  if (present()) return;
  const command = `apt-get update && apt-get install -y --no-install-recommends ${packages.join(' ')}`;
  if (process.getuid?.() !== 0) {
    console.error(`${what} is missing. Install it with:\n  sudo sh -c '${command}'`);
    process.exit(1);
  }
  console.log(`Installing ${what} from Debian's packages (first run on this machine)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const steps = [...(aptUpdated ? [] : [['update']]), ['install', '-y', '--no-install-recommends', ...packages]];
  for (const args of steps) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed; install ${what} by hand: ${command}`);
      process.exit(1);
    }
  }
  aptUpdated = true;
  if (!present()) {
    console.error(`apt-get finished but ${what} is still missing.`);
    process.exit(1);
  }
}

export function ensureChromium(): void {
  ensureDebianPackages('Chromium', ['chromium', 'fonts-liberation'], () => existsSync(CHROMIUM_PATH));
}

/** For the tests that need several real connections (order races) and a PostgreSQL like hosted's. */
export function ensurePostgres(): void {
  ensureDebianPackages('PostgreSQL', ['postgresql'], () => findPostgresBin() !== null);
}
