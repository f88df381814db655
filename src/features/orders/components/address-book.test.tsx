import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addressBookQueryOptions, type AddressBookEntry } from '../api/address-book.ts';
import type * as SaveAddress from '../api/save-address.ts';
import { AddressBook } from './address-book.tsx';

const save = vi.fn();
const remove = vi.fn();
const makeDefault = vi.fn();
const pending = { isPending: false, isError: false, error: null };

vi.mock('../api/save-address.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof SaveAddress>()),
  useSaveAddress: () => ({ ...pending, mutate: save }),
}));
vi.mock('../api/delete-address.ts', () => ({ useDeleteAddress: () => ({ ...pending, mutate: remove }) }));
vi.mock('../api/make-default-address.ts', () => ({ useMakeDefaultAddress: () => ({ ...pending, mutate: makeDefault }) }));

const USER = 'user-1';
const HOME: AddressBookEntry = {
  id: 1,
  full_name: 'Ada Lovelace',
  line1: '12 Harbour Street',
  line2: null,
  postcode: 'D02 X285',
  city: 'Dublin',
  country: 'IE',
  phone: null,
  is_default: true,
};
const WORK: AddressBookEntry = { ...HOME, id: 2, line1: 'Unter den Linden 7', postcode: '10117', city: 'Berlin', country: 'DE', is_default: false };

function show(addresses: AddressBookEntry[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData(addressBookQueryOptions(USER).queryKey, addresses);
  render(
    <QueryClientProvider client={queryClient}>
      <AddressBook userId={USER} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  save.mockReset();
  remove.mockReset();
  makeDefault.mockReset();
});

describe('AddressBook', () => {
  it('lists every address, the default marked, with buttons named after their address', () => {
    show([HOME, WORK]);
    const items = within(screen.getByRole('list', { name: 'Saved addresses' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByText('Default')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Edit Ada Lovelace, 12 Harbour Street, D02 X285 Dublin' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Delete Ada Lovelace, Unter den Linden 7, 10117 Berlin' })).toBeDefined();
    // The default has no Make default of its own.
    expect(screen.getAllByRole('button', { name: /^Make default/ }).map((button) => button.getAttribute('aria-label'))).toEqual([
      'Make default Ada Lovelace, Unter den Linden 7, 10117 Berlin',
    ]);
    fireEvent.click(screen.getByRole('button', { name: /^Make default/ }));
    expect(makeDefault).toHaveBeenCalledWith(2, expect.anything());
  });

  it('edits an address in place and refuses a postcode the country does not have, before sending anything', async () => {
    show([HOME, WORK]);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Ada Lovelace, Unter den Linden 7, 10117 Berlin' }));
    const form = screen.getByRole('form', { name: 'Edit Ada Lovelace, Unter den Linden 7, 10117 Berlin' });
    const postcode = within(form).getByLabelText('Postcode');
    expect(postcode).toHaveProperty('value', '10117');
    fireEvent.change(postcode, { target: { value: 'ABCDE' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(within(form).getByText('A German postcode has 5 digits, such as 10115.')).toBeDefined();
    await waitFor(() => expect(document.activeElement).toBe(postcode));
    expect(save).not.toHaveBeenCalled();

    fireEvent.change(postcode, { target: { value: ' 10115 ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(save).toHaveBeenCalledWith({ id: 2, address: { ...WORK, id: undefined, is_default: undefined, postcode: '10115' } }, expect.anything());
  });

  it('asks before deleting, and deletes only when confirmed', () => {
    show([HOME, WORK]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Ada Lovelace, 12 Harbour Street, D02 X285 Dublin' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this address?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep address' }));
    expect(remove).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Ada Lovelace, 12 Harbour Street, D02 X285 Dublin' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete address' }));
    expect(remove).toHaveBeenCalledWith(1, expect.anything());
  });

  it('says when there is nothing yet, and adds a new address', () => {
    show([]);
    expect(screen.getByText(/No saved addresses yet/)).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Add an address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(within(form).getByText('Enter the name of the person receiving the order.')).toBeDefined();
    expect(within(form).getByText('Choose the country.')).toBeDefined();
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'New address' })).toBeNull();
  });
});
