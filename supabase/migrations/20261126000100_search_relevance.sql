-- Search that answers what was asked (issue 15; docs/decisions/004-catalog-search.md, addendum
-- "Relevance").
--
--   * Accents are optional both ways: "boucle" finds "Bouclé", "bouclé" finds "boucle". Titles,
--     descriptions, the typo vocabulary and the visitor's words all go through unaccent.
--   * Words for kinds reach their family through a small synonym table: "lamp" also finds lights,
--     lanterns and sconces, "seating" finds chairs, stools, benches and sofas, "grey" finds charcoal.
--   * Typo correction is stricter: one edit, or two when they only swap letters ("lmap", "chiar")
--     or the word is long; a correction is only tried for a word that prefixes no known word, so it
--     never outranks an exact match. "asdfgh" no longer turns into "ash".
--   * Text with no usable word (symbols, emoji, stop words, one 60-letter "word") finds nothing
--     instead of listing the whole catalogue.

create extension if not exists unaccent with schema extensions;

-- unaccent() is stable (its dictionary could change); naming the dictionary makes this wrapper
-- safe to declare immutable, which a generated column and an expression index need.
create or replace function public.unaccented(input text) returns text
language sql
immutable
parallel safe
strict
set search_path = ''
as $$
  select extensions.unaccent('extensions.unaccent'::regdictionary, input)
$$;

create or replace function public.search_words(input text) returns text[]
language sql
immutable
set search_path = ''
as $$
  select coalesce(array_agg(word order by position), '{}')
  from (
    select word, position
    from unnest(regexp_split_to_array(lower(public.unaccented(coalesce(input, ''))), '[^a-z0-9]+')) with ordinality as w (word, position)
    where length(word) between 1 and 40
    limit 8
  ) words
$$;

