-- Catalog search and listing: one RPC, `search_items`, for the grid, the search dialog and /search.
--
-- Typo tolerance: every word is matched as a full-text prefix ("lam" finds "lamp"). A word that is
-- no prefix of any known title word is corrected against a vocabulary of title words by edit
-- distance (fuzzystrmatch, catches swaps such as "lmap") and trigram similarity (pg_trgm, catches
-- longer misspellings), and the corrections join the query as alternatives.

create table public.search_terms (
  term text primary key check (term ~ '^[a-z0-9]{2,40}$')
);

comment on table public.search_terms is 'Words of item titles and category names: the vocabulary typo corrections come from.';

create index search_terms_length_idx on public.search_terms (length(term), term);
create index search_terms_trgm_idx on public.search_terms using gin (term extensions.gin_trgm_ops);

alter table public.search_terms enable row level security;
create policy "Anyone can read search terms" on public.search_terms for select to anon, authenticated using (true);
revoke insert, update, delete, truncate on public.search_terms from anon, authenticated;
grant select on public.search_terms to anon, authenticated;
grant all on public.search_terms to service_role;

create or replace function public.search_words(input text) returns text[]
language sql
immutable
set search_path = ''
as $$
  select coalesce(array_agg(word order by position), '{}')
  from (
    select word, position
    from unnest(regexp_split_to_array(lower(coalesce(input, '')), '[^a-z0-9]+')) with ordinality as w (word, position)
    where length(word) between 1 and 40
    limit 8
  ) words
$$;

-- Keeps the vocabulary in step with titles and category names; the column comes as the trigger's
-- argument. Security definer: clients never write the catalog, but this must not depend on who does.
create or replace function public.remember_search_terms() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.search_terms (term)
  select distinct word from unnest(public.search_words(to_jsonb(new) ->> tg_argv[0])) as word
  where length(word) >= 2
  on conflict do nothing;
  return new;
end;
$$;

create trigger items_remember_search_terms after insert or update of title on public.items
for each row execute function public.remember_search_terms('title');

create trigger categories_remember_search_terms after insert or update of name on public.categories
for each row execute function public.remember_search_terms('name');

revoke execute on function public.remember_search_terms() from public, anon, authenticated;

-- The tsquery for a visitor's text: each word as a prefix, plus up to three corrections when the
-- word is nobody's prefix. Null when the text has no words (list everything).
create or replace function public.search_query(input text) returns tsquery
language plpgsql
stable
set search_path = ''
as $$
declare
  word text;
  alternatives text[];
  parts text[] := '{}';
  max_distance integer;
begin
  foreach word in array public.search_words(input) loop
    alternatives := array[word];
    if length(word) >= 3 and not exists (
      select 1 from public.search_terms t where t.term >= word and t.term < word || '~' limit 1
    ) then
      max_distance := case when length(word) <= 4 then 2 else least(3, length(word) / 3 + 1) end;
      select alternatives || coalesce(array_agg(term order by distance, similarity desc, term), '{}')
        into alternatives
      from (
        select t.term,
               extensions.levenshtein_less_equal(t.term, word, max_distance) as distance,
               extensions.similarity(t.term, word) as similarity
        from public.search_terms t
        where length(t.term) between length(word) - max_distance and length(word) + max_distance
        order by 2, 3 desc, 1
        limit 3
      ) candidates
      where distance <= max_distance or similarity >= 0.4;
    end if;
    parts := parts || ('(' || (
      select string_agg(quote_literal(alternative) || ':*', ' | ') from unnest(alternatives) as alternative
    ) || ')');
  end loop;
  if cardinality(parts) = 0 then
    return null;
  end if;
  -- Only stop words ("the", "and") leaves an empty query: list everything rather than nothing.
  return nullif(to_tsquery('english'::regconfig, array_to_string(parts, ' & ')), ''::tsquery);
end;
$$;

-- Search and listing in one call. Returns {"total": n, "items": [...]} for one page.
-- Filters: text, category slug, price range (minor units), in stock, featured. Sorts: relevance (needs text;
-- otherwise newest), price_asc, price_desc, newest. Ties break on id, so paging is stable.
create or replace function public.search_items(
  query text default '',
  category text default null,
  min_price integer default null,
  max_price integer default null,
  in_stock boolean default false,
  featured boolean default false,
  sort text default 'relevance',
  page integer default 1,
  page_size integer default 24
) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  ts tsquery := public.search_query(query);
  category_id bigint;
  order_clause text;
  total bigint;
  rows jsonb;
  filters constant text := '
    ($1::tsquery is null or i.search_vector @@ $1)
    and ($2::bigint is null or i.category_id = $2)
    and ($3::integer is null or i.price_cents >= $3)
    and ($4::integer is null or i.price_cents <= $4)
    and (not $5 or i.stock > 0)
    and (not $6 or i.featured)';
begin
  if page is null or page < 1 or page > 10000 then
    raise exception 'page must be between 1 and 10000' using errcode = '22023';
  end if;
  if page_size is null or page_size < 1 or page_size > 60 then
    raise exception 'page_size must be between 1 and 60' using errcode = '22023';
  end if;
  if min_price < 0 or max_price < 0 or min_price > max_price then
    raise exception 'the price range is invalid' using errcode = '22023',
      hint = 'Use non-negative prices with min_price <= max_price.';
  end if;
  if length(coalesce(query, '')) > 200 then
    raise exception 'the search text is longer than 200 characters' using errcode = '22023';
  end if;

  order_clause := case coalesce(sort, 'relevance')
    when 'relevance' then case when ts is null then 'i.created_at desc, i.id desc'
                               else 'ts_rank_cd(i.search_vector, $1) desc, i.id' end
    when 'price_asc' then 'i.price_cents, i.id'
    when 'price_desc' then 'i.price_cents desc, i.id desc'
    when 'newest' then 'i.created_at desc, i.id desc'
  end;
  if order_clause is null then
    raise exception 'unknown sort "%"', sort using errcode = '22023',
      hint = 'Use relevance, price_asc, price_desc or newest.';
  end if;

  if category is not null then
    select c.id into category_id from public.categories c where c.slug = category;
    if category_id is null then
      return jsonb_build_object('total', 0, 'items', '[]'::jsonb);
    end if;
  end if;

  execute 'select count(*) from public.items i where ' || filters
    into total using ts, category_id, min_price, max_price, coalesce(in_stock, false), coalesce(featured, false);

  execute 'select coalesce(jsonb_agg(to_jsonb(page_rows)), ''[]'') from (
      select i.id, i.slug, i.title, i.price_cents, i.currency, i.stock, i.image_paths, i.created_at,
             c.slug as category_slug, c.name as category_name
      from public.items i join public.categories c on c.id = i.category_id
      where ' || filters || '
      order by ' || order_clause || '
      limit $7 offset $8) page_rows'
    into rows using ts, category_id, min_price, max_price, coalesce(in_stock, false), coalesce(featured, false),
      page_size, (page - 1) * page_size;

  return jsonb_build_object('total', total, 'items', rows);
end;
$$;

grant execute on function public.search_items(text, text, integer, integer, boolean, boolean, text, integer, integer) to anon, authenticated, service_role;
grant execute on function public.search_query(text), public.search_words(text) to anon, authenticated, service_role;
