import { describe, expect, it } from 'vitest';
import { orderMail, type ClaimedOrder, type MailContext, type NotificationKind } from './order-mails.ts';

const order: ClaimedOrder = {
  order_id: 41,
  reference: '7K3Q-9XPD',
  access_key: 'k3y+with/odd=chars',
  status: 'placed',
  currency: 'EUR',
  total_cents: 12_350,
  email: 'ada@example.test',
  delivery: {
    full_name: 'Ada <b>Lovelace</b>',
    line1: '12 Harbour Street & Quay',
    line2: null,
    postcode: 'D02 X285',
    city: 'Dublin',
    country: 'IE',
    phone: '+353 85 012 3456',
  },
  carrier: null,
  tracking_number: null,
  tracking_url: null,
  lines: [
    { title: 'Desk lamp <script>alert(1)</script>', unit_price_cents: 4_900, quantity: 2 },
    { title: 'Linen "Fjord" throw', unit_price_cents: 2_550, quantity: 1 },
  ],
  returns: [],
  notifications: [],
};

const shop = {
  name: 'Lumen',
  contact_email: 'hello@lumen.example',
  phone: '+35315550142',
  address_line1: '12 Harbour Street',
  postcode: 'D02 X285',
  city: 'Dublin',
  country: 'IE',
};
const context: MailContext = { siteUrl: 'https://shop.example', shop };

const ORDER_URL = 'https://shop.example/orders/7K3Q-9XPD?key=k3y%2Bwith%2Fodd%3Dchars';
/** Shipped with ship_order: a carrier with a tracking page, and the parcel's number. */
const shippedWithDhl: ClaimedOrder = {
  ...order,
  status: 'shipped',
  carrier: 'DHL',
  tracking_number: 'JD 0146 0000 12',
  tracking_url: 'https://www.dhl.com/global-en/home/tracking/tracking-parcel.html?submit=1&tracking-id=JD0146000012',
};
const TRACKING_URL_IN_HTML = 'https://www.dhl.com/global-en/home/tracking/tracking-parcel.html?submit=1&amp;tracking-id=JD0146000012';

/** Delivered, then two returns: the lamps first (return 7), the throw later (return 9). */
const returned: ClaimedOrder = {
  ...order,
  status: 'returned',
  returns: [
    { id: 7, created_at: '2026-12-03T10:00:00Z', refund_cents: 9_800, lines: [{ title: 'Desk lamp <script>alert(1)</script>', unit_price_cents: 4_900, quantity: 2 }] },
    { id: 9, created_at: '2026-12-04T10:00:00Z', refund_cents: 2_550, lines: [{ title: 'Linen "Fjord" throw', unit_price_cents: 2_550, quantity: 1 }] },
  ],
};

/** The kinds about the whole order; a return's mail is about one return (below). */
const KINDS: Exclude<NotificationKind, 'return'>[] = ['receipt', 'cancellation', 'shipped', 'delivered'];

