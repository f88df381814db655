import type { Hono } from 'hono';
import { signJwt, verifyJwt } from '../../gateway/jwt.ts';
import { objectNameParam } from '../object-name-param.ts';
import { assertObjectName, objectFilePath } from '../object-path.ts';
import { readSignBody } from '../request-bodies.ts';
import { serveObject, type ObjectMetadata } from '../serve-object.ts';
import { storageErrors } from '../storage-error.ts';
import type { StorageService } from '../storage-service.ts';
import { findVisibleObject } from '../visible-object.ts';

/**
 * Signed URLs: `POST /object/sign/:bucket/*` hands a caller who may read the object a token
 * (an HS256 JWT naming `<bucket>/<name>`); `GET|HEAD` with that token serves the object to anyone
 * until it expires.
 */
export function registerSignedUrlRoutes(app: Hono, service: StorageService): void {
  app.post('/object/sign/:bucket/*', async (c) => {
    const bucketId = c.req.param('bucket');
    const name = objectNameParam(c, bucketId);
    assertObjectName(name);
    const { expiresIn } = await readSignBody(c);
    await findVisibleObject(service, c, bucketId, name, false);
    const now = Math.floor(Date.now() / 1000);
    const token = await signJwt({ url: `${bucketId}/${name}`, iat: now, exp: now + Math.floor(expiresIn) }, service.keys.jwtSecret);
    return c.json({ signedURL: `/object/sign/${bucketId}/${name.split('/').map(encodeURIComponent).join('/')}?token=${token}` });
  });

  app.on(['GET', 'HEAD'], '/object/sign/:bucket/*', async (c) => {
    const bucketId = c.req.param('bucket');
    const name = objectNameParam(c, bucketId);
    const result = await verifyJwt(c.req.query('token') ?? '', service.keys.jwtSecret);
    if (!result.ok) throw result.reason === 'expired' ? storageErrors.expiredToken() : storageErrors.accessDenied('Invalid signature');
    if (result.claims.url !== `${bucketId}/${name}`) throw storageErrors.accessDenied('The token is for another object');
    const { rows } = await service.db.query<{ metadata: ObjectMetadata | null }>(
      'select metadata from storage.objects where bucket_id = $1 and name = $2',
      [bucketId, name],
    );
    if (!rows[0]) throw storageErrors.noSuchKey();
    return serveObject(c, objectFilePath(service.root, bucketId, name), name, rows[0].metadata);
  });
}
