import type { SupabaseClient } from '@supabase/supabase-js';

export interface DemoAccount {
  email: string;
  password: string;
  displayName: string;
  /** Made staff in public.user_roles (the access token hook puts it into their tokens). */
  staff?: boolean;
}

/** The accounts `npm start` prints, so anyone can sign in to a fresh local stack. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'demo@lumen.test', password: 'demo-password-1', displayName: 'Demo Customer' },
  { email: 'second@lumen.test', password: 'demo-password-2', displayName: 'Second Customer' },
  { email: 'staff@lumen.test', password: 'demo-staff-password-1', displayName: 'Demo Staff', staff: true },
];

/** The ids of the accounts with these addresses, read page by page through the admin API. */
async function userIds(service: SupabaseClient, emails: string[]): Promise<Map<string, string>> {
  const wanted = new Set(emails);
  const found = new Map<string, string>();
  for (let page = 1; found.size < wanted.size; page += 1) {
    const { data, error } = await service.auth.admin.listUsers({ page, perPage: 1000 });
    if (error) throw new Error(`Listing the users failed: ${error.message}`);
    for (const user of data.users) if (user.email && wanted.has(user.email)) found.set(user.email, user.id);
    if (data.users.length < 1000) break;
  }
  return found;
}

/**
 * Creates each demo account unless it exists, through the Auth admin API as any project's admin
 * tooling would (`service` is a service_role client): a confirmed email user whose password the
 * server hashes and whose sign-up the app's triggers (e.g. profile creation) see. Staff accounts get
 * their row in public.user_roles through REST, as the service role makes someone staff (README,
 * "Staff"), again on every start in case the row went. Returns the emails created now.
 */
export async function ensureDemoUsers(service: SupabaseClient, accounts: DemoAccount[] = DEMO_ACCOUNTS): Promise<string[]> {
  const created: string[] = [];
  const staff: string[] = [];
  const existingStaff: string[] = [];
  for (const account of accounts) {
    const { data, error } = await service.auth.admin.createUser({
      email: account.email,
      password: account.password,
      email_confirm: true,
      user_metadata: { display_name: account.displayName },
    });
    if (error?.code === 'email_exists') {
      if (account.staff) existingStaff.push(account.email);
      continue;
    }
    if (error) throw new Error(`Creating the demo account ${account.email} failed: ${error.message}`);
    created.push(account.email);
    if (account.staff) staff.push(data.user.id);
  }
  if (existingStaff.length > 0) {
    const ids = await userIds(service, existingStaff);
    for (const email of existingStaff) {
      const id = ids.get(email);
      if (id === undefined) throw new Error(`The demo account ${email} exists but the admin API does not list it`);
      staff.push(id);
    }
  }
  if (staff.length > 0) {
    const rows = staff.map((userId) => ({ user_id: userId, role: 'staff' }));
    const { error } = await service.from('user_roles').upsert(rows, { onConflict: 'user_id', ignoreDuplicates: true });
    if (error) throw new Error(`Making the demo staff account staff failed: ${error.message}`);
  }
  return created;
}
