import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Every file and folder under `dir` (the folder itself included) with its size, mtime and a hash of
 * its bytes: two equal listings taken around an operation mean it wrote, created and deleted nothing.
 */
export async function dirListing(dir: string): Promise<string[]> {
  const lines = [`. ${(await stat(dir)).mtimeMs}`];
  async function walk(current: string): Promise<void> {
    const entries = (await readdir(current, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      const info = await stat(full);
      const hash = entry.isFile() ? createHash('sha256').update(await readFile(full)).digest('hex').slice(0, 16) : 'dir';
      lines.push(`${path.relative(dir, full)} ${info.size} ${info.mtimeMs} ${hash}`);
      if (entry.isDirectory()) await walk(full);
    }
  }
  await walk(dir);
  return lines;
}
