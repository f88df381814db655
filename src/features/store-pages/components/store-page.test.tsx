import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StorePageSlug } from '@/config/store-pages';
import { getSupabase } from '@/lib/supabase';
import type { StoreProfile } from '../api/store-page-schemas.ts';
import { StorePageView } from './store-page.tsx';

vi.mock('@/lib/supabase', () => ({ getSupabase: vi.fn() }));

type Client = Awaited<ReturnType<typeof getSupabase>>;
type Answer = { data: unknown; error: { message: string } | null };

const PROFILE: StoreProfile = {
  name: 'Lumen',
  legal_name: 'Lumen Home Goods Ltd.',
  contact_email: 'hello@lumen.example',
  phone: '+35315550142',
  address_line1: '12 Harbour Street',
  postcode: 'D02 X285',
  city: 'Dublin',
  country: 'IE',
  company_number: '712345',
  vat_id: 'IE3712345LH',
};

const pageRow = (title: string, sections: unknown) => ({
  title,
  summary: `What ${title} says, in a sentence or two for search engines.`,
  sections,
  updated_at: '2026-11-27T10:00:00Z',
});

let answers: { store_pages: () => Answer; store_profile: () => Answer };
const tablesRead: string[] = [];

/** supabase-js's query builder as far as the store pages use it: select, eq, single. */
function from(table: keyof typeof answers) {
  tablesRead.push(table);
  const builder = { select: () => builder, eq: () => builder, single: () => Promise.resolve(answers[table]()) };
  return builder;
}

function show(slug: StorePageSlug) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <StorePageView slug={slug} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  tablesRead.length = 0;
  answers = {
    store_pages: () => ({ data: pageRow('Privacy', [{ heading: 'What we keep', paragraphs: ['Your e-mail address.'] }]), error: null }),
    store_profile: () => ({ data: PROFILE, error: null }),
  };
  vi.mocked(getSupabase).mockResolvedValue({ from } as unknown as Client);
});

describe('StorePageView', () => {
  it('shows the title, summary, date of the last change and each section as a heading with its paragraphs, as plain text', async () => {
    answers.store_pages = () => ({
      data: pageRow('Privacy', [
        { heading: 'What we keep', paragraphs: ['Your e-mail address.', 'Nothing <b>else</b> & <script>alert(1)</script>.'] },
        { heading: 'How long', paragraphs: ['Until you delete the account.'] },
      ]),
      error: null,
    });
    show('privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy' })).toBeDefined();
    expect(screen.getByText('What Privacy says, in a sentence or two for search engines.')).toBeDefined();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['What we keep', 'How long']);
    // Markup typed into a paragraph is text on the page, not elements.
    expect(screen.getByText('Nothing <b>else</b> & <script>alert(1)</script>.')).toBeDefined();
    expect(document.querySelector('article b, article script')).toBeNull();
    const updated = screen.getByText('27 November 2026');
    expect(updated.tagName).toBe('TIME');
    expect(updated.getAttribute('datetime')).toBe('2026-11-27T10:00:00Z');
    expect(updated.parentElement?.textContent).toBe('Last updated 27 November 2026');
    expect(document.title).toBe('Privacy · Lumen');
    // A page without the shop's details asks for none.
    expect(tablesRead).toEqual(['store_pages']);
  });

  it('on the contact page, offers the e-mail address and phone as links and the postal address', async () => {
    answers.store_pages = () => ({ data: pageRow('Contact us', [{ heading: 'Write to us', paragraphs: ['We answer within a day.'] }]), error: null });
    show('contact');
    const details = await screen.findByRole('region', { name: 'Contact details' });
    expect(within(details).getByRole('link', { name: 'hello@lumen.example' }).getAttribute('href')).toBe('mailto:hello@lumen.example');
    expect(within(details).getByRole('link', { name: '+353 1 555 0142' }).getAttribute('href')).toBe('tel:+35315550142');
    expect(details.querySelector('address')?.textContent).toBe('Lumen12 Harbour StreetD02 X285 DublinIreland');
    expect(screen.queryByRole('region', { name: 'Imprint' })).toBeNull();
  });

  it('leaves out the phone when the shop has none', async () => {
    answers.store_profile = () => ({ data: { ...PROFILE, phone: null }, error: null });
    show('contact');
    const details = await screen.findByRole('region', { name: 'Contact details' });
    expect(within(details).queryByText('Phone')).toBeNull();
    expect(within(details).queryByRole('link', { name: /^\+/ })).toBeNull();
  });

  it('on the terms page, ends with the imprint: company, registered address, company number, VAT number, contact', async () => {
    answers.store_pages = () => ({ data: pageRow('Terms and imprint', [{ heading: 'Orders', paragraphs: ['A contract is made on confirmation.'] }]), error: null });
    show('terms');
    const imprint = await screen.findByRole('region', { name: 'Imprint' });
    const entries = [...imprint.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(entries).toEqual([
      ['Company', 'Lumen Home Goods Ltd.'],
      ['Registered address', '12 Harbour StreetD02 X285 DublinIreland'],
      ['Company number', '712345'],
      ['VAT number', 'IE3712345LH'],
      ['E-mail', 'hello@lumen.example'],
      ['Phone', '+353 1 555 0142'],
    ]);
    expect(screen.queryByRole('region', { name: 'Contact details' })).toBeNull();
  });

  it('leaves out a company number and VAT number the shop does not have', async () => {
    answers.store_profile = () => ({ data: { ...PROFILE, company_number: null, vat_id: null }, error: null });
    show('terms');
    const imprint = await screen.findByRole('region', { name: 'Imprint' });
    expect([...imprint.querySelectorAll('dt')].map((term) => term.textContent)).toEqual(['Company', 'Registered address', 'E-mail', 'Phone']);
  });

  it('on the delivery and returns page, points to the contact page', async () => {
    answers.store_pages = () => ({ data: pageRow('Delivery and returns', [{ heading: 'Returns', paragraphs: ['Within 30 days.'] }]), error: null });
    show('delivery-and-returns');
    expect((await screen.findByRole('link', { name: 'Contact us' })).getAttribute('href')).toBe('/contact');
  });

  it('says when the page could not be loaded, and Try again loads it', async () => {
    answers.store_pages = () => ({ data: pageRow('Privacy', [{ heading: 'What we keep', paragraphs: [] }]), error: null });
    show('privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeDefined();
    expect(screen.getByRole('alert').textContent).toContain('The server sent the page in an unexpected shape.');
    answers.store_pages = () => ({ data: pageRow('Privacy', [{ heading: 'What we keep', paragraphs: ['Your e-mail address.'] }]), error: null });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy' })).toBeDefined();
  });

  it('shows the error of the shop details too: the contact page is not shown without them', async () => {
    answers.store_profile = () => ({ data: null, error: { message: 'Connection refused.' } });
    show('contact');
    expect(await screen.findByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeDefined();
    expect(screen.getByRole('alert').textContent).toContain('Connection refused.');
  });

  it('shows a loading state until the page arrives', () => {
    show('privacy');
    expect(screen.getByRole('status', { name: 'Loading page' })).toBeDefined();
  });

  it('offline with nothing to show, says so and offers Retry instead of a skeleton', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    show('privacy');
    expect(screen.getByRole('heading', { level: 1, name: "You're offline" })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeDefined();
    expect(screen.queryByRole('status', { name: 'Loading page' })).toBeNull();
  });
});
