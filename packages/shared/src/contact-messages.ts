// Contact: the SPEC.md texts (§5 rules, §8 answers) and limits, kept apart from the zod schema so
// a page that only shows one does not download zod.

export const CONTACT_MESSAGES = {
  // The form's rules (SPEC.md §5).
  fullnameRequired: 'Full name is required',
  fullnameTooShort: 'Name must be at least 2 characters',
  fullnameTooLong: 'Name must be at most 100 characters',
  fullnameInvalid: 'Please enter a name without links or special symbols',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  subjectTooLong: 'Subject must be at most 150 characters',
  messageRequired: 'Message is required',
  messageTooShort: 'Message must be at least 10 characters',
  messageTooLong: 'Message must be at most 5000 characters',
  privacyPolicyRequired: 'You must agree to the Privacy Policy',

  // Answers (SPEC.md §8): the toast, and the banner above the form.
  sent: 'Message sent successfully! Please check your email for confirmation.',
  failed: 'Failed to send message. Please try again.',
  sentBanner: "Thank you for your message! We'll get back to you soon.",
  failedBanner: 'Sorry, there was an error sending your message. Please try again.',
  tooManyMessages: 'You have sent several messages in the last hour. Please try again later.',
  tooManyToAddress: 'Several messages were already sent from this email address today. Please try again tomorrow.',
} as const;

/** How long each field may be: enough for a real question, not for a pasted book. */
export const CONTACT_LIMITS = {
  fullnameMin: 2,
  fullnameMax: 100,
  subjectMax: 150,
  messageMin: 10,
  messageMax: 5000,
  /** Messages one address (IP) may send per window (API.md: 429 with Retry-After after that). */
  messagesPerAddress: 5,
  windowMinutes: 60,
  /** Messages (and so confirmations) per visitor email address a day, beside the per-IP limit. */
  messagesPerRecipient: 3,
  recipientWindowHours: 24,
} as const;

/** The form's hidden field that people never see and bots fill in: a filled one is dropped. */
export const CONTACT_HONEYPOT_FIELD = 'website';
