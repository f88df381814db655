import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useRef, useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getSupabase } from '@/lib/supabase';
import { adminKeys } from '../api/admin-keys.ts';
import { ShipOrderDialog, type ShippedOrder } from './ship-order-dialog.tsx';

vi.mock('@/lib/supabase', () => ({ getSupabase: vi.fn() }));

type Client = Awaited<ReturnType<typeof getSupabase>>;
type Answer = { data: unknown; error: { message: string; code?: string; hint?: string } | null };

const USER = 'staff-user';
const rpc = vi.fn<(name: string, args: Record<string, unknown>) => Promise<Answer>>();

function Harness({ onShipped }: { onShipped: (shipped: ShippedOrder) => void }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={opener} onClick={() => setOpen(true)}>
        Ship…
      </button>
      <ShipOrderDialog
        userId={USER}
        orderId={open ? 4 : null}
        onClose={() => setOpen(false)}
        returnFocus={() => opener.current?.focus()}
        onShipped={onShipped}
      />
    </>
  );
}

function openDialog(onShipped = vi.fn()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The carriers are known already, so the dialog reads nothing.
  queryClient.setQueryData(adminKeys.carriers(USER), [
    { code: 'an-post', name: 'An Post' },
    { code: 'dhl', name: 'DHL' },
    { code: 'own-delivery', name: 'Our own delivery' },
  ]);
  render(
    <QueryClientProvider client={queryClient}>
      <Harness onShipped={onShipped} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Ship…' }));
  return screen.getByRole('dialog', { name: 'Ship order #4' });
}

const carrier = () => screen.getByRole('combobox', { name: 'Carrier' });
const tracking = () => screen.getByRole('textbox', { name: 'Tracking number (optional)' });
const errorOf = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');
const ship = () => fireEvent.click(screen.getByRole('button', { name: 'Ship order' }));

beforeEach(() => {
  rpc.mockReset();
  vi.mocked(getSupabase).mockResolvedValue({ rpc } as unknown as Client);
});

describe('ShipOrderDialog', () => {
  it('offers the carriers in the shop’s order and needs one', () => {
    openDialog();
    expect([...carrier().querySelectorAll('option')].map((option) => option.textContent)).toEqual(['Choose a carrier', 'An Post', 'DHL', 'Our own delivery']);
    ship();
    expect(errorOf(carrier())).toContain('Choose who carries the parcel.');
    expect(document.activeElement).toBe(carrier());
    expect(rpc).not.toHaveBeenCalled();
  });

  it.each([
    ['JD', 'A tracking number is 3 to 40 letters, digits, spaces or dashes.'],
    ['JD0001/42', 'A tracking number is 3 to 40 letters, digits, spaces or dashes.'],
    ['J'.repeat(41), 'A tracking number is 3 to 40 letters, digits, spaces or dashes.'],
    ['-JD0001', 'A tracking number starts and ends with a letter or digit.'],
    ['JD0001 -', 'A tracking number starts and ends with a letter or digit.'],
  ])('refuses the tracking number “%s” as the database would, next to the field', (typed, message) => {
    openDialog();
    fireEvent.change(carrier(), { target: { value: 'dhl' } });
    fireEvent.change(tracking(), { target: { value: typed } });
    ship();
    expect(errorOf(tracking())).toContain(message);
    expect(tracking().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(tracking());
    expect(rpc).not.toHaveBeenCalled();
    // Typing again clears it; leaving the field checks again.
    fireEvent.change(tracking(), { target: { value: `${typed}x` } });
    expect(tracking().getAttribute('aria-invalid')).toBeNull();
  });

  it('says what is wrong with a tracking number when the field is left', () => {
    openDialog();
    fireEvent.change(tracking(), { target: { value: 'ab' } });
    fireEvent.blur(tracking());
    expect(errorOf(tracking())).toContain('A tracking number is 3 to 40 letters, digits, spaces or dashes.');
  });

  it('ships once with the carrier and the number as carriers print it, then closes and reports it', async () => {
    let settle: (answer: Answer) => void = () => undefined;
    rpc.mockImplementation(() => new Promise((resolve) => (settle = resolve)));
    const onShipped = vi.fn();
    openDialog(onShipped);
    fireEvent.change(carrier(), { target: { value: 'dhl' } });
    fireEvent.change(tracking(), { target: { value: '  jd0001   42 ' } });
    const button = screen.getByRole('button', { name: 'Ship order' });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(rpc).toHaveBeenCalledTimes(1));
    expect(rpc).toHaveBeenCalledWith('ship_order', { order_id: 4, carrier: 'dhl', tracking_number: 'JD0001 42' });
    fireEvent.click(screen.getByRole('button', { name: 'Shipping…' }));
    expect(rpc).toHaveBeenCalledTimes(1);
    await act(async () => settle({ data: { order_id: 4, status: 'shipped' }, error: null }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onShipped).toHaveBeenCalledWith({ orderId: 4, carrierName: 'DHL', trackingNumber: 'JD0001 42' });
  });

  it('ships without a number when none is given', async () => {
    rpc.mockResolvedValue({ data: { order_id: 4, status: 'shipped' }, error: null });
    const onShipped = vi.fn();
    openDialog(onShipped);
    fireEvent.change(carrier(), { target: { value: 'own-delivery' } });
    ship();
    await waitFor(() => expect(onShipped).toHaveBeenCalledWith({ orderId: 4, carrierName: 'Our own delivery', trackingNumber: null }));
    expect(rpc).toHaveBeenCalledWith('ship_order', { order_id: 4, carrier: 'own-delivery', tracking_number: undefined });
  });

  it('shows the refusal when someone else moved the order first, and gives focus back when closed', async () => {
    rpc.mockResolvedValue({
      data: null,
      error: { code: 'P0001', message: 'Order 4 is shipped: it cannot become shipped.', hint: 'Only a packed order is shipped.' },
    });
    const onShipped = vi.fn();
    openDialog(onShipped);
    fireEvent.change(carrier(), { target: { value: 'an-post' } });
    ship();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Order 4 is shipped: it cannot become shipped. Only a packed order is shipped.');
    expect(onShipped).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Ship…' })));
  });
});
