/**
 * Search text longer than this is cut, in the boxes and in a /search?q= link: no one types a
 * 100-character product name, and the database refuses text over 200 characters.
 */
export const SEARCH_MAX_LENGTH = 100;
