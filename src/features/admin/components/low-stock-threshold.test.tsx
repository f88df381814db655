import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getSupabase } from '@/lib/supabase';
import { adminKeys } from '../api/admin-keys.ts';
import { parseThreshold } from '../api/low-stock-threshold.ts';
import { LowStockThreshold } from './low-stock-threshold.tsx';

vi.mock('@/lib/supabase', () => ({ getSupabase: vi.fn() }));

const USER = 'staff-user';
const ITEM = { id: 21, stock: 4, on_sale: true };

type Answer = { data: { low_stock_threshold: number } | null; error: { code?: string; message: string } | null };

/** The items table as the form uses it: one read of the threshold, then updates answered in turn. */
function fakeItems(threshold: number, updates: Answer[]) {
  const writes: unknown[] = [];
  const read = { select: () => read, eq: () => read, maybeSingle: () => Promise.resolve({ data: { low_stock_threshold: threshold }, error: null }) };
  const write = { eq: () => write, select: () => write, maybeSingle: () => Promise.resolve(updates.shift()) };
  const table = {
    select: read.select,
    update: (changes: unknown) => {
      writes.push(changes);
      return write;
    },
  };
  vi.mocked(getSupabase).mockResolvedValue({ from: () => table } as unknown as Awaited<ReturnType<typeof getSupabase>>);
  return writes;
}

let queryClient: QueryClient;

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});

function renderForm(item = ITEM) {
  return render(
    <QueryClientProvider client={queryClient}>
      <LowStockThreshold userId={USER} item={item} />
    </QueryClientProvider>,
  );
}

const field = () => screen.getByLabelText('Warn when stock is at or below');
const describedBy = () =>
  (field().getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');
const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save the warning level' })));

describe('parseThreshold', () => {
  it('takes whole numbers from 0 to 10000 and says what else is needed', () => {
    expect(parseThreshold(' 0 ')).toEqual({ threshold: 0 });
    expect(parseThreshold('10000')).toEqual({ threshold: 10_000 });
    expect(parseThreshold('')).toEqual({ problem: 'Enter how many in stock should trigger the warning, from 0 to 10000.' });
    for (const text of ['10001', '-1', '2.5', 'five']) expect(parseThreshold(text)).toEqual({ problem: 'Enter a whole number from 0 to 10000.' });
  });
});

describe('LowStockThreshold', () => {
  it('starts from the saved level, saves a new one and refreshes what counts as low', async () => {
    const writes = fakeItems(5, [{ data: { low_stock_threshold: 3 }, error: null }]);
    const invalidated = vi.spyOn(queryClient, 'invalidateQueries');
    renderForm();
    expect(await screen.findByDisplayValue('5')).toBe(field());
    expect(screen.getByRole('region', { name: 'Low-stock warning' })).toBeTruthy();
    expect(screen.getByText('Running low now: 4 in stock.')).toBeTruthy();

    fireEvent.change(field(), { target: { value: '3' } });
    await save();
    expect(writes).toEqual([{ low_stock_threshold: 3 }]);
    expect(screen.getByRole('status').textContent).toBe('Saved: you are warned when stock is at or below 3.');
    expect(screen.getByText('4 in stock, above the warning level.')).toBeTruthy();
    expect(queryClient.getQueryData(adminKeys.lowStockThreshold(USER, ITEM.id))).toBe(3);
    const keys = invalidated.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toEqual(expect.arrayContaining([adminKeys.itemLists(USER), adminKeys.overview(USER), adminKeys.activityAll(USER)]));
  });

  it('says what is wrong with the number under the field, asks nothing, and forgets it on the next keystroke', async () => {
    const writes = fakeItems(5, []);
    renderForm();
    await screen.findByDisplayValue('5');
    fireEvent.change(field(), { target: { value: '12000' } });
    await save();
    expect(writes).toEqual([]);
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(describedBy()).toContain('Enter a whole number from 0 to 10000.');
    expect(document.activeElement).toBe(field());

    fireEvent.change(field(), { target: { value: '1200' } });
    expect(field().getAttribute('aria-invalid')).toBeNull();
    expect(describedBy()).not.toContain('Enter a whole number');
  });

  it('shows the server’s refusal, keeps what was typed, and clears the refusal when the number changes', async () => {
    fakeItems(5, [
      { data: null, error: { code: '42501', message: 'permission denied for table items' } },
      { data: null, error: null },
    ]);
    renderForm();
    await screen.findByDisplayValue('5');
    fireEvent.change(field(), { target: { value: '8' } });
    await save();
    expect(screen.getByRole('alert').textContent).toBe('Your account may no longer be staff: saving the warning level was refused. Sign out and in again.');
    expect(field()).toHaveProperty('value', '8');

    fireEvent.change(field(), { target: { value: '9' } });
    expect(screen.queryByRole('alert')).toBeNull();
    // An update RLS refused returns no row: nothing was saved, and the form says so.
    await save();
    expect(screen.getByRole('alert').textContent).toContain('Nothing was saved: this variant no longer exists');
  });

  it('does not call a variant that is not on sale low', async () => {
    fakeItems(5, []);
    renderForm({ ...ITEM, on_sale: false });
    await screen.findByDisplayValue('5');
    expect(screen.getByText('Not on sale, so it is not listed as running low.')).toBeTruthy();
  });
});
