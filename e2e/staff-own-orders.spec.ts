import { createUser, signInWithUi, uniqueEmail } from './account-helpers.ts';
import { accessToken, itemRow, placeOrderAs, putInServerCart, stockedItem } from './cart-helpers.ts';
import { DESKTOP, expect, expectNoAxeViolations, test } from './fixtures.ts';

// Staff may read every order (the admin's board needs it), but their account is still a
// person's account: it lists their own orders, and a customer's order page only sends them to
// the admin, never offers to cancel the customer's order.

const STAFF = { email: 'staff@lumen.test', password: 'demo-staff-password-1' };
const PHONE_390 = { width: 390, height: 844 };

for (const [viewport, itemIndex] of [
  [PHONE_390, 45],
  [DESKTOP, 46],
] as const) {
  test(`at ${viewport.width}px staff see only their own orders on their account, and a customer's order points them to the admin`, async ({ page, request }, testInfo) => {
    // A customer orders, through the API: this test is about what staff see afterwards.
    const customer = uniqueEmail(testInfo, 'customer');
    await createUser(request, customer);
    const token = await accessToken(request, customer);
    const item = stockedItem(itemIndex);
    const { id } = await itemRow(request, item.slug);
    await putInServerCart(request, token, id, 1);
    const { id: orderId, reference } = await placeOrderAs(request, token);

    await page.setViewportSize(viewport);
    await signInWithUi(page, STAFF.email, STAFF.password);
    await expect(page).toHaveURL(/\/account$/);
    // The history has loaded (staff may have orders of their own, or none).
    await expect(page.getByRole('table', { name: 'Orders' }).or(page.getByText('No orders yet.'))).toBeVisible();
    await expect(page.getByRole('link', { name: `Order ${reference}` })).toHaveCount(0);

    await page.goto(`/orders/${reference}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${reference}`);
    await expect(page.getByText('This order belongs to a customer')).toBeVisible();
    await expect(page.getByRole('link', { name: 'open it in the admin' })).toHaveAttribute('href', `/admin/orders/${orderId}`);
    await expect(page.getByRole('button', { name: 'Cancel this order' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'open it in the admin' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
    await expect(page.getByRole('navigation', { name: 'Store admin' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: `Order #${orderId}` })).toBeVisible();
  });
}
