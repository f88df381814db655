/** The `Prefer` tokens PostgREST 12–14 recognises (supabase-protocol.md §3.1). */
export interface Preferences {
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  tx?: 'commit' | 'rollback';
  handling?: 'strict' | 'lenient';
  maxAffected?: number;
}

type Choice = { [K in keyof Preferences]-?: [K, NonNullable<Preferences[K]>] }[keyof Preferences];

/** Each accepted token, written exactly as PostgREST matches it (no spaces around `=`). */
const TOKENS = new Map<string, Choice>([
  ['return=minimal', ['return', 'minimal']],
  ['return=representation', ['return', 'representation']],
  ['return=headers-only', ['return', 'headers-only']],
  ['count=exact', ['count', 'exact']],
  ['count=planned', ['count', 'planned']],
  ['count=estimated', ['count', 'estimated']],
  ['resolution=merge-duplicates', ['resolution', 'merge-duplicates']],
  ['resolution=ignore-duplicates', ['resolution', 'ignore-duplicates']],
  ['missing=default', ['missing', 'default']],
  ['missing=null', ['missing', 'null']],
  ['tx=commit', ['tx', 'commit']],
  ['tx=rollback', ['tx', 'rollback']],
  ['handling=strict', ['handling', 'strict']],
  ['handling=lenient', ['handling', 'lenient']],
]);

const INT64_MAX = 9223372036854775807n;

/** Every Prefer header's values, split at commas and trimmed, in order (empty ones too, as PostgREST keeps them). */
function tokensOf(header: string | null | undefined): string[] {
  if (header === null || header === undefined) return [];
  return header.split(',').map((token) => token.trim());
}

/**
 * Parses the Prefer header(s) (a repeated header arrives comma-joined). As in PostgREST, the first
 * token for a preference wins and anything unrecognised is ignored (see invalidPreferences for
 * `handling=strict`).
 */
export function parsePrefer(header: string | null | undefined): Preferences {
  const prefs: Record<string, string | number> = {};
  const tokens = tokensOf(header);
  for (const token of tokens) {
    const choice = TOKENS.get(token);
    if (choice && !(choice[0] in prefs)) prefs[choice[0]] = choice[1];
  }
  // Only the first max-affected counts, even when it is not a number.
  const maxAffected = tokens.find((t) => t.startsWith('max-affected='))?.slice('max-affected='.length);
  if (maxAffected !== undefined && /^-?\d+$/.test(maxAffected) && BigInt(maxAffected) <= INT64_MAX && BigInt(maxAffected) >= -INT64_MAX - 1n) {
    prefs.maxAffected = Number(maxAffected);
  }
  return prefs as Preferences;
}

/**
 * The tokens PostgREST would call invalid: not a known preference nor `max-affected=…`. A
 * `timezone=…` is not counted (the local backend does not apply it and cannot tell a valid zone
 * from an invalid one the way PostgREST's zone list does).
 */
export function invalidPreferences(header: string | null | undefined): string[] {
  return tokensOf(header).filter((t) => !TOKENS.has(t) && !t.startsWith('max-affected=') && !t.startsWith('timezone='));
}
