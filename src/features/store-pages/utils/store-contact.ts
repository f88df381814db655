import { parsePhoneNumberFromString } from 'libphonenumber-js/core';
import phoneMetadata from 'libphonenumber-js/metadata.min.json';
import { countryName } from '@/utils/address';
import type { StoreProfile } from '../api/store-page-schemas.ts';

/**
 * The shop's phone (stored in E.164, "+35315550142") as people read it: grouped the way its
 * country writes numbers, "+353 1 555 0142". A number the library cannot place stays as stored.
 */
export function readablePhone(phone: string): string {
  return parsePhoneNumberFromString(phone, phoneMetadata)?.formatInternational() ?? phone;
}

/** The postal address as lines: street, postcode and city, country. */
export function postalLines(profile: Pick<StoreProfile, 'address_line1' | 'postcode' | 'city' | 'country'>): string[] {
  return [profile.address_line1, `${profile.postcode} ${profile.city}`, countryName(profile.country)];
}
