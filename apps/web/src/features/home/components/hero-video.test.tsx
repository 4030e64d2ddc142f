// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HeroVideo, VIDEO_START_DELAY_MS } from './hero-video';

// When the hero's background video is added and started. The real playing, its sources and the
// reduced-motion preference are e2e's (storefront-hero.spec.ts).

let played = 0;
beforeEach(() => {
  played = 0;
  vi.useFakeTimers();
  // jsdom has no media: play() resolves and says so, as a browser's does once it plays.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played += 1;
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'connection');
});

const video = () => document.querySelector('video');
/** Past the settling delay and the idle callback's timeout (jsdom has no requestIdleCallback). */
const settle = () => act(() => vi.advanceTimersByTime(VIDEO_START_DELAY_MS + 2_000));

describe('the hero video', () => {
  it('shows its poster first and starts only once the page has loaded and settled', () => {
    render(<HeroVideo />);
    expect(document.readyState).toBe('complete');
    expect(video()).toBeNull();
    expect(document.querySelector('img')?.getAttribute('src')).toMatch(/hero-poster/);
    act(() => vi.advanceTimersByTime(VIDEO_START_DELAY_MS - 1));
    expect(video()).toBeNull();
    settle();
    expect(video()).not.toBeNull();
    expect(played).toBe(1);
    expect(screen.getByRole('button', { name: /^Pause/ })).toBeTruthy();
  });

  it('stays on its poster when the browser saves data, until the visitor presses Play', () => {
    Object.defineProperty(navigator, 'connection', {
      configurable: true,
      value: Object.assign(new EventTarget(), { saveData: true, effectiveType: '4g' }),
    });
    render(<HeroVideo />);
    settle();
    expect(video()).toBeNull();
    expect(played).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: /^Play/ }));
    expect(video()).not.toBeNull();
    expect(played).toBe(1);
    expect(screen.getByRole('button', { name: /^Pause/ })).toBeTruthy();
  });
});
