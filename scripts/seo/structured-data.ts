import type { SiteItem, StoreProfile } from './site-data.ts';
import { categoryPath, itemPath } from './site-routes.ts';

/**
 * schema.org JSON-LD for the prerendered pages: Product with its Offer and a BreadcrumbList on item
 * pages, a BreadcrumbList on categories, and the shop as Organization plus WebSite (with the search
 * box) on the home page. Absolute URLs throughout: crawlers read them out of context.
 */
export interface SiteAddresses {
  /** The shop's origin, such as https://shop.example (SITE_URL at build time). */
  site: string;
  /** Where item pictures are served from: the hosted Supabase project, or the site itself locally. */
  files: string;
}

export type JsonLd = Record<string, unknown>;

const CONTEXT = 'https://schema.org';

/** The share-card rendition: the 640-wide picture every item has (src/lib/item-images.ts). */
export const ITEM_PICTURE = { width: 640, height: 800 } as const;

export function itemPictureUrl(files: string, path: string): string {
  return encodeURI(`${files}/storage/v1/object/public/item-images/${path}-${ITEM_PICTURE.width}.webp`);
}

export function productJsonLd(item: SiteItem, addresses: SiteAddresses, profile: StoreProfile): JsonLd {
  const url = `${addresses.site}${itemPath(item.slug)}`;
  const colour = item.options.colour ?? item.options.color;
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    name: item.title,
    description: item.description,
    sku: item.slug,
    url,
    image: item.image_paths.map((path) => itemPictureUrl(addresses.files, path)),
    brand: { '@type': 'Brand', name: profile.name },
    ...(item.category ? { category: item.category.name } : {}),
    ...(item.product ? { inProductGroupWithID: item.product.slug } : {}),
    ...(colour ? { color: colour } : {}),
    ...(item.options.material ? { material: item.options.material } : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: (item.price_cents / 100).toFixed(2),
      priceCurrency: item.currency,
      availability: item.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: profile.name },
    },
  };
}

/** A trail from the catalog down to this page; the last step is the page itself. */
export function breadcrumbJsonLd(trail: { name: string; path: string }[], addresses: SiteAddresses): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: `${addresses.site}${step.path}`,
    })),
  };
}

export function itemBreadcrumbs(item: SiteItem, addresses: SiteAddresses): JsonLd {
  return breadcrumbJsonLd(
    [
      { name: 'Catalog', path: '/catalog' },
      ...(item.category ? [{ name: item.category.name, path: categoryPath(item.category.slug) }] : []),
      { name: item.title, path: itemPath(item.slug) },
    ],
    addresses,
  );
}

/** The shop, and the site with its search box: what a search engine shows for the shop's name. */
export function homeJsonLd(profile: StoreProfile, addresses: SiteAddresses): JsonLd {
  const organization = {
    '@type': 'Organization',
    '@id': `${addresses.site}/#organization`,
    name: profile.name,
    legalName: profile.legal_name,
    url: `${addresses.site}/`,
    logo: `${addresses.site}/share-card.png`,
    email: profile.contact_email,
    ...(profile.phone ? { telephone: profile.phone } : {}),
    ...(profile.vat_id ? { vatID: profile.vat_id } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: profile.address_line1,
      postalCode: profile.postcode,
      addressLocality: profile.city,
      addressCountry: profile.country,
    },
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      email: profile.contact_email,
      ...(profile.phone ? { telephone: profile.phone } : {}),
      url: `${addresses.site}/contact`,
    },
  };
  const webSite = {
    '@type': 'WebSite',
    '@id': `${addresses.site}/#website`,
    name: profile.name,
    url: `${addresses.site}/`,
    publisher: { '@id': organization['@id'] },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${addresses.site}/search?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
  return { '@context': CONTEXT, '@graph': [organization, webSite] };
}
