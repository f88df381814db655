import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { adminKeys } from '../api/admin-keys.ts';
import { ItemFieldError } from '../api/save-item.ts';
import { ItemForm } from './item-form.tsx';

const USER = 'staff-user';

function renderForm(onSubmit: (input: unknown) => Promise<unknown>) {
  const queryClient = new QueryClient();
  // The categories are already known, so the form never asks the backend.
  queryClient.setQueryData(adminKeys.categories(USER), [
    { id: 1, name: 'Lighting' },
    { id: 2, name: 'Kitchen' },
  ]);
  return render(
    <QueryClientProvider client={queryClient}>
      <ItemForm userId={USER} item={null} submitLabel="Create item" onSubmit={onSubmit} />
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

describe('ItemForm (creating)', () => {
  it('derives the web address from the name until staff edit it, and checks every field on submit', () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    renderForm(onSubmit);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Café Lamp' } });
    expect(screen.getByLabelText('Web address')).toHaveProperty('value', 'cafe-lamp');
    fireEvent.change(screen.getByLabelText('Web address'), { target: { value: 'lamp' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Café Lamp, brass' } });
    expect(screen.getByLabelText('Web address')).toHaveProperty('value', 'lamp');

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create item' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(errorOf('Name')).toBe('Give the item a name.');
    expect(errorOf('Price (€)')).toBe('Enter a price.');
    expect(errorOf('Category')).toBe('Choose a category.');
    expect(screen.getByLabelText('Web address')).toHaveProperty('value', 'lamp');
  });

  it('shows a taken web address under its field and any other failure as an alert, keeping what was typed', async () => {
    const onSubmit = vi
      .fn<(input: unknown) => Promise<unknown>>()
      .mockRejectedValueOnce(new ItemFieldError({ slug: 'Another item already has this web address. Choose another.' }))
      .mockRejectedValueOnce(new Error('You seem to be offline: the item was not created.'));
    renderForm(onSubmit);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Lamp' } });
    fireEvent.change(screen.getByLabelText('Price (€)'), { target: { value: '12,50' } });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Stock'), { target: { value: '4' } });

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create item' })));
    expect(onSubmit).toHaveBeenCalledWith({ title: 'Lamp', slug: 'lamp', description: '', price_cents: 1250, category_id: 2, featured: false, stock: 4, options: {} });
    expect(errorOf('Web address')).toContain('Another item already has this web address. Choose another.');

    fireEvent.change(screen.getByLabelText('Web address'), { target: { value: 'lamp-2' } });
    expect(errorOf('Web address')).not.toContain('Another item');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create item' })));
    expect(screen.getByRole('alert').textContent).toBe('You seem to be offline: the item was not created.');
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Lamp');
    expect(screen.getByLabelText('Price (€)')).toHaveProperty('value', '12,50');
  });
});

describe('ItemForm (adding a variant)', () => {
  it('asks for the options, names the variant after its product and options, and leaves the category to the product', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    const queryClient = new QueryClient();
    queryClient.setQueryData(adminKeys.categories(USER), [{ id: 7, name: 'Tables' }]);
    render(
      <QueryClientProvider client={queryClient}>
        <ItemForm userId={USER} item={null} product={{ title: 'Linden table', category_id: 7 }} submitLabel="Add variant" onSubmit={onSubmit} />
      </QueryClientProvider>,
    );
    expect(screen.queryByLabelText('Category')).toBeNull();
    fireEvent.change(screen.getByLabelText('Colour'), { target: { value: 'Oak' } });
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Linden table, Oak');
    expect(screen.getByLabelText('Web address')).toHaveProperty('value', 'linden-table-oak');
    fireEvent.change(screen.getByLabelText('Price (€)'), { target: { value: '450' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add variant' })));
    expect(onSubmit).toHaveBeenCalledWith({
      title: 'Linden table, Oak',
      slug: 'linden-table-oak',
      description: '',
      price_cents: 45000,
      category_id: 7,
      featured: false,
      stock: 0,
      options: { colour: 'Oak' },
    });
  });
});
