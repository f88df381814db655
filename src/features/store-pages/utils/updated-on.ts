const updatedFormat = new Intl.DateTimeFormat('en-IE', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * "27 November 2026". In UTC, so the prerendered page and every visitor's browser agree on the
 * day (the app hydrates the prerendered markup, which must match).
 */
export const updatedOn = (timestamp: string) => updatedFormat.format(new Date(timestamp));
