// Runs before first paint so a saved dark mode does not flash light (key and values: SPEC.md §1).
try {
  if (localStorage.getItem('darkMode') === 'true') {
    document.documentElement.classList.add('dark');
    // The browser's bar: dark-mode.ts THEME_COLORS.
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', '#0c0a09');
  }
} catch (_) {
  // Storage can be blocked (private mode, strict settings): fall back to light mode.
}
