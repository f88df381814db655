import { createUser, signInWithUi, uniqueEmail } from './account-helpers.ts';
import { addFromItemPage, stockedItem } from './cart-helpers.ts';
import { DESKTOP, expect, expectNoAxeViolations, test } from './fixtures.ts';

const PHONE_390 = { width: 390, height: 844 };

for (const [index, { viewport, theme }] of [
  { viewport: PHONE_390, theme: 'light' },
  { viewport: DESKTOP, theme: 'dark' },
].entries()) {
  test(`at ${viewport.width}px in the ${theme} theme the account keeps an address book: add, edit (an undeliverable postcode refused), make default (checkout offers it first), delete`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
    const email = uniqueEmail(testInfo, `addresses-${viewport.width}`);
    await createUser(request, email);
    await signInWithUi(page, email);
    await expect(page).toHaveURL(/\/account$/);
    const book = page.getByRole('region', { name: 'Addresses' });
    await expect(book.getByText(/No saved addresses yet/)).toBeVisible();
    const writes: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/rest/v1/addresses') && sent.method() !== 'GET') writes.push(sent.method());
    });

    // Add two.
    for (const { name, line1, postcode, city, country } of [
      { name: 'Ada Lovelace', line1: '12 Harbour Street', postcode: 'd02 x285', city: 'Dublin', country: 'IE' },
      { name: 'Ada Lovelace', line1: 'Unter den Linden 7', postcode: '10117', city: 'Berlin', country: 'DE' },
    ]) {
      await book.getByRole('button', { name: 'Add an address' }).click();
      const form = book.getByRole('form', { name: 'New address' });
      await expect(form.getByLabel('Full name')).toBeVisible();
      await form.getByLabel('Full name').fill(name);
      await form.getByLabel('Street and number').fill(line1);
      await form.getByLabel('Country').selectOption(country);
      await form.getByLabel('Postcode').fill(postcode);
      await form.getByLabel('Town or city').fill(city);
      await form.getByRole('button', { name: 'Save address' }).click();
      await expect(book.getByRole('status')).toHaveText('Address added.');
      await expect(form).toHaveCount(0);
    }
    const list = book.getByRole('list', { name: 'Saved addresses' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list).toContainText('D02 X285 Dublin');
    await expectNoAxeViolations(page);

    // Edit: an undeliverable postcode is refused in the browser, nothing sent; a valid one is saved.
    const berlin = 'Ada Lovelace, Unter den Linden 7, 10117 Berlin';
    await book.getByRole('button', { name: `Edit ${berlin}` }).click();
    const edit = book.getByRole('form', { name: `Edit ${berlin}` });
    await expect(edit.getByLabel('Postcode')).toHaveValue('10117');
    const sentBefore = writes.length;
    await edit.getByLabel('Postcode').fill('ABCDE');
    await edit.getByRole('button', { name: 'Save address' }).click();
    await expect(edit.getByText('A German postcode has 5 digits, such as 10115.')).toBeVisible();
    await expect(edit.getByLabel('Postcode')).toBeFocused();
    await expectNoAxeViolations(page);
    expect(writes.length).toBe(sentBefore);
    await edit.getByLabel('Postcode').fill('10115');
    await edit.getByRole('button', { name: 'Save address' }).click();
    await expect(book.getByRole('status')).toHaveText('Address saved.');
    const berlinNow = 'Ada Lovelace, Unter den Linden 7, 10115 Berlin';
    await expect(book.getByRole('button', { name: `Edit ${berlinNow}` })).toBeFocused();

    // Make default: it moves first, marked, and checkout offers it first, chosen.
    await book.getByRole('button', { name: `Make default ${berlinNow}` }).click();
    await expect(book.getByRole('status')).toHaveText(`${berlinNow} is now your default address.`);
    await expect(list.getByRole('listitem').first()).toContainText('Default');
    await expect(list.getByRole('listitem').first()).toContainText('10115 Berlin');
    await expect(book.getByRole('button', { name: `Make default ${berlinNow}` })).toHaveCount(0);

    await addFromItemPage(page, stockedItem(16 + index).slug, 1);
    await page.goto('/checkout');
    const review = page.getByRole('region', { name: 'Review your order' });
    const choices = review.getByRole('radiogroup', { name: 'Deliver to' }).getByRole('radio');
    await expect(choices.first()).toBeChecked();
    await expect(review.getByRole('radio', { name: /10115 Berlin/ })).toBeChecked();
    await expect(review.getByRole('radio', { name: /D02 X285 Dublin/ })).not.toBeChecked();

    // Delete, after a question.
    await page.goto('/account');
    const dublin = 'Ada Lovelace, 12 Harbour Street, D02 X285 Dublin';
    await book.getByRole('button', { name: `Delete ${dublin}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this address?' });
    await dialog.getByRole('button', { name: 'Keep address' }).click();
    await expect(book.getByRole('button', { name: `Delete ${dublin}` })).toBeFocused();
    await book.getByRole('button', { name: `Delete ${dublin}` }).click();
    await dialog.getByRole('button', { name: 'Delete address' }).click();
    await expect(book.getByRole('status')).toHaveText(`${dublin} was deleted.`);
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(book.getByRole('button', { name: 'Add an address' })).toBeFocused();
  });
}
