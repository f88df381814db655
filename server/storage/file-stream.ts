import type { FileHandle } from 'node:fs/promises';

/**
 * Bytes `start`..`end` (inclusive) of an open file as a web stream, read as the consumer pulls
 * (one 64 KiB chunk at a time, so a slow client holds back the disk and memory stays flat). The
 * stream owns the handle: it closes it at the end, on a read error, or when the consumer cancels
 * (a client that goes away). Node's fs.ReadStream through Readable.toWeb does the same, but its
 * web-stream types do not meet the DOM's ReadableStream that Hono's bodies use, and this needs no cast.
 */
export function fileRangeStream(file: FileHandle, start: number, end: number): ReadableStream<Uint8Array> {
  const source = file.createReadStream({ start, end, autoClose: true });
  const chunks: AsyncIterator<unknown> = source[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else if (next.value instanceof Uint8Array) controller.enqueue(next.value);
    },
    cancel() {
      source.destroy();
    },
  });
}
