import { internationalPhone, isDeliveryCountry, phoneMessage, postcodeMessage, postcodePattern } from './address-formats.ts';

import type { Delivery, DeliveryDraft, DeliveryProblems } from './delivery-shape.ts';

export { DELIVERY_COUNTRIES } from './address-formats.ts';
export { DeliverySchema, type Delivery, type DeliveryDraft, type DeliveryField, type DeliveryProblems, type SavedAddress } from './delivery-shape.ts';

/**
 * The country a new address starts with: the region of the browser's first language ("de-DE",
 * or "de" which stands for Germany), when we deliver there; otherwise none, to be chosen.
 */
export function preferredCountry(languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages): string {
  const [first] = languages;
  if (!first) return '';
  try {
    const region = new Intl.Locale(first).maximize().region ?? '';
    return isDeliveryCountry(region) ? region : '';
  } catch {
    return '';
  }
}

export const EMPTY_DELIVERY: DeliveryDraft = { full_name: '', line1: '', line2: '', postcode: '', city: '', country: preferredCountry(), phone: '' };

/**
 * Runs of ASCII whitespace become one space, ends trimmed: what public.clean_delivery does (a
 * database's \s depends on its locale, JavaScript's covers all of Unicode; ASCII is the same in both).
 */
const squash = (text: string) => text.replace(/[\t\n\v\f\r ]+/g, ' ').replace(/^ | $/g, '');

/**
 * Upper-cases ASCII letters only, as public.clean_delivery's translate() does: "ß" or "ſ" stay as
 * typed (and are refused), never turned into letters a postcode might have.
 */
const upperAscii = (text: string) => text.replace(/[a-z]+/g, (letters) => letters.toUpperCase());

/**
 * The draft as it will be stored: trimmed, inner spaces collapsed, empty optional fields null, the
 * postcode's letters upper-cased ("d02 x285" → "D02 X285") and a valid phone in international
 * format ("030 123456" in Germany → "+49 30 123456", the only form the database accepts).
 */
export function cleanDelivery(draft: DeliveryDraft): Delivery {
  const country = upperAscii(squash(draft.country));
  const phone = squash(draft.phone);
  return {
    full_name: squash(draft.full_name),
    line1: squash(draft.line1),
    line2: squash(draft.line2) || null,
    postcode: upperAscii(squash(draft.postcode)),
    city: squash(draft.city),
    country,
    phone: phone ? (internationalPhone(phone, country) ?? phone) : null,
  };
}

/** What is wrong with the draft, field → message: the same verdicts and words as public.delivery_problems. */
export function deliveryProblems(draft: DeliveryDraft): DeliveryProblems {
  const d = cleanDelivery(draft);
  const problems: DeliveryProblems = {};
  if (!d.full_name) problems.full_name = 'Enter the name of the person receiving the order.';
  else if (d.full_name.length > 120) problems.full_name = 'The name is longer than 120 characters.';
  if (!d.line1) problems.line1 = 'Enter the street and house number.';
  else if (d.line1.length > 200) problems.line1 = 'The address line is longer than 200 characters.';
  if (d.line2 && d.line2.length > 200) problems.line2 = 'The second address line is longer than 200 characters.';
  if (!d.postcode) problems.postcode = 'Enter the postcode.';
  else if (isDeliveryCountry(d.country)) {
    // The general shape first: non-ASCII digits or letters never reach the country's pattern.
    if (!/^[A-Z0-9][A-Z0-9 -]{1,10}[A-Z0-9]$/.test(d.postcode) || !postcodePattern(d.country).test(d.postcode)) {
      problems.postcode = postcodeMessage(d.country);
    }
  } else if (!/^[A-Z0-9][A-Z0-9 -]{1,10}[A-Z0-9]$/.test(d.postcode)) {
    problems.postcode = 'The postcode can have 3 to 12 letters, digits, spaces or hyphens.';
  }
  if (!d.city) problems.city = 'Enter the town or city.';
  else if (d.city.length > 100) problems.city = 'The town or city is longer than 100 characters.';
  if (!isDeliveryCountry(d.country)) problems.country = 'Choose the country.';
  if (d.phone && !internationalPhone(d.phone, d.country)) problems.phone = phoneMessage(d.country);
  return problems;
}

/** A stored address as a form's draft (empty optional fields as ""). */
export function draftOf(address: Delivery): DeliveryDraft {
  return {
    full_name: address.full_name,
    line1: address.line1,
    line2: address.line2 ?? '',
    postcode: address.postcode,
    city: address.city,
    country: address.country,
    phone: address.phone ?? '',
  };
}

/** The address in one line, for names that must tell addresses apart ("Edit Ada Lovelace, 12 Harbour Street, D02 X285 Dublin"). */
export const addressSummary = (address: Delivery) => `${address.full_name}, ${address.line1}, ${address.postcode} ${address.city}`;
