import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogItem, conformanceTarget, createThrowawayUser, pickItem, removeThrowawayUser, serviceClient, type ThrowawayUser } from './support.ts';

/** Staff edit an item's title to what it already is: a real write, nothing changes for other files. */
const NTH_ITEM = 4;

let staff: ThrowawayUser;
let customer: ThrowawayUser;
let item: CatalogItem;

async function signInAgain(user: ThrowawayUser): Promise<string> {
  const { data, error } = await user.client.auth.signInWithPassword({ email: user.email, password: user.password });
  if (error || !data.session) throw new Error(`signing in as ${user.email} failed: ${error?.message ?? 'no session'}`);
  return data.session.access_token;
}

/** Writes the item's own title back as the user: the rows the API let them touch. */
async function retitle(user: ThrowawayUser): Promise<{ rows: number; code: string | null }> {
  const { data, error } = await user.client.from('items').update({ title: item.title }).eq('id', item.id).select('id');
  return { rows: data?.length ?? 0, code: error?.code ?? null };
}

beforeAll(async () => {
  staff = await createThrowawayUser('staff');
  customer = await createThrowawayUser('customer');
  item = await pickItem(NTH_ITEM);
  const granted = await serviceClient().from('user_roles').insert({ user_id: staff.id, role: 'staff' });
  if (granted.error) throw new Error(`making ${staff.email} staff failed: ${granted.error.message}`);
});

afterAll(async () => {
  await removeThrowawayUser(staff);
  await removeThrowawayUser(customer);
});

describe('staff roles through the custom access token hook', () => {
  it('puts the role into the next token, and the role lets staff edit the catalog while a customer cannot', async () => {
    expect(decodeJwt(await signInAgain(staff)).user_role).toBe('staff');
    expect(decodeJwt(await customer.accessToken()).user_role).toBeNull();
    expect(await retitle(staff)).toEqual({ rows: 1, code: null });
    expect(await retitle(customer)).toEqual({ rows: 0, code: null });
    const planted = await customer.client.from('items').insert({ slug: `planted-${Date.now()}`, title: 'Planted', price_cents: 1, category_id: item.category_id });
    expect(planted.error?.code).toBe('42501');
  });

  it('refuses a token whose claims the customer edited: the signature no longer matches', async () => {
    const token = await customer.accessToken();
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, user_role: 'staff' })).toString('base64url')}.${signature}`;
    const { url, anonKey } = conformanceTarget();
    const response = await fetch(`${url}/rest/v1/items?id=eq.${item.id}&select=id`, {
      method: 'PATCH',
      headers: { apikey: anonKey, Authorization: `Bearer ${forged}`, 'Content-Type': 'application/json', Prefer: 'return=representation' },
      body: JSON.stringify({ title: item.title }),
    });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { code?: string }).code).toMatch(/^PGRST30/);
  });

  it('takes the role away at the next refresh once it is revoked', async () => {
    const revoked = await serviceClient().from('user_roles').delete().eq('user_id', staff.id);
    expect(revoked.error).toBeNull();
    const { data, error } = await staff.client.auth.refreshSession();
    expect(error).toBeNull();
    expect(decodeJwt(data.session?.access_token ?? '').user_role).toBeNull();
    expect(await retitle(staff)).toEqual({ rows: 0, code: null });
  });

  it('keeps the hook and the role table out of the API roles’ reach', async () => {
    const called = await customer.client.rpc('custom_access_token_hook', { event: { user_id: customer.id, claims: {} } });
    expect(called.error).not.toBeNull();
    const selfGrant = await customer.client.from('user_roles').insert({ user_id: customer.id, role: 'staff' });
    expect(selfGrant.error?.code).toBe('42501');
  });
});
