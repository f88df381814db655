import path from 'node:path';
import { STAGING_NAME_OVERHEAD } from './object-files.ts';
import { storageErrors } from './storage-error.ts';

const BUCKET_ID = /^[A-Za-z0-9_.-]{1,100}$/;

/**
 * Every segment becomes a file or folder name, which file systems cap at 255 bytes, and uploads
 * are staged under a longer name first. Hosted storage (S3 keys) has no per-segment cap, but here
 * a longer segment could only fail on disk, as a 500: refuse it as an invalid key instead.
 */
const MAX_SEGMENT_BYTES = 255 - STAGING_NAME_OVERHEAD;

export function assertBucketId(bucketId: string): void {
  if (!BUCKET_ID.test(bucketId) || bucketId === '.' || bucketId === '..') throw storageErrors.invalidKey(bucketId);
}

/**
 * Object names that could escape the storage root are refused before anything touches the
 * disk: `..` or `.` segments, absolute paths, empty segments, NUL and other control
 * characters, backslashes, over-long names and segments.
 */
export function assertObjectName(name: string): void {
  const segments = name.split('/');
  const bad =
    name.length === 0 ||
    Buffer.byteLength(name) > 1024 ||
    name.startsWith('/') ||
    name.includes('\\') ||
    [...name].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f) ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..' || Buffer.byteLength(segment) > MAX_SEGMENT_BYTES);
  if (bad) throw storageErrors.invalidKey(name);
}

/** The file for an object, proven to lie inside `root/bucket`. */
export function objectFilePath(root: string, bucketId: string, name: string): string {
  assertBucketId(bucketId);
  assertObjectName(name);
  const bucketDir = path.resolve(root, bucketId);
  const file = path.resolve(bucketDir, ...name.split('/'));
  if (!file.startsWith(bucketDir + path.sep)) throw storageErrors.invalidKey(name);
  return file;
}
