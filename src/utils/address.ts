const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** "IE" → "Ireland"; an unknown code stays as it is. */
export const countryName = (code: string) => countryNames.of(code) ?? code;

/** The parts of a delivery address (public.clean_delivery's fields) an address block shows. */
export interface AddressFields {
  full_name: string;
  line1: string;
  line2?: string | null;
  postcode: string;
  city: string;
  country: string;
  phone?: string | null;
}

/** The address as lines for display: name, street, postcode and city, country, phone. */
export function addressLines(delivery: AddressFields): string[] {
  return [
    delivery.full_name,
    delivery.line1,
    delivery.line2,
    `${delivery.postcode} ${delivery.city}`,
    countryName(delivery.country),
    delivery.phone ? `Phone: ${delivery.phone}` : null,
  ].filter((line): line is string => Boolean(line));
}
