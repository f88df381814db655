import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { ServerContext } from '../../server/context.ts';
import { findUserByEmail, insertUser } from '../../server/auth/user-store.ts';

export interface DemoAccount {
  email: string;
  password: string;
  displayName: string;
}

/** The accounts `npm start` prints, so anyone can sign in to a fresh local stack. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'demo@lumen.test', password: 'demo-password-1', displayName: 'Demo Customer' },
  { email: 'second@lumen.test', password: 'demo-password-2', displayName: 'Second Customer' },
];

/**
 * Creates each demo account (confirmed email user) unless it exists. It goes through
 * auth.users like a real sign-up, so app triggers (e.g. profile creation) run for it.
 * Returns the emails that were created now.
 */
export async function ensureDemoUsers(ctx: ServerContext, accounts: DemoAccount[] = DEMO_ACCOUNTS): Promise<string[]> {
  const created: string[] = [];
  for (const account of accounts) {
    if (await findUserByEmail(ctx.db, account.email)) continue;
    const encryptedPassword = await bcrypt.hash(account.password, 10);
    await ctx.db.transaction((tx) =>
      insertUser(tx, {
        id: randomUUID(),
        email: account.email,
        encryptedPassword,
        confirmed: true,
        isAnonymous: false,
        appMetadata: { provider: 'email', providers: ['email'] },
        userMetadata: { display_name: account.displayName, email_verified: true },
      }),
    );
    created.push(account.email);
  }
  return created;
}
