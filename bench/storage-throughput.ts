import { startLocalBackend } from './local-backend.ts';
import { round } from './stats.ts';

const SIZES = { '1MB': 1024 * 1024, '20MB': 20 * 1024 * 1024 } as const;
const ROUNDS = 5;

/** Upload and download throughput (MB/s) of the local storage service through supabase-js. */
export async function runStorageBench(): Promise<Record<string, number>> {
  const backend = await startLocalBackend();
  try {
    const client = backend.client(backend.ctx.keys.serviceRoleKey);
    const { error: bucketError } = await client.storage.createBucket('bench', { public: false });
    if (bucketError) throw new Error(bucketError.message);
    const figures: Record<string, number> = {};
    for (const [label, size] of Object.entries(SIZES)) {
      const body = new Uint8Array(size).map((_, index) => index % 251);
      let uploadMs = 0;
      let downloadMs = 0;
      for (let i = 0; i < ROUNDS; i++) {
        const name = `blob-${label}-${i}.bin`;
        let started = performance.now();
        const { error } = await client.storage.from('bench').upload(name, body, { contentType: 'application/octet-stream' });
        if (error) throw new Error(error.message);
        uploadMs += performance.now() - started;
        started = performance.now();
        const { data, error: downloadError } = await client.storage.from('bench').download(name);
        if (downloadError || !data) throw new Error(downloadError?.message ?? 'no data');
        if (data.size !== size) throw new Error(`downloaded ${data.size} bytes, expected ${size}`);
        downloadMs += performance.now() - started;
      }
      const megabytes = (size * ROUNDS) / (1024 * 1024);
      figures[`storageUpload${label}MBps`] = round(megabytes / (uploadMs / 1000));
      figures[`storageDownload${label}MBps`] = round(megabytes / (downloadMs / 1000));
    }
    return figures;
  } finally {
    await backend.close();
  }
}
