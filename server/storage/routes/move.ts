import type { Hono } from 'hono';
import { moveObject } from '../move-object.ts';
import { readMoveBody } from '../request-bodies.ts';
import type { StorageService } from '../storage-service.ts';

/** `POST /object/move`, answered as hosted storage does: a message, the row's id and the new name. */
export function registerMoveRoute(app: Hono, service: StorageService): void {
  app.post('/object/move', async (c) => {
    const body = await readMoveBody(c);
    const moved = await moveObject(service, c, body);
    return c.json({ message: 'Successfully moved', ...moved });
  });
}
