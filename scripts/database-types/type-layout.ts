/**
 * A small printer for TypeScript type literals that lays them out as the Supabase CLI's file
 * reads (it runs prettier, `semi: false`, 80 columns, over its template), without prettier:
 * object types stay on one line when they fit unless written expanded, unions that do not fit
 * put each member on its own `| ` line, tuples that break end every element with a comma.
 */

export type TypeNode =
  | { kind: 'text'; text: string }
  /** `expanded`: always one member per line (the CLI's template writes these with a line break after `{`). */
  | { kind: 'object'; members: Member[]; expanded: boolean }
  | { kind: 'union'; types: TypeNode[] }
  | { kind: 'intersection'; types: TypeNode[] }
  | { kind: 'array'; element: TypeNode }
  | { kind: 'tuple'; elements: TypeNode[] };

export type Member =
  | { kind: 'property'; key: string; optional: boolean; type: TypeNode }
  /** A member written as is, such as `[_ in never]: never`. */
  | { kind: 'raw'; text: string }
  /** A `//` comment line; an object holding one never fits on one line. */
  | { kind: 'comment'; text: string };

export const PRINT_WIDTH = 80;
const INDENT = 2;

export const text = (value: string): TypeNode => ({ kind: 'text', text: value });
export const NULL_TYPE = text('null');
export const property = (key: string, type: TypeNode, optional = false): Member => ({ kind: 'property', key, optional, type });
export const expandedObject = (members: Member[]): TypeNode => ({ kind: 'object', members, expanded: true });
export const inlineObject = (members: Member[]): TypeNode => ({ kind: 'object', members, expanded: false });

/** A property name as prettier leaves it: bare when it is an identifier, else quoted. */
export function printKey(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : JSON.stringify(key);
}

/** The node on one line, or null when it cannot be (an expanded object or a comment inside). */
export function printFlat(node: TypeNode): string | null {
  switch (node.kind) {
    case 'text':
      return node.text;
    case 'object': {
      if (node.members.length === 0) return '{}';
      if (node.expanded) return null;
      const members = node.members.map(printMemberFlat);
      return members.some((member) => member === null) ? null : `{ ${members.join('; ')} }`;
    }
    case 'union':
    case 'intersection': {
      const parts = node.types.map(printFlat);
      return parts.some((part) => part === null) ? null : parts.join(node.kind === 'union' ? ' | ' : ' & ');
    }
    case 'array': {
      const element = printFlat(node.element);
      return element === null ? null : `${needsParensInArray(node.element) ? `(${element})` : element}[]`;
    }
    case 'tuple': {
      const elements = node.elements.map(printFlat);
      return elements.some((element) => element === null) ? null : `[${elements.join(', ')}]`;
    }
  }
}

function printMemberFlat(member: Member): string | null {
  if (member.kind === 'comment') return null;
  if (member.kind === 'raw') return member.text;
  const type = printFlat(member.type);
  return type === null ? null : `${printKey(member.key)}${member.optional ? '?' : ''}: ${type}`;
}

const needsParensInArray = (node: TypeNode): boolean => node.kind === 'union' || node.kind === 'intersection';

const fits = (flat: string | null, column: number, trailing: number): flat is string =>
  flat !== null && !flat.includes('\n') && column + flat.length + trailing <= PRINT_WIDTH;

/**
 * Prints `node` starting at `column` on a line indented by `indent`; `trailing` is the width of
 * what follows it on the same line (such as `[]` or ` | null`).
 */
export function printType(node: TypeNode, indent: number, column: number, trailing = 0): string {
  const flat = printFlat(node);
  if (fits(flat, column, trailing)) return flat;
  switch (node.kind) {
    case 'text':
      return node.text;
    case 'object':
      return printObjectBroken(node.members, indent);
    case 'union':
      return printUnionHugged(node, indent, column, trailing) ?? node.types.map((type) => printFlat(type) ?? '').join(' | ');
    case 'intersection':
      return printIntersection(node.types, indent, column, trailing);
    case 'array': {
      if (needsParensInArray(node.element)) return `(${printType(node.element, indent, column + 1, trailing + 3)})[]`;
      return `${printType(node.element, indent, column, trailing + 2)}[]`;
    }
    case 'tuple': {
      if (node.elements.length === 0) return '[]';
      const pad = ' '.repeat(indent + INDENT);
      const elements = node.elements.map((element) => `${pad}${printType(element, indent + INDENT, indent + INDENT, 1)},\n`);
      return `[\n${elements.join('')}${' '.repeat(indent)}]`;
    }
  }
}

/**
 * `A & B` kept on its lines: each part is laid out knowing what follows it on the line, so in
 * `{ error: true } & "a long message"` the object is the part that breaks (as prettier does).
 */
function printIntersection(types: TypeNode[], indent: number, column: number, trailing: number): string {
  const widths = types.map((type) => printFlat(type)?.length ?? PRINT_WIDTH);
  let out = '';
  types.forEach((type, index) => {
    if (index > 0) out += ' & ';
    const lastLine = out.slice(out.lastIndexOf('\n') + 1);
    const start = out.includes('\n') ? lastLine.length : column + out.length;
    const after = widths.slice(index + 1).reduce((sum, width) => sum + 3 + width, trailing);
    out += printType(type, indent, start, after);
  });
  return out;
}

function printObjectBroken(members: Member[], indent: number): string {
  const pad = ' '.repeat(indent + INDENT);
  const lines = members.map((member) => `${pad}${printMember(member, indent + INDENT)}\n`);
  return `{\n${lines.join('')}${' '.repeat(indent)}}`;
}

/** One member of a broken object, starting at `indent`. */
function printMember(member: Member, indent: number): string {
  if (member.kind === 'comment') return `// ${member.text}`;
  if (member.kind === 'raw') return member.text;
  const head = `${printKey(member.key)}${member.optional ? '?' : ''}:`;
  const type = member.type;
  if (type.kind === 'union') {
    const flat = printFlat(type);
    if (fits(flat, indent + head.length + 1, 0)) return `${head} ${flat}`;
    const hugged = printUnionHugged(type, indent, indent + head.length + 1, 0);
    if (hugged !== null) return `${head} ${hugged}`;
    // Each member on its own line under the key, its continuation lines aligned after `| `.
    const pad = ' '.repeat(indent + INDENT);
    return head + type.types.map((each) => `\n${pad}| ${printType(each, indent + 2 * INDENT, indent + 2 * INDENT)}`).join('');
  }
  return `${head} ${printType(type, indent, indent + head.length + 1)}`;
}

/**
 * prettier keeps `T | null` together when T is the one object or named type among nulls
 * (`{ … } | null`, `Json | null`): T breaks inside and ` | null` follows its last line.
 */
function printUnionHugged(node: Extract<TypeNode, { kind: 'union' }>, indent: number, column: number, trailing: number): string | null {
  const [main, ...rest] = node.types;
  if (rest.length === 0 || !rest.every((type) => type.kind === 'text' && (type.text === 'null' || type.text === 'undefined'))) return null;
  const named = main.kind === 'text' && /^[A-Za-z_$][\w$]*(<.*>)?$/.test(main.text);
  if (main.kind !== 'object' && !named) return null;
  const suffix = rest.map((type) => ` | ${printFlat(type) ?? ''}`).join('');
  return `${printType(main, indent, column, trailing + suffix.length)}${suffix}`;
}
