// The mails order-confirmation sends: receipt, cancellation, shipped and delivered, each as plain
// text and as HTML in the shop's look (../_shared/mail-layout.ts). Pure: index.ts passes in the
// shop's address and profile, so tests render every kind without a runtime.
import { button, heading, html, link, linkWrittenOut, mailDocument, paragraph, smallPrint, STYLE, type HtmlPart, type SafeHtml } from '../_shared/mail-layout.ts';

export interface OrderLine {
  title: string;
  unit_price_cents: number;
  quantity: number;
}

export interface Delivery {
  full_name: string;
  line1: string;
  line2: string | null;
  postcode: string;
  city: string;
  country: string;
  phone: string | null;
}

export type NotificationKind = 'receipt' | 'cancellation' | 'shipped' | 'delivered';

/** What public.claim_order_notifications answers. */
export interface ClaimedOrder {
  order_id: number;
  /** What the customer sees (e.g. 7K3Q-9XPD); the id stays internal. */
  reference: string;
  /** With the reference, opens the order on any device without signing in. */
  access_key: string;
  status: string;
  currency: string;
  total_cents: number;
  email: string | null;
  /** Null for orders from before checkout asked where they go. */
  delivery: Delivery | null;
  lines: OrderLine[];
  notifications: { id: number; kind: NotificationKind }[];
}

/** The columns of public.store_profile a mail shows: who the shop is and how to reach it. */
export interface ShopProfile {
  name: string;
  contact_email: string;
  phone: string | null;
  address_line1: string;
  postcode: string;
  city: string;
  country: string;
}

export interface MailContext {
  /** The shop's address, with no trailing slash: the order link and the store pages hang off it. */
  siteUrl: string;
  /** Null when the profile could not be read: the mail then names the shop only by its site's pages. */
  shop: ShopProfile | null;
}

export interface Mail {
  subject: string;
  text: string;
  html: string;
}

