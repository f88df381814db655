// order-confirmation: sends the receipt for one of the caller's orders and marks it confirmed.
// Runs on Supabase's Deno edge runtime and, unchanged, under the local backend's Node shim.
// The caller's JWT proves ownership (the order is read through RLS as them); the service role
// then confirms it, because clients may never write orders themselves.
import { createClient } from '@supabase/supabase-js';

const corsHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

interface OrderRow {
  id: number;
  status: 'placed' | 'confirmed' | 'cancelled';
  currency: string;
  total_cents: number;
  user_id: string;
  order_items: { title: string; unit_price_cents: number; quantity: number }[];
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...corsHeaders, 'Content-Type': 'application/json' } });
}

function money(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-IE', { style: 'currency', currency }).format(cents / 100);
}

function receiptText(order: OrderRow): string {
  const lines = order.order_items.map((line) => `  ${line.quantity} × ${line.title} — ${money(line.unit_price_cents * line.quantity, order.currency)}`);
  return [`Thank you! Order #${order.id} is confirmed.`, '', ...lines, '', `Total: ${money(order.total_cents, order.currency)}`, '', 'Lumen'].join('\n');
}

/** Local deployments post to the dev outbox; hosted ones to Resend with RESEND_API_KEY. */
async function sendMail(to: string, subject: string, text: string): Promise<void> {
  const localApi = Deno.env.get('LUMEN_MAIL_API_URL');
  const resendKey = Deno.env.get('RESEND_API_KEY');
  if (localApi) {
    const response = await fetch(localApi, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')}` },
      body: JSON.stringify({ to, subject, text }),
    });
    if (!response.ok) throw new Error(`the local mail API answered ${response.status}`);
  } else if (resendKey) {
    const response = await fetch('https://api.resend.com/emails', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${resendKey}` },
      body: JSON.stringify({ from: Deno.env.get('RECEIPT_FROM') ?? 'Lumen <orders@example.com>', to, subject, text }),
    });
    if (!response.ok) throw new Error(`the mail provider answered ${response.status}`);
  } else {
    throw new Error('no mail transport configured (LUMEN_MAIL_API_URL or RESEND_API_KEY)');
  }
}

Deno.serve(async (req: Request) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'POST') return json({ error: 'Use POST.' }, 405);

  const authorization = req.headers.get('Authorization') ?? '';
  const url = Deno.env.get('SUPABASE_URL') ?? '';
  const anonKey = Deno.env.get('SUPABASE_ANON_KEY') ?? '';
  const serviceKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '';

  let orderId: unknown;
  try {
    orderId = ((await req.json()) as { order_id?: unknown }).order_id;
  } catch {
    return json({ error: 'The body must be JSON: {"order_id": <number>}.' }, 400);
  }
  if (typeof orderId !== 'number' || !Number.isInteger(orderId) || orderId < 1) {
    return json({ error: 'order_id must be a positive whole number.' }, 400);
  }

  const asCaller = createClient(url, anonKey, {
    global: { headers: { Authorization: authorization } },
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { data: userData, error: userError } = await asCaller.auth.getUser(authorization.replace(/^Bearer\s+/i, ''));
  if (userError || !userData.user) return json({ error: 'Sign in to confirm an order.' }, 401);

  const { data: order, error: orderError } = await asCaller
    .from('orders')
    .select('id, status, currency, total_cents, user_id, order_items(title, unit_price_cents, quantity)')
    .eq('id', orderId)
    .maybeSingle<OrderRow>();
  if (orderError) return json({ error: orderError.message }, 500);
  if (!order) return json({ error: `Order ${orderId} was not found.` }, 404);
  if (order.status !== 'placed') return json({ status: order.status });

  const admin = createClient(url, serviceKey, { auth: { persistSession: false, autoRefreshToken: false } });
  try {
    await sendMail(userData.user.email ?? '', `Your Lumen order #${order.id} is confirmed`, receiptText(order));
  } catch (error) {
    return json({ error: `The receipt could not be sent: ${error instanceof Error ? error.message : String(error)}` }, 502);
  }
  const { error: confirmError } = await admin
    .from('orders')
    .update({ status: 'confirmed', confirmed_at: new Date().toISOString() })
    .eq('id', order.id)
    .eq('status', 'placed');
  if (confirmError) return json({ error: confirmError.message }, 500);
  return json({ status: 'confirmed' });
});
