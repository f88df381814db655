// How every Lumen mail looks: the order mails (built by order-confirmation) and the auth mails
// (supabase/templates/*.html, generated from this file by scripts/generate-auth-mails.ts), so a
// receipt and a reset link come from the same shop. Mail clients drop external stylesheets and
// most of CSS, so the layout is tables with inline styles for light; the one <style> block carries
// the dark colours for clients that honour prefers-color-scheme (Apple Mail, Outlook on the web and
// on phones), and `color-scheme` tells the others both schemes are designed. No HTML comments: Go's
// html/template (which renders the auth templates on hosted Supabase) removes them. Header, card and
// footer carry landmark roles, so a reader that lists regions finds the message.
// Pure: no Deno or Node globals, so tests and scripts import it as it is.

/** A mail as the functions send it: the subject, the plain-text part and the HTML part. */
export interface Mail {
  subject: string;
  text: string;
  html: string;
}

/** Markup that is safe to put in a mail as it is: escaped text, or markup built from escaped text. */
export class SafeHtml {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
}

export type HtmlPart = SafeHtml | string | number | null | undefined | false | readonly HtmlPart[];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML text or as a quoted attribute's value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]);
}

function render(part: HtmlPart): string {
  if (part instanceof SafeHtml) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  if (part === null || part === undefined || part === false) return '';
  return escapeHtml(String(part));
}

/** A template tag: every interpolated value is escaped unless it is SafeHtml already. */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlPart[]): SafeHtml {
  return new SafeHtml(strings.reduce((out, chunk, index) => out + chunk + (index < values.length ? render(values[index]) : ''), ''));
}

/** Markup the caller vouches for: a Go template action such as `{{ .ConfirmationURL }}`. */
export function raw(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

/**
 * The shop's colours (src/index.css's tokens): every text on its background meets WCAG AA in both
 * schemes, the button's label on the button too.
 */
export const MAIL_COLOURS = {
  light: { page: '#f4f3f1', card: '#ffffff', text: '#1c1917', muted: '#57534e', border: '#e4e1dc', button: '#4f46e5', onButton: '#ffffff', link: '#4338ca' },
  dark: { page: '#0c0e13', card: '#151922', text: '#e8eaf0', muted: '#a3a9b8', border: '#2a3040', button: '#8b93ff', onButton: '#0c0e13', link: '#a5abff' },
} as const;

const light = MAIL_COLOURS.light;
const dark = MAIL_COLOURS.dark;
const FONT = '-apple-system, BlinkMacSystemFont, Segoe UI, Roboto, Helvetica, Arial, sans-serif';

/** Styles by role; the dark block below overrides the same roles by class. */
export const STYLE = {
  text: `color:${light.text};`,
  muted: `color:${light.muted};`,
  link: `color:${light.link};text-decoration:underline;`,
  heading: `margin:0 0 16px;font-size:22px;line-height:30px;font-weight:700;color:${light.text};`,
  paragraph: `margin:0 0 16px;font-size:16px;line-height:24px;color:${light.text};`,
  small: `margin:0 0 8px;font-size:14px;line-height:20px;color:${light.muted};`,
  rule: `border-top:1px solid ${light.border};`,
} as const;

const DARK_STYLES = `
      @media (prefers-color-scheme: dark) {
        .lm-page { background-color: ${dark.page} !important; }
        .lm-card { background-color: ${dark.card} !important; border-color: ${dark.border} !important; }
        .lm-text { color: ${dark.text} !important; }
        .lm-muted { color: ${dark.muted} !important; }
        .lm-link { color: ${dark.link} !important; }
        .lm-rule { border-color: ${dark.border} !important; }
        .lm-button { background-color: ${dark.button} !important; border-color: ${dark.button} !important; color: ${dark.onButton} !important; }
      }
      @media (max-width: 600px) {
        .lm-card { padding: 24px 20px !important; }
      }`;

export interface MailDocument {
  /** The document's title: what a browser tab or a mail client's preview shows. */
  title: string;
  /** The line a mail client shows next to the subject in the inbox; hidden in the mail itself. */
  preview: string;
  shopName: HtmlPart;
  /** Where the shop's name in the header leads. */
  siteUrl: HtmlPart;
  body: SafeHtml;
  footer: SafeHtml;
}

/** A whole mail: header with the shop's name, the body on a card, the footer below. */
export function mailDocument({ title, preview, shopName, siteUrl, body, footer }: MailDocument): string {
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light dark">
    <meta name="supported-color-schemes" content="light dark">
    <title>${title}</title>
    <style>
      :root { color-scheme: light dark; supported-color-schemes: light dark; }
      body { margin: 0; padding: 0; }
      a { color: ${light.link}; }${raw(DARK_STYLES)}
    </style>
  </head>
  <body class="lm-page" style="margin:0;padding:0;background-color:${light.page};">
    <div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;" aria-hidden="true">${preview}</div>
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" class="lm-page" style="background-color:${light.page};">
      <tr>
        <td align="center" style="padding:32px 12px;">
          <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;">
            <tr>
              <td role="banner" style="padding:0 4px 16px;font-family:${FONT};font-size:22px;line-height:28px;font-weight:700;">
                <a href="${siteUrl}" class="lm-text" style="${STYLE.text}text-decoration:none;">${shopName}</a>
              </td>
            </tr>
            <tr>
              <td role="main" class="lm-card" style="background-color:${light.card};border:1px solid ${light.border};border-radius:12px;padding:32px;font-family:${FONT};font-size:16px;line-height:24px;${STYLE.text}">
${body}
              </td>
            </tr>
            <tr>
              <td role="contentinfo" class="lm-muted" style="padding:24px 4px 0;font-family:${FONT};font-size:14px;line-height:20px;${STYLE.muted}">
${footer}
              </td>
            </tr>
          </table>
        </td>
      </tr>
    </table>
  </body>
</html>
`.value;
}

export function heading(text: HtmlPart): SafeHtml {
  return html`<h1 class="lm-text" style="${STYLE.heading}">${text}</h1>`;
}

export function paragraph(content: HtmlPart): SafeHtml {
  return html`<p class="lm-text" style="${STYLE.paragraph}">${content}</p>`;
}

export function smallPrint(content: HtmlPart): SafeHtml {
  return html`<p class="lm-muted" style="${STYLE.small}">${content}</p>`;
}

export function link(href: HtmlPart, label: HtmlPart): SafeHtml {
  return html`<a href="${href}" class="lm-link" style="${STYLE.link}">${label}</a>`;
}

/** The button's address written out, for clients that show no button; long addresses wrap on phones. */
export function linkWrittenOut(href: HtmlPart): SafeHtml {
  return smallPrint(html`Or open this link: <a href="${href}" class="lm-link" style="${STYLE.link}word-break:break-all;">${href}</a>`);
}

/** The mail's one call to action: a big link that looks like the shop's primary button. */
export function button(href: HtmlPart, label: HtmlPart): SafeHtml {
  return html`<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;">
  <tr>
    <td style="border-radius:8px;">
      <a href="${href}" class="lm-button" style="display:inline-block;padding:12px 24px;border:1px solid ${light.button};border-radius:8px;background-color:${light.button};color:${light.onButton};font-family:${FONT};font-size:16px;line-height:24px;font-weight:600;text-decoration:none;">${label}</a>
    </td>
  </tr>
</table>`;
}
