import { createNodeSupabaseClient, DEV_ANON_KEY } from '../server/index.ts';
import { createUser, PASSWORD, signInWithUi, uniqueEmail } from './account-helpers.ts';
import { addFromItemPage, itemRow, stockedItem } from './cart-helpers.ts';
import { DESKTOP, expect, expectNoAxeViolations, test } from './fixtures.ts';

const PHONE_390 = { width: 390, height: 844 };

// A German browser: checkout starts with Germany chosen.
test.use({ locale: 'de-DE' });

const REFUSED = [
  { country: 'DE', postcode: 'ABCDE', message: 'A German postcode has 5 digits, such as 10115.' },
  { country: 'NL', postcode: '12345', message: 'A Dutch postcode has 4 digits and 2 letters, such as 1011 AB.' },
  { country: 'GB', postcode: '12345', message: 'A UK postcode has two parts of letters and digits, such as SW1A 1AA.' },
] as const;

for (const [index, viewport] of [PHONE_390, DESKTOP].entries()) {
  test(`at ${viewport.width}px checkout refuses a postcode the chosen country does not have, before anything is sent, and places a valid one`, async ({ page, request }, testInfo) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const email = uniqueEmail(testInfo, `postcodes-${viewport.width}`);
    await createUser(request, email);
    await signInWithUi(page, email);
    await expect(page).toHaveURL(/\/account$/);
    const item = stockedItem(47 + index);
    await addFromItemPage(page, item.slug, 1);
    const placeOrderCalls: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/rpc/place_order')) placeOrderCalls.push(sent.url());
    });
    await page.goto('/checkout');
    const review = page.getByRole('region', { name: 'Review your order' });
    const country = review.getByLabel('Country');
    await expect(country).toHaveValue('DE');
    await expect(review.getByText('For the courier, such as +49 1512 3456789')).toBeVisible();

    await review.getByLabel('Full name').fill('Grace Hopper');
    await review.getByLabel('Street and number').fill('Unter den Linden 7');
    await review.getByLabel('Town or city').fill('Berlin');
    for (const { country: code, postcode, message } of REFUSED) {
      await country.selectOption(code);
      await review.getByLabel('Postcode').fill(postcode);
      await review.getByRole('button', { name: 'Place order' }).click();
      await expect(review.getByRole('alert')).toHaveText(/^Nothing was ordered: one (delivery )?detail needs your attention below\.$/);
      await expect(review.getByLabel('Postcode')).toBeFocused();
      await expect(review.getByLabel('Postcode')).toHaveAccessibleDescription(new RegExp(message.replace(/[.()]/g, '\\$&')));
      await expect(review.getByText(message)).toBeVisible();
    }
    await expectNoAxeViolations(page);
    expect(placeOrderCalls).toEqual([]);

    // The phone's hint follows the country; a national number is sent in international format.
    await country.selectOption('NL');
    await expect(review.getByText('For the courier, such as +31 6 12345678')).toBeVisible();
    await review.getByLabel('Postcode').fill('1011ab');
    await review.getByLabel('Phone').fill('06 12345678');
    await expect(review.getByRole('alert')).toHaveCount(0);
    await review.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/orders\/[^/]+$/);
    await expect(page.getByTestId('order-delivery')).toHaveText(
      ['Grace Hopper', 'Unter den Linden 7', '1011AB Berlin', 'Netherlands', 'Phone: +31 6 12345678'].join(''),
    );
    expect(placeOrderCalls).toHaveLength(1);
  });
}

test('place_order called straight through the API refuses an undeliverable postcode with 22023, naming the postcode', async ({ request }, testInfo) => {
  const email = uniqueEmail(testInfo, 'postcode-api');
  await createUser(request, email);
  const baseURL = testInfo.project.use.baseURL;
  if (!baseURL) throw new Error('no baseURL');
  const supabase = createNodeSupabaseClient(baseURL, DEV_ANON_KEY);
  const { error: signInError } = await supabase.auth.signInWithPassword({ email, password: PASSWORD });
  expect(signInError).toBeNull();
  const { id } = await itemRow(request, stockedItem(49).slug);
  const { error: cartError } = await supabase.from('cart_items').insert({ item_id: id, quantity: 1 });
  expect(cartError).toBeNull();

  const delivery = { full_name: 'X', line1: 'nowhere', line2: null, postcode: 'ABCDE', city: '???', country: 'DE', phone: null };
  const { data, error } = await supabase.rpc('place_order', { idempotency_key: crypto.randomUUID(), delivery });
  expect(data).toBeNull();
  expect(error?.code).toBe('22023');
  expect(error?.message).toBe('Check the delivery details: A German postcode has 5 digits, such as 10115.');
  expect(JSON.parse(error?.details ?? '{}')).toEqual({ postcode: 'A German postcode has 5 digits, such as 10115.' });
  const { data: orders } = await supabase.from('orders').select('id');
  expect(orders).toEqual([]);
  const { data: cart } = await supabase.from('cart_items').select('item_id');
  expect(cart).toEqual([{ item_id: id }]);
  await supabase.auth.signOut();
});
