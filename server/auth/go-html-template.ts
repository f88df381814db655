/**
 * The part of Go's html/template that Supabase Auth mail templates need, so `[auth.email.template.*]`
 * in config.toml renders locally as GoTrue renders it on hosted Supabase: literal HTML with
 * `{{ .Name }}` variables (trim markers `{{- -}}` and Go comments too), each value escaped
 * for where it stands as html/template escapes it: HTML text and quoted attributes get its HTML
 * escaper (`+` and quotes included), URL attributes its URL filter (anything but http, https and
 * mailto becomes `#ZgotmplZ`), URL normalizer (at the start or in the path) or query escaper (after
 * `?` or `#`). Like html/template it drops HTML comments, and what they hold, from the output.
 *
 * Everything else Go templates can do (if, range, with, pipelines, functions, `.Data.field`,
 * variables in scripts, styles or unquoted attributes) is refused when the template is compiled, at
 * startup, with an error naming the construct: a template that used one would render differently
 * here than on hosted Auth.
 */

/** The data GoTrue hands every auth mail template (templatemailer: SiteURL, ConfirmationURL, …). */
export const TEMPLATE_VARIABLES = ['ConfirmationURL', 'SiteURL', 'Email', 'NewEmail', 'Token', 'TokenHash', 'RedirectTo', 'SendingTo'] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];
export type TemplateData = Partial<Record<TemplateVariable, string>>;

type Escaper = 'html' | 'url-start' | 'url-path' | 'url-query';
type Segment = { literal: string } | { variable: TemplateVariable; escaper: Escaper };

export interface GoHtmlTemplate {
  render(data: TemplateData): string;
}

export class TemplateError extends Error {}

const SUPPORTED = `the local backend renders only literal HTML with {{ .Name }} variables (${TEMPLATE_VARIABLES.join(', ')})`;

// ── Go's escapers (html/template's HTML and URL escapers) ──────────────────────────────────────────

const HTML_REPLACEMENTS: Record<string, string> = { '\0': '\uFFFD', '"': '&#34;', '&': '&amp;', "'": '&#39;', '+': '&#43;', '<': '&lt;', '>': '&gt;' };

