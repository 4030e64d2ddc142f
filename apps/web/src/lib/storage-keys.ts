// Keys we keep in localStorage. The session itself lives in an httpOnly cookie (API.md),
// never in storage that page scripts can read.
export const storageKeys = {
  darkMode: 'darkMode',
  // NOTE: SPEC.md §1 keeps the cart in memory; issue 3 asks for it to survive a reload and
  // be shared between tabs, so it lives here.
  cart: 'cart',
  // Public catalogue answers, shown when the shop cannot be reached (docs/decisions/006).
  savedCatalogue: 'savedCatalogue',
  // sessionStorage: the card order this tab is paying for, so a reload resumes it.
  pendingOrder: 'pendingOrder',
} as const;
