import type { Context } from 'hono';
import type { ServerContext } from '../context.ts';
import { admissionKey, waitForTurn, type FairAdmission } from '../gateway/admission.ts';
import type { PageLookup, PageStatus } from './static-app.ts';

/** No slug is longer (items and categories are checked to 100 characters); a longer one needs no query. */
const MAX_SLUG_LENGTH = 200;

/**
 * Asks the database what an address the build did not prerender is (static-app.ts): an item or
 * category made since (found), an item no longer sold (gone), or nothing (missing). Each question
 * waits its turn in the same fair line as the APIs' database work, keyed by the client's address,
 * so a flood of made-up addresses is refused (busy) rather than crowding out everyone else.
 */
export function databasePageLookup(ctx: Pick<ServerContext, 'db' | 'keys'>, admission: FairAdmission | null, trustedHeader?: string): PageLookup {
  async function admitted(c: Context, work: () => Promise<PageStatus>): Promise<PageStatus> {
    if (!admission) return work();
    const turn = await waitForTurn(admission, await admissionKey(c, ctx.keys, trustedHeader), c);
    // A client gone while waiting reads no answer: nothing is asked.
    if (turn === 'gone') return 'missing';
    if (typeof turn !== 'function') return 'busy';
    try {
      return await work();
    } finally {
      turn();
    }
  }

  return (c, kind, slug) => {
    if (slug === '' || slug.length > MAX_SLUG_LENGTH) return Promise.resolve('missing');
    return admitted(c, async () => {
      if (kind === 'category') {
        const { rows } = await ctx.db.query<{ found: boolean }>('select exists (select 1 from public.categories where slug = $1) as found', [slug]);
        return rows[0]?.found ? 'found' : 'missing';
      }
      const { rows } = await ctx.db.query<{ status: string | null }>('select public.item_page_status($1) as status', [slug]);
      const status = rows[0]?.status;
      return status === 'on_sale' ? 'found' : status === 'retired' ? 'gone' : 'missing';
    });
  };
}
