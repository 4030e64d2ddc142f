// Newsletter: the texts the signup shows and the server sends, and its limits. Kept free of zod,
// so the home page's signup shows them without pulling the schemas into the first bundle.

export const NEWSLETTER_MESSAGES = {
  subscribed: 'Successfully subscribed to our newsletter!',
  failed: 'Failed to subscribe. Please try again later.',
} as const;

/** Signups one address (IP) may make per window: enough for a shop's shared Wi-Fi, not for a script. */
export const NEWSLETTER_LIMITS = {
  signupsPerAddress: 10,
  windowMinutes: 60,
} as const;

/** The admin's Newsletter tab and the unsubscribe link. */
export const NEWSLETTER_ADMIN_MESSAGES = {
  deactivated: 'Subscriber deactivated',
  reactivated: 'Subscriber reactivated',
  unsubscribed: 'You have been unsubscribed from our newsletter.',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
  /** The page the email's link opens: nothing changes until the button is pressed. */
  unsubscribeConfirm: 'Do you want to stop receiving our newsletter?',
  unsubscribeButton: 'Unsubscribe',
} as const;
