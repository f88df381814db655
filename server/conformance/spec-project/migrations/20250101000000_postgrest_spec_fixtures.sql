-- The spec-derived conformance tests' schema (server/conformance/spec-*.test.ts), modelled on PostgREST's own test fixtures
-- (test/spec/fixtures/schema.sql and data.sql, v14): the same table, constraint and function names
-- wherever a spec's expected body depends on them (embedding hints, PGRST201 details, PGRST202 hints),
-- so each expected answer can be read off PostgREST's spec files. Exposed schema: public.

-- Clients, projects, tasks and users: many-to-one, one-to-many and many-to-many through junctions
-- whose foreign key columns are their primary key. The constraints are renamed as upstream so the
-- constraint names (client, project) work as hints.
create table public.clients (
  id int primary key,
  name text not null
);

create table public.projects (
  id int primary key,
  name text not null,
  client_id int references public.clients (id)
);
alter table public.projects rename constraint projects_client_id_fkey to client;

create table public.users (
  id int primary key,
  name text not null
);

create table public.users_projects (
  user_id int not null references public.users (id),
  project_id int not null references public.projects (id),
  primary key (project_id, user_id)
);

create table public.tasks (
  id int primary key,
  name text not null,
  project_id int references public.projects (id)
);
alter table public.tasks rename constraint tasks_project_id_fkey to project;

create table public.users_tasks (
  user_id int not null references public.users (id),
  task_id int not null references public.tasks (id),
  primary key (task_id, user_id)
);

-- A simple view over a table with keys: it relates through projects' keys.
create view public.projects_view as select * from public.projects;

insert into public.clients values (1, 'Microsoft'), (2, 'Apple');
insert into public.projects values (1, 'Windows 7', 1), (2, 'Windows 10', 1), (3, 'IOS', 2), (4, 'OSX', 2), (5, 'Orphan', null);
insert into public.users values (1, 'Angela Martin'), (2, 'Michael Scott'), (3, 'Dwight Schrute');
insert into public.users_projects values (1, 1), (1, 2), (2, 3), (2, 4), (3, 1), (3, 3);
insert into public.tasks values
  (1, 'Design w7', 1), (2, 'Code w7', 1), (3, 'Design w10', 2), (4, 'Code w10', 2),
  (5, 'Design IOS', 3), (6, 'Code IOS', 3), (7, 'Design OSX', 4), (8, 'Code OSX', 4);
insert into public.users_tasks values (1, 1), (1, 2), (1, 3), (1, 4), (2, 5), (2, 6), (2, 7), (3, 1), (3, 5);

-- Two foreign keys that are NOT part of the junction's primary key: no many-to-many.
create table public.sellers (id int primary key, name text);
create table public.buyers (id int primary key, name text);
create table public.deals (
  id int primary key,
  seller_id int references public.sellers (id),
  buyer_id int references public.buyers (id)
);
insert into public.sellers values (1, 'seller 1');
insert into public.buyers values (1, 'buyer 1');
insert into public.deals values (1, 1, 1);

-- One-to-one: a foreign key on a unique column, and one on the primary key (composite).
create table public.country (
  id int primary key,
  name text
);
create table public.capital (
  id int primary key,
  name text,
  country_id int unique,
  foreign key (country_id) references public.country (id)
);
insert into public.country values (1, 'Afghanistan'), (2, 'Algeria');
insert into public.capital values (1, 'Kabul', 1), (2, 'Algiers', 2);

create table public.students (
  id int,
  code text,
  name text,
  primary key (id, code)
);
create table public.students_info (
  id int,
  code text,
  address text,
  primary key (id, code),
  foreign key (code, id) references public.students (code, id) on delete cascade
);
insert into public.students values (1, '0001', 'John Doe'), (2, '0002', 'Jane Doe');
insert into public.students_info values (1, '0001', 'Street 1'), (2, '0002', 'Street 2');

-- Self-references: one key (family_tree.parent, constraint pptr) and two keys (organizations).
create table public.family_tree (
  id text not null primary key,
  name text not null,
  parent text
);
alter table only public.family_tree add constraint pptr foreign key (parent) references public.family_tree (id);
insert into public.family_tree values
  ('1', 'Parental Unit', null), ('2', 'Kid One', '1'), ('3', 'Kid Two', '1'), ('4', 'Grandkid One', '2'), ('5', 'Grandkid Two', '3');

