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
  /**
   * How long the link that brings an unsubscribed address back works; till then, signing it up
   * again mails nothing.
   */
  comebackConfirmHours: 24,
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
  /** The admin may not put back an address that unsubscribed itself: only its own confirmation link does. */
  reactivateRefused:
    'This address unsubscribed itself. It comes back only by signing up again and opening the link we email it.',
  /** The page the comeback email's link opens: nothing changes until the button is pressed. */
  comebackPrompt: 'Subscribe this address to our newsletter again?',
  comebackButton: 'Subscribe again',
  comebackDone: 'You are subscribed to our newsletter again.',
  comebackInvalid: 'This link is not valid or has expired. You can sign up again on our home page.',
} as const;

/**
 * The signup as a plain form, for a visitor who presses Subscribe before the page's script has
 * started: a POST to `action` (form-encoded: `email`, and `returnTo`, the page it was sent from),
 * answered with a redirect back to that page carrying `notice=subscribed`, which the page shows;
 * a refusal is answered with a small page that says why and keeps what was typed.
 */
export const NEWSLETTER_FORM = {
  action: '/api/newsletter/subscribe-form',
  returnField: 'returnTo',
  /** The query parameter of the page the redirect goes back to, and its one value. */
  noticeParam: 'newsletter',
  subscribedNotice: 'subscribed',
  /** The id of the signup's section: the redirect lands on it. */
  sectionId: 'newsletter',
} as const;
