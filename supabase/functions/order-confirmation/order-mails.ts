// The mails order-confirmation sends: receipt, cancellation, shipped (with the carrier and the
// parcel's tracking link when staff gave them), delivered, and one per return, each as plain text
// and as HTML in the shop's look (../_shared/mail-layout.ts). Pure: index.ts passes in the shop's
// address and profile, so tests render every kind without a runtime.
import { button, heading, html, link, linkWrittenOut, mailDocument, paragraph, smallPrint, STYLE, type HtmlPart, type Mail, type SafeHtml } from '../_shared/mail-layout.ts';

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

export type NotificationKind = 'receipt' | 'cancellation' | 'shipped' | 'delivered' | 'return';

/** A mail that is due; a return's names its return (an order may come back in parts, each mailed). */
export interface ClaimedNotification {
  id: number;
  kind: NotificationKind;
  return_id?: number;
}

/** One return of the order as staff recorded it: what came back, and what is owed for it. */
export interface OrderReturn {
  id: number;
  created_at: string;
  refund_cents: number;
  lines: OrderLine[];
}

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
  /** The carrier's name when staff shipped the order with ship_order; null before, or when only its status moved. */
  carrier: string | null;
  /** Its code (public.carriers): what tells the shop's own van and "another carrier" apart from a company. */
  carrier_code?: string | null;
  tracking_number: string | null;
  /** The carrier's page for this parcel; null for carriers without one (the shop's own van). */
  tracking_url: string | null;
  lines: OrderLine[];
  /** Every return of the order, oldest first. */
  returns: OrderReturn[];
  notifications: ClaimedNotification[];
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

