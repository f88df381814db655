import { RestError } from './rest-error.ts';
import type { RestOptions } from './rest-request.ts';

const MiB = 1024 * 1024;

/**
 * The largest body a REST answer built from rows may have unless the app is told otherwise.
 * db-max-rows bounds the rows of a read, not what nested embeds multiply them into: on the demo
 * catalog (240 items, 8 categories) `items?select=id,categories(id,items(id,categories(id,items(id,categories(id)))))`
 * builds 8 MB as anon in about a second, while the largest answers the shop asks for are a few
 * KiB, the whole catalog with its categories 0.25 MB, and a full 1,000-row page of its widest rows
 * about 1 MB. 4 MiB leaves four times that, and halves what the attack above can make the server
 * hold and send per request; the admission queue keeps the time such requests take from others.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 4 * MiB;

const described = (bytes: number): string => (bytes >= MiB ? `${Math.round((bytes / MiB) * 10) / 10} MiB` : `${bytes} bytes`);

/**
 * `body` when its UTF-8 size is within the app's cap; otherwise 400 with 54000
 * (program_limit_exceeded): the code Postgres gives a value past its own 1 GB limit, which is what
 * hosted PostgREST passes on when an embed outgrows that (as a 500; class 54 is a 400 here, see
 * rest-error.ts). The bytes are counted only when the length leaves the answer in doubt: UTF-8
 * takes one to three bytes per UTF-16 unit of a string.
 */
export function withinResponseCap(body: string, options: Pick<RestOptions, 'maxResponseBytes'>): string {
  const cap = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  if (body.length * 3 <= cap) return body;
  const bytes = Buffer.byteLength(body, 'utf8');
  if (bytes <= cap) return body;
  throw new RestError(
    400,
    '54000',
    `The response is larger than the ${described(cap)} this server answers with`,
    `The response would be ${described(bytes)}`,
    'Ask for fewer rows with limit (and offset or a range for the next page), or for fewer or smaller embedded resources in select',
  );
}
