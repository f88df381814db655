-- The shop lists products, not variants (docs/decisions/014-products-and-variants.md).
--
--   * search_items answers one row per product: the variant that best fits what was asked (the best
--     ranked for a text, the first in the chosen order otherwise, always one that passes every
--     filter), with the product's name and how many variants it has on sale. "rust armchair" shows
--     the rust armchair; "under €100" shows the variant that costs under €100.
--   * Compound words: "tea pot" also finds "teapot", "coffeetable" also finds "coffee table".
--   * A typo's correction comes back as `suggestion` ("Did you mean sofa?") and the corrected word
--     ranks above other near words ("sofs" lists sofas before things described as soft).
--   * A size in centimetres ("120 cm table") finds products with a width, depth or height near it.

-- Whether a visitor's word is one the catalog does not know: long enough to correct, no stop word
-- ("and" is one letter from "sand"), the start of no known word, not the plural of one ("lamps":
-- the search stems it) and no synonym.
create function private.search_word_is_unknown(word text) returns boolean
language sql
stable
set search_path = ''
as $$
  select length(word) >= 3
    and to_tsvector('english'::regconfig, word) <> ''::tsvector
    and not exists (select 1 from public.search_terms t where t.term >= word and t.term < word || '~' limit 1)
    and not exists (select 1 from public.search_terms t where t.term in (regexp_replace(word, 's$', ''), regexp_replace(word, 'es$', '')))
    and not exists (select 1 from public.search_synonyms s where s.term = word)
$$;

-- Up to three known words an unknown word may be a typo of, closest first: one edit, or two when
-- they only swap letters ("lmap", "chiar") or the word is long.
create function private.search_corrections(word text) returns text[]
language sql
stable
set search_path = ''
as $$
  select coalesce((array_agg(term order by distance, term))[1:3], '{}')
  from (
    select t.term, extensions.levenshtein_less_equal(t.term, word, 2) as distance
    from public.search_terms t
    where length(t.term) between length(word) - 2 and length(word) + 2
    order by 2, 1
    limit 20
  ) candidates
  where distance <= 1
     or (distance = 2 and (length(word) >= 7 or public.same_letters(term, word)))
$$;

-- An unknown word written as two known ones ("coffeetable" → {coffee, table}), or null. Each part
-- has at least three letters, so "a" + "rmchair" never counts.
create function private.search_split(word text) returns text[]
language plpgsql
stable
set search_path = ''
as $$
declare
  cut integer;
begin
  for cut in reverse length(word) - 3 .. 3 loop
    if exists (select 1 from public.search_terms t where t.term = left(word, cut))
      and exists (select 1 from public.search_terms t where t.term = substr(word, cut + 1))
    then
      return array[left(word, cut), substr(word, cut + 1)];
    end if;
  end loop;
  return null;
end;
$$;

-- One word of the visitor's text as a tsquery part: the word as a prefix, or'ed with the two words it
-- splits into, or else with its corrections, and (unless `with_synonyms` is false) with synonyms.
create function private.search_word_query(word text, with_synonyms boolean) returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  choices text[] := array[word];
  halves text[];
begin
  if private.search_word_is_unknown(word) then
    halves := private.search_split(word);
    if halves is not null then
      return '(' || quote_literal(word) || ':* | (' || quote_literal(halves[1]) || ':* & ' || quote_literal(halves[2]) || ':*))';
    end if;
    choices := choices || private.search_corrections(word);
  end if;
  if with_synonyms then
    select choices || coalesce(array_agg(distinct synonym), '{}')
      into choices
    from public.search_synonyms s, unnest(s.alternatives) as synonym
    where s.term = any (choices) or s.term = any (array(select regexp_replace(a, 's$', '') from unnest(choices) a));
  end if;
  return '(' || (select string_agg(quote_literal(alternative) || ':*', ' | ') from (select distinct unnest(choices) as alternative) a) || ')';
end;
$$;

-- The tsquery for a visitor's text (as before: each word a prefix with its corrections and
-- synonyms, all words required), where two neighbouring words that together start a known word
-- also match that word: "tea pot" is ('teapot' | 'tea' & 'pot').
create or replace function public.search_query(input text, with_synonyms boolean default true) returns tsquery
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  words text[] := public.search_words(input);
  k integer := 1;
  joined text;
  part text;
  parts text[] := '{}';
