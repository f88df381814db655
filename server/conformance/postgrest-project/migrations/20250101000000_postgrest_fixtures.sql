-- A schema of the server's own, modelled on PostgREST's test fixtures (test/spec/fixtures/schema.sql),
-- for the relationship, computed-field, aggregate and RPC behaviours Lumen itself does not use.
create table clients (id int primary key, name text not null);
create table projects (id int primary key, name text not null, client_id int references clients(id));
create table country (id int primary key, name text not null);
create table capital (id int primary key, name text not null, country_id int unique references country(id));
create table family_tree (id int primary key, name text not null, parent int references family_tree(id));
create table users (id int primary key, name text not null);
create table tasks (id int primary key, name text not null);
create table users_tasks (user_id int references users(id), task_id int references tasks(id), primary key (user_id, task_id));
create table messages (id int primary key, body text, sender int references users(id), recipient int references users(id));
create view projects_view as select id, name, client_id from projects;
create table orders (id int primary key, client_id int references clients(id), amount int not null);

create function full_name(clients) returns text language sql stable as $$ select $1.name || ' Ltd' $$;
create function client_projects(clients) returns setof projects language sql stable as $$ select * from projects where client_id = $1.id order by id $$;
create function first_project(clients) returns projects language sql stable as $$ select * from projects where client_id = $1.id order by id limit 1 $$;

create function echo_text(text) returns text language sql immutable as $$ select 'got ' || $1 $$;
create function bytes_length(bytea) returns int language sql immutable as $$ select length($1) $$;
create function json_keys(json) returns text[] language sql immutable as $$ select array(select json_object_keys($1) order by 1) $$;
create function overloaded(a int) returns text language sql immutable as $$ select 'a' $$;
create function overloaded(a int, b int) returns text language sql immutable as $$ select 'a,b' $$;
create function overloaded(c text) returns text language sql immutable as $$ select 'c' $$;
create function project_name(p projects) returns text language sql immutable as $$ select p.name || '#' || p.id $$;
create function get_projects() returns setof projects language sql stable as $$ select * from projects order by id $$;
create function get_project(id int) returns projects language sql stable as $$ select * from projects where projects.id = get_project.id $$;
create function touch_projects() returns setof projects language sql volatile as $$ update projects set name = name || '*' returning * $$;

insert into clients values (1, 'Microsoft'), (2, 'Apple'), (3, 'Idle');
insert into projects values (1, 'Windows 7', 1), (2, 'Windows 10', 1), (3, 'IOS', 2), (4, 'OSX', 2), (5, 'Orphan', null);
insert into country values (1, 'Afghanistan'), (2, 'Algeria');
insert into capital values (1, 'Kabul', 1);
insert into family_tree values (1, 'Parental Unit', null), (2, 'Kid One', 1), (3, 'Kid Two', 1);
insert into users values (1, 'Angela Martin'), (2, 'Michael Scott'), (3, 'Dwight Schrute');
insert into tasks values (1, 'Design w7'), (2, 'Code w7'), (3, 'Design w10');
insert into users_tasks values (1, 1), (1, 2), (2, 3), (3, 1);
insert into messages values (1, 'Hello', 1, 2);
insert into orders values (1, 1, 10), (2, 1, 20), (3, 2, 5);