create table public.managers (
  id int primary key,
  name text
);
create table public.organizations (
  id int primary key,
  name text,
  referee int references public.organizations (id),
  auditor int references public.organizations (id),
  manager_id int references public.managers (id)
);
alter table only public.organizations rename constraint organizations_manager_id_fkey to manager;
insert into public.managers values
  (1, 'Referee Manager'), (2, 'Auditor Manager'), (3, 'Acme Manager'), (4, 'Umbrella Manager'), (5, 'Cyberdyne Manager'), (6, 'Oscorp Manager');
insert into public.organizations values
  (1, 'Referee Org', null, null, 1), (2, 'Auditor Org', null, null, 2), (3, 'Acme', 1, 2, 3),
  (4, 'Umbrella', 1, 2, 4), (5, 'Cyberdyne', 3, 4, 5), (6, 'Oscorp', 3, 4, 6);

-- Disambiguation: a many-to-one plus two many-to-many (a table junction and a view junction);
-- a circular reference; two one-to-one keys to the same table.
create table public.big_projects (
  big_project_id serial primary key,
  name text
);
create table public.sites (
  site_id serial primary key,
  name text,
  main_project_id int null references public.big_projects (big_project_id)
);
alter table public.sites rename constraint sites_main_project_id_fkey to main_project;
create table public.jobs (
  job_id uuid,
  name text,
  site_id int not null references public.sites (site_id),
  big_project_id int not null references public.big_projects (big_project_id),
  primary key (job_id, site_id, big_project_id)
);
create view public.main_jobs as
  select * from public.jobs where site_id in (select site_id from public.sites where main_project_id is not null);
insert into public.big_projects (big_project_id, name) values (1, 'big project 1'), (2, 'big project 2');
insert into public.sites (site_id, name, main_project_id) values (1, 'site 1', 1), (2, 'site 2', null), (3, 'site 3', 2), (4, 'site 4', null);
insert into public.jobs (job_id, name, site_id, big_project_id) values
  ('bc5d5362-b881-438f-b9f5-7417e08704ed', 'job 1-1', 1, 1),
  ('3bd52697-033b-4edd-8a28-46a9c04b7c1e', 'job 2-1', 2, 1),
  ('e6e67e4e-19b1-11e9-ab14-d663bd873d93', 'job 2-2', 2, 2);

create table public.agents (
  id int primary key,
  name text,
  department_id int
);
create table public.departments (
  id int primary key,
  name text,
  head_id int references public.agents (id)
);
alter table public.agents add constraint agents_department_id_fkey foreign key (department_id) references public.departments (id);
insert into public.agents (id, name) values (1, 'agent 1'), (2, 'agent 2'), (3, 'agent 3'), (4, 'agent 4');
insert into public.departments (id, name, head_id) values (1, 'dep 1', 1), (2, 'dep 3', 3);
update public.agents set department_id = 1 where id in (1, 2);
update public.agents set department_id = 2 where id in (3, 4);

create table public.second (
  id int primary key,
  name text
);
create table public.first (
  id int primary key,
  name text,
  second_id_1 int references public.second unique,
  second_id_2 int references public.second unique
);

-- One-to-many two levels deep (inner joins, spreads).
create table public.entities (
  id int primary key,
  name text
);
create table public.child_entities (
  id int primary key,
  name text,
  parent_id int references public.entities (id)
);
create table public.grandchild_entities (
  id int primary key,
  name text,
  parent_id int references public.child_entities (id)
);
insert into public.entities values (1, 'entity 1'), (2, 'entity 2'), (3, 'entity 3'), (4, null);
insert into public.child_entities values
  (1, 'child entity 1', 1), (2, 'child entity 2', 1), (3, 'child entity 3', 2),
  (4, 'child entity 4', 1), (5, 'child entity 5', 1), (6, 'child entity 6', 2);
insert into public.grandchild_entities values
  (1, 'grandchild entity 1', 1), (2, 'grandchild entity 2', 1), (3, 'grandchild entity 3', 2),
  (4, '(grandchild,entity,4)', 2), (5, '(grandchild,entity,5)', 2);

-- Spreads of to-one and to-many relationships.
create table public.factories (
  id int primary key,
  name text
);
create table public.process_categories (
  id int primary key,
  name text
);
create table public.processes (
  id int primary key,
  name text,
  factory_id int references public.factories (id),
  category_id int references public.process_categories (id)
);
create table public.process_costs (
  process_id int references public.processes (id) primary key,
  cost numeric
);
insert into public.factories values (1, 'Factory A'), (2, 'Factory B'), (3, 'Factory C'), (4, 'Factory D');
insert into public.process_categories values (1, 'Batch'), (2, 'Mass');
insert into public.processes values
  (1, 'Process A1', 1, 1), (2, 'Process A2', 1, 2), (3, 'Process B1', 2, 1), (4, 'Process B2', 2, 1),
  (5, 'Process C1', 3, 2), (6, 'Process C2', 3, 2), (7, 'Process XX', 3, 2), (8, 'Process YY', 3, 2);
