/**
 * The fuzzy string set behind PostgREST's "Perhaps you meant …" hints (the Haskell `fuzzyset`
 * package, 0.2, which PostgREST 12–14 builds with). No npm package reproduces it under a usable
 * licence, and the hints must name what PostgREST names, so this follows its algorithm:
 *
 * - entries are compared lower-cased; an exact (case-insensitive) match scores 1;
 * - otherwise each string becomes a vector of its n-grams (n = 3, then 2 if nothing scored), taken
 *   from the string with everything but letters, digits, spaces and commas dropped and a `-` on each
 *   side, and entries sharing a gram are ranked by cosine similarity;
 * - the best 50 are scored again by normalised Levenshtein similarity (1 − distance / longer length)
 *   and kept from `minScore` up, best first.
 */

interface Item {
  magnitude: number;
  /** The entry lower-cased (what the Levenshtein score compares). */
  key: string;
}

const GRAM_SIZES = [3, 2] as const;
const WORD = /[\p{L}\p{N}\s,]/u;

function normalized(text: string): string {
  let out = '';
  for (const ch of text.toLowerCase()) if (WORD.test(ch)) out += ch;
  return out;
}

function gramVector(text: string, size: number): Map<string, number> {
  const chars = Array.from(`-${normalized(text)}-`);
  const vector = new Map<string, number>();
  for (let offset = 0; offset + size <= chars.length; offset++) {
    const gram = chars.slice(offset, offset + size).join('');
    vector.set(gram, (vector.get(gram) ?? 0) + 1);
  }
  return vector;
}

const magnitudeOf = (vector: Map<string, number>): number => Math.sqrt([...vector.values()].reduce((sum, n) => sum + n * n, 0));

/** text-metrics' levenshteinNorm: 1 − distance / the longer length (in code points); two empty strings are equal. */
function levenshteinSimilarity(a: string, b: string): number {
  const s = Array.from(a);
  const t = Array.from(b);
  if (s.length === 0 && t.length === 0) return 1;
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const current = [i];
    for (let j = 1; j <= t.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (s[i - 1] === t[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return 1 - previous[t.length] / Math.max(s.length, t.length);
}

export class FuzzySet {
  /** Lower-cased entry → the entry as added. */
  private readonly exact = new Map<string, string>();
  private readonly items = new Map<number, Item[]>(GRAM_SIZES.map((size) => [size, []]));
  /** Gram → (item index within its gram size, count of the gram in that item). */
  private readonly grams = new Map<string, { index: number; count: number }[]>();

  constructor(entries: Iterable<string> = []) {
    for (const entry of entries) this.add(entry);
  }

  add(entry: string): void {
    const key = entry.toLowerCase();
    if (this.exact.has(key)) return;
    for (const size of GRAM_SIZES) {
      const items = this.items.get(size) ?? [];
      const vector = gramVector(key, size);
      for (const [gram, count] of vector) {
        const infos = this.grams.get(gram) ?? [];
        infos.push({ index: items.length, count });
        this.grams.set(gram, infos);
      }
      items.push({ magnitude: magnitudeOf(vector), key });
    }
    this.exact.set(key, entry);
  }

  /** Every entry scoring at least `minScore` against `value`, best first (fuzzyset's `getWithMinScore`). */
  get(value: string, minScore = 0.33): { score: number; entry: string }[] {
    const key = value.toLowerCase();
    const exact = this.exact.get(key);
    if (exact !== undefined) return [{ score: 1, entry: exact }];
    for (const size of GRAM_SIZES) {
      const found = this.matches(key, size, minScore);
      if (found.length > 0) return found;
    }
    return [];
  }

  /** The best entry scoring at least `minScore` (fuzzyset's `getOne` uses 0.33). */
  getOne(value: string, minScore = 0.33): string | undefined {
    return this.get(value, minScore)[0]?.entry;
  }

  private matches(key: string, size: number, minScore: number): { score: number; entry: string }[] {
    const query = gramVector(key, size);
    const queryMagnitude = magnitudeOf(query);
    const dots = new Map<number, number>();
    for (const [gram, count] of query) {
      for (const info of this.grams.get(gram) ?? []) dots.set(info.index, (dots.get(info.index) ?? 0) + info.count * count);
    }
    const items = this.items.get(size) ?? [];
    const byCosine = [...dots.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, dot]) => ({ score: dot / (queryMagnitude * items[index].magnitude), key: items[index].key }))
      .sort((a, b) => b.score - a.score);
    return byCosine
      .slice(0, 50)
      .map((item) => ({ score: levenshteinSimilarity(key, item.key), key: item.key }))
      .sort((a, b) => b.score - a.score)
      .filter((item) => item.score >= minScore)
      .map((item) => ({ score: item.score, entry: this.exact.get(item.key) ?? '' }));
  }
}
