import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getSupabase } from '@/lib/supabase';
import type { AdminItem } from '../api/admin-items.ts';
import { StockPanel } from './stock-panel.tsx';

vi.mock('@/lib/supabase', () => ({ getSupabase: vi.fn() }));

const USER = 'staff-user';
const ITEM = { id: 21, title: 'Lamp', stock: 3 } as AdminItem;
const REFUSAL = 'Only 3 in stock: cannot take away 5.';

type Answer = { data: { stock: number } | null; error: { code: string; message: string } | null };

/** adjust_stock answering in turn, and an empty stock history. */
function fakeBackend(answers: Answer[]) {
  const calls: unknown[] = [];
  const history = { select: () => history, eq: () => history, order: () => history, limit: () => Promise.resolve({ data: [], error: null }) };
  const client = {
    rpc: (name: string, args: unknown) => {
      calls.push([name, args]);
      return Promise.resolve(answers.shift());
    },
    from: () => history,
  };
  vi.mocked(getSupabase).mockResolvedValue(client as unknown as Awaited<ReturnType<typeof getSupabase>>);
  return calls;
}

beforeEach(() => {
  vi.mocked(getSupabase).mockReset();
});

function renderPanel() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <StockPanel userId={USER} item={ITEM} />
    </QueryClientProvider>,
  );
}

const delta = () => screen.getByLabelText('Add or take away');
const update = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Update stock' })));
const deltaError = () =>
  (delta().getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();

describe('StockPanel', () => {
  it('shows only the current error: a refusal goes when a new try fails its own check, or succeeds', async () => {
    const calls = fakeBackend([
      { data: null, error: { code: 'P0001', message: REFUSAL } },
      { data: { stock: 8 }, error: null },
    ]);
    renderPanel();
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'correction' } });
    fireEvent.change(delta(), { target: { value: '-5' } });
    await update();
    expect(await screen.findByText(REFUSAL)).toBeTruthy();

    // A new try that fails the form's own check: its message, and not the old refusal beside it.
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'restock' } });
    expect(screen.queryByText(REFUSAL)).toBeNull();
    await update();
    expect(deltaError()).toBe('A restock adds stock: enter a positive number, or choose another reason.');
    expect(screen.queryByText(REFUSAL)).toBeNull();

    // Then one that succeeds: only its result.
    fireEvent.change(delta(), { target: { value: '5' } });
    await update();
    expect(await screen.findByText('Stock is now 8.')).toBeTruthy();
    expect(calls).toHaveLength(2);
    expect(screen.queryByText(REFUSAL)).toBeNull();
    expect(deltaError()).toBe('');
  });

  it('drops a refusal as soon as the amount or the note is edited', async () => {
    fakeBackend([
      { data: null, error: { code: 'P0001', message: REFUSAL } },
      { data: null, error: { code: 'P0001', message: REFUSAL } },
    ]);
    renderPanel();
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'correction' } });
    fireEvent.change(delta(), { target: { value: '-5' } });
    await update();
    expect(await screen.findByText(REFUSAL)).toBeTruthy();
    fireEvent.change(delta(), { target: { value: '-4' } });
    expect(screen.queryByText(REFUSAL)).toBeNull();

    fireEvent.change(delta(), { target: { value: '-5' } });
    await update();
    expect(await screen.findByText(REFUSAL)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Note (optional)'), { target: { value: 'counted again' } });
    expect(screen.queryByText(REFUSAL)).toBeNull();
  });
});