/** The HTML's visible text, roughly as a reader sees it: tags out, entities decoded. */
function visibleText(html: string): string {
  return html
    .replace(/<head>[\s\S]*?<\/head>/, '')
    .replace(/<div style="display:none[^>]*>[\s\S]*?<\/div>/, '')
    .replace(/<br>/g, ' | ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

describe('order mails', () => {
  it('keep their subjects', () => {
    expect(KINDS.map((kind) => orderMail(order, { kind }, context).subject)).toEqual([
      'Your Lumen order 7K3Q-9XPD is confirmed',
      'Your Lumen order 7K3Q-9XPD is cancelled',
      'Your Lumen order 7K3Q-9XPD is on its way',
      'Your Lumen order 7K3Q-9XPD was delivered',
    ]);
  });

  it('the receipt: lines, total, delivery address, the order link and the contact, in both parts', () => {
    const { text, html } = orderMail(order, { kind: 'receipt' }, context);
    expect(text).toContain('Thank you! Order 7K3Q-9XPD is confirmed.');
    expect(text).toContain('  2 × Desk lamp <script>alert(1)</script> — €98.00\n  1 × Linen "Fjord" throw — €25.50');
    expect(text).toContain('Total: €123.50');
    expect(text).toContain('Delivery to:\n  Ada <b>Lovelace</b>\n  12 Harbour Street & Quay\n  D02 X285 Dublin\n  Ireland\n  Phone: +353 85 012 3456');
    expect(text).toContain(`See your order: ${ORDER_URL}\n`);
    expect(text).toContain('Questions? Write to hello@lumen.example or call +35315550142.');
    expect(text).toContain('Lumen, 12 Harbour Street, D02 X285 Dublin, Ireland');
    expect(text).toContain('Contact us: https://shop.example/contact');
    expect(text).toContain('Delivery and returns: https://shop.example/delivery-and-returns');

    const shown = visibleText(html);
    expect(shown).toContain('Thank you! Order 7K3Q-9XPD is confirmed.');
    expect(shown).toMatch(/2 × Desk lamp <script>alert\(1\)<\/script> €98\.00/);
    expect(shown).toMatch(/1 × Linen "Fjord" throw €25\.50/);
    expect(shown).toMatch(/Total €123\.50/);
    expect(shown).toContain('Ada <b>Lovelace</b> | 12 Harbour Street & Quay | D02 X285 Dublin | Ireland | Phone: +353 85 012 3456');
    expect(shown).toContain('hello@lumen.example');
    expect(shown).toContain('+35315550142');
    expect(shown).toContain('Lumen, 12 Harbour Street, D02 X285 Dublin, Ireland');
    expect(html).toContain(`<a href="${ORDER_URL}" class="lm-button"`);
    expect(html).toContain('href="mailto:hello@lumen.example"');
    expect(html).toContain('href="tel:+35315550142"');
    expect(html).toContain('href="https://shop.example/contact"');
    expect(html).toContain('href="https://shop.example/delivery-and-returns"');
  });

  it('escape everything that comes from customers and staff', () => {
    const { html } = orderMail(order, { kind: 'receipt' }, context);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>Lovelace');
    expect(html).toContain('Desk lamp &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Ada &lt;b&gt;Lovelace&lt;/b&gt;');
    expect(html).toContain('12 Harbour Street &amp; Quay');
    expect(html).toContain('Linen &quot;Fjord&quot; throw');
    const hostile = orderMail(order, { kind: 'receipt' }, {
      ...context,
      shop: { ...shop, name: '<img src=x onerror=alert(1)>', contact_email: 'a"b@example.test' },
    }).html;
    expect(hostile).not.toContain('<img');
    expect(hostile).toContain('href="mailto:a&quot;b@example.test"');
  });

  it('are mail-client safe HTML, designed for light and dark', () => {
    const mails = [
      ...KINDS.map((kind) => orderMail(order, { kind }, context)),
      orderMail(shippedWithDhl, { kind: 'shipped' }, context),
      orderMail(returned, { kind: 'return', return_id: 7 }, context),
    ];
    for (const { html, subject } of mails) {
      expect(html.startsWith('<!doctype html>')).toBe(true);
      expect(html).toContain('<meta name="color-scheme" content="light dark">');
      expect(html).toContain('<meta name="supported-color-schemes" content="light dark">');
      expect(html).toMatch(/@media \(prefers-color-scheme: dark\) \{[\s\S]*\.lm-card \{ background-color: #151922 !important;/);
      expect(html).toContain('<table role="presentation"');
      expect(html).toContain(`<title>${subject}</title>`);
      // No comments: Go's html/template, which renders the auth mails in the same layout, drops them.
      expect(html).not.toContain('<!--');
      // Every element with a text or background colour of its own has a class the dark styles override.
      for (const [tag] of html.matchAll(/<[a-z][^>]*style="[^"]*"[^>]*>/g)) {
        const style = /style="([^"]*)"/.exec(tag)?.[1] ?? '';
        if (/(^|;)(color|background-color):/.test(style) && !tag.startsWith('<table')) expect(tag).toMatch(/class="[^"]*\blm-/);
      }
    }
  });

  it('each kind says what happened, lists the lines and links the order', () => {
    const expected: Record<(typeof KINDS)[number], { sentence: string; total: boolean; delivery: boolean }> = {
      receipt: { sentence: 'Thank you! Order 7K3Q-9XPD is confirmed.', total: true, delivery: true },
      cancellation: { sentence: 'Order 7K3Q-9XPD is cancelled. Nothing was charged, and the items are back on sale.', total: false, delivery: false },
      shipped: { sentence: 'Good news: order 7K3Q-9XPD has shipped.', total: false, delivery: true },
      delivered: { sentence: 'Order 7K3Q-9XPD was delivered. We hope you enjoy it.', total: false, delivery: false },
    };
    for (const kind of KINDS) {
      const { text, html } = orderMail(order, { kind }, context);
      const { sentence, total, delivery } = expected[kind];
      expect(text.startsWith(`${sentence}\n`), kind).toBe(true);
      expect(visibleText(html), kind).toContain(sentence);
      expect(text, kind).toContain('2 × Desk lamp');
      expect(html, kind).toContain('Desk lamp &lt;script&gt;');
      expect(text.includes('Total: €123.50'), kind).toBe(total);
      expect(text.includes('Delivery to:'), kind).toBe(delivery);
      expect(html.includes('Delivery to</h2>'), kind).toBe(delivery);
      expect(text, kind).toContain(`See your order: ${ORDER_URL}`);
      expect(html, kind).toContain(`href="${ORDER_URL}"`);
      expect(text, kind).toContain('Contact us: https://shop.example/contact');
    }
  });

  it('still go out when the shop profile is missing, or the order predates delivery details', () => {
    const { text, html } = orderMail({ ...order, delivery: null }, { kind: 'receipt' }, { ...context, shop: null });
    expect(text).not.toContain('Delivery to:');
    expect(text).toContain('Contact us: https://shop.example/contact');
    expect(html).toContain('>Lumen</a>');
    expect(html).not.toContain('Delivery to</h2>');
  });
});

describe('the shipped mail', () => {
  it('names the carrier and the tracking number, with a button to the carrier\'s page for the parcel', () => {
    const { text, html } = orderMail(shippedWithDhl, { kind: 'shipped' }, context);
    expect(text).toContain(
      'Good news: order 7K3Q-9XPD has shipped.\n\nYour order is on its way with DHL. Tracking number: JD 0146 0000 12\n' +
        `Track your parcel: ${shippedWithDhl.tracking_url}\n\n  2 × Desk lamp`,
    );
    expect(text).toContain(`See your order: ${ORDER_URL}`);
    const shown = visibleText(html);
    expect(shown).toContain('Your order is on its way with DHL. Tracking number: JD 0146 0000 12');
    expect(html).toContain(`<a href="${TRACKING_URL_IN_HTML}" class="lm-button"`);
    expect(html).toMatch(/class="lm-button"[^>]*>Track your parcel<\/a>/);
    expect(html).toContain(`>${TRACKING_URL_IN_HTML}</a>`);
    // The order's own button stays.
    expect(html).toContain(`<a href="${ORDER_URL}" class="lm-button"`);
    expect(html).toContain('Delivery to</h2>');
  });

  it('without a tracking page names the number only; without a number, the carrier only', () => {
    const noPage = orderMail({ ...shippedWithDhl, carrier: 'Our own delivery', carrier_code: 'own-delivery', tracking_url: null }, { kind: 'shipped' }, context);
    expect(noPage.text).toContain('Good news: order 7K3Q-9XPD has shipped.\n\nWe are delivering it ourselves. Tracking number: JD 0146 0000 12\n\n');
    expect(noPage.text).not.toContain('Track your parcel');
    expect(noPage.html).not.toContain('Track your parcel');
    expect(visibleText(noPage.html)).toContain('We are delivering it ourselves. Tracking number: JD 0146 0000 12');

    const noNumber = orderMail({ ...shippedWithDhl, carrier: 'An Post', tracking_number: null, tracking_url: null }, { kind: 'shipped' }, context);
    expect(noNumber.text).toContain('Good news: order 7K3Q-9XPD has shipped.\n\nYour order is on its way with An Post.\n\n  2 × Desk lamp');
    expect(noNumber.text).not.toContain('Tracking number');
    expect(noNumber.html).not.toContain('Tracking number');
    expect(visibleText(noNumber.html)).toContain('Your order is on its way with An Post.');

    // "Another carrier" is no name to put in a sentence: the number alone.
    const other = orderMail({ ...shippedWithDhl, carrier: 'Another carrier', carrier_code: 'other', tracking_url: null }, { kind: 'shipped' }, context);
    expect(other.text).toContain('has shipped.\n\nTracking number: JD 0146 0000 12\n\n');
    expect(other.text).not.toContain('Another carrier');
  });

  it('without a carrier (shipped by moving its status) is as it always was', () => {
    const { text, html } = orderMail(order, { kind: 'shipped' }, context);
    expect(text.startsWith('Good news: order 7K3Q-9XPD has shipped.\n\n  2 × Desk lamp')).toBe(true);
    expect(text).not.toContain('Tracking');
    expect(html).not.toContain('Track');
    // The kinds before shipping never mention the parcel, even when the order has one by now.
    expect(orderMail(shippedWithDhl, { kind: 'receipt' }, context).text).not.toContain('DHL');
    expect(orderMail(shippedWithDhl, { kind: 'delivered' }, context).text).not.toContain('Tracking');
  });

  it('escapes the carrier, the number and the link, and offers no link that is not https', () => {
    const hostile = orderMail(
      { ...shippedWithDhl, carrier: 'DHL <b>Express</b>', tracking_number: 'JD"><img src=x>', tracking_url: 'https://track.example/?a=1&b="2"' },
      { kind: 'shipped' },
      context,
    );
    expect(hostile.html).not.toContain('<b>Express');
    expect(hostile.html).not.toContain('<img');
    expect(hostile.html).toContain('DHL &lt;b&gt;Express&lt;/b&gt;');
    expect(hostile.html).toContain('JD&quot;&gt;&lt;img src=x&gt;');
    expect(hostile.html).toContain('href="https://track.example/?a=1&amp;b=&quot;2&quot;"');
    const script = orderMail({ ...shippedWithDhl, tracking_url: 'javascript:alert(1)' }, { kind: 'shipped' }, context);
    expect(script.html).not.toContain('javascript:');
    expect(script.text).not.toContain('javascript:');
    expect(script.text).toContain('Tracking number: JD 0146 0000 12');
  });
});

describe('the return mail', () => {
  it('lists what came back of this return, what is owed for it, the order link and the contact', () => {
    const { subject, text, html } = orderMail(returned, { kind: 'return', return_id: 7 }, context);
    expect(subject).toBe('Your return for order 7K3Q-9XPD is recorded');
    expect(text).toBe(
      [
        'We have recorded the return of these items from order 7K3Q-9XPD.',
        '',
        '  2 × Desk lamp <script>alert(1)</script> — €98.00',
        '',
        'Refund due: €98.00',
        'We will be in touch about the refund.',
        '',
        `See your order: ${ORDER_URL}`,
        '',
        '—',
        'Questions? Write to hello@lumen.example or call +35315550142.',
        'Lumen, 12 Harbour Street, D02 X285 Dublin, Ireland',
        'Contact us: https://shop.example/contact',
        'Delivery and returns: https://shop.example/delivery-and-returns',
        '',
      ].join('\n'),
    );
    const shown = visibleText(html);
    expect(shown).toContain('Your return is recorded');
    expect(shown).toMatch(/2 × Desk lamp <script>alert\(1\)<\/script> €98\.00 Refund due €98\.00/);
    expect(shown).toContain('We will be in touch about the refund.');
    // Only this return's lines: the throw came back in another.
    expect(shown).not.toContain('Fjord');
    expect(html).not.toContain('<script>');
    expect(html).toContain(`<a href="${ORDER_URL}" class="lm-button"`);
    expect(html).toContain('href="mailto:hello@lumen.example"');
    expect(html).not.toContain('Delivery to</h2>');
  });

  it('each return is mailed with its own lines and sum', () => {
    const { text } = orderMail(returned, { kind: 'return', return_id: 9 }, context);
    expect(text).toContain('  1 × Linen "Fjord" throw — €25.50\n\nRefund due: €25.50\n');
    expect(text).not.toContain('Desk lamp');
  });

  it('says nothing of a refund when nothing is owed', () => {
    const free: ClaimedOrder = { ...returned, returns: [{ id: 7, created_at: '2026-12-03T10:00:00Z', refund_cents: 0, lines: [{ title: 'Sample', unit_price_cents: 0, quantity: 1 }] }] };
    const { text, html } = orderMail(free, { kind: 'return', return_id: 7 }, context);
    expect(text).toContain('  1 × Sample — €0.00\n\nSee your order:');
    expect(text).not.toContain('Refund');
    expect(html).not.toContain('Refund');
  });

  it('refuses a return the order does not have, so the notification fails with the reason instead of mailing half a mail', () => {
    expect(() => orderMail(returned, { kind: 'return', return_id: 8 }, context)).toThrow('return 8 is not among the returns of order 7K3Q-9XPD');
    expect(() => orderMail(returned, { kind: 'return' }, context)).toThrow('return (none named) is not among the returns of order 7K3Q-9XPD');
  });
});
