import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts';

/**
 * config.toml's [api] schemas and extra_search_path, as the Supabase CLI hands them to PostgREST
 * (db-schemas, db-extra-search-path): what /rest/v1 exposes and the search_path of its requests.
 */

const CONFIG = `
project_id = "schemas"

[api]
enabled = true
port = 54321
schemas = ["public", "api", "graphql_public"]
extra_search_path = ["public", "extensions", "utils"]
max_rows = 1000
`;

const MIGRATION = `
create schema api;
create schema utils;
create schema private;
grant usage on schema api, utils to anon, authenticated, service_role;

create table api.notes (id int primary key, body text not null);
alter table api.notes enable row level security;
create policy "Anyone can read notes" on api.notes for select using (true);
create policy "Anyone can add notes" on api.notes for insert with check (true);
grant select, insert on api.notes to anon, authenticated;
insert into api.notes values (1, 'in api');

create table public.notes (id int primary key, body text not null);
alter table public.notes enable row level security;
create policy "Anyone can read notes" on public.notes for select using (true);
grant select on public.notes to anon, authenticated;
insert into public.notes values (1, 'in public');

create table private.secrets (id int primary key);

-- Reached only through the request's search_path: no schema named in the bodies below.
create function utils.shout(words text) returns text language sql immutable as $$ select upper(words) || '!' $$;
grant execute on function utils.shout(text) to anon, authenticated;

create function api.shout_note(note_id int) returns text language plpgsql stable as $$
begin
  return shout((select body from notes where id = note_id));
end $$;

create function api.request_search_path() returns text language sql stable as $$ select current_setting('search_path') $$;

create view api.loud_notes with (security_invoker = true) as select id, api.shout_note(id) as loud from api.notes;
grant select on api.loud_notes to anon, authenticated;
`;

let projectDir: string;
let backend: TestBackend;

beforeAll(async () => {
  projectDir = await mkdtemp(path.join(tmpdir(), 'lumen-rest-schemas-'));
  await mkdir(path.join(projectDir, 'migrations'));
  await writeFile(path.join(projectDir, 'config.toml'), CONFIG);
  await writeFile(path.join(projectDir, 'migrations', '20250101000000_schemas.sql'), MIGRATION);
  backend = await createTestBackend({ projectDir });
});

afterAll(async () => {
  await backend?.close();
  await rm(projectDir, { recursive: true, force: true });
});

describe('[api] schemas', () => {
  it('reads the first schema by default and another through Accept-Profile', async () => {
    const client = backend.anonClient();
    expect((await client.from('notes').select('body')).data).toEqual([{ body: 'in public' }]);
    const fromApi = await client.schema('api').from('notes').select('body');
    expect(fromApi.error).toBeNull();
    expect(fromApi.data).toEqual([{ body: 'in api' }]);
  });

  it('writes to another schema through Content-Profile', async () => {
    const inserted = await backend.anonClient().schema('api').from('notes').insert({ id: 2, body: 'added' }).select('id, body');
    expect(inserted.error).toBeNull();
    expect(inserted.data).toEqual([{ id: 2, body: 'added' }]);
    const { rows } = await backend.ctx.db.query('select id from public.notes order by id');
    expect(rows).toEqual([{ id: 1 }]);
  });

  it('answers PGRST106 listing the exposed schemas for any other', async () => {
    const response = await backend.fetch('http://localhost:54321/rest/v1/secrets', {
      headers: { apikey: backend.ctx.keys.anonKey, 'Accept-Profile': 'private' },
    });
    expect(response.status).toBe(406);
    expect(await response.json()).toEqual({
      code: 'PGRST106',
      details: null,
      hint: 'Only the following schemas are exposed: public, api, graphql_public',
      message: 'Invalid schema: private',
    });
  });

  it('treats a listed schema that does not exist (graphql_public) as an empty one', async () => {
    const missing = await backend.anonClient().schema('graphql_public').from('notes').select();
    expect(missing.status).toBe(404);
    expect(missing.error).toMatchObject({ code: 'PGRST205', message: "Could not find the table 'graphql_public.notes' in the schema cache" });
  });
});

describe('[api] extra_search_path', () => {
  it('puts the request schema first, then the extra schemas, in every request’s search_path', async () => {
    const { data, error } = await backend.anonClient().schema('api').rpc('request_search_path');
    expect(error).toBeNull();
    expect(data).toBe('"api", "public", "extensions", "utils"');
  });

  it('lets function bodies and views reach an extra schema’s functions unqualified', async () => {
    const client = backend.anonClient().schema('api');
    const called = await client.rpc('shout_note', { note_id: 1 });
    expect(called.error).toBeNull();
    expect(called.data).toBe('IN API!');
    const viewed = await client.from('loud_notes').select('loud').eq('id', 1);
    expect(viewed.error).toBeNull();
    expect(viewed.data).toEqual([{ loud: 'IN API!' }]);
  });

  it('does not reach a schema left out of it', async () => {
    const narrow = await createTestBackend({ projectDir, config: { api: { extra_search_path: ['public', 'extensions'] } } });
    try {
      const { error } = await narrow.anonClient().schema('api').rpc('shout_note', { note_id: 1 });
      expect(error).toMatchObject({ code: '42883', message: 'function shout(text) does not exist' });
    } finally {
      await narrow.close();
    }
  });
});
