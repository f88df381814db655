import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminItem } from '../api/admin-items.ts';
import { adminKeys } from '../api/admin-keys.ts';
import type { AdminProduct } from '../api/admin-products.ts';
import { ItemFieldError, STALE_ITEM_MESSAGE, StaleItemError } from '../api/save-item.ts';
import { ProductFieldError, STALE_PRODUCT_MESSAGE, StaleProductError } from '../api/save-product.ts';
import { ItemForm } from './item-form.tsx';
import { NewProductForm, ProductDetailsForm } from './product-form.tsx';

// The item and product forms show only what is true now: what the server said about a field goes
// when that field is edited (also when it follows another, like the web address follows the name)
// and when the server answers again; an alert goes when the form is edited, except a refusal
// because someone else saved first, which stays with its offer to load their version.

const USER = 'staff-user';
const TAKEN = 'Another item already has this web address. Choose another.';
const OFFLINE = 'You seem to be offline: the item was not created.';

function renderWithCategories(children: ReactNode) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(adminKeys.categories(USER), [{ id: 1, name: 'Lighting' }]);
  return render(<QueryClientProvider client={queryClient}>{children}</QueryClientProvider>);
}

const errorOf = (label: string) =>
  (screen.getByLabelText(label).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const press = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));

describe('ItemForm', () => {
  function fillNewItem() {
    fill('Name', 'Lamp');
    fill('Price (€)', '12');
    fill('Category', '1');
  }

  it('drops a taken web address when the name it follows changes, and an alert when anything is edited', async () => {
    const onSubmit = vi.fn<(input: unknown) => Promise<unknown>>().mockRejectedValueOnce(new ItemFieldError({ slug: TAKEN })).mockRejectedValueOnce(new Error(OFFLINE));
    renderWithCategories(<ItemForm userId={USER} item={null} submitLabel="Create item" onSubmit={onSubmit} />);
    fillNewItem();
    await press('Create item');
    expect(errorOf('Web address')).toContain(TAKEN);
    fill('Name', 'Desk lamp');
    expect(screen.getByLabelText('Web address')).toHaveProperty('value', 'desk-lamp');
    expect(errorOf('Web address')).not.toContain(TAKEN);

    await press('Create item');
    expect(screen.getByRole('alert').textContent).toBe(OFFLINE);
    fill('Price (€)', '13');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('drops what the server said about a field once it answers again, a success included', async () => {
    const onSubmit = vi.fn<(input: unknown) => Promise<unknown>>().mockRejectedValueOnce(new ItemFieldError({ slug: TAKEN })).mockRejectedValueOnce(new Error(OFFLINE)).mockResolvedValueOnce(undefined);
    renderWithCategories(<ItemForm userId={USER} item={null} submitLabel="Create item" onSubmit={onSubmit} />);
    fillNewItem();
    fill('Web address', 'lamp');
    await press('Create item');
    expect(errorOf('Web address')).toContain(TAKEN);

    // Another field edited, and saved again: this answer is the one shown.
    fill('Price (€)', '13');
    await press('Create item');
    expect(screen.getByRole('alert').textContent).toBe(OFFLINE);
    expect(errorOf('Web address')).not.toContain(TAKEN);
    await press('Create item');
    expect(onSubmit).toHaveBeenCalledTimes(3);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(errorOf('Web address')).not.toContain(TAKEN);
  });

  it('keeps a refusal because someone else saved first while staff edit, with its offer to load their version', async () => {
    const item = { id: 21, title: 'Lamp', slug: 'lamp', description: '', price_cents: 1200, category_id: 1, featured: false, stock: 3, options: {} } as unknown as AdminItem;
    const onSubmit = vi.fn<(input: unknown) => Promise<unknown>>().mockRejectedValueOnce(new StaleItemError());
    renderWithCategories(<ItemForm userId={USER} item={item} submitLabel="Save changes" onSubmit={onSubmit} onReload={() => Promise.resolve()} />);
    fill('Price (€)', '13');
    await press('Save changes');
    fill('Price (€)', '14');
    expect(screen.getByRole('alert').textContent).toContain(STALE_ITEM_MESSAGE);
    expect(screen.getByRole('button', { name: 'Load their version (your changes are dropped)' })).toBeTruthy();
  });
});

describe('NewProductForm and ProductDetailsForm', () => {
  it('drop a taken web address when the name it follows changes, and once the server answers again', async () => {
    const onSubmit = vi.fn<(input: unknown) => Promise<unknown>>().mockRejectedValueOnce(new ProductFieldError({ slug: TAKEN })).mockResolvedValueOnce(undefined);
    renderWithCategories(<NewProductForm userId={USER} onSubmit={onSubmit} />);
    fill('Name', 'Linden table');
    fill('Category', '1');
    fill('Price (€)', '899');
    fill('Stock', '3');
    await press('Create draft');
    expect(errorOf('Web address')).toContain(TAKEN);
    fill('Name', 'Linden dining table');
    expect(screen.getByLabelText('Web address')).toHaveProperty('value', 'linden-dining-table');
    expect(errorOf('Web address')).not.toContain(TAKEN);
    await press('Create draft');
    expect(onSubmit).toHaveBeenCalledTimes(2);
    expect(errorOf('Web address')).not.toContain(TAKEN);
  });

  it('drop an alert when the form is edited, but keep a refusal because someone else saved first', async () => {
    const product = { id: 3, title: 'Linden table', description: '', category_id: 1, width_cm: null, depth_cm: null, height_cm: null, weight_kg: null, materials: '', care: '', assembly: '' };
    const onSubmit = vi.fn<(input: unknown) => Promise<unknown>>().mockRejectedValueOnce(new Error('You seem to be offline: the product was not saved.')).mockRejectedValueOnce(new StaleProductError());
    renderWithCategories(<ProductDetailsForm userId={USER} product={product as unknown as AdminProduct} onSubmit={onSubmit} onReload={() => Promise.resolve()} />);
    fill('Materials', 'Ash');
    await press('Save product');
    expect(screen.getByRole('alert').textContent).toBe('You seem to be offline: the product was not saved.');
    fill('Materials', 'Solid ash');
    expect(screen.queryByRole('alert')).toBeNull();

    await press('Save product');
    fill('Materials', 'Solid ash, oiled');
    expect(screen.getByRole('alert').textContent).toContain(STALE_PRODUCT_MESSAGE);
  });
});