-- The search vector again, over unaccented text (a generated column's expression cannot be altered).
alter table public.items drop column search_vector;
alter table public.items add column search_vector tsvector generated always as (
  setweight(to_tsvector('english'::regconfig, public.unaccented(title)), 'A')
  || setweight(to_tsvector('english'::regconfig, public.unaccented(description)), 'B')
) stored;
create index items_search_vector_idx on public.items using gin (search_vector) with (fastupdate = off);

drop index public.items_title_vector_idx;
create index items_title_vector_idx on public.items using gin (to_tsvector('english'::regconfig, public.unaccented(title)))
  with (fastupdate = off);

-- The typo vocabulary, rebuilt without accents.
delete from public.search_terms;
insert into public.search_terms (term)
select distinct word
from (select title as text from public.items union all select name from public.categories) source,
     unnest(public.search_words(source.text)) as word
where length(word) >= 2
on conflict do nothing;

create table public.search_synonyms (
  term text primary key check (term ~ '^[a-z0-9]{2,40}$'),
  alternatives text[] not null check (cardinality(alternatives) between 1 and 12)
);

comment on table public.search_synonyms is
  'Words a shopper uses for what the catalog calls otherwise: each term also searches its alternatives (as prefixes).';

alter table public.search_synonyms enable row level security;
create policy "Anyone can read search synonyms" on public.search_synonyms for select to anon, authenticated using (true);
revoke insert, update, delete, truncate, references, trigger on public.search_synonyms from anon, authenticated;
grant select on public.search_synonyms to anon, authenticated;
grant all on public.search_synonyms to service_role;

insert into public.search_synonyms (term, alternatives) values
  ('lamp', '{light,lantern,sconce}'),
  ('light', '{lamp,lantern,sconce}'),
  ('lighting', '{lamp,light,lantern,sconce}'),
  ('chair', '{armchair}'),
  ('seat', '{chair,armchair,stool,bench,sofa}'),
  ('seating', '{chair,armchair,stool,bench,sofa}'),
  ('couch', '{sofa}'),
  ('settee', '{sofa}'),
  ('shelf', '{bookshelf}'),
  ('shelves', '{shelf,bookshelf}'),
  ('shelving', '{shelf,bookshelf}'),
  ('bookcase', '{bookshelf}'),
  ('cupboard', '{cabinet,sideboard}'),
  ('wardrobe', '{cabinet}'),
  ('drawers', '{drawer}'),
  ('storage', '{box,shelf,bookshelf,cabinet,sideboard,drawer,rack}'),
  ('blanket', '{throw}'),
  ('pillow', '{cushion}'),
  ('carpet', '{rug}'),
  ('drape', '{curtain}'),
  ('drapes', '{curtain}'),
  ('textile', '{throw,cushion,rug,runner,linen,curtain}'),
  ('textiles', '{throw,cushion,rug,runner,linen,curtain}'),
  ('cookware', '{pot,pan,saucepan,kettle}'),
  ('pan', '{saucepan}'),
  ('kitchen', '{pot,pan,saucepan,kettle,chopping,knife,mortar,grinder}'),
  ('cup', '{mug,tumbler}'),
  ('dish', '{plate,bowl}'),
  ('dishes', '{plate,bowl}'),
  ('jug', '{carafe}'),
  ('pitcher', '{carafe}'),
  ('tableware', '{mug,plate,bowl,tumbler,teapot,carafe,wine}'),
  ('plant', '{planter}'),
  ('decor', '{vase,mirror,candle,planter,clock,frame,tray}'),
  ('grey', '{charcoal}'),
  ('gray', '{grey,charcoal}'),
  ('green', '{sage,olive}'),
  ('blue', '{navy}'),
  ('red', '{rust}'),
  ('orange', '{rust,ochre,terracotta}'),
  ('yellow', '{ochre}'),
  ('brown', '{walnut,smoked}'),
  ('beige', '{sand,ivory}'),
  ('cream', '{ivory}'),
  ('gold', '{brass}'),
  ('silver', '{steel}'),
  ('metal', '{steel,brass,copper,iron}'),
  ('wooden', '{wood,oak,ash,walnut,beech,birch,pine,plywood}');

-- Two words made of the same letters: "lmap" and "lamp" are one swap apart, not two typos.
create or replace function public.same_letters(a text, b text) returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select (select string_agg(c, '' order by c) from regexp_split_to_table(a, '') c)
       = (select string_agg(c, '' order by c) from regexp_split_to_table(b, '') c)
$$;

-- The tsquery for a visitor's text: each word as a prefix, or'ed with up to three corrections when
-- it prefixes no known word and is no synonym, and (unless `with_synonyms` is false) with the
-- synonyms of both. Null when the text has no usable word. Relevance adds the rank against the
-- query without synonyms, so "lamp" lists lamps before lights, and lights before nothing.
drop function public.search_query(text);
create or replace function public.search_query(input text, with_synonyms boolean default true) returns tsquery
language plpgsql
stable
set search_path = ''
as $$
declare
  word text;
  choices text[];
  parts text[] := '{}';
begin
  foreach word in array public.search_words(input) loop
    choices := array[word];
    if length(word) >= 3
      and not exists (select 1 from public.search_terms t where t.term >= word and t.term < word || '~' limit 1)
      and not exists (select 1 from public.search_synonyms s where s.term = word)
    then
      select choices || coalesce(array_agg(term order by distance, term), '{}')
        into choices
      from (
        select t.term, extensions.levenshtein_less_equal(t.term, word, 2) as distance
        from public.search_terms t
        where length(t.term) between length(word) - 2 and length(word) + 2
        order by 2, 1
        limit 20
      ) candidates
      where distance <= 1
         or (distance = 2 and (length(word) >= 7 or public.same_letters(term, word)));
      choices := choices[1:4];
    end if;
    if with_synonyms then
      select choices || coalesce(array_agg(distinct synonym), '{}')
        into choices
      from public.search_synonyms s, unnest(s.alternatives) as synonym
      where s.term = any (choices) or s.term = any (array(select regexp_replace(a, 's$', '') from unnest(choices) a));
    end if;
    parts := parts || ('(' || (
      select string_agg(quote_literal(alternative) || ':*', ' | ') from (select distinct unnest(choices) as alternative) a
    ) || ')');
  end loop;
  if cardinality(parts) = 0 then
    return null;
  end if;
  -- Only stop words ("the", "and") leaves an empty query.
  return nullif(to_tsquery('english'::regconfig, array_to_string(parts, ' & ')), ''::tsquery);
end;
$$;

grant execute on function public.unaccented(text), public.same_letters(text, text), public.search_query(text, boolean)
  to anon, authenticated, service_role;

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
  cap constant integer := 1000;
  ts tsquery;
  literal tsquery;
  category_id bigint;
  order_clause text;
  filters text := 'true';
  skip integer;
  count_limit integer;
  seen integer;
  featured_ids bigint[];
  page_ids bigint[];
  ranked_ids bigint[];
  rest_ids bigint[];
  rest_seen integer;
  rows jsonb;
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

  ts := public.search_query(query);
  literal := public.search_query(query, false);
  -- Text made only of symbols, emoji, stop words or over-long "words" asks for nothing we sell:
  -- nothing matches it (an empty text still lists everything).
  if ts is null and btrim(coalesce(query, '')) <> '' then
    return jsonb_build_object('total', 0, 'total_capped', false, 'items', '[]'::jsonb);
  end if;
  order_clause := case coalesce(sort, 'relevance')
    when 'relevance' then case when ts is null then 'i.created_at desc, i.id desc' else 'rank' end
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
      return jsonb_build_object('total', 0, 'total_capped', false, 'items', '[]'::jsonb);
    end if;
  end if;

  -- Only the filters in use, so the planner sees plain conditions; values stay bound parameters
  -- ($1 text, $2 category, $3/$4 prices, $5 featured ids; each statement's own from $6).
  if category_id is not null then filters := filters || ' and i.category_id = $2'; end if;
  if min_price is not null then filters := filters || ' and i.price_cents >= $3'; end if;
  if max_price is not null then filters := filters || ' and i.price_cents <= $4'; end if;
  if coalesce(in_stock, false) then filters := filters || ' and i.stock > 0'; end if;
  if coalesce(featured, false) then
    -- Featured items are a few curated ones (home page). Without statistics (PGlite never runs
    -- ANALYZE) the planner takes half the rows for featured, and under a LIMIT it reads the whole
    -- table for them. Their ids from the partial index first make every plan see the real number.
    select array_agg(f.id) into featured_ids from public.items f where f.featured;
    if featured_ids is null then
      return jsonb_build_object('total', 0, 'total_capped', false, 'items', '[]'::jsonb);
    end if;
    filters := filters || case when cardinality(featured_ids) <= cap then ' and i.id = any ($5)' else ' and i.featured' end;
  end if;

  skip := (page - 1) * page_size;
  -- Count one past what we report: reaching count_limit means "more than total".
  count_limit := greatest(cap, skip + page_size) + 1;

  if order_clause = 'rank' then
    -- Candidates: up to cap + 1 title matches (title index, one scan); only when titles do not fill
    -- that, the other matches too (full index). Ranked, the best `cap` form the window; reaching
    -- cap + 1 candidates means there are more matches than the window.
    execute '
      with title_hits as materialized (
        select i.id, i.search_vector from public.items i
        where to_tsvector(''english''::regconfig, public.unaccented(i.title)) @@ $1 and ' || filters || '
        limit $6 + 1
      ), other_hits as materialized (
        select i.id, i.search_vector from public.items i
        where i.search_vector @@ $1 and ' || filters || ' and i.id not in (select t.id from title_hits t)
        limit $6 + 1 - (select count(*) from title_hits)
      )
      select coalesce(array_agg(w.id order by ts_rank_cd(w.search_vector, $1) + coalesce(ts_rank_cd(w.search_vector, $7), 0) desc, w.id), ''{}'')
      from (select t.id, t.search_vector from title_hits t union all select o.id, o.search_vector from other_hits o) w'
      into ranked_ids
      using ts, category_id, min_price, max_price, featured_ids, cap, literal;
    seen := cardinality(ranked_ids);
    page_ids := ranked_ids[skip + 1:least(skip + page_size, cap)];

    if seen > cap and skip + page_size > cap then
      -- A page past the window: the other matches follow in id order, read as far as this page and one more.
      execute 'select count(*)::integer, coalesce(array_agg(r.id order by r.position) filter (where r.position > $8), ''{}'')
        from (select i.id, row_number() over (order by i.id) as position from public.items i
              where i.search_vector @@ $1 and ' || filters || ' and i.id <> all ($6)
              order by i.id limit $7) r'
        into rest_seen, rest_ids
        using ts, category_id, min_price, max_price, featured_ids, ranked_ids[1:cap], count_limit - cap, greatest(skip - cap, 0);
      page_ids := page_ids || rest_ids[1:page_size - cardinality(page_ids)];
      seen := cap + rest_seen;
    end if;
  else
    if ts is not null then
      filters := filters || ' and i.search_vector @@ $1';
    end if;
    execute 'select count(*)::integer from (select 1 from public.items i where ' || filters || ' limit $6) hits'
      into seen using ts, category_id, min_price, max_price, featured_ids, count_limit;
    execute 'select coalesce(array_agg(p.id order by p.position), ''{}'') from (
        select i.id, row_number() over (order by ' || order_clause || ') as position
        from public.items i
        where ' || filters || '
        order by ' || order_clause || '
        limit $7 offset $6) p'
      into page_ids using ts, category_id, min_price, max_price, featured_ids, skip, page_size;
  end if;

  select coalesce(jsonb_agg(to_jsonb(page_rows) - 'position' order by page_rows.position), '[]'::jsonb) into rows
  from (
    select i.id, i.slug, i.title, i.price_cents, i.currency, i.stock, i.image_paths, i.created_at,
           c.slug as category_slug, c.name as category_name, p.position
    from unnest(page_ids) with ordinality as p (id, position)
    join public.items i on i.id = p.id
    join public.categories c on c.id = i.category_id
  ) page_rows;

  return jsonb_build_object('total', least(seen, count_limit - 1), 'total_capped', seen >= count_limit, 'items', rows);
end;
$$;
