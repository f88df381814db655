import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names. Components never hand a utility that fights one they already have: what
 * differs is a variant or a prop (Button's `size`, Skeleton's `circle`), so nothing needs merging
 * at run time, and tailwind-merge (9 KiB gzip, and a class map built on the first call, during
 * hydration) stays out of the product. In development and tests a clash still throws, naming the
 * classes; the production build drops the check and the library with it.
 */
export function cn(...inputs: ClassValue[]): string {
  const joined = clsx(inputs);
  if (import.meta.env.DEV) {
    const merged = twMerge(joined);
    if (merged !== joined) throw new Error(`cn: conflicting or repeated classes in "${joined}" (tailwind-merge keeps "${merged}")`);
  }
  return joined;
}
