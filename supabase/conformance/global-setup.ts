import type { TestProject } from 'vitest/node';
import { startLocalTarget } from './local-target.ts';
import { HOSTED_USAGE, readHostedTarget } from './target.ts';

/**
 * Vitest global setup of the `conformance` project. With LUMEN_HOSTED_URL (npm run check:hosted)
 * the suite runs against that hosted project; without it (npm test) against Lumen's local backend,
 * started here once for every conformance file and stopped after the run.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const hosted = readHostedTarget(process.env);
  if (hosted) {
    if (!hosted.ok) throw new Error(`The hosted conformance target is incomplete:\n  ${hosted.problems.join('\n  ')}\n\n${HOSTED_USAGE}`);
    project.provide('conformanceTarget', hosted.target);
    return undefined;
  }
  const local = await startLocalTarget();
  project.provide('conformanceTarget', local.target);
  return () => local.close();
}
