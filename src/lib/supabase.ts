import { createClient } from '@supabase/supabase-js';
import { env } from '@/config/env';

/** The app's one Supabase client; every feature's api/ goes through it. */
export const supabase = createClient(env.supabaseUrl, env.supabaseKey, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
});
