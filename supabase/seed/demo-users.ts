import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { ServerContext } from '../../server/context.ts';
import { findUserByEmail, insertUser } from '../../server/auth/user-store.ts';

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

/**
 * Creates each demo account (confirmed email user) unless it exists. It goes through
 * auth.users like a real sign-up, so app triggers (e.g. profile creation) run for it.
 * Returns the emails that were created now.
 */
export async function ensureDemoUsers(ctx: Pick<ServerContext, 'db'>, accounts: DemoAccount[] = DEMO_ACCOUNTS): Promise<string[]> {
  const created: string[] = [];
  for (const account of accounts) {
    const existing = await findUserByEmail(ctx.db, account.email);
    if (existing) {
      if (account.staff) await makeStaff(ctx, existing.id);
      continue;
    }
    const encryptedPassword = await bcrypt.hash(account.password, 10);
    const id = randomUUID();
    await ctx.db.transaction((tx) =>
      insertUser(tx, {
        id,
        email: account.email,
        encryptedPassword,
        confirmed: true,
        isAnonymous: false,
        appMetadata: { provider: 'email', providers: ['email'] },
        userMetadata: { display_name: account.displayName, email_verified: true },
      }),
    );
    if (account.staff) await makeStaff(ctx, id);
    created.push(account.email);
  }
  return created;
}

/** As the service role would (README, "Staff"): a row in public.user_roles. */
async function makeStaff(ctx: Pick<ServerContext, 'db'>, userId: string): Promise<void> {
  await ctx.db.query(`insert into public.user_roles (user_id, role) values ($1, 'staff') on conflict (user_id) do nothing`, [userId]);
}
