import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { adminKeys } from '../api/admin-keys.ts';
import { ProductFieldError } from '../api/save-product.ts';
import { NewProductForm } from './product-form.tsx';

const USER = 'staff-user';

function renderForm(onSubmit: (input: unknown) => Promise<unknown>) {
  const queryClient = new QueryClient();
  // The categories are already known, so the form never asks the backend.
  queryClient.setQueryData(adminKeys.categories(USER), [
    { id: 1, name: 'Tables' },
    { id: 2, name: 'Seating' },
  ]);
  return render(
    <QueryClientProvider client={queryClient}>
      <NewProductForm userId={USER} onSubmit={onSubmit} />
    </QueryClientProvider>,
  );
}

const errorOf = (label: string) => {
  const ids = screen.getByLabelText(label).getAttribute('aria-describedby') ?? '';
  return ids
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');
};

describe('NewProductForm', () => {
  it('checks the product and its first variant on submit, focusing the first field to fix', () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    renderForm(onSubmit);
    fireEvent.change(screen.getByLabelText('Width (cm)'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create draft' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(errorOf('Name')).toBe('Give the product a name.');
    expect(errorOf('Category')).toBe('Choose a category.');
    expect(errorOf('Width (cm)')).toBe('The width must be above 0 and at most 100,000 cm.');
    expect(errorOf('Web address')).toContain('Choose a web address for the variant.');
    expect(errorOf('Price (€)')).toBe('Enter a price.');
  });

  it('derives the variant’s web address from the name and colour until staff edit it, and sends both together', async () => {
    const onSubmit = vi.fn<(input: unknown) => Promise<unknown>>().mockRejectedValueOnce(new ProductFieldError({ slug: 'Another item already has this web address. Choose another.' }));
    renderForm(onSubmit);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Linden table' } });
    fireEvent.change(screen.getByLabelText('Colour'), { target: { value: 'Rust' } });
    expect(screen.getByLabelText('Web address')).toHaveProperty('value', 'linden-table-rust');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Height (cm)'), { target: { value: '75,5' } });
    fireEvent.change(screen.getByLabelText('Price (€)'), { target: { value: '899' } });
    fireEvent.change(screen.getByLabelText('Stock'), { target: { value: '3' } });

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create draft' })));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Linden table', category_id: 1, height_cm: 75.5, variant_title: 'Linden table, Rust', variant_slug: 'linden-table-rust', price_cents: 89900, stock: 3, options: { colour: 'Rust' } }),
    );
    // A taken address is said under its field, and nothing typed is lost.
    expect(errorOf('Web address')).toContain('Another item already has this web address.');
    expect(document.activeElement).toBe(screen.getByLabelText('Web address'));
    fireEvent.change(screen.getByLabelText('Web address'), { target: { value: 'linden-table-rust-2' } });
    expect(errorOf('Web address')).not.toContain('Another item');
    fireEvent.change(screen.getByLabelText('Colour'), { target: { value: 'Oak' } });
    expect(screen.getByLabelText('Web address')).toHaveProperty('value', 'linden-table-rust-2');
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Linden table');
  });
});