begin
  while k <= cardinality(words) loop
    part := private.search_word_query(words[k], with_synonyms);
    joined := words[k] || words[k + 1];
    if k < cardinality(words)
      and length(joined) <= 40
      and exists (select 1 from public.search_terms t where t.term >= joined and t.term < joined || '~' limit 1)
    then
      part := '(' || quote_literal(joined) || ':* | (' || part || ' & ' || private.search_word_query(words[k + 1], with_synonyms) || '))';
      k := k + 2;
    else
      k := k + 1;
    end if;
    parts := parts || part;
  end loop;
  if cardinality(parts) = 0 then
    return null;
  end if;
  -- Only stop words ("the", "and") leaves an empty query.
  return nullif(to_tsquery('english'::regconfig, array_to_string(parts, ' & ')), ''::tsquery);
end;
$$;

-- The visitor's text with each unknown word replaced by its closest known word ("sofs" → "sofa"),
-- or null when no word needed it: what the shop offers as "Did you mean …?".
create function public.search_suggestion(input text) returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  word text;
  corrections text[];
  corrected boolean := false;
  words text[] := '{}';
begin
  foreach word in array public.search_words(input) loop
    corrections := '{}';
    if private.search_word_is_unknown(word) and private.search_split(word) is null then
      corrections := private.search_corrections(word);
    end if;
    if cardinality(corrections) > 0 then
      words := words || corrections[1];
      corrected := true;
    else
      words := words || word;
    end if;
  end loop;
  return case when corrected then array_to_string(words, ' ') end;
end;
$$;

-- The word helpers live in `private` (no API role may use that schema); the two public functions run
-- as their owner and only read the vocabulary and synonyms, which anyone may read anyway.
revoke execute on function private.search_word_is_unknown(text), private.search_corrections(text), private.search_split(text),
  private.search_word_query(text, boolean) from public, anon, authenticated;
grant execute on function public.search_suggestion(text) to anon, authenticated, service_role;

