/** Initials from the display name, else from the e-mail's local part ("ada.lovelace@…" → "AL"). */
export function initialsOf(displayName: string | null | undefined, email: string): string {
  const source = displayName?.trim() || email.split('@')[0] || '?';
  const words = source.split(/[\s._-]+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]?.[0] ?? ''}${words[1]?.[0] ?? ''}` : source.slice(0, 2);
  return letters.toUpperCase();
}
