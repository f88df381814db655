import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { CheckoutPanel, type Buyer } from './checkout-panel.tsx';

function show(buyer: Buyer) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <CheckoutPanel buyer={buyer} lines={[]} onPlaced={vi.fn()} onCartChanged={vi.fn()} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('CheckoutPanel with nothing to order', () => {
  it('says the cart is empty and points to the catalog, with no form and no Place order', () => {
    show({ kind: 'guest', guestId: null, startSession: vi.fn() });
    expect(screen.getByText('There is nothing to order: your cart is empty.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse the catalog' }).getAttribute('href')).toBe('/catalog');
    expect(screen.queryByLabelText('Full name')).toBeNull();
    expect(screen.queryByLabelText('E-mail for your receipt')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Place order' })).toBeNull();
  });
});
