const SHORT = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' });

/** A card's due date in the short local date-time form, e.g. '3/1/24, 12:00 PM'. */
export const formatDue = (iso: string): string => SHORT.format(new Date(iso));