function money(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-IE', { style: 'currency', currency }).format(cents / 100);
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countryName = (code: string) => countryNames.of(code) ?? code;

/** The order's page for whoever holds the mail: the key lets a guest (or anyone it is forwarded to) open it on any device. */
export function orderLink(order: Pick<ClaimedOrder, 'reference' | 'access_key'>, siteUrl: string): string {
  return `${siteUrl}/orders/${encodeURIComponent(order.reference)}?${new URLSearchParams({ key: order.access_key })}`;
}

function deliveryLines(delivery: Delivery): string[] {
  const { full_name, line1, line2, postcode, city, country, phone } = delivery;
  return [full_name, line1, line2, `${postcode} ${city}`, countryName(country), phone ? `Phone: ${phone}` : null].filter(
    (line): line is string => Boolean(line),
  );
}

// ── Plain text ─────────────────────────────────────────────────────────────────────────────────

function linesText(order: ClaimedOrder): string[] {
  return order.lines.map((line) => `  ${line.quantity} × ${line.title} — ${money(line.unit_price_cents * line.quantity, order.currency)}`);
}

function deliveryText(delivery: Delivery | null): string[] {
  return delivery ? ['', 'Delivery to:', ...deliveryLines(delivery).map((line) => `  ${line}`)] : [];
}

function contactText({ siteUrl, shop }: MailContext): string[] {
  const reach = shop ? [`Questions? Write to ${shop.contact_email}${shop.phone ? ` or call ${shop.phone}` : ''}.`, shopAddress(shop)] : ['Questions? We are happy to help.'];
  return ['', '—', ...reach, `Contact us: ${siteUrl}/contact`, `Delivery and returns: ${siteUrl}/delivery-and-returns`];
}

function shopAddress(shop: ShopProfile): string {
  return `${shop.name}, ${shop.address_line1}, ${shop.postcode} ${shop.city}, ${countryName(shop.country)}`;
}

// ── HTML ───────────────────────────────────────────────────────────────────────────────────────

const CELL = 'padding:10px 0;font-size:16px;line-height:24px;vertical-align:top;';
const HEAD_CELL = 'padding:0 0 8px;font-size:13px;line-height:18px;font-weight:600;text-transform:uppercase;letter-spacing:0.04em;';

function linesTable(order: ClaimedOrder, withTotal: boolean): SafeHtml {
  const rows = order.lines.map(
    (line) => html`
    <tr>
      <td class="lm-text lm-rule" style="${CELL}${STYLE.rule}${STYLE.text}padding-right:12px;white-space:nowrap;">${line.quantity} ×</td>
      <td class="lm-text lm-rule" style="${CELL}${STYLE.rule}${STYLE.text}">${line.title}</td>
      <td class="lm-text lm-rule" align="right" style="${CELL}${STYLE.rule}${STYLE.text}padding-left:12px;white-space:nowrap;">${money(line.unit_price_cents * line.quantity, order.currency)}</td>
    </tr>`,
  );
  const total = withTotal
    ? html`
    <tr>
      <th scope="row" colspan="2" align="left" class="lm-text lm-rule" style="${CELL}${STYLE.rule}${STYLE.text}font-weight:700;">Total</th>
      <td class="lm-text lm-rule" align="right" style="${CELL}${STYLE.rule}${STYLE.text}font-weight:700;white-space:nowrap;">${money(order.total_cents, order.currency)}</td>
    </tr>`
    : '';
  return html`<table width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;border-collapse:collapse;">
    <tr>
      <th scope="col" align="left" class="lm-muted" style="${HEAD_CELL}${STYLE.muted}">Qty</th>
      <th scope="col" align="left" class="lm-muted" style="${HEAD_CELL}${STYLE.muted}">Item</th>
      <th scope="col" align="right" class="lm-muted" style="${HEAD_CELL}${STYLE.muted}">Price</th>
    </tr>${rows}${total}
  </table>`;
}

function deliveryHtml(delivery: Delivery | null): HtmlPart {
  if (!delivery) return null;
  const lines = deliveryLines(delivery);
  return html`<h2 class="lm-text" style="margin:0 0 8px;font-size:16px;line-height:24px;font-weight:700;${STYLE.text}">Delivery to</h2>
<p class="lm-text" style="margin:0 0 24px;font-size:16px;line-height:24px;${STYLE.text}">${lines.map((line, index) => html`${index > 0 ? html`<br>` : ''}${line}`)}</p>`;
}

function contactHtml({ siteUrl, shop }: MailContext): SafeHtml {
  const reach = shop
    ? html`${smallPrint(
        html`Questions? Write to ${link(`mailto:${shop.contact_email}`, shop.contact_email)}${shop.phone ? html` or call ${link(`tel:${shop.phone}`, shop.phone)}` : ''}.`,
      )}${smallPrint(shopAddress(shop))}`
    : smallPrint('Questions? We are happy to help.');
  return html`${reach}${smallPrint(html`${link(`${siteUrl}/contact`, 'Contact us')} · ${link(`${siteUrl}/delivery-and-returns`, 'Delivery and returns')}`)}`;
}

// ── The four mails ─────────────────────────────────────────────────────────────────────────────

interface MailParts {
  subject: string;
  heading: string;
  /** The mail's first sentence, the same in both parts. */
  sentence: string;
  total: boolean;
  delivery: boolean;
}

function partsFor(order: ClaimedOrder, kind: NotificationKind): MailParts {
  const ref = order.reference;
  switch (kind) {
    case 'receipt':
      return { subject: `Your Lumen order ${ref} is confirmed`, heading: 'Your order is confirmed', sentence: `Thank you! Order ${ref} is confirmed.`, total: true, delivery: true };
    case 'cancellation':
      return {
        subject: `Your Lumen order ${ref} is cancelled`,
        heading: 'Your order is cancelled',
        sentence: `Order ${ref} is cancelled. Nothing was charged, and the items are back on sale.`,
        total: false,
        delivery: false,
      };
    case 'shipped':
      return { subject: `Your Lumen order ${ref} is on its way`, heading: 'Your order is on its way', sentence: `Good news: order ${ref} has shipped.`, total: false, delivery: true };
    case 'delivered':
      return { subject: `Your Lumen order ${ref} was delivered`, heading: 'Your order was delivered', sentence: `Order ${ref} was delivered. We hope you enjoy it.`, total: false, delivery: false };
  }
}

/** One order mail: the subject, the text part (which e2e tests read) and the HTML part. */
export function orderMail(order: ClaimedOrder, kind: NotificationKind, context: MailContext): Mail {
  const parts = partsFor(order, kind);
  const url = orderLink(order, context.siteUrl);
  const shopName = context.shop?.name ?? 'Lumen';
  const text = [
    parts.sentence,
    '',
    ...linesText(order),
    ...(parts.total ? ['', `Total: ${money(order.total_cents, order.currency)}`] : []),
    ...(parts.delivery ? deliveryText(order.delivery) : []),
    '',
    `See your order: ${url}`,
    ...contactText(context),
  ].join('\n');
  const body = html`${heading(parts.heading)}
${paragraph(parts.sentence)}
${linesTable(order, parts.total)}
${parts.delivery ? deliveryHtml(order.delivery) : ''}
${button(url, 'See your order')}
${linkWrittenOut(url)}`;
  return {
    subject: parts.subject,
    text: `${text}\n`,
    html: mailDocument({ title: parts.subject, preview: parts.sentence, shopName, siteUrl: context.siteUrl, body, footer: contactHtml(context) }),
  };
}
