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
    // A page still loading: nothing starts before its load event, however long it takes.
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
    render(<HeroVideo />);
    expect(document.querySelector('img')?.getAttribute('src')).toMatch(/hero-poster/);
    settle();
    expect(video()).toBeNull();
    Reflect.deleteProperty(document, 'readyState');
    act(() => {
      window.dispatchEvent(new Event('load'));
    });
    act(() => vi.advanceTimersByTime(VIDEO_START_DELAY_MS - 1));
    expect(video()).toBeNull();
    settle();
    expect(video()).not.toBeNull();
    expect(played).toBe(1);
    expect(screen.getByRole('button', { name: /^Pause/ })).toBeTruthy();
  });

  it('keeps playing when the connection turns slow once it has started', () => {
    const connection = Object.assign(new EventTarget(), { saveData: false, effectiveType: '4g' });
    Object.defineProperty(navigator, 'connection', { configurable: true, value: connection });
    render(<HeroVideo />);
    settle();
    expect(played).toBe(1);
    const paused = vi.mocked(HTMLMediaElement.prototype.pause).mock.calls.length;
    act(() => {
      connection.effectiveType = '3g';
      connection.dispatchEvent(new Event('change'));
    });
    expect(vi.mocked(HTMLMediaElement.prototype.pause).mock.calls.length).toBe(paused);
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
