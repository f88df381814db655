/**
 * Prints the rows of private.address_formats and private.phone_number_types: postcode-validator's
 * pattern and libphonenumber-js's phone metadata for every delivery country, as the installed
 * versions have them, for pasting into a migration.
 *
 *   node --import tsx scripts/generate-address-formats.ts
 *
 * scripts/generate-address-formats.test.ts fails when the newest migration's rows differ from
 * this output (a library update changed a pattern): then write a new migration that replaces the
 * rows with this output.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Metadata } from 'libphonenumber-js/core';
import phoneMetadata from 'libphonenumber-js/metadata.min.json';
import {
  DELIVERY_COUNTRIES,
  POSTCODE_RULES,
  phoneCallingCode,
  phoneExample,
  phonePossibleLengths,
  postcodePattern,
} from '../src/features/orders/api/address-formats.ts';

/** The parts of libphonenumber-js's numbering plan its isValid() reads, which its types leave out. */
interface PlanInternals {
  nationalNumberPattern(): string;
  type(type: string): { pattern(): string; possibleLengths(): number[] } | undefined;
}

/** The types libphonenumber-js's getNumberType() tries, in its order. */
const NUMBER_TYPES = ['FIXED_LINE', 'MOBILE', 'PREMIUM_RATE', 'TOLL_FREE', 'SHARED_COST', 'VOIP', 'PERSONAL_NUMBER', 'PAGER', 'UAN', 'VOICEMAIL'];

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
const lengths = (values: readonly number[]) => `'{${values.join(',')}}'`;

export interface PhoneType {
  type: string;
  pattern: string;
  possibleLengths: number[];
}

export interface AddressFormat {
  country: string;
  place: string;
  postcodePattern: string;
  postcodeCaseInsensitive: boolean;
  postcodeRule: string;
  postcodeExample: string;
  phoneCallingCode: string;
  phoneNationalPattern: string;
  phonePossibleLengths: number[];
  phoneExample: string;
  phoneTypes: PhoneType[];
}

export function addressFormats(): AddressFormat[] {
  return DELIVERY_COUNTRIES.map((country) => {
    const pattern = postcodePattern(country);
    if (pattern.flags.replace('i', '') !== '') throw new Error(`${country}'s postcode pattern has flags the database cannot follow: ${pattern.flags}`);
    const metadata = new Metadata(phoneMetadata);
    metadata.selectNumberingPlan(country);
    const plan = metadata.numberingPlan as unknown as PlanInternals | undefined;
    if (!plan) throw new Error(`libphonenumber-js has no numbering plan for ${country}`);
    // Only plans shared with neighbours (+44, +39) carry types in the min metadata; isValid()
    // then asks for one of them besides the national number pattern.
    const phoneTypes = NUMBER_TYPES.flatMap((type) => {
      const found = plan.type(type);
      const typePattern = found?.pattern();
      return found && typePattern ? [{ type, pattern: typePattern, possibleLengths: found.possibleLengths() }] : [];
    });
    const { rule, example, place } = POSTCODE_RULES[country];
    return {
      country,
      place,
      postcodePattern: pattern.source,
      postcodeCaseInsensitive: pattern.flags.includes('i'),
      postcodeRule: rule,
      postcodeExample: example,
      phoneCallingCode: phoneCallingCode(country),
      phoneNationalPattern: plan.nationalNumberPattern(),
      phonePossibleLengths: phonePossibleLengths(country),
      phoneExample: phoneExample(country),
      phoneTypes,
    };
  });
}

/** The two insert statements, as the migration holds them. */
export function addressFormatsSql(formats = addressFormats()): string {
  const countries = formats.map(
    (f) =>
      `  (${[
        literal(f.country),
        literal(f.place),
        literal(f.postcodePattern),
        String(f.postcodeCaseInsensitive),
        literal(f.postcodeRule),
        literal(f.postcodeExample),
        literal(f.phoneCallingCode),
        literal(f.phoneNationalPattern),
        lengths(f.phonePossibleLengths),
        literal(f.phoneExample),
      ].join(', ')})`,
  );
  const types = formats.flatMap((f) =>
    f.phoneTypes.map((t) => `  (${[literal(f.country), literal(t.type), literal(t.pattern), lengths(t.possibleLengths)].join(', ')})`),
  );
  return [
    'insert into private.address_formats',
    '  (country, place, postcode_pattern, postcode_case_insensitive, postcode_rule, postcode_example,',
    '   phone_calling_code, phone_national_pattern, phone_possible_lengths, phone_example)',
    'values',
    `${countries.join(',\n')};`,
    '',
    'insert into private.phone_number_types (country, type, pattern, possible_lengths)',
    'values',
    `${types.join(',\n')};`,
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.stdout.write(`${addressFormatsSql()}\n`);
  process.stderr.write(`address formats: ${DELIVERY_COUNTRIES.length} countries\n`);
}
