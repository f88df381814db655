import { createUser, signInWithUi, uniqueEmail } from './account-helpers.ts';
import { addFromItemPage, ORDER_PAGE_URL, orderReferenceOf, stockedItem } from './cart-helpers.ts';
import { DESKTOP, expect, expectNoAxeViolations, test } from './fixtures.ts';

const PHONE = { width: 390, height: 844 };

for (const [index, viewport] of [PHONE, DESKTOP].entries()) {
  test(`at ${viewport.width}px checkout asks where the order goes, keeps what was typed on errors, and offers it next time`, async ({ page, request }, testInfo) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const email = uniqueEmail(testInfo, `delivery-${viewport.width}`);
    await createUser(request, email);
    await signInWithUi(page, email);
    await expect(page).toHaveURL(/\/account$/);
    const item = stockedItem(33 + index);
    await addFromItemPage(page, item.slug, 1);
    await page.goto('/checkout');
    const review = page.getByRole('region', { name: 'Review your order' });

    // Nothing filled in: every required field says what it needs, and focus goes to the first. An
    // English (US) browser starts with no country chosen: we do not deliver there.
    await expect(review.getByLabel('Country')).toHaveValue('');
    await review.getByRole('button', { name: 'Place order' }).click();
    await expect(review.getByRole('alert')).toHaveText(/^Nothing was ordered: 5 (delivery )?details need your attention below\.$/);
    await expect(review.getByLabel('Full name')).toBeFocused();
    await expect(review.getByText('Enter the name of the person receiving the order.')).toBeVisible();
    await expect(review.getByText('Enter the postcode.')).toBeVisible();
    await expectNoAxeViolations(page);

    // Part right, part wrong: the right part stays as typed, the wrong part says why.
    await review.getByLabel('Full name').fill('  Grace   Hopper ');
    await review.getByLabel('Street and number').fill('7 Quay Road');
    await review.getByLabel('Postcode').fill('!');
    await review.getByLabel('Town or city').fill('Galway');
    await review.getByLabel('Country').selectOption('IE');
    await review.getByLabel('Phone').fill('call me');
    await review.getByRole('button', { name: 'Place order' }).click();
    await expect(review.getByRole('alert')).toHaveText(/^Nothing was ordered: 2 (delivery )?details need your attention below\.$/);
    await expect(review.getByLabel('Postcode')).toBeFocused();
    await expect(review.getByLabel('Full name')).toHaveValue('  Grace   Hopper ');
    await expect(review.getByLabel('Street and number')).toHaveValue('7 Quay Road');
    await expect(review.getByText('An Irish Eircode has 7 letters and digits, such as D02 X285.')).toBeVisible();
    await expect(review.getByText('Enter a phone number for Ireland, such as +353 85 012 3456, or leave it empty.')).toBeVisible();

    await review.getByLabel('Postcode').fill('h91 e2k3');
    await review.getByLabel('Phone').fill('091 123 456');
    await expect(review.getByRole('alert')).toHaveCount(0);
    await review.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(ORDER_PAGE_URL);
    const reference = orderReferenceOf(page);
    const delivered = page.getByTestId('order-delivery');
    await expect(delivered).toHaveText(['Grace Hopper', '7 Quay Road', 'H91 E2K3 Galway', 'Ireland', 'Phone: +353 91 123 456'].join(''));
    await expect
      .poll(async () => {
        const response = await request.get(`/_dev/mail.json?${new URLSearchParams({ to: email })}`);
        const mails = (await response.json()) as { subject: string; text: string }[];
        return mails.find((mail) => mail.subject === `Your Lumen order ${reference} is confirmed`)?.text ?? '';
      })
      .toContain('Delivery to:\n  Grace Hopper\n  7 Quay Road\n  H91 E2K3 Galway\n  Ireland\n  Phone: +353 91 123 456');

    // Next time the address is offered, chosen, and ordering needs nothing typed.
    await addFromItemPage(page, item.slug, 1);
    await page.goto('/checkout');
    const saved = review.getByRole('radio', { name: /Grace Hopper/ });
    await expect(saved).toBeChecked();
    await expect(review.getByLabel('Full name')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await review.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(ORDER_PAGE_URL);
    await expect(page.getByTestId('order-delivery')).toContainText('7 Quay Road');
  });
}
