import { describe, expect, it } from 'vitest';
import { stockAlertMail, variantName, type ClaimedStockAlert, type StockAlertContext } from './stock-alert-mail.ts';

const alert: ClaimedStockAlert = {
  alert_id: 12,
  claimed: true,
  created_at: '2026-12-03T09:30:00Z',
  stock_at_alert: 3,
  item: { id: 57, product_id: 20, title: 'Linden table, Rust', slug: 'linden-table-rust', options: { colour: 'Rust', material: 'Velvet' }, stock: 3, threshold: 5 },
  product: { id: 20, title: 'Linden table' },
  recipients: ['staff@lumen.test', 'owner@lumen.test'],
};
const context: StockAlertContext = { siteUrl: 'https://shop.example', shopName: 'Lumen' };

/** The HTML's visible text, roughly as a reader sees it: tags out, entities decoded. */
function visibleText(html: string): string {
  return html
    .replace(/<head>[\s\S]*?<\/head>/, '')
    .replace(/<div style="display:none[^>]*>[\s\S]*?<\/div>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

describe('variantName', () => {
  it('names the product and what tells the variant apart', () => {
    expect(variantName(alert.item, 'Linden table')).toBe('Linden table (Rust, Velvet)');
    expect(variantName({ title: 'Linden table, large', options: {} }, 'Linden table')).toBe('Linden table (large)');
    expect(variantName({ title: 'Desk lamp', options: {} }, 'Desk lamp')).toBe('Desk lamp');
    expect(variantName({ title: 'Desk lamp', options: null }, null)).toBe('Desk lamp');
    // Only text options count.
    expect(variantName({ title: 'Desk lamp, brass', options: { finish: 'Brass', size: 3, blank: ' ' } }, 'Desk lamp')).toBe('Desk lamp (Brass)');
  });
});

describe('the low-stock mail', () => {
  it('says what runs low, how many are left and the threshold, and leads to the variant and the low-stock list', () => {
    const { subject, text, html } = stockAlertMail(alert, context);
    expect(subject).toBe('Low stock: Linden table (Rust, Velvet) — 3 left');
    expect(text).toBe(
      [
        'Linden table (Rust, Velvet) is running low: 3 left in stock, at or under its low-stock threshold of 5.',
        '',
        'In stock now: 3',
        'Low-stock threshold: 5',
        '',
        'Restock it: https://shop.example/admin/items/57',
        'Everything running low: https://shop.example/admin/items?status=low-stock',
        '',
        '—',
        'You get this mail because your account at Lumen may change stock. Each variant on sale sends one when it drops to its threshold, and the next only after it was restocked above it.',
        '',
      ].join('\n'),
    );
    const shown = visibleText(html);
    expect(shown).toContain('Running low');
    expect(shown).toContain('Linden table (Rust, Velvet) is running low: 3 left in stock, at or under its low-stock threshold of 5.');
    expect(shown).toContain('In stock now 3');
    expect(shown).toContain('Low-stock threshold 5');
    expect(shown).not.toContain('When it crossed');
    expect(html).toContain('<a href="https://shop.example/admin/items/57" class="lm-button"');
    expect(html).toMatch(/class="lm-button"[^>]*>Restock it<\/a>/);
    expect(html).toContain('href="https://shop.example/admin/items?status=low-stock"');
    expect(html).toContain(`<title>${subject}</title>`);
  });

  it('says when sales since took more than the crossing left, and when none is left', () => {
    const later = stockAlertMail({ ...alert, stock_at_alert: 4, item: { ...alert.item, stock: 0 } }, context);
    expect(later.subject).toBe('Low stock: Linden table (Rust, Velvet) — none left');
    expect(later.text.startsWith('Linden table (Rust, Velvet) is out of stock: none left, under its low-stock threshold of 5.\n')).toBe(true);
    expect(later.text).toContain('In stock now: 0\nLow-stock threshold: 5\nWhen it crossed the threshold: 4\n');
    expect(visibleText(later.html)).toContain('When it crossed the threshold 4');
  });

  it('escapes the names staff typed', () => {
    const hostile = stockAlertMail(
      {
        ...alert,
        item: { ...alert.item, title: 'x', options: { colour: '<img src=x onerror=alert(1)>' } },
        product: { id: 20, title: 'Lamp "Nova" & <b>co</b>' },
      },
      { ...context, shopName: '<script>alert(1)</script>' },
    );
    expect(hostile.html).not.toContain('<img');
    expect(hostile.html).not.toContain('<b>');
    expect(hostile.html).not.toContain('<script>');
    expect(hostile.html).toContain('Lamp &quot;Nova&quot; &amp; &lt;b&gt;co&lt;/b&gt; (&lt;img src=x onerror=alert(1)&gt;)');
    expect(hostile.subject).toBe('Low stock: Lamp "Nova" & <b>co</b> (<img src=x onerror=alert(1)>) — 3 left');
  });

  it('is mail-client safe HTML in the shop look, designed for light and dark', () => {
    const { html } = stockAlertMail(alert, context);
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<meta name="color-scheme" content="light dark">');
    expect(html).toMatch(/@media \(prefers-color-scheme: dark\) \{[\s\S]*\.lm-card \{ background-color: #151922 !important;/);
    expect(html).toContain('>Lumen</a>');
    expect(html).not.toContain('<!--');
    for (const [tag] of html.matchAll(/<[a-z][^>]*style="[^"]*"[^>]*>/g)) {
      const style = /style="([^"]*)"/.exec(tag)?.[1] ?? '';
      if (/(^|;)(color|background-color):/.test(style) && !tag.startsWith('<table')) expect(tag).toMatch(/class="[^"]*\blm-/);
    }
    // Without the shop's profile it still goes out, under the shop's default name.
    expect(stockAlertMail(alert, { ...context, shopName: null }).html).toContain('>Lumen</a>');
  });
});
