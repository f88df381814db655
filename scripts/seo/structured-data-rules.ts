/**
 * The properties schema.org types must have for search engines to use them (the required ones in
 * Google's structured-data documentation for Product, Offer, BreadcrumbList, Organization and the
 * site search box), as checks: the build's JSON-LD is held to them in unit tests, and the pages
 * the server answers in end-to-end tests. Returns what is wrong, or nothing.
 */
type Node = Record<string, unknown>;

const AVAILABILITY = new Set(
  ['InStock', 'OutOfStock', 'PreOrder', 'BackOrder', 'Discontinued', 'InStoreOnly', 'LimitedAvailability', 'OnlineOnly', 'SoldOut', 'PreSale', 'MadeToOrder'].map(
    (value) => `https://schema.org/${value}`,
  ),
);

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
function isAbsoluteUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}
const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);

function offerProblems(offer: unknown, where: string): string[] {
  if (!isNode(offer) || (offer['@type'] !== 'Offer' && offer['@type'] !== 'AggregateOffer')) return [`${where}: offers must be an Offer`];
  const problems: string[] = [];
  const price = offer['@type'] === 'Offer' ? offer.price : offer.lowPrice;
  const priceText = typeof price === 'number' ? String(price) : price;
  if (typeof priceText !== 'string' || !/^\d+(\.\d+)?$/.test(priceText)) problems.push(`${where}: price must be a number with a dot for decimals (got ${JSON.stringify(price)})`);
  if (typeof offer.priceCurrency !== 'string' || !/^[A-Z]{3}$/.test(offer.priceCurrency)) problems.push(`${where}: priceCurrency must be an ISO 4217 code`);
  if (typeof offer.availability !== 'string' || !AVAILABILITY.has(offer.availability)) problems.push(`${where}: availability must be a schema.org ItemAvailability URL`);
  if (offer.url !== undefined && !isAbsoluteUrl(offer.url)) problems.push(`${where}: url must be absolute`);
  return problems;
}

function productProblems(node: Node, where: string): string[] {
  const problems: string[] = [];
  if (!isText(node.name)) problems.push(`${where}: name is required`);
  const images = asList(node.image);
  if (images.length === 0 || !images.every(isAbsoluteUrl)) problems.push(`${where}: image must be one or more absolute URLs`);
  if (node.offers === undefined && node.review === undefined && node.aggregateRating === undefined) problems.push(`${where}: offers, review or aggregateRating is required`);
  for (const offer of asList(node.offers)) problems.push(...offerProblems(offer, `${where}.offers`));
  return problems;
}

function breadcrumbProblems(node: Node, where: string): string[] {
  const steps = node.itemListElement;
  if (!Array.isArray(steps) || steps.length < 2) return [`${where}: itemListElement needs at least two ListItems`];
  return steps.flatMap((step, index) => {
    const at = `${where}.itemListElement[${index}]`;
    if (!isNode(step) || step['@type'] !== 'ListItem') return [`${at}: must be a ListItem`];
    const problems: string[] = [];
    if (step.position !== index + 1) problems.push(`${at}: position must be ${index + 1}`);
    if (!isText(step.name)) problems.push(`${at}: name is required`);
    // Only the last step (the page itself) may leave out its address.
    if ((step.item !== undefined || index < steps.length - 1) && !isAbsoluteUrl(step.item)) problems.push(`${at}: item must be an absolute URL`);
    return problems;
  });
}

function organizationProblems(node: Node, where: string): string[] {
  const problems: string[] = [];
  if (!isText(node.name)) problems.push(`${where}: name is required`);
  if (!isAbsoluteUrl(node.url)) problems.push(`${where}: url must be absolute`);
  if (node.logo !== undefined && !isAbsoluteUrl(node.logo)) problems.push(`${where}: logo must be an absolute URL`);
  if (node.address !== undefined) {
    const address = node.address;
    if (!isNode(address) || address['@type'] !== 'PostalAddress') problems.push(`${where}: address must be a PostalAddress`);
    else if (typeof address.addressCountry !== 'string' || !/^[A-Z]{2}$/.test(address.addressCountry)) problems.push(`${where}: addressCountry must be a two-letter code`);
  }
  return problems;
}

function webSiteProblems(node: Node, where: string): string[] {
  const problems: string[] = [];
  if (!isText(node.name)) problems.push(`${where}: name is required`);
  if (!isAbsoluteUrl(node.url)) problems.push(`${where}: url must be absolute`);
  for (const action of asList(node.potentialAction)) {
    if (!isNode(action) || action['@type'] !== 'SearchAction') continue;
    const target = isNode(action.target) ? action.target.urlTemplate : action.target;
    if (typeof target !== 'string' || !isAbsoluteUrl(target.replace('{search_term_string}', 'x')) || !target.includes('{search_term_string}')) {
      problems.push(`${where}: the SearchAction's target must be an absolute URL template with {search_term_string}`);
    }
    if (action['query-input'] !== 'required name=search_term_string') problems.push(`${where}: the SearchAction needs query-input "required name=search_term_string"`);
  }
  return problems;
}

const RULES: Record<string, (node: Node, where: string) => string[]> = {
  Product: productProblems,
  BreadcrumbList: breadcrumbProblems,
  Organization: organizationProblems,
  WebSite: webSiteProblems,
};

/** What is wrong with one JSON-LD document (a node, or an `@graph` of nodes). */
export function structuredDataProblems(document: unknown): string[] {
  if (!isNode(document)) return ['the document must be a JSON object'];
  if (document['@context'] !== 'https://schema.org' && document['@context'] !== 'http://schema.org') return ['@context must be https://schema.org'];
  const nodes = Array.isArray(document['@graph']) ? document['@graph'] : [document];
  return nodes.flatMap((node, index) => {
    const where = Array.isArray(document['@graph']) ? `@graph[${index}]` : 'document';
    if (!isNode(node) || !isText(node['@type'])) return [`${where}: @type is required`];
    const rule = RULES[node['@type']];
    return rule ? rule(node, `${where} (${node['@type']})`) : [];
  });
}

/** The JSON-LD documents in a page's HTML. */
export function jsonLdIn(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1] ?? 'null') as unknown);
}

/** The types a page's JSON-LD describes, `@graph` members included. */
export function structuredDataTypes(documents: unknown[]): string[] {
  return documents.flatMap((document) => {
    if (!isNode(document)) return [];
    const nodes = Array.isArray(document['@graph']) ? document['@graph'] : [document];
    return nodes.filter(isNode).map((node) => String(node['@type']));
  });
}