/** htmlEscaper / attrEscaper / rcdataEscaper: one table. */
function escapeHtml(value: string): string {
  return value.replace(/[\0"&'+<>]/g, (char) => HTML_REPLACEMENTS[char]);
}

const URL_RESERVED = new Set("!#$&*+,/:;=?@[]".split(''));
const URL_UNRESERVED = /^[A-Za-z0-9\-._~]$/;
const isHex = (char: string | undefined) => char !== undefined && /^[0-9A-Fa-f]$/.test(char);

/** processURLOnto: percent-encodes UTF-8 bytes; normalizing keeps reserved characters and valid escapes. */
function processUrl(value: string, normalize: boolean): string {
  let out = '';
  const bytes = new TextEncoder().encode(value);
  for (let i = 0; i < bytes.length; i++) {
    const char = String.fromCharCode(bytes[i]);
    const keep =
      bytes[i] < 0x80 &&
      (URL_UNRESERVED.test(char) ||
        (normalize && URL_RESERVED.has(char)) ||
        // Go's check is i+2 < len(s): a valid escape at the very end is encoded again.
        (normalize && char === '%' && i + 2 < bytes.length && isHex(String.fromCharCode(bytes[i + 1])) && isHex(String.fromCharCode(bytes[i + 2]))));
    out += keep ? char : `%${bytes[i].toString(16).padStart(2, '0')}`;
  }
  return out;
}

/** urlFilter: a value that starts a URL attribute may not bring its own scheme, unless http(s) or mailto. */
function filterUrl(value: string): string {
  const colon = value.indexOf(':');
  if (colon >= 0) {
    const protocol = value.slice(0, colon);
    if (!protocol.includes('/') && !['http', 'https', 'mailto'].includes(protocol.toLowerCase())) return '#ZgotmplZ';
  }
  return value;
}

function escapeFor(escaper: Escaper, value: string): string {
  switch (escaper) {
    case 'html':
      return escapeHtml(value);
    case 'url-start':
      return escapeHtml(processUrl(filterUrl(value), true));
    case 'url-path':
      return escapeHtml(processUrl(value, true));
    case 'url-query':
      return escapeHtml(processUrl(value, false));
  }
}

// ── Actions ───────────────────────────────────────────────────────────────────────────────────

type RawPart = { literal: string } | { action: string; line: number };

function lineAt(source: string, index: number): number {
  return source.slice(0, index).split('\n').length;
}

/** Splits the source into literal text and `{{ … }}` actions, applying trim markers and dropping comments. */
function splitActions(source: string, where: string): RawPart[] {
  const parts: RawPart[] = [];
  let position = 0;
  let trimNext = false;
  for (;;) {
    const open = source.indexOf('{{', position);
    let literal = source.slice(position, open < 0 ? source.length : open);
    if (trimNext) literal = literal.replace(/^\s+/, '');
    if (open < 0) {
      parts.push({ literal });
      return parts;
    }
    const line = lineAt(source, open);
    const trimBefore = /^\{\{-[ \t\r\n]/.test(source.slice(open, open + 4));
    if (trimBefore) literal = literal.replace(/\s+$/, '');
    parts.push({ literal });
    const bodyStart = open + (trimBefore ? 3 : 2);
    const commentStart = source.slice(bodyStart).match(/^\s*\/\*/);
    let close: number;
    let body: string;
    if (commentStart) {
      const end = source.indexOf('*/', bodyStart + commentStart[0].length);
      close = end < 0 ? -1 : source.indexOf('}}', end);
      body = '';
    } else {
      close = source.indexOf('}}', bodyStart);
      body = close < 0 ? '' : source.slice(bodyStart, close);
    }
    if (close < 0) throw new TemplateError(`${where}, line ${line}: an action opened with {{ is never closed with }}`);
    const trimAfter = /[ \t\r\n]-$/.test(source.slice(0, close)) && !commentStart;
    if (trimAfter) body = body.slice(0, -1);
    trimNext = trimAfter || (Boolean(commentStart) && source[close - 1] === '-');
    if (!commentStart) parts.push({ action: body.trim(), line });
    position = close + 2;
  }
}

const KEYWORDS = ['if', 'else', 'end', 'range', 'with', 'define', 'template', 'block', 'break', 'continue'];

/** The variable an action names, or an error naming the construct that is not supported. */
function variableOf(action: string, where: string): TemplateVariable {
  const shown = `{{ ${action} }}`;
  const simple = /^\.([A-Za-z_][A-Za-z0-9_]*)$/.exec(action);
  if (simple) {
    const name = simple[1];
    if ((TEMPLATE_VARIABLES as readonly string[]).includes(name)) return name as TemplateVariable;
    if (name === 'Data') throw new TemplateError(`${where}: ${shown}: the user's metadata (.Data) is not supported; ${SUPPORTED}`);
    throw new TemplateError(`${where}: ${shown}: .${name} is not a variable Supabase Auth gives mail templates; ${SUPPORTED}`);
  }
  const word = /^[A-Za-z_]+/.exec(action)?.[0];
  let construct: string;
  if (action === '') construct = 'an empty action';
  else if (word && KEYWORDS.includes(word)) construct = `"${word}"`;
  else if (action.includes('|')) construct = 'a pipeline (|)';
  else if (action.startsWith('$') || /:?=/.test(action)) construct = 'template variables ($)';
  else if (/^\.[A-Za-z_][A-Za-z0-9_]*\./.test(action)) construct = `a field of a field (${action.split(/\s/)[0]})`;
  else if (word) construct = `the function "${word}"`;
  else construct = `"${action}"`;
  throw new TemplateError(`${where}: ${shown}: ${construct} is not supported; ${SUPPORTED}`);
}

// ── Where each action stands in the HTML ──────────────────────────────────────────────────────

const URL_ATTRIBUTES = new Set(['action', 'archive', 'background', 'cite', 'classid', 'codebase', 'data', 'formaction', 'href', 'icon', 'longdesc', 'manifest', 'poster', 'profile', 'src', 'usemap', 'xmlns']);

type AttrKind = 'plain' | 'url' | 'js' | 'css' | 'srcset';

/** html/template's attrType: what an attribute's value is, by its name. */
function attrKind(rawName: string): AttrKind {
  let name = rawName.toLowerCase();
  if (name.startsWith('data-')) name = name.slice(5);
  else if (name.includes(':')) {
    const [prefix, short] = name.split(':', 2);
    if (prefix === 'xmlns') return 'url';
    name = short;
  }
  if (name === 'style') return 'css';
  if (name === 'srcset') return 'srcset';
  if (URL_ATTRIBUTES.has(name)) return 'url';
  if (name.startsWith('on')) return 'js';
  if (name.includes('src') || name.includes('uri') || name.includes('url')) return 'url';
  return 'plain';
}

type Mode = 'text' | 'comment' | 'raw' | 'tag-name' | 'in-tag' | 'attr-name' | 'after-attr-name' | 'before-value' | 'value' | 'unquoted-value';

/** A small HTML tokenizer that follows the literal text and says, at each action, how to escape it. */
class HtmlContext {
  mode: Mode = 'text';
  private tagName = '';
  private closing = false;
  /** script and style: raw text up to their end tag; title and textarea: escaped text. */
  private rawEnd = '';
  private rawEscapes = false;
  private attrName = '';
  private quote = '';
  private attrValue = '';

  /** Feeds literal text; returns it as the output has it (comments removed, as html/template does). */
  feed(text: string): string {
    let out = '';
    let i = 0;
    while (i < text.length) {
      const char = text[i];
      switch (this.mode) {
        case 'text':
          if (text.startsWith('<!--', i)) {
            this.mode = 'comment';
            i += 4;
            continue;
          }
          if (char === '<' && /[A-Za-z/]/.test(text[i + 1] ?? '')) {
            this.closing = text[i + 1] === '/';
            this.tagName = '';
            this.mode = 'tag-name';
            out += this.closing ? '</' : '<';
            i += this.closing ? 2 : 1;
            continue;
          }
          break;
        case 'comment':
          if (text.startsWith('-->', i)) {
            this.mode = 'text';
            i += 3;
          } else i += 1;
          continue;
        case 'raw':
          if (text.slice(i, i + 2 + this.rawEnd.length).toLowerCase() === `</${this.rawEnd}`) {
            this.mode = 'text';
            continue;
          }
          break;
        case 'tag-name':
          if (/[\s/>]/.test(char)) {
            this.mode = 'in-tag';
            continue;
          }
          this.tagName += char.toLowerCase();
          break;
        case 'in-tag':
          if (char === '>') this.endTag();
          else if (!/[\s/]/.test(char)) {
            this.attrName = '';
            this.mode = 'attr-name';
            continue;
          }
          break;
        case 'attr-name':
          if (/[\s/>=]/.test(char)) {
            this.mode = char === '=' ? 'before-value' : 'after-attr-name';
            if (char === '=' || /\s/.test(char)) break;
            continue;
          }
          this.attrName += char;
          break;
        case 'after-attr-name':
          if (char === '=') this.mode = 'before-value';
          else if (!/\s/.test(char)) {
            this.mode = 'in-tag';
            continue;
          }
          break;
        case 'before-value':
          this.attrValue = '';
          if (char === '"' || char === "'") {
            this.quote = char;
            this.mode = 'value';
          } else if (char === '>') this.endTag();
          else if (!/\s/.test(char)) {
            this.mode = 'unquoted-value';
            continue;
          }
          break;
        case 'value':
          if (char === this.quote) this.mode = 'in-tag';
          else this.attrValue += char;
          break;
        case 'unquoted-value':
          if (/\s/.test(char)) this.mode = 'in-tag';
          else if (char === '>') this.endTag();
          break;
      }
      out += char;
      i += 1;
    }
    return out;
  }

  private endTag(): void {
    this.mode = 'text';
    if (!this.closing && ['script', 'style', 'title', 'textarea'].includes(this.tagName)) {
      this.rawEnd = this.tagName;
      this.rawEscapes = this.tagName === 'title' || this.tagName === 'textarea';
      this.mode = this.rawEscapes ? 'text' : 'raw';
    }
  }

  /** How html/template escapes an action here, or where it refuses one. */
  escaperHere(): Escaper | 'dropped' | { refused: string } {
    switch (this.mode) {
      case 'text':
        return 'html';
      case 'comment':
        return 'dropped';
      case 'raw':
        return { refused: `inside <${this.rawEnd}> (JavaScript and CSS contexts)` };
      case 'value': {
        const kind = attrKind(this.attrName);
        if (kind === 'js' || kind === 'css' || kind === 'srcset') return { refused: `in the ${this.attrName} attribute (${kind === 'srcset' ? 'srcset' : kind === 'js' ? 'JavaScript' : 'CSS'})` };
        if (kind === 'plain') return 'html';
        if (/[?#]/.test(this.attrValue)) return 'url-query';
        return this.attrValue.trim() === '' ? 'url-start' : 'url-path';
      }
      case 'unquoted-value':
      case 'before-value':
        return { refused: `in the unquoted value of the ${this.attrName} attribute` };
      default:
        return { refused: 'inside a tag, outside an attribute value' };
    }
  }
}

/**
 * Compiles a template: throws a TemplateError naming the first construct the local renderer does
 * not support. `where` names the template in messages (the config key and file).
 */
export function compileGoHtmlTemplate(source: string, where: string): GoHtmlTemplate {
  const context = new HtmlContext();
  const segments: Segment[] = [];
  for (const part of splitActions(source, where)) {
    if ('literal' in part) {
      segments.push({ literal: context.feed(part.literal) });
      continue;
    }
    const variable = variableOf(part.action, `${where}, line ${part.line}`);
    const escaper = context.escaperHere();
    // Inside a comment, which html/template removes with what it holds.
    if (escaper === 'dropped') continue;
    if (typeof escaper !== 'string') {
      throw new TemplateError(`${where}, line ${part.line}: {{ ${part.action} }} ${escaper.refused} is not supported; ${SUPPORTED} in HTML text and quoted attribute values`);
    }
    segments.push({ variable, escaper });
  }
  return {
    render(data) {
      return segments.map((segment) => ('literal' in segment ? segment.literal : escapeFor(segment.escaper, data[segment.variable] ?? ''))).join('');
    },
  };
}