function linesText(lines: OrderLine[], currency: string): string[] {
  return lines.map((line) => `  ${line.quantity} × ${line.title} — ${money(line.unit_price_cents * line.quantity, currency)}`);
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

function linesTable(lines: OrderLine[], currency: string, total: Sum | null): SafeHtml {
  const rows = lines.map(
    (line) => html`
    <tr>
      <td class="lm-text lm-rule" style="${CELL}${STYLE.rule}${STYLE.text}padding-right:12px;white-space:nowrap;">${line.quantity} ×</td>
      <td class="lm-text lm-rule" style="${CELL}${STYLE.rule}${STYLE.text}">${line.title}</td>
      <td class="lm-text lm-rule" align="right" style="${CELL}${STYLE.rule}${STYLE.text}padding-left:12px;white-space:nowrap;">${money(line.unit_price_cents * line.quantity, currency)}</td>
    </tr>`,
  );
  const totalRow = total
    ? html`
    <tr>
      <th scope="row" colspan="2" align="left" class="lm-text lm-rule" style="${CELL}${STYLE.rule}${STYLE.text}font-weight:700;">${total.label}</th>
      <td class="lm-text lm-rule" align="right" style="${CELL}${STYLE.rule}${STYLE.text}font-weight:700;white-space:nowrap;">${money(total.cents, currency)}</td>
    </tr>`
    : '';
  return html`<table width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;border-collapse:collapse;">
    <tr>
      <th scope="col" align="left" class="lm-muted" style="${HEAD_CELL}${STYLE.muted}">Qty</th>
      <th scope="col" align="left" class="lm-muted" style="${HEAD_CELL}${STYLE.muted}">Item</th>
      <th scope="col" align="right" class="lm-muted" style="${HEAD_CELL}${STYLE.muted}">Price</th>
    </tr>${rows}${totalRow}
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

// ── The mails ──────────────────────────────────────────────────────────────────────────────────

/** The sum under the lines: the order's total on the receipt, what is owed on a return's mail. */
interface Sum {
  label: string;
  cents: number;
}

interface MailParts {
  subject: string;
  heading: string;
  /** The mail's first sentence, the same in both parts. */
  sentence: string;
  /** The lines the mail lists: the order's, or a return's. */
  lines: OrderLine[];
  total: Sum | null;
  /** Sentences after the lines' sum (a return's refund). */
  after: string[];
  delivery: boolean;
  /** The parcel, on the shipped mail when staff named its carrier. */
  parcel: Parcel | null;
}

interface Parcel {
  /** Who carries it, in a sentence; null when the carrier's name says nothing ("Another carrier"). */
  sentence: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
}

/**
 * The carrier in a sentence. Two of the carriers are no company's name (the shop's own van, and
 * "another carrier" for the rest), so they get their own words rather than "on its way with
 * Another carrier".
 */
function carrierSentence(carrier: string, code: string | null | undefined): string | null {
  if (code === 'own-delivery') return 'We are delivering it ourselves.';
  if (code === 'other') return null;
  return `Your order is on its way with ${carrier}.`;
}

function parcelOf(order: ClaimedOrder): Parcel | null {
  if (!order.carrier) return null;
  return {
    sentence: carrierSentence(order.carrier, order.carrier_code),
    tracking_number: order.tracking_number,
    // The database only stores https pages; anything else is not offered as a link.
    tracking_url: order.tracking_url?.startsWith('https://') ? order.tracking_url : null,
  };
}

/** The parcel in one line of text: who carries it and its number. */
function parcelLine(parcel: Parcel): string {
  return [parcel.sentence, parcel.tracking_number ? `Tracking number: ${parcel.tracking_number}` : null].filter(Boolean).join(' ');
}

/** The return a return's mail is about: a notification naming no return of this order is refused, never mailed half-filled. */
function returnOf(order: ClaimedOrder, returnId: number | undefined): OrderReturn {
  const found = order.returns.find((entry) => entry.id === returnId);
  if (!found) throw new Error(`return ${returnId ?? '(none named)'} is not among the returns of order ${order.reference}`);
  return found;
}

function partsFor(order: ClaimedOrder, notification: Pick<ClaimedNotification, 'kind' | 'return_id'>): MailParts {
  const ref = order.reference;
  const plain = { lines: order.lines, total: null, after: [], delivery: false, parcel: null };
  switch (notification.kind) {
    case 'receipt':
      return {
        ...plain,
        subject: `Your Lumen order ${ref} is confirmed`,
        heading: 'Your order is confirmed',
        sentence: `Thank you! Order ${ref} is confirmed.`,
        total: { label: 'Total', cents: order.total_cents },
        delivery: true,
      };
    case 'cancellation':
      return {
        ...plain,
        subject: `Your Lumen order ${ref} is cancelled`,
        heading: 'Your order is cancelled',
        sentence: `Order ${ref} is cancelled. Nothing was charged, and the items are back on sale.`,
      };
    case 'shipped':
      return {
        ...plain,
        subject: `Your Lumen order ${ref} is on its way`,
        heading: 'Your order is on its way',
        sentence: `Good news: order ${ref} has shipped.`,
        delivery: true,
        parcel: parcelOf(order),
      };
    case 'delivered':
      return { ...plain, subject: `Your Lumen order ${ref} was delivered`, heading: 'Your order was delivered', sentence: `Order ${ref} was delivered. We hope you enjoy it.` };
    case 'return': {
      const recorded = returnOf(order, notification.return_id);
      // No payment is taken in this shop, so the mail says what is owed and that the shop will
      // be in touch, and claims no refund it has not made.
      return {
        ...plain,
        subject: `Your return for order ${ref} is recorded`,
        heading: 'Your return is recorded',
        sentence: `We have recorded the return of these items from order ${ref}.`,
        lines: recorded.lines,
        total: recorded.refund_cents > 0 ? { label: 'Refund due', cents: recorded.refund_cents } : null,
        after: recorded.refund_cents > 0 ? ['We will be in touch about the refund.'] : [],
      };
    }
  }
}

function parcelText(parcel: Parcel | null): string[] {
  if (!parcel) return [];
  const line = parcelLine(parcel);
  return [...(line ? ['', line] : []), ...(parcel.tracking_url ? [`Track your parcel: ${parcel.tracking_url}`] : [])];
}

function parcelHtml(parcel: Parcel | null): HtmlPart {
  if (!parcel) return null;
  const number = parcel.tracking_number ? html`Tracking number: <strong>${parcel.tracking_number}</strong>` : '';
  return html`${parcel.sentence || number ? paragraph(html`${parcel.sentence}${parcel.sentence && number ? ' ' : ''}${number}`) : ''}
${parcel.tracking_url ? html`${button(parcel.tracking_url, 'Track your parcel')}
${linkWrittenOut(parcel.tracking_url)}` : ''}`;
}

/**
 * One order mail: the subject, the text part (which e2e tests read) and the HTML part. Throws for a
 * return's notification whose return the order does not have: the caller records that as the
 * reason the mail failed.
 */
export function orderMail(order: ClaimedOrder, notification: Pick<ClaimedNotification, 'kind' | 'return_id'>, context: MailContext): Mail {
  const parts = partsFor(order, notification);
  const url = orderLink(order, context.siteUrl);
  const shopName = context.shop?.name ?? 'Lumen';
  const text = [
    parts.sentence,
    ...parcelText(parts.parcel),
    '',
    ...linesText(parts.lines, order.currency),
    ...(parts.total ? ['', `${parts.total.label}: ${money(parts.total.cents, order.currency)}`] : []),
    ...parts.after,
    ...(parts.delivery ? deliveryText(order.delivery) : []),
    '',
    `See your order: ${url}`,
    ...contactText(context),
  ].join('\n');
  const body = html`${heading(parts.heading)}
${paragraph(parts.sentence)}
${parcelHtml(parts.parcel)}
${linesTable(parts.lines, order.currency, parts.total)}
${parts.after.map((sentence) => paragraph(sentence))}
${parts.delivery ? deliveryHtml(order.delivery) : ''}
${button(url, 'See your order')}
${linkWrittenOut(url)}`;
  return {
    subject: parts.subject,
    text: `${text}\n`,
    html: mailDocument({ title: parts.subject, preview: parts.sentence, shopName, siteUrl: context.siteUrl, body, footer: contactHtml(context) }),
  };
}
