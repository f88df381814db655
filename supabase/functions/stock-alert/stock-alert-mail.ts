// The mail stock-alert sends the staff when a variant on sale drops to its low-stock threshold: what
// is running low, how many are left, and the way to the admin to restock it, as plain text and as
// HTML in the shop's look (../_shared/mail-layout.ts). Pure: index.ts passes in the shop's address
// and name, so tests render it without a runtime.
import { button, heading, html, link, linkWrittenOut, mailDocument, paragraph, smallPrint, STYLE, type Mail, type SafeHtml } from '../_shared/mail-layout.ts';

/** What public.claim_stock_alert answers for an alert that exists. */
export interface ClaimedStockAlert {
  alert_id: number;
  /** Whether this caller is to send it now: false when it went out already or another sender holds it. */
  claimed: boolean;
  created_at: string;
  /** The stock when the threshold was crossed; sales since may have taken more. */
  stock_at_alert: number;
  item: {
    id: number;
    product_id: number;
    title: string;
    slug: string;
    /** Option name → value, such as {"colour": "Rust"}. */
    options: Record<string, unknown> | null;
    stock: number;
    threshold: number;
  };
  product: { id: number; title: string } | null;
  /** Every staff member who may change stock. */
  recipients: string[];
}

export interface StockAlertContext {
  /** The shop's address, with no trailing slash: the admin's pages hang off it. */
  siteUrl: string;
  /** The shop's name from its profile; null when it could not be read. */
  shopName: string | null;
}

/**
 * The variant as staff know it: the product's name with what tells this variant apart, its options
 * ("Linden table (Rust, Velvet)") or failing that its name less the product's ("Linden table, large"
 * → "Linden table (large)"), or the variant's own name.
 */
export function variantName(item: Pick<ClaimedStockAlert['item'], 'title' | 'options'>, productTitle: string | null): string {
  const values = Object.values(item.options ?? {}).filter((value): value is string => typeof value === 'string' && value.trim() !== '');
  if (!productTitle) return item.title;
  if (values.length > 0) return `${productTitle} (${values.join(', ')})`;
  const prefix = `${productTitle.trim()}, `;
  if (item.title.startsWith(prefix) && item.title.length > prefix.length) return `${productTitle} (${item.title.slice(prefix.length)})`;
  return item.title;
}

/** Where staff restock the variant, and the admin's list of everything running low. */
export function adminLinks(alert: Pick<ClaimedStockAlert, 'item'>, siteUrl: string): { variant: string; lowStock: string } {
  return { variant: `${siteUrl}/admin/items/${alert.item.id}`, lowStock: `${siteUrl}/admin/items?status=low-stock` };
}

const left = (stock: number) => (stock > 0 ? `${stock} left` : 'none left');

const FACT = 'padding:8px 0;font-size:16px;line-height:24px;vertical-align:top;';

function factsTable(facts: [string, string][]): SafeHtml {
  return html`<table width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 24px;border-collapse:collapse;">${facts.map(
    ([label, value]) => html`
    <tr>
      <th scope="row" align="left" class="lm-muted lm-rule" style="${FACT}${STYLE.rule}${STYLE.muted}font-weight:600;padding-right:12px;">${label}</th>
      <td class="lm-text lm-rule" align="right" style="${FACT}${STYLE.rule}${STYLE.text}font-weight:700;white-space:nowrap;">${value}</td>
    </tr>`,
  )}
  </table>`;
}

/** The alert's one mail, the same for every staff member it goes to. */
export function stockAlertMail(alert: ClaimedStockAlert, { siteUrl, shopName }: StockAlertContext): Mail {
  const name = variantName(alert.item, alert.product?.title ?? null);
  const { stock, threshold } = alert.item;
  const links = adminLinks(alert, siteUrl);
  const shop = shopName ?? 'Lumen';
  const subject = `Low stock: ${name} — ${left(stock)}`;
  const sentence =
    stock > 0
      ? `${name} is running low: ${stock} left in stock, at or under its low-stock threshold of ${threshold}.`
      : `${name} is out of stock: none left, under its low-stock threshold of ${threshold}.`;
  const facts: [string, string][] = [
    ['In stock now', String(stock)],
    ['Low-stock threshold', String(threshold)],
    // Sales since the crossing: say what it was then, so the figure above is not mistaken for it.
    ...(alert.stock_at_alert !== stock ? [['When it crossed the threshold', String(alert.stock_at_alert)] as [string, string]] : []),
  ];
  const why =
    `You get this mail because your account at ${shop} may change stock. Each variant on sale sends one when it drops to its ` +
    'threshold, and the next only after it was restocked above it.';
  const text = [
    sentence,
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    `Restock it: ${links.variant}`,
    `Everything running low: ${links.lowStock}`,
    '',
    '—',
    why,
  ].join('\n');
  const body = html`${heading('Running low')}
${paragraph(sentence)}
${factsTable(facts)}
${button(links.variant, 'Restock it')}
${linkWrittenOut(links.variant)}
${paragraph(html`Or see ${link(links.lowStock, 'everything running low')}.`)}`;
  return {
    subject,
    text: `${text}\n`,
    html: mailDocument({ title: subject, preview: sentence, shopName: shop, siteUrl, body, footer: smallPrint(why) }),
  };
}
