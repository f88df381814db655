/**
 * The plain-text part of a mail that was written as HTML only (the auth mail templates): what a
 * reader sees, line by line, with every link's address written out after its words, so a text-only
 * client still has a link to follow. Not a general HTML renderer: mail markup is tables,
 * paragraphs, headings, line breaks and links.
 */

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', middot: '·', mdash: '—', ndash: '–', hellip: '…', copy: '©' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });
}

/** Elements that end a line of text. */
const BLOCKS = /^(p|div|h[1-6]|tr|table|ul|ol|li|blockquote|section|article|header|footer|main|address)$/;

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? decodeEntities(match[1] ?? match[2] ?? match[3] ?? '') : null;
}

export function htmlToText(html: string): string {
  const body = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(head|style|script|title)\b[\s\S]*?<\/\1\s*>/gi, '')
    // Hidden preview lines are for the inbox list, not the message.
    .replace(/<(div|span)\b[^>]*display\s*:\s*none[^>]*>[\s\S]*?<\/\1\s*>/gi, '');
  let out = '';
  const links: { href: string; start: number }[] = [];
  for (const token of body.split(/(<[^>]+>)/)) {
    if (!token.startsWith('<')) {
      out += decodeEntities(token.replace(/\s+/g, ' '));
      continue;
    }
    const name = /^<\/?\s*([a-z0-9]+)/i.exec(token)?.[1]?.toLowerCase() ?? '';
    const closing = token.startsWith('</');
    if (name === 'br') out += '\n';
    else if (BLOCKS.test(name)) out += '\n';
    else if (name === 'td' || name === 'th') out += closing ? ' ' : '';
    else if (name === 'a' && !closing) links.push({ href: attribute(token, 'href') ?? '', start: out.length });
    else if (name === 'a' && closing) {
      const open = links.pop();
      if (open && /^(https?|mailto|tel):/i.test(open.href)) {
        const words = out.slice(open.start).trim();
        const address = open.href.replace(/^(mailto|tel):/i, '');
        if (words !== address && words !== open.href) out += `: ${open.href}`;
      }
    }
  }
  return `${out
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}

/** The http(s) links of an HTML mail, in order, once each. */
export function linksIn(html: string): string[] {
  const found = [...html.matchAll(/<a\b[^>]*>/gi)].map((match) => attribute(match[0], 'href') ?? '').filter((href) => /^https?:\/\//i.test(href));
  return [...new Set(found)];
}
