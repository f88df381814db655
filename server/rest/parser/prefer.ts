/** The `Prefer` tokens postgrest-js sends (supabase-protocol.md §3.1). */
export interface Preferences {
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  tx?: 'commit' | 'rollback';
  handling?: 'strict' | 'lenient';
  maxAffected?: number;
}

/** Parses every Prefer header value (comma- or header-separated). Unknown tokens are ignored, like PostgREST's lenient mode. */
export function parsePrefer(header: string | null | undefined): Preferences {
  const prefs: Preferences = {};
  if (!header) return prefs;
  for (const token of header.split(',')) {
    const [rawKey, rawValue = ''] = token.trim().split('=');
    const key = rawKey.trim();
    const value = rawValue.trim();
    if (key === 'return' && (value === 'minimal' || value === 'representation' || value === 'headers-only')) prefs.return = value;
    else if (key === 'count' && (value === 'exact' || value === 'planned' || value === 'estimated')) prefs.count = value;
    else if (key === 'resolution' && (value === 'merge-duplicates' || value === 'ignore-duplicates')) prefs.resolution = value;
    else if (key === 'missing' && (value === 'default' || value === 'null')) prefs.missing = value;
    else if (key === 'tx' && (value === 'commit' || value === 'rollback')) prefs.tx = value;
    else if (key === 'handling' && (value === 'strict' || value === 'lenient')) prefs.handling = value;
    else if (key === 'max-affected' && /^\d{1,15}$/.test(value)) prefs.maxAffected = Number(value);
  }
  return prefs;
}
