import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const INPUTS = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json', 'scripts/postbuild.ts', 'server/static/precompress.ts', 'scripts/prerender.ts', 'supabase/seed', 'supabase/migrations'];

function newestMtime(entry: string): number {
  let stats;
  try {
    stats = statSync(entry);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** True when dist/ is missing or older than any of its inputs. */
export function buildIsStale(rootDir: string): boolean {
  const built = newestMtime(path.join(rootDir, 'dist', 'build-manifest.json'));
  if (built === 0) return true;
  return INPUTS.some((input) => newestMtime(path.join(rootDir, input)) > built);
}

/** Builds the app with the locally installed Vite when the build is missing or stale. */
export function ensureBuild(rootDir: string): void {
  if (!buildIsStale(rootDir)) return;
  console.log('Building the app (dist/ is missing or older than its sources)…');
  const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: rootDir, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The app build failed; see the output above.');
}
