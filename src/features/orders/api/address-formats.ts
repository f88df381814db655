import { Metadata, PhoneNumber, getCountryCallingCode, getExampleNumber, parsePhoneNumberFromString } from 'libphonenumber-js/core';
import phoneExamples from 'libphonenumber-js/examples.mobile.json';
import phoneMetadata from 'libphonenumber-js/metadata.min.json';
// The package's CommonJS build: its ES build imports without file extensions, which Node refuses
// (scripts/generate-address-formats.ts reads the same map under Node).
import { POSTCODE_REGEXES } from 'postcode-validator/lib/cjs/postcode-regexes.js';

/**
 * What a deliverable address looks like in each country we deliver to. Postcodes follow
 * postcode-validator's patterns and phones libphonenumber-js's metadata: the same data
 * supabase/migrations/20261201000100_deliverable_addresses.sql copies into the database
 * (scripts/generate-address-formats.ts writes it; a test fails when they drift apart).
 */
export const DELIVERY_COUNTRIES = [
  'AT', 'BE', 'BG', 'CH', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GB', 'GR', 'HR', 'HU',
  'IE', 'IS', 'IT', 'LI', 'LT', 'LU', 'LV', 'MT', 'NL', 'NO', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
] as const;
export type DeliveryCountry = (typeof DELIVERY_COUNTRIES)[number];

export const isDeliveryCountry = (code: string): code is DeliveryCountry => (DELIVERY_COUNTRIES as readonly string[]).includes(code);

/**
 * How each country's postcode is described to a person, with an example: postcode-validator has
 * only the patterns. Every example must pass its country's pattern (tested). `place` is the name
 * used in a sentence ("for the Netherlands").
 */
export const POSTCODE_RULES: Record<DeliveryCountry, { rule: string; example: string; place: string }> = {
  AT: { rule: 'An Austrian postcode has 4 digits and does not start with 0', example: '1010', place: 'Austria' },
  BE: { rule: 'A Belgian postcode has 4 digits', example: '1000', place: 'Belgium' },
  BG: { rule: 'A Bulgarian postcode has 4 digits', example: '1000', place: 'Bulgaria' },
  CH: { rule: 'A Swiss postcode has 4 digits', example: '8001', place: 'Switzerland' },
  CY: { rule: 'A Cypriot postcode has 4 digits', example: '1010', place: 'Cyprus' },
  CZ: { rule: 'A Czech postcode has 5 digits', example: '110 00', place: 'Czechia' },
  DE: { rule: 'A German postcode has 5 digits', example: '10115', place: 'Germany' },
  DK: { rule: 'A Danish postcode has 4 digits', example: '1050', place: 'Denmark' },
  EE: { rule: 'An Estonian postcode has 5 digits', example: '10111', place: 'Estonia' },
  ES: { rule: 'A Spanish postcode has 5 digits, starting with 01 to 52', example: '28013', place: 'Spain' },
  FI: { rule: 'A Finnish postcode has 5 digits', example: '00100', place: 'Finland' },
  FR: { rule: 'A French postcode has 5 digits', example: '75001', place: 'France' },
  GB: { rule: 'A UK postcode has two parts of letters and digits', example: 'SW1A 1AA', place: 'the United Kingdom' },
  GR: { rule: 'A Greek postcode has 5 digits', example: '105 57', place: 'Greece' },
  HR: { rule: 'A Croatian postcode has 5 digits', example: '10000', place: 'Croatia' },
  HU: { rule: 'A Hungarian postcode has 4 digits', example: '1051', place: 'Hungary' },
  IE: { rule: 'An Irish Eircode has 7 letters and digits', example: 'D02 X285', place: 'Ireland' },
  IS: { rule: 'An Icelandic postcode has 3 digits', example: '101', place: 'Iceland' },
  IT: { rule: 'An Italian postcode has 5 digits', example: '00184', place: 'Italy' },
  LI: { rule: 'A Liechtenstein postcode is a number from 9485 to 9497', example: '9490', place: 'Liechtenstein' },
  LT: { rule: 'A Lithuanian postcode has 5 digits', example: 'LT-01100', place: 'Lithuania' },
  LU: { rule: 'A Luxembourg postcode has 4 digits', example: 'L-1009', place: 'Luxembourg' },
  LV: { rule: 'A Latvian postcode has 4 digits', example: 'LV-1050', place: 'Latvia' },
  MT: { rule: 'A Maltese postcode has 3 letters and 2 to 4 digits', example: 'VLT 1117', place: 'Malta' },
  NL: { rule: 'A Dutch postcode has 4 digits and 2 letters', example: '1011 AB', place: 'the Netherlands' },
  NO: { rule: 'A Norwegian postcode has 4 digits', example: '0150', place: 'Norway' },
  PL: { rule: 'A Polish postcode has 5 digits with a hyphen after the second', example: '00-950', place: 'Poland' },
  PT: { rule: 'A Portuguese postcode has 4 digits, a hyphen and 3 digits', example: '1000-001', place: 'Portugal' },
  RO: { rule: 'A Romanian postcode has 6 digits', example: '010011', place: 'Romania' },
  SE: { rule: 'A Swedish postcode has 5 digits', example: '111 22', place: 'Sweden' },
  SI: { rule: 'A Slovenian postcode has 4 digits', example: '1000', place: 'Slovenia' },
  SK: { rule: 'A Slovak postcode has 5 digits', example: '811 01', place: 'Slovakia' },
};