-- search_items (last in 20261128000100_store_admin.sql) one row per product. The filters are
-- written once with `{v}` for the table alias: `i` is the row listed, `j` a sibling variant that
-- would stand for the product better (a listing keeps a variant only when no such sibling exists:
-- one index probe per row on items_product_id_idx, so the ordered index scans stay as they were).
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
security definer
set search_path = ''
as $$
declare
  cap constant integer := 1000;
  text_query text;
  size_cm numeric;
  ts tsquery;
  literal tsquery;
  suggestion text;
  suggested tsquery;
  category_id bigint;
  order_clause text;
  better_sibling text;
  filters text := '{v}.on_sale';
  item_filters text;
  sibling_filters text;
  skip integer;
  count_limit integer;
  seen integer;
  featured_ids bigint[];
  page_ids bigint[];
  candidates integer;
  ranked_ids bigint[];
  window_products bigint[];
  rest_ids bigint[];
  rest_seen integer;
  rows_read integer;
  more boolean := false;
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

  -- A size ("120 cm", "45cm") is a specification to match, not a word to find.
  size_cm := replace(substring(lower(coalesce(query, '')) from '(?:^|[^0-9.,])([0-9]{1,4}(?:[.,][0-9])?) ?cm(?![a-z])'), ',', '.')::numeric;
  text_query := regexp_replace(coalesce(query, ''), '[0-9]{1,4}(?:[.,][0-9])? ?cm(?![a-z])', ' ', 'gi');
  ts := public.search_query(text_query);
  literal := public.search_query(text_query, false);
  suggestion := public.search_suggestion(text_query);
  suggested := case when suggestion is not null then public.search_query(suggestion, false) end;
  -- Text made only of symbols, emoji, stop words or over-long "words" asks for nothing we sell:
  -- nothing matches it (an empty text still lists everything).
  if ts is null and btrim(text_query) <> '' then
    return jsonb_build_object('total', 0, 'total_capped', false, 'items', '[]'::jsonb);
  end if;
  order_clause := case coalesce(sort, 'relevance')
    when 'relevance' then case when ts is null then 'newest' else 'rank' end
    else sort
  end;
  order_clause := case order_clause
    when 'rank' then 'rank'
    when 'price_asc' then 'i.price_cents, i.id'
    when 'price_desc' then 'i.price_cents desc, i.id desc'
    when 'newest' then 'i.created_at desc, i.id desc'
  end;
  if order_clause is null then
    raise exception 'unknown sort "%"', sort using errcode = '22023',
      hint = 'Use relevance, price_asc, price_desc or newest.';
  end if;
  -- The sibling that comes first in the listing's order stands for the product.
  better_sibling := case order_clause
    when 'i.price_cents, i.id' then '(j.price_cents, j.id) < (i.price_cents, i.id)'
    when 'i.price_cents desc, i.id desc' then '(j.price_cents, j.id) > (i.price_cents, i.id)'
    when 'i.created_at desc, i.id desc' then '(j.created_at, j.id) > (i.created_at, i.id)'
    else 'j.id < i.id'
  end;

  if category is not null then
    select c.id into category_id from public.categories c where c.slug = category;
    if category_id is null then
      return jsonb_build_object('total', 0, 'total_capped', false, 'items', '[]'::jsonb)
        || case when suggestion is not null then jsonb_build_object('suggestion', suggestion) else '{}'::jsonb end;
    end if;
  end if;

  -- Only the filters in use, so the planner sees plain conditions; values stay bound parameters
  -- ($1 text, $2 category, $3/$4 prices, $5 featured ids; each statement's own from $6).
  if category_id is not null then filters := filters || ' and {v}.category_id = $2'; end if;
  if min_price is not null then filters := filters || ' and {v}.price_cents >= $3'; end if;
  if max_price is not null then filters := filters || ' and {v}.price_cents <= $4'; end if;
  if coalesce(in_stock, false) then filters := filters || ' and {v}.stock > 0'; end if;
  if coalesce(featured, false) then
    -- Featured items are a few curated ones (home page). Without statistics (PGlite never runs
    -- ANALYZE) the planner takes half the rows for featured, and under a LIMIT it reads the whole
    -- table for them. Their ids from the partial index first make every plan see the real number.
    select array_agg(f.id) into featured_ids from public.items f where f.featured;
    if featured_ids is null then
      return jsonb_build_object('total', 0, 'total_capped', false, 'items', '[]'::jsonb)
        || case when suggestion is not null then jsonb_build_object('suggestion', suggestion) else '{}'::jsonb end;
    end if;
    filters := filters || case when cardinality(featured_ids) <= cap then ' and {v}.id = any ($5)' else ' and {v}.featured' end;
  end if;
  if size_cm is not null then
    -- Within 10 % (at least 3 cm) of the product's width, depth or height. size_cm is a number,
    -- so writing it into the statement is safe.
    filters := filters || format(
      ' and exists (select 1 from public.products p where p.id = {v}.product_id and least(abs(p.width_cm - %1$s), abs(p.depth_cm - %1$s), abs(p.height_cm - %1$s)) <= greatest(3, %1$s * 0.1))',
      size_cm);
  end if;
  if ts is not null and order_clause <> 'rank' then
    filters := filters || ' and {v}.search_vector @@ $1';
  end if;
  item_filters := replace(filters, '{v}', 'i');
  sibling_filters := replace(filters, '{v}', 'j');

  skip := (page - 1) * page_size;
  -- Count one past what we report: reaching count_limit means "more than total".
  count_limit := greatest(cap, skip + page_size) + 1;

  if order_clause = 'rank' then
    -- Candidates: up to cap + 1 matching variants, title matches first (title index, one scan),
    -- the other matches only when titles do not fill that. Ranked (the corrected word counting
    -- most), each product keeps its best variant; reaching cap + 1 candidates means there are
    -- more matches than the window.
    execute '
      with title_hits as materialized (
        select i.id, i.product_id, i.search_vector from public.items i
        where to_tsvector(''english''::regconfig, public.unaccented(i.title)) @@ $1 and ' || item_filters || '
        limit $6 + 1
      ), other_hits as materialized (
        select i.id, i.product_id, i.search_vector from public.items i
        where i.search_vector @@ $1 and ' || item_filters || ' and i.id not in (select t.id from title_hits t)
        limit $6 + 1 - (select count(*) from title_hits)
      ), ranked as (
        select w.id, w.product_id,
               row_number() over (order by ts_rank_cd(w.search_vector, $1) + coalesce(ts_rank_cd(w.search_vector, $7), 0)
                                           + 2 * coalesce(ts_rank_cd(w.search_vector, $8), 0) desc, w.id) as position
        from (select t.id, t.product_id, t.search_vector from title_hits t
              union all select o.id, o.product_id, o.search_vector from other_hits o) w
      ), best as (
        select distinct on (r.product_id) r.id, r.product_id, r.position
        from ranked r where r.position <= $6
        order by r.product_id, r.position
      )
      select (select count(*)::integer from ranked),
             coalesce((select array_agg(b.id order by b.position) from best b), ''{}''),
             coalesce((select array_agg(b.product_id) from best b), ''{}'')'
      into candidates, ranked_ids, window_products
      using ts, category_id, min_price, max_price, featured_ids, cap, literal, suggested;
    seen := cardinality(ranked_ids);
    page_ids := ranked_ids[skip + 1:least(skip + page_size, seen)];

    if candidates > cap and skip + page_size > seen then
      -- A page past the window: the other products follow in the order of their first matching
      -- variant's id, read as far as this page and one more.
      execute 'select count(*)::integer, coalesce(array_agg(r.id order by r.position) filter (where r.position > $8), ''{}'')
        from (select i.id, row_number() over (order by i.id) as position from public.items i
              where i.search_vector @@ $1 and ' || item_filters || ' and i.product_id <> all ($6)
                and not exists (select 1 from public.items j
                                where j.product_id = i.product_id and j.id < i.id and j.search_vector @@ $1 and ' || sibling_filters || ' offset 0)
              order by i.id limit $7) r'
        into rest_seen, rest_ids
        using ts, category_id, min_price, max_price, featured_ids, window_products, count_limit - seen, greatest(skip - seen, 0);
      page_ids := page_ids || rest_ids[1:page_size - cardinality(page_ids)];
      seen := seen + rest_seen;
    elsif candidates > cap then
      -- More matches than the window: the products it holds are a lower bound.
      more := true;
    end if;
  else
    -- The products among the first matching variants, read up to four per product: fewer rows
    -- than that is every match (an exact count); otherwise the count is a lower bound.
    execute 'select count(distinct i.product_id)::integer, count(*)::integer
      from (select i.product_id from public.items i where ' || item_filters || ' limit $6) i'
      into seen, rows_read using ts, category_id, min_price, max_price, featured_ids, 4 * count_limit;
    more := rows_read >= 4 * count_limit;
    -- `offset 0` keeps the sibling check a probe per row of the ordered index scan: pulled up into
    -- an anti join, Postgres hashed every variant of the catalog first.
    item_filters := item_filters || ' and not exists (select 1 from public.items j where j.product_id = i.product_id and j.id <> i.id and '
      || sibling_filters || ' and ' || better_sibling || ' offset 0)';
    execute 'select coalesce(array_agg(p.id order by p.position), ''{}'') from (
        select i.id, row_number() over (order by ' || order_clause || ') as position
        from public.items i
        where ' || item_filters || '
        order by ' || order_clause || '
        limit $7 offset $6) p'
      into page_ids using ts, category_id, min_price, max_price, featured_ids, skip, page_size;
  end if;

  select coalesce(jsonb_agg(to_jsonb(page_rows) - 'position' order by page_rows.position), '[]'::jsonb) into rows
  from (
    select i.id, i.slug, i.title, i.price_cents, i.currency, i.stock, i.image_paths, i.created_at, i.options,
           c.slug as category_slug, c.name as category_name,
           pr.id as product_id, pr.slug as product_slug, pr.title as product_title,
           (select count(*)::integer from public.items v where v.product_id = i.product_id and v.on_sale) as variant_count,
           p.position
    from unnest(page_ids) with ordinality as p (id, position)
    join public.items i on i.id = p.id
    join public.products pr on pr.id = i.product_id
    join public.categories c on c.id = i.category_id
  ) page_rows;

  return jsonb_build_object('total', least(seen, count_limit - 1), 'total_capped', more or seen >= count_limit, 'items', rows)
    || case when suggestion is not null then jsonb_build_object('suggestion', suggestion) else '{}'::jsonb end;
end;
$$;
