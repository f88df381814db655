import { describe, expect, it } from 'vitest';
import { DELIVERY_COUNTRIES, POSTCODE_RULES, internationalPhone, phoneCallingCode, phoneExample, postcodePattern } from './address-formats.ts';
import { cleanDelivery, deliveryProblems, preferredCountry, type DeliveryDraft } from './delivery-schema.ts';

const draft = (fields: Partial<DeliveryDraft>): DeliveryDraft => ({
  full_name: 'Ada Lovelace',
  line1: '12 Harbour Street',
  line2: '',
  postcode: '10115',
  city: 'Berlin',
  country: 'DE',
  phone: '',
  ...fields,
});

describe('preferredCountry', () => {
  it("takes the region of the browser's first language when we deliver there", () => {
    expect(preferredCountry(['de-DE', 'en'])).toBe('DE');
    expect(preferredCountry(['de'])).toBe('DE');
    expect(preferredCountry(['nl-BE'])).toBe('BE');
    expect(preferredCountry(['sv'])).toBe('SE');
    expect(preferredCountry(['en-GB', 'de-DE'])).toBe('GB');
  });

  it('leaves the country to be chosen otherwise', () => {
    expect(preferredCountry(['en-US', 'de-DE'])).toBe('');
    expect(preferredCountry(['en'])).toBe('');
    expect(preferredCountry([])).toBe('');
    expect(preferredCountry(['not a language'])).toBe('');
  });
});

describe('address formats', () => {
  it.each(DELIVERY_COUNTRIES)('%s: the example postcode and phone pass, and the phone is sent as the database reads it', (country) => {
    expect(postcodePattern(country).test(POSTCODE_RULES[country].example)).toBe(true);
    const example = phoneExample(country);
    expect(internationalPhone(example, country)).toBe(example);
    // Only "+", digits and single spaces or hyphens; its digits are the calling code and the national number.
    expect(example).toMatch(/^\+[0-9][0-9 -]*[0-9]$/);
    expect(example.startsWith(`+${phoneCallingCode(country)} `)).toBe(true);
  });
});

describe('cleanDelivery', () => {
  it('upper-cases and squashes postcodes the same way for every country', () => {
    expect(cleanDelivery(draft({ country: 'IE', postcode: ' d02   x285 ' })).postcode).toBe('D02 X285');
    expect(cleanDelivery(draft({ country: 'GB', postcode: 'sw1a 1aa' })).postcode).toBe('SW1A 1AA');
    expect(cleanDelivery(draft({ country: 'NL', postcode: '1011ab' })).postcode).toBe('1011AB');
    // Only ASCII letters change: "ß" is not "SS" in a postcode (and is refused).
    expect(cleanDelivery(draft({ postcode: 'ßtraße' })).postcode).toBe('ßTRAßE');
  });

  it('sends a valid phone in international format, whatever way it was typed', () => {
    expect(cleanDelivery(draft({ phone: '030 123456' })).phone).toBe('+49 30 123456');
    expect(cleanDelivery(draft({ phone: '0049 (30) 123-456' })).phone).toBe('+49 30 123456');
    expect(cleanDelivery(draft({ country: 'NL', phone: '06 12345678' })).phone).toBe('+31 6 12345678');
    expect(cleanDelivery(draft({ country: 'AT', phone: '+49 1512 3456789' })).phone).toBe('+49 1512 3456789');
    expect(cleanDelivery(draft({ phone: '  call   me ' })).phone).toBe('call me');
    expect(cleanDelivery(draft({ phone: '   ' })).phone).toBeNull();
  });
});

describe('deliveryProblems', () => {
  it('refuses a postcode the chosen country would not deliver to, saying what it expects', () => {
    expect(deliveryProblems(draft({ postcode: 'ABCDE' }))).toEqual({ postcode: 'A German postcode has 5 digits, such as 10115.' });
    expect(deliveryProblems(draft({ country: 'NL', postcode: '12345' }))).toEqual({ postcode: 'A Dutch postcode has 4 digits and 2 letters, such as 1011 AB.' });
    expect(deliveryProblems(draft({ country: 'GB', postcode: '12345' }))).toEqual({
      postcode: 'A UK postcode has two parts of letters and digits, such as SW1A 1AA.',
    });
    expect(deliveryProblems(draft({ country: 'PL', postcode: '00950' }))).toEqual({
      postcode: 'A Polish postcode has 5 digits with a hyphen after the second, such as 00-950.',
    });
    // Digits of another script are not digits of a postcode.
    expect(deliveryProblems(draft({ postcode: '١٠١١٥' }))).toEqual({ postcode: 'A German postcode has 5 digits, such as 10115.' });
  });

  it('accepts every country’s example, typed in lower case or without its space too', () => {
    for (const country of DELIVERY_COUNTRIES) {
      const { example } = POSTCODE_RULES[country];
      expect(deliveryProblems(draft({ country, postcode: example, phone: phoneExample(country) })), country).toEqual({});
      expect(deliveryProblems(draft({ country, postcode: ` ${example.toLowerCase()} ` })), country).toEqual({});
    }
    expect(deliveryProblems(draft({ country: 'NL', postcode: '1011ab' }))).toEqual({});
    expect(deliveryProblems(draft({ country: 'IE', postcode: 'd02x285' }))).toEqual({});
  });

  it('refuses a phone that is no number of a delivery country, with the chosen country’s example', () => {
    const message = `Enter a phone number for Germany, such as ${phoneExample('DE')}, or leave it empty.`;
    expect(phoneExample('DE')).toBe('+49 1512 3456789');
    for (const phone of ['12', 'call me', '+1 212 555 0100', '+49 30 1', '+49 30 123456 ext. 7']) {
      expect(deliveryProblems(draft({ phone })), phone).toEqual({ phone: message });
    }
    expect(deliveryProblems(draft({ country: 'GB', postcode: 'SW1A 1AA', phone: '+44 7624 369230' }))).toEqual({
      phone: `Enter a phone number for the United Kingdom, such as ${phoneExample('GB')}, or leave it empty.`,
    });
  });

  it('asks for the country when none we deliver to is chosen, and keeps the general postcode rule then', () => {
    expect(deliveryProblems(draft({ country: '', postcode: 'ABCDE', phone: '+49 30 123456' }))).toEqual({ country: 'Choose the country.' });
    expect(deliveryProblems(draft({ country: 'US', postcode: '!', phone: '030 123456' }))).toEqual({
      country: 'Choose the country.',
      postcode: 'The postcode can have 3 to 12 letters, digits, spaces or hyphens.',
      phone: `Enter a phone number with its country code, such as ${phoneExample('IE')}, or leave it empty.`,
    });
  });

  it('refuses "X", "nowhere", "ABCDE", "???" in Germany for its postcode', () => {
    expect(deliveryProblems(draft({ full_name: 'X', line1: 'nowhere', postcode: 'ABCDE', city: '???' }))).toEqual({
      postcode: 'A German postcode has 5 digits, such as 10115.',
    });
  });
});
