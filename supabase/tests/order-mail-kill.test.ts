import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { DEV_ANON_KEY, DEV_SERVICE_ROLE_KEY } from '../../server/index.ts';
import { freePort, startChildServer, type ChildServer } from '../../server/testing/child-server.ts';
import { LUMEN_START } from './lumen-start.ts';
import { LUMEN_PROJECT_DIR } from './lumen-database.ts';
import { TEST_DELIVERY } from './test-delivery.ts';

/**
 * Kill test: `npm start`'s server (a child process) is SIGKILLed while the webhook of a new order is
 * on its way to order-confirmation, then started again on the same data. The queued request is
 * sent on start: exactly one receipt, and the order confirmed, with no browser anywhere.
 *
 * To kill at exactly that moment, the first server runs a copy of the project whose
 * order-confirmation only notes that it was called and never answers; the second runs the real one.
 */

let workDir: string;
let server: ChildServer | null = null;

afterAll(async () => {
  await server?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

const realFunction = path.join(LUMEN_PROJECT_DIR, 'functions', 'order-confirmation', 'index.ts');

it('a receipt whose webhook was cut off by a kill is sent after the restart, once', async () => {
  // Inside the repository, so the functions' bare imports resolve from its node_modules.
  const cacheDir = path.join(LUMEN_PROJECT_DIR, '..', 'node_modules', '.cache');
  await mkdir(cacheDir, { recursive: true });
  workDir = await mkdtemp(path.join(cacheDir, 'lumen-mail-kill-'));
  // Named supabase/ like the original: config.toml's mail templates are found from the folder holding it.
  const projectDir = path.join(workDir, 'supabase');
  const dataDir = path.join(workDir, 'data');
  const calledMarker = path.join(workDir, 'called');
  await cp(LUMEN_PROJECT_DIR, projectDir, { recursive: true, filter: (source) => !source.includes(`${path.sep}tests`) });
  const functionFile = path.join(projectDir, 'functions', 'order-confirmation', 'index.ts');
  await writeFile(
    functionFile,
    `import { writeFileSync } from 'node:fs';
Deno.serve(async (request: Request) => {
  writeFileSync(${JSON.stringify(calledMarker)}, await request.text());
  return new Promise<Response>(() => undefined);
});
`,
  );

  const port = await freePort();
  server = await startChildServer({ port, dataDir, projectDir, entry: LUMEN_START });
  const api = (route: string, init: RequestInit & { key?: string; token?: string } = {}) =>
    fetch(`${server?.url}${route}`, {
      ...init,
      headers: {
        apikey: init.key ?? DEV_ANON_KEY,
        Authorization: `Bearer ${init.token ?? init.key ?? DEV_ANON_KEY}`,
        'Content-Type': 'application/json',
        ...init.headers,
      },
    });

  const email = `kill-${Date.now()}@example.test`;
  const created = await api('/auth/v1/admin/users', {
    method: 'POST',
    key: DEV_SERVICE_ROLE_KEY,
    body: JSON.stringify({ email, password: 'long-enough-password-1', email_confirm: true }),
  });
  expect(created.status).toBe(200);
  const signIn = await api('/auth/v1/token?grant_type=password', { method: 'POST', body: JSON.stringify({ email, password: 'long-enough-password-1' }) });
  const { access_token: token } = (await signIn.json()) as { access_token: string };
  const [item] = (await (await api('/rest/v1/items?select=id&stock=gte.5&limit=1')).json()) as { id: number }[];
  expect((await api('/rest/v1/cart_items', { method: 'POST', token, body: JSON.stringify({ item_id: item?.id, quantity: 1 }) })).status).toBe(201);
  const placed = await api('/rest/v1/rpc/place_order', { method: 'POST', token, body: JSON.stringify({ idempotency_key: crypto.randomUUID(), delivery: TEST_DELIVERY }) });
  expect(placed.status).toBe(200);
  const { order_id: orderId, reference } = (await placed.json()) as { order_id: number; reference: string };

  // The webhook has reached the function (which will never answer): kill now, mid-request.
  await expect.poll(() => existsSync(calledMarker), { timeout: 15_000, interval: 25 }).toBe(true);
  const killed = server;
  process.kill(killed.pid, 'SIGKILL');
  await killed.exited;
  server = null;

  await cp(realFunction, functionFile);
  server = await startChildServer({ port, dataDir, projectDir, entry: LUMEN_START });
  const receipts = async () => {
    const mails = (await (await api(`/_dev/mail.json?${new URLSearchParams({ to: email })}`)).json()) as { subject: string }[];
    return mails.map((mail) => mail.subject);
  };
  await expect.poll(receipts, { timeout: 20_000 }).toEqual([`Your Lumen order ${reference} is confirmed`]);
  // The mail goes out first, then the function records it, which confirms the order.
  const status = async () => ((await (await api(`/rest/v1/orders?id=eq.${orderId}&select=status`, { token })).json()) as { status: string }[])[0]?.status;
  await expect.poll(status).toBe('confirmed');

  // Another start sends nothing again: the request was answered and recorded this time.
  await server.stop();
  server = await startChildServer({ port, dataDir, projectDir, entry: LUMEN_START });
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(await receipts()).toEqual([`Your Lumen order ${reference} is confirmed`]);
}, 360_000);
