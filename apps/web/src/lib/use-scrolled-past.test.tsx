// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useScrolledPast } from './use-scrolled-past';

function Probe() {
  return <p>{useScrolledPast(36) ? 'scrolled' : 'at the top'}</p>;
}

/** window.scrollY at `y`, counting how often it is read: each read may lay the page out. */
let reads = 0;
function placeAt(y: number) {
  Object.defineProperty(window, 'scrollY', {
    configurable: true,
    get: () => {
      reads += 1;
      return y;
    },
  });
}

function nextFrame() {
  return act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
}

beforeEach(() => {
  reads = 0;
  placeAt(0);
});
afterEach(cleanup);

describe('useScrolledPast', () => {
  it('renders without reading the scroll position, then reads a restored one in the next frame', async () => {
    placeAt(500); // a reload the browser restored part-way down, before the app listened
    render(<Probe />);
    expect(reads).toBe(0);
    expect(screen.getByText('at the top')).toBeTruthy();
    await nextFrame();
    expect(screen.getByText('scrolled')).toBeTruthy();
    expect(reads).toBe(1);
  });

  it('follows every scroll, and forgets what it read once nothing listens', async () => {
    const { unmount } = render(<Probe />);
    await nextFrame();
    placeAt(37);
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(screen.getByText('scrolled')).toBeTruthy();
    placeAt(36);
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(screen.getByText('at the top')).toBeTruthy();
    placeAt(400);
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    unmount();
    placeAt(0); // scrolled back while nothing listened
    render(<Probe />);
    expect(screen.getByText('at the top')).toBeTruthy();
  });
});
