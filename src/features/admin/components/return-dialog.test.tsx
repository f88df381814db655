import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useRef, useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getSupabase } from '@/lib/supabase';
import type { AdminOrderLine } from '../api/admin-order.ts';
import { ReturnDialog, type RecordedReturn, type ReturnableOrder } from './return-dialog.tsx';

vi.mock('@/lib/supabase', () => ({ getSupabase: vi.fn() }));

type Client = Awaited<ReturnType<typeof getSupabase>>;
type Answer = { data: unknown; error: { message: string; code?: string } | null };

const line = (id: number, title: string, quantity: number, returned: number, price: number): AdminOrderLine => ({
  id,
  item_id: id + 100,
  title,
  unit_price_cents: price,
  quantity,
  returned_quantity: returned,
  product_id: id + 200,
});

// Lamp: 3 bought, 1 back already, 2 left. Bowl: 1 bought. Cup: back already.
const ORDER: ReturnableOrder = {
  id: 12,
  currency: 'EUR',
  lines: [line(1, 'Brass lamp', 3, 1, 4900), line(2, 'Dune bowl', 1, 0, 1000), line(3, 'Fjord cup', 1, 1, 800)],
};

const rpc = vi.fn<(name: string, args: Record<string, unknown>) => Promise<Answer>>();

function Harness({ onRecorded }: { onRecorded: (recorded: RecordedReturn) => void }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={opener} onClick={() => setOpen(true)}>
        Record a return…
      </button>
      <ReturnDialog
        userId="staff-user"
        order={open ? ORDER : null}
        onClose={() => setOpen(false)}
        returnFocus={() => opener.current?.focus()}
        onRecorded={onRecorded}
      />
    </>
  );
}

function openDialog(onRecorded = vi.fn()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <Harness onRecorded={onRecorded} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Record a return…' }));
  return screen.getByRole('dialog', { name: 'Record a return of order #12' });
}

const quantity = (title: string) => screen.getByRole('spinbutton', { name: title });
const refundDue = () => screen.getByTestId('refund-due').parentElement?.textContent;
const errorOf = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

beforeEach(() => {
  rpc.mockReset();
  vi.mocked(getSupabase).mockResolvedValue({ rpc } as unknown as Client);
});

describe('ReturnDialog', () => {
  it('starts with everything that is left of each line, never offers more, and sums the refund as quantities change', () => {
    const dialog = openDialog();
    expect(quantity('Brass lamp')).toHaveProperty('value', '2');
    expect(quantity('Brass lamp').getAttribute('max')).toBe('2');
    expect(quantity('Dune bowl')).toHaveProperty('value', '1');
    // A line that is back already has nothing left to choose.
    expect(within(dialog).queryByRole('spinbutton', { name: 'Fjord cup' })).toBeNull();
    expect(dialog.textContent).toContain('All 1 returned already');
    expect(refundDue()).toBe('Refund due for 3 items€108.00');

    fireEvent.change(quantity('Brass lamp'), { target: { value: '1' } });
    expect(refundDue()).toBe('Refund due for 2 items€59.00');

    // More than is left: said next to the field, and not counted.
    fireEvent.change(quantity('Brass lamp'), { target: { value: '3' } });
    expect(errorOf(quantity('Brass lamp'))).toContain('Enter a number from 0 to 2.');
    expect(quantity('Brass lamp').getAttribute('aria-invalid')).toBe('true');
    expect(refundDue()).toBe('Refund due for 1 item€10.00');
    fireEvent.click(screen.getByRole('button', { name: 'Record return' }));
    expect(rpc).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(quantity('Brass lamp'));

    // The buttons step within 0 and what is left.
    fireEvent.click(screen.getByRole('button', { name: 'One fewer Brass lamp' }));
    expect(quantity('Brass lamp')).toHaveProperty('value', '2');
    expect(screen.getByRole('button', { name: 'One more Brass lamp' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'One fewer Dune bowl' }));
    expect(quantity('Dune bowl')).toHaveProperty('value', '0');
    expect(screen.getByRole('button', { name: 'One fewer Dune bowl' })).toHaveProperty('disabled', true);
    expect(refundDue()).toBe('Refund due for 2 items€98.00');
  });

  it('says so when nothing is chosen, and asks nothing', () => {
    openDialog();
    fireEvent.change(quantity('Brass lamp'), { target: { value: '0' } });
    fireEvent.change(quantity('Dune bowl'), { target: { value: '0' } });
    expect(refundDue()).toBe('Refund due€0.00');
    fireEvent.click(screen.getByRole('button', { name: 'Record return' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose at least one item to return: set its quantity above 0.');
    expect(document.activeElement).toBe(quantity('Brass lamp'));
    expect(rpc).not.toHaveBeenCalled();
    // Choosing one clears the message.
    fireEvent.change(quantity('Dune bowl'), { target: { value: '1' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an empty field is an error once staff try to record', () => {
    openDialog();
    fireEvent.change(quantity('Dune bowl'), { target: { value: '' } });
    expect(errorOf(quantity('Dune bowl'))).not.toContain('Enter a number');
    fireEvent.click(screen.getByRole('button', { name: 'Record return' }));
    expect(errorOf(quantity('Dune bowl'))).toContain('Enter a number from 0 to 1.');
    expect(document.activeElement).toBe(quantity('Dune bowl'));
    expect(rpc).not.toHaveBeenCalled();
  });

  it('records the lines chosen once however often it is clicked, written off with the note, then closes and reports it', async () => {
    let settle: (answer: Answer) => void = () => undefined;
    rpc.mockImplementation(() => new Promise((resolve) => (settle = resolve)));
    const onRecorded = vi.fn();
    openDialog(onRecorded);
    fireEvent.change(quantity('Dune bowl'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Put the items back into stock' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Note (optional)' }), { target: { value: '  Both arrived cracked.  ' } });
    const submit = screen.getByRole('button', { name: 'Record return' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(rpc).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: 'Recording…' }).getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Recording…' }));
    expect(rpc).toHaveBeenCalledTimes(1);
    expect(rpc).toHaveBeenCalledWith('record_return', {
      order_id: 12,
      lines: [{ order_item_id: 1, quantity: 2 }],
      restock: false,
      note: 'Both arrived cracked.',
    });
    await act(async () => settle({ data: { return_id: 5, order_id: 12, status: 'delivered', refund_cents: 9800 }, error: null }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onRecorded).toHaveBeenCalledWith({ return_id: 5, order_id: 12, status: 'delivered', refund_cents: 9800, quantity: 2 });
  });

  it('shows the refusal of the database (more than is left, recorded meanwhile by someone else) and stays open', async () => {
    rpc.mockResolvedValue({ data: null, error: { code: 'P0001', message: 'Only 1 of Brass lamp can still be returned.' } });
    const onRecorded = vi.fn();
    openDialog(onRecorded);
    fireEvent.click(screen.getByRole('button', { name: 'Record return' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Only 1 of Brass lamp can still be returned.');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(onRecorded).not.toHaveBeenCalled();
    // Closed unused: focus goes back to the button that opened it.
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Record a return…' })));
  });
});
