import * as z from 'zod/mini';
import type { StorePageSlug } from '@/config/store-pages';
import type { Tables } from '@/types/database';

/**
 * A store page's body as public.valid_page_sections allows it: headings with plain-text
 * paragraphs, nothing blank. The page renders them as text, never as markup.
 */
const Text = z.string().check(z.regex(/\S/));
export const PageSectionsSchema = z.array(z.object({ heading: Text, paragraphs: z.array(Text).check(z.minLength(1)) })).check(z.minLength(1));
export type PageSection = z.infer<typeof PageSectionsSchema>[number];

export type StorePage = Pick<Tables<'store_pages'>, 'title' | 'summary' | 'updated_at'> & { slug: StorePageSlug; sections: PageSection[] };

/** Who the shop is and how to reach it (public.store_profile's one row). */
export type StoreProfile = Pick<
  Tables<'store_profile'>,
  'name' | 'legal_name' | 'contact_email' | 'phone' | 'address_line1' | 'postcode' | 'city' | 'country' | 'company_number' | 'vat_id'
>;

/** The sections as the page shows them; throws when the server sent another shape. */
export function parsePageSections(value: unknown): PageSection[] {
  const parsed = PageSectionsSchema.safeParse(value);
  if (!parsed.success) throw new Error('The server sent the page in an unexpected shape.');
  return parsed.data;
}
