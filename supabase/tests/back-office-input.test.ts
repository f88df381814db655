import type { Database } from '../../server/index.ts';
import type { TestBackend } from '../../server/testing/test-backend.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Person, addItems, addPeople, advance, openBackOfficeDatabase, placeOrder, recordReturn, refusal } from './back-office-fixtures.ts';

// What staff type is kept as the back office shows it: a return's note trimmed the same way on the
// return, its stock movement and the audit log; the shop's time zone only a name browsers know.

const STAFF: Person = { id: '00000000-0000-4000-8000-0000000006a1', email: 'staff@example.test', name: 'Sam Staff', staff: true };
const BUYER: Person = { id: '00000000-0000-4000-8000-0000000006b1', email: 'buyer@example.test', name: 'Bea Buyer' };

let db: Database;
let backend: TestBackend;
let lamp: number;

beforeAll(async () => {
  ({ db, backend } = await openBackOfficeDatabase());
  await addPeople(db, [STAFF, BUYER]);
  ({ 'note-lamp': lamp = 0 } = await addItems(db, [{ slug: 'note-lamp', title: 'Note lamp', price_cents: 4900, stock: 50 }]));
});

afterAll(async () => {
  await backend?.close();
});

describe('what staff type', () => {
  // The return, its stock movement and the audit log keep one note: trimmed, none when blank.
  it('gives the stock movement and the audit log the note exactly as the return keeps it (trimmed; none when blank)', async () => {
    const order = await placeOrder(db, BUYER, [[lamp, 2]]);
    await advance(db, STAFF, order.id, 'delivered');
    const line = order.lines[lamp] ?? 0;
    await db.exec('delete from audit_log');
    await recordReturn(db, STAFF, order.id, [[line, 1]], true, '  Scratched in transit  ');
    await recordReturn(db, STAFF, order.id, [[line, 1]], true, '   ');

    const { rows: returns } = await db.query<{ note: string | null }>('select note from order_returns where order_id = $1 order by id', [order.id]);
    expect(returns).toEqual([{ note: 'Scratched in transit' }, { note: null }]);
    const { rows: movements } = await db.query<{ note: string | null }>(
      `select note from stock_movements where order_id = $1 and reason = 'return' order by id`,
      [order.id],
    );
    expect(movements).toEqual(returns);
    const { rows: audit } = await db.query<{ context: unknown }>(`select context from audit_log where entity = 'items' order by id`);
    expect(audit).toEqual([{ context: { stock_reason: 'return', stock_note: 'Scratched in transit' } }, { context: { stock_reason: 'return' } }]);
  });

  // PostgreSQL would also read POSIX rules: 'XYZ3' (an invented zone three hours west of UTC) and
  // 'GMT+5', five hours WEST of Greenwich, the opposite of what it says; browsers' Intl refuses both,
  // so the admin's dates would break on them.
  it('takes only time zone names from the tz database, not POSIX rules', async () => {
    for (const zone of ['XYZ3', 'GMT+5', '<+05>-05']) {
      expect(await refusal(db, { role: 'service_role' }, 'update store_profile set time_zone = $1', [zone]), zone).toMatchObject({ code: '23514' });
    }
    // An IANA name for a fixed offset is fine (Etc/GMT+5 is UTC−5 by the tz database's own convention).
    let accepted = '';
    await db.transaction(async (tx) => {
      accepted = (await tx.query<{ time_zone: string }>(`update store_profile set time_zone = 'Etc/GMT+5' returning time_zone`)).rows[0]?.time_zone ?? '';
      await tx.rollback();
    });
    expect(accepted).toBe('Etc/GMT+5');
  });
});
