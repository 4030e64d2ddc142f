// Keys we keep in localStorage. The session itself lives in an httpOnly cookie (API.md),
// never in storage that page scripts can read.
export const storageKeys = {
  darkMode: 'darkMode',
} as const;
