// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isDarkModeOn, setDarkMode, THEME_COLORS } from './dark-mode';

const themeColor = () => document.querySelector('meta[name="theme-color"]')?.getAttribute('content');

afterEach(() => {
  document.head.innerHTML = '';
  document.documentElement.classList.remove('dark');
  localStorage.clear();
});

describe('dark mode', () => {
  it("switches the page, remembers the choice and colours the browser's bar to match", () => {
    document.head.innerHTML = `<meta name="theme-color" content="${THEME_COLORS.light}" />`;
    setDarkMode(true);
    expect(isDarkModeOn()).toBe(true);
    expect(localStorage.getItem('darkMode')).toBe('true');
    expect(themeColor()).toBe('#0c0a09');
    setDarkMode(false);
    expect(isDarkModeOn()).toBe(false);
    expect(localStorage.getItem('darkMode')).toBe('false');
    expect(themeColor()).toBe('#652236');
  });

  it('uses the colours of the manifest and the design', async () => {
    const { THEME_COLOR, DARK_THEME_COLOR } = await import('../offline/service-worker-config');
    expect(THEME_COLORS).toEqual({ light: THEME_COLOR, dark: DARK_THEME_COLOR });
  });

  it('matches what theme-init.js applies before the first paint', async () => {
    const script = readFileSync(path.resolve(import.meta.dirname, '../../public/theme-init.js'), 'utf8');
    expect(script).toContain(`'${THEME_COLORS.dark}'`);
  });
});
