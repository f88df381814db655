import type { CatalogType } from './schema-catalog.ts';
import { PRINT_WIDTH, printKey as key } from './type-layout.ts';

/**
 * `export const Constants = { <schema>: { Enums: { <name>: [values…] } } } as const`: the
 * CLI's runtime copy of every enum, for building pickers and zod enums from the schema.
 */
export function renderConstants(schemas: { schema: string; enums: CatalogType[] }[]): string {
  const lines = ['export const Constants = {'];
  for (const { schema, enums } of schemas) {
    lines.push(`  ${key(schema)}: {`);
    if (enums.length === 0) {
      lines.push('    Enums: {},');
    } else {
      lines.push('    Enums: {');
      for (const type of enums) lines.push(...enumValues(type, 6));
      lines.push('    },');
    }
    lines.push('  },');
  }
  lines.push('} as const', '');
  return lines.join('\n');
}

/** `name: ["a", "b"],` on one line when it fits, else one value per line. */
function enumValues(type: CatalogType, indent: number): string[] {
  const pad = ' '.repeat(indent);
  const values = type.enumValues.map((value) => JSON.stringify(value));
  const flat = `${pad}${key(type.name)}: [${values.join(', ')}],`;
  if (flat.length <= PRINT_WIDTH) return [flat];
  return [`${pad}${key(type.name)}: [`, ...values.map((value) => `${pad}  ${value},`), `${pad}],`];
}
