import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { sqlLiteral } from './sql-literal.ts';

const db = new PGlite();
afterAll(() => db.close());

describe('sqlLiteral', () => {
  const tricky = ["it's", 'back\\slash', "\\'; drop table x; --", '$1 $$ $tag$', 'multi\nline\ttab', 'ünïcødé 🙂', '', "''"];

  it.each(tricky)('means exactly the text it was given: %j', async (text) => {
    for (const conforming of ['on', 'off']) {
      const [, result] = await db.exec(`set standard_conforming_strings = ${conforming}; select ${sqlLiteral(text)}::text as value`);
      expect(result.rows[0]).toEqual({ value: text });
    }
  });

  it('refuses a NUL character instead of cutting the text', () => {
    expect(() => sqlLiteral('a\0b')).toThrow(/NUL/);
  });
});