insert into public.process_costs values (1, 150.00), (2, 200.00), (3, 180.00), (4, 70.00), (5, 40.00), (6, 70.00), (8, 40.00);

-- Computed fields: functions taking the table's row type and returning a scalar.
create table public.items (
  id bigserial primary key
);
insert into public.items select generate_series(1, 15);
select setval('public.items_id_seq', 15, true);

create function public.always_true(public.items) returns boolean
  language sql immutable as $$ select true $$;
create function public.anti_id(public.items) returns bigint
  language sql immutable as $$ select $1.id * -1 $$;
create function public.search(id bigint) returns setof public.items
  language sql stable as $$ select * from public.items where items.id = search.id $$;

-- Computed relationships: functions taking a row and returning rows (SETOF ... ROWS 1 and a single
-- row are to-one, SETOF is to-many); designers(videogames) and videogames(designers) override the
-- foreign key relationships of the same names.
create table public.designers (
  id int primary key,
  name text
);
create table public.videogames (
  id int primary key,
  name text,
  designer_id int references public.designers (id)
);
insert into public.designers values (1, 'Sid Meier'), (2, 'Hironobu Sakaguchi');
insert into public.videogames values (1, 'Civilization I', 1), (2, 'Civilization II', 1), (3, 'Final Fantasy I', 2), (4, 'Final Fantasy II', 2);

create function public.computed_designers(public.videogames) returns setof public.designers
  language sql stable rows 1 as $$ select * from public.designers where id = $1.designer_id $$;
create function public.computed_designers_noset(public.videogames) returns public.designers
  language sql stable as $$ select * from public.designers where id = $1.designer_id $$;
create function public.computed_videogames(public.designers) returns setof public.videogames
  language sql stable as $$ select * from public.videogames where designer_id = $1.id $$;
create function public.getallvideogames() returns setof public.videogames
  language sql stable as $$ select * from public.videogames $$;
create function public.getalldesigners() returns setof public.designers
  language sql stable as $$ select * from public.designers $$;
create function public.designers(public.videogames) returns setof public.designers
  language sql stable rows 1 as $$ select * from public.designers where false $$;
create function public.videogames(public.designers) returns setof public.videogames
  language sql stable as $$ select * from public.videogames where false $$;

create table public.web_content (
  id int,
  name text,
  p_web_id int references public.web_content (id),
  primary key (id)
);
insert into public.web_content values (5, 'wat', null), (0, 'tardis', 5), (1, 'fezz', 0), (2, 'foo', 0), (3, 'bar', 0), (4, 'wut', 1);
create function public.child_web_content(public.web_content) returns setof public.web_content
  language sql stable as $$ select * from public.web_content where $1.id = p_web_id $$;
create function public.parent_web_content(public.web_content) returns setof public.web_content
  language sql stable rows 1 as $$ select * from public.web_content where $1.p_web_id = id $$;

-- Aggregates.
create table public.project_invoices (
  id int primary key,
  invoice_total numeric,
  project_id int references public.projects (id)
);
insert into public.project_invoices values
  (1, 100, 1), (2, 200, 1), (3, 500, 2), (4, 700, 2), (5, 1200, 3), (6, 2000, 3), (7, 100, 4), (8, 4000, 4);

create table public.trash_details (
  id int primary key,
  jsonb_col jsonb
);
insert into public.trash_details values (1, '{"key": 10}'), (2, '{"key": 6}'), (3, '{"key": 8}');

-- Functions (RPC).
create function public.get_projects() returns setof public.projects
  language sql stable as $$ select * from public.projects $$;
create function public.getproject(id int) returns setof public.projects
  language sql stable as $$ select * from public.projects where id = $1 $$;
create function public.get_project(id int) returns public.projects
  language sql stable as $$ select * from public.projects where id = $1 $$;
create function public.allcountries() returns setof public.country
  language sql stable as $$ select * from public.country $$;
create function public.getallusers() returns setof public.users
  language sql stable as $$ select * from public.users $$;
create function public.getitemrange(min bigint, max bigint) returns setof public.items
  language sql stable as $$ select * from public.items where id > $1 and id <= $2 $$;
create function public.add_them(a int, b int) returns int
  language sql immutable as $$ select a + b $$;

-- Overloads chosen by argument names (as upstream, including the unnamed json one).
create function public.overloaded() returns setof int
  language sql as $$ values (1), (2), (3) $$;
