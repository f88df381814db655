import { createClient } from '@supabase/supabase-js';

// Uses the service role from the standard environment to read a table no API role can read.
Deno.serve(async () => {
  const admin = createClient(Deno.env.get('SUPABASE_URL') ?? '', Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '', {
    auth: { persistSession: false },
  });
  const { data, error } = await admin.from('fixture_secrets').select('value').single();
  if (error) return Response.json({ error: error.message }, { status: 500 });
  return Response.json(data);
});
