-- Search: a stop word is never corrected as if it were a typo. "the and" asked for nothing and
-- answered nothing until the catalog sold sand-coloured things: "and" is one edit from "sand".
-- search_query as before (20261126000100_search_relevance.sql) with that one condition added.

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
      -- A stop word ("and", "the") is left for to_tsquery to drop, never corrected into a word we
      -- sell: "and" is one letter from "sand".
      and to_tsvector('english'::regconfig, word) <> ''::tsvector
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
