const dayFormat = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** "3 Jun" for the API's YYYY-MM-DD (a Lagos day, shown as that day wherever the admin is). */
export const formatDay = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));
