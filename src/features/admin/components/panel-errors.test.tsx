import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminItem } from '../api/admin-items.ts';
import type { AdminProduct } from '../api/admin-products.ts';
import { ArchivePanel } from './archive-panel.tsx';
import { PublishPanel } from './publish-panel.tsx';

// The panels' saves, answered by the test: what matters here is what the panels show of the answers.
const save = vi.fn<(variables: unknown) => Promise<unknown>>();
vi.mock('../api/save-item.ts', () => ({ useUpdateItem: () => useMutation({ mutationFn: save }) }));
vi.mock('../api/save-product.ts', () => ({ useSetPublished: () => useMutation({ mutationFn: save }) }));

const USER = 'staff-user';
const STALE = 'Someone else changed this item since you opened it, so nothing was saved.';

beforeEach(() => {
  save.mockReset();
});

function renderWithClient(children: ReactNode) {
  return render(<QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>);
}

const confirmIn = (name: string) => act(async () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name })));

describe('ArchivePanel', () => {
  it('takes the last refusal away when staff try again, before the question is answered', async () => {
    save.mockRejectedValueOnce(new Error(STALE));
    const item = { id: 21, title: 'Lamp', archived_at: null } as AdminItem;
    renderWithClient(<ArchivePanel userId={USER} item={item} />);
    fireEvent.click(screen.getByRole('button', { name: 'Archive item' }));
    await confirmIn('Archive item');
    expect(await screen.findByText(STALE)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Archive item' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.queryByText(STALE)).toBeNull();
    await confirmIn('Keep selling');
    expect(screen.queryByText(STALE)).toBeNull();
  });
});

describe('PublishPanel', () => {
  it('takes the last refusal away when staff try again, before the question is answered', async () => {
    const refusal = 'The product could not be made a draft: you seem to be offline.';
    save.mockRejectedValueOnce(new Error(refusal));
    const product = { id: 3, title: 'Linden table', published_at: '2026-11-26T10:00:00Z', variants: [] } as unknown as AdminProduct;
    renderWithClient(<PublishPanel userId={USER} product={product} />);
    fireEvent.click(screen.getByRole('button', { name: 'Unpublish' }));
    await confirmIn('Make it a draft');
    expect(await screen.findByText(refusal)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Unpublish' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.queryByText(refusal)).toBeNull();
  });
});
