import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { getCategoriesQueryOptions } from '../api/get-categories.ts';
import { useCatalogParams } from '../hooks/use-catalog-params.ts';
import { CatalogFilters } from './catalog-filters.tsx';

let phone = false;

function Harness() {
  const { params, update, searchParams } = useCatalogParams();
  return (
    <>
      <CatalogFilters params={params} onChange={update} showCategories={false} />
      <output data-testid="address">{searchParams.toString()}</output>
    </>
  );
}

function show(initial = '/catalog') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData(getCategoriesQueryOptions().queryKey, []);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[initial]}>
        <Routes>
          <Route path="/catalog" element={<Harness />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const address = () => screen.getByTestId('address').textContent;
const type = (label: string, text: string, scope: HTMLElement = document.body) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value: text } });

beforeEach(() => {
  phone = false;
  window.matchMedia = (query: string) =>
    ({
      matches: phone && query.includes('max-width'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }) as unknown as MediaQueryList;
});

describe('CatalogFilters at desktop width', () => {
  it('applies a typed max along with a box ticked before Apply was pressed', () => {
    show();
    type('Max price (€)', '150');
    fireEvent.click(screen.getByLabelText('In stock only'));
    expect(new URLSearchParams(address() ?? '').get('max')).toBe('150');
    expect(new URLSearchParams(address() ?? '').get('stock')).toBe('1');
    expect((screen.getByLabelText('Max price (€)') as HTMLInputElement).value).toBe('150');
  });

  it('keeps a typed price that is not one, says why, and still applies the other change', () => {
    show();
    type('Max price (€)', 'abc');
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'price_asc' } });
    expect(address()).toBe('sort=price_asc');
    const max = screen.getByLabelText('Max price (€)');
    expect((max as HTMLInputElement).value).toBe('abc');
    expect(max.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(max.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Max price must be a number, such as 150.');
  });

  it('shows each wrong field its own message, linked to that field', () => {
    show();
    type('Min price (€)', '-5');
    type('Max price (€)', 'abc');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).not.toMatch(/neither|not a price/i);
    for (const [label, message] of [
      ['Min price (€)', "Min price can't be negative."],
      ['Max price (€)', 'Max price must be a number, such as 150.'],
    ]) {
      const field = screen.getByLabelText(label);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(message);
    }
    expect(document.activeElement).toBe(screen.getByLabelText('Min price (€)'));
    expect(address()).toBe('');

    type('Min price (€)', '5');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByLabelText('Min price (€)').hasAttribute('aria-invalid')).toBe(false);
    expect(document.activeElement).toBe(screen.getByLabelText('Max price (€)'));
    type('Max price (€)', '149,5');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(address()).toBe('min=5&max=149.5');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does not send the visitor back to page 1 when Apply changes nothing', () => {
    show('/catalog?max=150&page=3');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(address()).toBe('max=150&page=3');
  });
});

describe('CatalogFilters at phone width', () => {
  beforeEach(() => {
    phone = true;
  });

  it('"Show items" applies the typed prices, closes the sheet and the Filters button counts them', () => {
    show();
    expect(screen.getByRole('button', { name: 'Filters' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const sheet = screen.getByRole('dialog', { name: 'Filters and sort' });
    expect(within(sheet).queryByRole('button', { name: 'Apply' })).toBeNull();
    type('Max price (€)', '150', sheet);
    fireEvent.click(within(sheet).getByRole('button', { name: 'Show items' }));
    expect(address()).toBe('max=150');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Filters, 1 active' })).toBeTruthy();
  });

  it('keeps the sheet open on a wrong price, with the cursor in it', () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const sheet = screen.getByRole('dialog', { name: 'Filters and sort' });
    type('Min price (€)', '200', sheet);
    type('Max price (€)', '150', sheet);
    fireEvent.click(within(sheet).getByRole('button', { name: 'Show items' }));
    expect(screen.getByRole('dialog')).toBe(sheet);
    expect(within(sheet).getByRole('alert').textContent).toBe("Max price can't be less than the min price.");
    expect(document.activeElement).toBe(within(sheet).getByLabelText('Max price (€)'));
    expect(address()).toBe('');
  });

  it('applies what was typed when the sheet is closed another way', () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const sheet = screen.getByRole('dialog', { name: 'Filters and sort' });
    type('Min price (€)', '20', sheet);
    act(() => void fireEvent.keyDown(sheet, { key: 'Escape' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(address()).toBe('min=20');
  });
});