/** postcode-validator's pattern for the country (every delivery country has one: tested). */
export function postcodePattern(country: DeliveryCountry): RegExp {
  const pattern = POSTCODE_REGEXES.get(country);
  if (!pattern) throw new Error(`postcode-validator has no pattern for ${country}`);
  return pattern;
}

export function postcodeMessage(country: DeliveryCountry): string {
  const { rule, example } = POSTCODE_RULES[country];
  return `${rule}, such as ${example}.`;
}

/** The calling code each delivery country's numbers start with ("49" for DE): no two share one. */
export const phoneCallingCode = (country: DeliveryCountry): string => getCountryCallingCode(country, phoneMetadata);

/** The national number lengths the country's plan allows. */
export function phonePossibleLengths(country: DeliveryCountry): number[] {
  const metadata = new Metadata(phoneMetadata);
  metadata.selectNumberingPlan(country);
  return metadata.numberingPlan?.possibleLengths() ?? [];
}

const COUNTRY_BY_CALLING_CODE = new Map(DELIVERY_COUNTRIES.map((country) => [phoneCallingCode(country), country]));

/** libphonenumber-js's example (a mobile number) in international format: "+49 1512 3456789". */
export function phoneExample(country: DeliveryCountry): string {
  const example = getExampleNumber(country, phoneExamples, phoneMetadata);
  if (!example) throw new Error(`libphonenumber-js has no example number for ${country}`);
  return example.formatInternational();
}

/** The example used when no delivery country is chosen yet. */
export const ANY_PHONE_EXAMPLE_COUNTRY: DeliveryCountry = 'IE';

export function phoneMessage(country: string): string {
  return isDeliveryCountry(country)
    ? `Enter a phone number for ${POSTCODE_RULES[country].place}, such as ${phoneExample(country)}, or leave it empty.`
    : `Enter a phone number with its country code, such as ${phoneExample(ANY_PHONE_EXAMPLE_COUNTRY)}, or leave it empty.`;
}

/**
 * The phone as the database accepts it (international format, "+49 30 123456"), or null when it
 * is not a number one can call in a delivery country. Typed in the national format of the chosen
 * country or with any +code; valid when its calling code is a delivery country's and its national
 * number is valid there: libphonenumber-js's isValid() for that country's numbering plan (its
 * national number pattern, and for the plans shared with neighbours, such as +44, the types'
 * patterns) and one of the plan's possible lengths — the rule public.delivery_problems applies.
 */
export function internationalPhone(text: string, country: string): string | null {
  const parsed = parsePhoneNumberFromString(text, { defaultCountry: isDeliveryCountry(country) ? country : undefined }, phoneMetadata);
  // An extension would be lost on the way: the international format has no place for it.
  if (!parsed || parsed.ext) return null;
  const home = COUNTRY_BY_CALLING_CODE.get(parsed.countryCallingCode);
  if (!home) return null;
  // Judged by the calling code's own plan (+44 is the UK's), not by the territory the library
  // guessed (the Isle of Man shares +44): the database knows the delivery countries' plans only.
  const number = new PhoneNumber(`+${parsed.countryCallingCode}${parsed.nationalNumber}`, phoneMetadata);
  if (!number.isValid() || !phonePossibleLengths(home).includes(number.nationalNumber.length)) return null;
  return number.formatInternational();
}
