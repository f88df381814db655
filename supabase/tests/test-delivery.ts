/** Delivery details that satisfy public.delivery_problems, for tests that place orders. */
export const TEST_DELIVERY = {
  full_name: 'Ada Lovelace',
  line1: '12 Harbour Street',
  line2: null,
  postcode: 'D02 X285',
  city: 'Dublin',
  country: 'IE',
  phone: null,
} as const;

export const TEST_DELIVERY_JSON = JSON.stringify(TEST_DELIVERY);
