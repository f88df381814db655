-- Catalog search at 100,000 items (docs/decisions/004-catalog-search.md, addendum "Search speed").
--
-- Measured on PGlite with EXPLAIN ANALYZE, the time went to three things:
--   1. the exact count(*) over every match: 100,000 rows for the empty query, thousands for a word;
--   2. ts_rank_cd for every match before the page was cut (0.7–2.3 µs a row, 46,000 rows for "small");
--   3. the GIN pending list: PGlite never runs autovacuum, so items written after the index was built
--      sat in an unsorted list that every search read in full (~5 ms a query at 100,000 items).
-- Now: totals are counted up to 1,000 ("1,000+"), relevance ranks a window of at most 1,000
-- candidates (title matches first, found through a title-only index), and the GIN indexes have no
-- pending list.

-- 3. No pending list: every insert updates the index directly (catalog writes are rare; reads are not).
alter index public.items_search_vector_idx set (fastupdate = off);
select gin_clean_pending_list('public.items_search_vector_idx'::regclass);

-- Title words alone, so "items whose title matches" comes straight from an index instead of
-- rechecking a weight-A query on every match (a word common in descriptions but rare in titles
-- would otherwise read every matching row).
create index items_title_vector_idx on public.items using gin (to_tsvector('english'::regconfig, title))
  with (fastupdate = off);

-- Same arguments as before. Returns {"total", "total_capped", "items"}:
--   total        the number of matches, counted up to 1,000 (or up to the end of the requested page
--                when that lies further: page 50 of 24 counts to 1,200);
--   total_capped true when there are more matches than `total` (show "1,000+"); a page after the
--                requested one then always exists;
--   items        the page.
-- Relevance with text: when a query has at most 1,000 matches, all of them are ranked by ts_rank_cd
-- exactly as before (ties on id). Above that, 1,001 candidates are taken, title matches first, each
-- kind in table order; the best 1,000 of them by ts_rank_cd (ties on id) are positions 1–1,000,
-- and every other match follows in id order. The same table contents give the same pages; an
-- update that moves a row on disk can move it in or out of the window of a query with more than
-- 1,000 matches (it stays findable, after the window).
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
        where to_tsvector(''english''::regconfig, i.title) @@ $1 and ' || filters || '
        limit $6 + 1
      ), other_hits as materialized (
        select i.id, i.search_vector from public.items i
        where i.search_vector @@ $1 and ' || filters || ' and i.id not in (select t.id from title_hits t)
        limit $6 + 1 - (select count(*) from title_hits)
      )
      select coalesce(array_agg(w.id order by ts_rank_cd(w.search_vector, $1) desc, w.id), ''{}'')
      from (select t.id, t.search_vector from title_hits t union all select o.id, o.search_vector from other_hits o) w'
      into ranked_ids
      using ts, category_id, min_price, max_price, featured_ids, cap;
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
