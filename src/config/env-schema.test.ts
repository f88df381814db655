import { describe, expect, it } from 'vitest';
import { checkBuildEnv } from './env-schema.ts';

describe('checkBuildEnv (run by vite.config.ts before every build)', () => {
  it('accepts no settings (the local backend on the same origin) and a hosted project', () => {
    expect(() => checkBuildEnv({})).not.toThrow();
    expect(() => checkBuildEnv({ VITE_SUPABASE_URL: 'https://abcd.supabase.co', VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_0123456789abcdef' })).not.toThrow();
    // An empty variable is treated as unset, as the app treats it.
    expect(() => checkBuildEnv({ VITE_SUPABASE_URL: '', VITE_SUPABASE_PUBLISHABLE_KEY: '' })).not.toThrow();
  });

  it('stops the build with every problem named', () => {
    expect(() => checkBuildEnv({ VITE_SUPABASE_URL: 'ftp://abcd.supabase.co', VITE_SUPABASE_PUBLISHABLE_KEY: 'short' })).toThrow(
      /^Invalid build configuration: VITE_SUPABASE_URL: .+; VITE_SUPABASE_PUBLISHABLE_KEY: .+/,
    );
  });
});
