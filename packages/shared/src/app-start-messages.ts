// What a drawn page's controls say until the app has started on it (a form that cannot work
// without the script is disabled until then). Zod-free: the first visit loads it.

export const APP_START_MESSAGES = {
  /** The visible label of a button that waits for the app. */
  gettingReady: 'Getting ready…',
  /** Read after it by screen readers: why the button cannot be pressed yet. */
  reason: 'The page is still loading: this button works in a moment.',
} as const;
