import { describe, expect, it } from 'vitest';
import { describeFilters, isCustomerId, isFiltered, readOrderFilters } from './order-search.ts';

const CUSTOMER = '3f0c2a9e-5b1d-4c7a-9e2f-6a8b1c0d4e5f';

function read(query: string) {
  return readOrderFilters(new URLSearchParams(query));
}

describe('readOrderFilters', () => {
  it('reads every filter of a well-formed address', () => {
    expect(read(`q=%20ann%20&status=delivered,returned&from=2026-11-01&to=2026-11-27&customer=${CUSTOMER.toUpperCase()}&page=2`)).toEqual({
      filters: { q: 'ann', statuses: ['delivered', 'returned'], from: '2026-11-01', to: '2026-11-27', customer: CUSTOMER, page: 2 },
      problems: [],
    });
  });

  it('reads no filters as every order, first page', () => {
    expect(read('')).toEqual({ filters: { q: '', statuses: [], from: null, to: null, customer: null, page: 1 }, problems: [] });
    expect(read('status=&from=&page=1').problems).toEqual([]);
  });

  it('keeps statuses in any case, once each, and names an unknown one without dropping the others', () => {
    const { filters, problems } = read('status=Shipped,,bogus,shipped,cancelled');
    expect(filters.statuses).toEqual(['shipped', 'cancelled']);
    expect(problems).toEqual(['“bogus” is not an order status, so it is left out. The statuses are placed, confirmed, packed, shipped, delivered, returned, cancelled.']);
  });

  it('names a date that is malformed or does not exist, and keeps the other end', () => {
    const { filters, problems } = read('from=2026-02-30&to=2026-11-27');
    expect(filters).toMatchObject({ from: null, to: '2026-11-27' });
    expect(problems).toEqual(['“2026-02-30” is not a date (From should read like 2026-11-27), so it is left out.']);
    expect(read('to=27/11/2026').problems).toEqual(['“27/11/2026” is not a date (To should read like 2026-11-27), so it is left out.']);
    expect(read('from=2024-02-29').filters.from).toBe('2024-02-29');
  });

  it('leaves out a range that runs backwards', () => {
    const { filters, problems } = read('from=2026-11-27&to=2026-11-01');
    expect(filters).toMatchObject({ from: null, to: null });
    expect(problems).toEqual(['The dates run backwards (from 2026-11-27 to 2026-11-01), so they are left out.']);
  });

  it('refuses a customer that is no id, a page that is no page and a search longer than the database takes', () => {
    expect(read('customer=42').problems).toEqual(['“42” is not a customer id, so it is left out.']);
    for (const page of ['0', '-1', '2.5', 'two', '10001']) {
      const { filters, problems } = read(`page=${page}`);
      expect(filters.page, page).toBe(1);
      expect(problems, page).toEqual([`“${page}” is not a page number, so the first page is shown.`]);
    }
    expect(read('page=10000').filters.page).toBe(10000);
    expect(read(`q=${'a'.repeat(201)}`)).toMatchObject({ filters: { q: '' }, problems: ['The search text is longer than 200 characters, so it is left out.'] });
  });
});

describe('isCustomerId', () => {
  it('takes a uuid in either case and nothing else', () => {
    expect(isCustomerId(CUSTOMER)).toBe(true);
    expect(isCustomerId(CUSTOMER.toUpperCase())).toBe(true);
    expect(isCustomerId(`${CUSTOMER}0`)).toBe(false);
    expect(isCustomerId('not-a-uuid')).toBe(false);
  });
});

describe('describeFilters and isFiltered', () => {
  it('say in words what narrows the list, paging aside', () => {
    const none = read('page=3').filters;
    expect(isFiltered(none)).toBe(false);
    const some = read(`q=lamp&status=placed,returned&from=2026-11-01&to=2026-11-27&customer=${CUSTOMER}`).filters;
    expect(isFiltered(some)).toBe(true);
    expect(describeFilters(some, 'Ann Byrne')).toBe('search “lamp”, status placed or returned, placed 2026-11-01 to 2026-11-27, customer Ann Byrne');
    expect(describeFilters(read('from=2026-11-03&to=2026-11-03').filters)).toBe('placed on 2026-11-03');
    expect(describeFilters(read('to=2026-11-03').filters)).toBe('placed up to 2026-11-03');
    expect(describeFilters(read(`customer=${CUSTOMER}`).filters, null)).toBe('the chosen customer');
  });
});
