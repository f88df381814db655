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
  lines: [
    { title: 'Desk lamp <script>alert(1)</script>', unit_price_cents: 4_900, quantity: 2 },
    { title: 'Linen "Fjord" throw', unit_price_cents: 2_550, quantity: 1 },
  ],
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
const KINDS: NotificationKind[] = ['receipt', 'cancellation', 'shipped', 'delivered'];

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
    expect(KINDS.map((kind) => orderMail(order, kind, context).subject)).toEqual([
      'Your Lumen order 7K3Q-9XPD is confirmed',
      'Your Lumen order 7K3Q-9XPD is cancelled',
      'Your Lumen order 7K3Q-9XPD is on its way',
      'Your Lumen order 7K3Q-9XPD was delivered',
    ]);
  });

  it('the receipt: lines, total, delivery address, the order link and the contact, in both parts', () => {
    const { text, html } = orderMail(order, 'receipt', context);
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
    const { html } = orderMail(order, 'receipt', context);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>Lovelace');
    expect(html).toContain('Desk lamp &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Ada &lt;b&gt;Lovelace&lt;/b&gt;');
    expect(html).toContain('12 Harbour Street &amp; Quay');
    expect(html).toContain('Linen &quot;Fjord&quot; throw');
    const hostile = orderMail(order, 'receipt', {
      ...context,
      shop: { ...shop, name: '<img src=x onerror=alert(1)>', contact_email: 'a"b@example.test' },
    }).html;
    expect(hostile).not.toContain('<img');
    expect(hostile).toContain('href="mailto:a&quot;b@example.test"');
  });

  it('are mail-client safe HTML, designed for light and dark', () => {
    for (const kind of KINDS) {
      const { html } = orderMail(order, kind, context);
      expect(html.startsWith('<!doctype html>')).toBe(true);
      expect(html).toContain('<meta name="color-scheme" content="light dark">');
      expect(html).toContain('<meta name="supported-color-schemes" content="light dark">');
      expect(html).toMatch(/@media \(prefers-color-scheme: dark\) \{[\s\S]*\.lm-card \{ background-color: #151922 !important;/);
      expect(html).toContain('<table role="presentation"');
      expect(html).toContain(`<title>${orderMail(order, kind, context).subject}</title>`);
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
    const expected: Record<NotificationKind, { sentence: string; total: boolean; delivery: boolean }> = {
      receipt: { sentence: 'Thank you! Order 7K3Q-9XPD is confirmed.', total: true, delivery: true },
      cancellation: { sentence: 'Order 7K3Q-9XPD is cancelled. Nothing was charged, and the items are back on sale.', total: false, delivery: false },
      shipped: { sentence: 'Good news: order 7K3Q-9XPD has shipped.', total: false, delivery: true },
      delivered: { sentence: 'Order 7K3Q-9XPD was delivered. We hope you enjoy it.', total: false, delivery: false },
    };
    for (const kind of KINDS) {
      const { text, html } = orderMail(order, kind, context);
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
    const { text, html } = orderMail({ ...order, delivery: null }, 'receipt', { ...context, shop: null });
    expect(text).not.toContain('Delivery to:');
    expect(text).toContain('Contact us: https://shop.example/contact');
    expect(html).toContain('>Lumen</a>');
    expect(html).not.toContain('Delivery to</h2>');
  });
});