create function public.overloaded(json) returns table (x int, y text)
  language sql as $$ select * from json_to_recordset($1) as r (x int, y text) $$;
create function public.overloaded(a int, b int) returns int
  language sql as $$ select a + b $$;
create function public.overloaded(a text, b text, c text) returns text
  language sql as $$ select a || b || c $$;

create function public.overloaded_same_args(arg integer) returns json
  language sql as $$ select json_build_object('type', pg_typeof(arg), 'value', arg) $$;
create function public.overloaded_same_args(arg xml) returns json
  language sql as $$ select json_build_object('type', pg_typeof(arg), 'value', arg) $$;
create function public.overloaded_same_args(arg text, num integer default 0) returns json
  language sql as $$ select json_build_object('type', pg_typeof(arg), 'value', arg) $$;

-- Functions with a single unnamed parameter: the POST body is the argument, by Content-Type
-- (json/jsonb, text, xml, bytea; an int one is not callable so, and PostgREST leaves it out of its cache).
create function public.unnamed_json_param(json) returns json
  language sql as $$ select $1 $$;
create function public.named_json_param(data json) returns json
  language sql as $$ select data $$;
create function public.unnamed_text_param(text) returns text
  language sql as $$ select $1 $$;
create function public.unnamed_bytea_param(bytea) returns text
  language sql as $$ select encode($1, 'hex') $$;
create function public.unnamed_xml_param(xml) returns text
  language sql as $$ select $1::text $$;
create function public.unnamed_int_param(int) returns int
  language sql as $$ select $1 $$;

create function public.overloaded_unnamed_param(json) returns json
  language sql as $$ select $1 $$;
create function public.overloaded_unnamed_param(bytea) returns text
  language sql as $$ select 'bytea ' || encode($1, 'hex') $$;
create function public.overloaded_unnamed_param(text) returns text
  language sql as $$ select 'text ' || $1 $$;
create function public.overloaded_unnamed_param() returns int
  language sql as $$ select 1 $$;
create function public.overloaded_unnamed_param(x int, y int) returns int
  language sql as $$ select x + y $$;

create function public.overloaded_unnamed_json_jsonb_param(json) returns json
  language sql as $$ select $1 $$;
create function public.overloaded_unnamed_json_jsonb_param(jsonb) returns jsonb
  language sql as $$ select $1 $$;
create function public.overloaded_unnamed_json_jsonb_param(x int, y int) returns int
  language sql as $$ select x + y $$;

-- A row-type argument (also a computed field of projects).
create function public.project_label(p public.projects) returns text
  language sql stable as $$ select p.name || ' #' || p.id $$;

-- Volatile functions for Prefer: max-affected.
create function public.delete_items_returns_setof() returns setof public.items
  language sql as $$ delete from public.items where id <= 15 returning * $$;
create function public.delete_items_returns_table() returns table (id bigint)
  language sql as $$ delete from public.items where id <= 15 returning * $$;
create function public.delete_items_returns_void() returns void
  language sql as $$ delete from public.items $$;

-- Overloads as supabase's postgrest-js tests them: PostgREST lists ambiguous candidates in its own
-- order (fewer parameters, then by name and type), never by creation; functions with an unnamed
-- parameter of a type that cannot take a raw body (int, bool, a row) are not callable at all.
create function public.postgrest_unresolvable_function() returns void language sql as '';
create function public.postgrest_unresolvable_function(a text) returns int language sql as 'select 1';
create function public.postgrest_unresolvable_function(a int) returns text language sql as $$ select 'int' $$;
create function public.polymorphic_function_with_unnamed_default() returns int language sql as 'select 1';
create function public.polymorphic_function_with_unnamed_default(int default 42) returns int language sql as 'select 2';
create function public.polymorphic_function_with_unnamed_default(text default 'default') returns text language sql as $$ select 'text ' || $1 $$;
create function public.polymorphic_function_with_different_return(bool) returns int language sql as 'select 1';
create function public.polymorphic_function_with_different_return(int) returns int language sql as 'select 2';
create function public.polymorphic_function_with_different_return(text) returns text language sql as 'select $1';
create function public.blurb_message(public.projects) returns text language sql stable as $$ select 'blurb ' || $1.name $$;
-- Polymorphic parameters: a query string's text values stay untyped, a JSON body's go through json_to_record.
create function public.echo_any(v anyelement) returns anyelement language sql immutable as 'select v';

grant select, insert, update, delete on all tables in schema public to anon, authenticated, service_role;
grant usage on all sequences in schema public to anon, authenticated, service_role;
