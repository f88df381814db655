import { createListeningBackend } from '../../server/testing/listening-backend.ts';
import type { TestBackend } from '../../server/testing/test-backend.ts';
import { LUMEN_PROJECT_DIR } from './lumen-database.ts';

/**
 * A listening backend on Lumen's project with its database workers (pg_net sends the order
 * webhooks, so mails go out), and one item to order: a desk lamp at €49.00 with plenty in stock.
 */
export async function backendWithLamp(): Promise<{ backend: TestBackend; lampId: number }> {
  const backend = await createListeningBackend({ projectDir: LUMEN_PROJECT_DIR, workers: true });
  const { rows } = await backend.ctx.db.query<{ id: number }>(`
    with category as (insert into categories (slug, name) values ('lighting', 'Lighting') returning id)
    insert into items (slug, title, price_cents, stock, category_id) select 'desk-lamp', 'Desk lamp', 4900, 1000, id from category returning id::int`);
  return { backend, lampId: rows[0]?.id ?? 0 };
}
