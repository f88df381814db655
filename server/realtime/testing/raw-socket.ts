import { WebSocket } from 'ws';

export type RawFrame = unknown[] | Record<string, unknown> | { binary: Uint8Array };

/** A bare `ws` client for protocol tests realtime-js cannot express (malformed frames, v1 refs). */
export class RawSocket {
  readonly frames: RawFrame[] = [];
  readonly ws: WebSocket;
  closed = false;

  private constructor(ws: WebSocket) {
    this.ws = ws;
    ws.on('message', (data, isBinary) => {
      const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data instanceof ArrayBuffer ? new Uint8Array(data) : data);
      this.frames.push(isBinary ? { binary: new Uint8Array(buffer) } : (JSON.parse(buffer.toString('utf8')) as RawFrame));
    });
    ws.on('close', () => (this.closed = true));
  }

  static open(url: string): Promise<RawSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      ws.once('open', () => resolve(new RawSocket(ws)));
      ws.once('error', reject);
    });
  }

  send(data: string | Uint8Array): void {
    this.ws.send(data);
  }

  /** The first frame after `from` satisfying `match`. */
  async next(match: (frame: RawFrame) => boolean, timeoutMs = 5000): Promise<RawFrame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.find(match);
      if (found) {
        this.frames.splice(this.frames.indexOf(found), 1);
        return found;
      }
      if (Date.now() > deadline) throw new Error(`no matching frame; got ${JSON.stringify(this.frames)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

/** Answers the upgrade request with its HTTP status and body, for rejected handshakes. */
export function upgradeFailure(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    ws.on('open', () => reject(new Error('upgrade unexpectedly succeeded')));
    ws.on('error', () => undefined);
  });
}
