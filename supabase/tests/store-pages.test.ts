import type { Database } from '../../server/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asActor, openLumenDatabase, refusal, type Actor } from './lumen-database.ts';

// Who may read and edit the store pages and the shop's profile is the RLS matrix's
// (rls-matrix.test.ts). This is what the tables do with an edit: which shapes of sections they
// take, what they keep of it (updated_at, the audit log) and which columns stay fixed.

const STAFF: Actor = { role: 'authenticated', sub: '00000000-0000-4000-8000-0000000000c3', user_role: 'staff' };

let db: Database;

beforeAll(async () => {
  db = await openLumenDatabase();
});

afterAll(async () => {
  await db.close();
});

async function validSections(sections: unknown): Promise<boolean | undefined> {
  const { rows } = await db.query<{ valid: boolean }>('select public.valid_page_sections($1::jsonb) as valid', [JSON.stringify(sections)]);
  return rows[0]?.valid;
}

const section = (heading: unknown, paragraphs: unknown) => ({ heading, paragraphs });

describe('store pages', () => {
  it('ship with every page the app routes, each with sections the check accepts', async () => {
    const { rows } = await db.query<{ slug: string; valid: boolean }>(
      'select slug, public.valid_page_sections(sections) as valid from public.store_pages order by slug',
    );
    expect(rows).toEqual(['contact', 'delivery-and-returns', 'privacy', 'terms'].map((slug) => ({ slug, valid: true })));
  });

  it('accept sections of a heading and plain paragraphs, markup-looking text included (the page shows it as text)', async () => {
    expect(await validSections([section('Returns', ['Within 30 days.', 'Write to <b>us</b>.'])])).toBe(true);
    expect(await validSections(Array.from({ length: 30 }, (_, index) => section(`Part ${index + 1}`, ['Text.'])))).toBe(true);
    expect(await validSections([section('x'.repeat(120), ['y'.repeat(2000)])])).toBe(true);
  });

  it.each([
    ['an object instead of a list', { heading: 'Returns', paragraphs: ['Text.'] }],
    ['no sections', []],
    ['more than 30 sections', Array.from({ length: 31 }, () => section('Part', ['Text.']))],
    ['a section that is a string', ['Returns']],
    ['a heading that is a number', [section(12, ['Text.'])]],
    ['a blank heading', [section('   ', ['Text.'])]],
    ['a heading over 120 characters', [section('x'.repeat(121), ['Text.'])]],
    ['paragraphs as one string', [section('Returns', 'Text.')]],
    ['no paragraphs', [section('Returns', [])]],
    ['more than 30 paragraphs', [section('Returns', Array.from({ length: 31 }, () => 'Text.'))]],
    ['a paragraph that is an object', [section('Returns', [{ text: 'Text.' }])]],
    ['a paragraph that is null', [section('Returns', ['Text.', null])]],
    ['a blank paragraph', [section('Returns', ['Text.', '   '])]],
    ['a paragraph over 2000 characters', [section('Returns', ['y'.repeat(2001)])]],
    ['a section without a heading', [{ paragraphs: ['Text.'] }]],
    ['a section without paragraphs', [{ heading: 'Returns' }]],
    ['a heading of line breaks only', [section('\n\n', ['Text.'])]],
    ['a paragraph of line breaks only', [section('Returns', ['Text.', '\n\t\n'])]],
  ])('refuse %s', async (_, sections) => {
    expect(await validSections(sections)).toBe(false);
  });

  it('refuse a staff edit with malformed sections and keep the page as it was', async () => {
    const result = await asActor(db, STAFF, async (tx) => {
      const refused = await refusal(tx.query(`update public.store_pages set sections = '[{"heading": "Returns", "paragraphs": "Text."}]' where slug = 'privacy'`));
      return refused.code;
    });
    expect(result).toBe('23514');
    const { rows } = await db.query<{ valid: boolean }>(`select public.valid_page_sections(sections) as valid from public.store_pages where slug = 'privacy'`);
    expect(rows).toEqual([{ valid: true }]);
  });

  it('keep the slug, the page address, fixed even for staff', async () => {
    const code = await asActor(db, STAFF, async (tx) => (await refusal(tx.query(`update public.store_pages set slug = 'legal' where slug = 'terms'`))).code);
    expect(code).toBe('42501');
  });

  it('move updated_at on a staff edit and log it with the page before and after', async () => {
    const result = await asActor(db, STAFF, async (tx) => {
      // now() is the edit's transaction's start: the seeded row was written before it, the edited one at it.
      const before = (await tx.query<{ id: number; current: boolean }>(`select id, updated_at = now() as current from public.store_pages where slug = 'privacy'`)).rows[0];
      const edited = await tx.query<{ current: boolean }>(
        `update public.store_pages set title = 'Your privacy', sections = '[{"heading": "What we keep", "paragraphs": ["Only what an order needs."]}]'
         where slug = 'privacy' returning updated_at = now() as current`,
      );
      const log = await tx.query<{ actor: string; action: string; entity_id: string; before_title: string; after_title: string; after_sections: unknown }>(
        `select actor, action, entity_id, before ->> 'title' as before_title, after ->> 'title' as after_title, after -> 'sections' as after_sections
         from public.audit_log where entity = 'store_pages'`,
      );
      return { before, edited: edited.rows[0], log: log.rows };
    });
    expect(result.before?.current).toBe(false);
    expect(result.edited?.current).toBe(true);
    expect(result.log).toEqual([
      {
        actor: STAFF.sub,
        action: 'update',
        entity_id: String(result.before?.id),
        before_title: 'Privacy',
        after_title: 'Your privacy',
        after_sections: [{ heading: 'What we keep', paragraphs: ['Only what an order needs.'] }],
      },
    ]);
  });

  it('move the profile updated_at on a staff edit and log it too', async () => {
    const result = await asActor(db, STAFF, async (tx) => {
      const before = (await tx.query<{ current: boolean }>('select updated_at = now() as current from public.store_profile')).rows[0];
      const edited = await tx.query<{ current: boolean; phone: string }>(`update public.store_profile set phone = '+35315550199' returning updated_at = now() as current, phone`);
      const log = await tx.query<{ action: string; before_phone: string; after_phone: string }>(
        `select action, before ->> 'phone' as before_phone, after ->> 'phone' as after_phone from public.audit_log where entity = 'store_profile'`,
      );
      return { before, edited: edited.rows[0], log: log.rows };
    });
    expect(result.before?.current).toBe(false);
    expect(result.edited).toEqual({ current: true, phone: '+35315550199' });
    expect(result.log).toEqual([{ action: 'update', before_phone: '+35315550142', after_phone: '+35315550199' }]);
  });

  it('keep the profile phone in the international form the contact page dials as it is', async () => {
    for (const phone of ['01 555 0142', '+353 1 555 0142', 'tel:+35315550142']) {
      const code = await asActor(db, STAFF, async (tx) => (await refusal(tx.query('update public.store_profile set phone = $1', [phone]))).code);
      expect(code, phone).toBe('23514');
    }
  });
});
