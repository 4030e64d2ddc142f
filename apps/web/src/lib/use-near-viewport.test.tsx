// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNearViewport } from './use-near-viewport';

function Probe() {
  const ref = useRef<HTMLDivElement>(null);
  return <div ref={ref}>{useNearViewport(ref) ? 'near' : 'far'}</div>;
}

/** An IntersectionObserver the test drives: `report(true)` says the element came near. */
function fakeObserver() {
  const observers: {
    callback: IntersectionObserverCallback;
    options?: IntersectionObserverInit;
    observed: Element[];
    disconnected: boolean;
  }[] = [];
  class FakeIntersectionObserver {
    private readonly record: (typeof observers)[number];
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.record = { callback, options, observed: [], disconnected: false };
      observers.push(this.record);
    }
    observe(element: Element) {
      this.record.observed.push(element);
    }
    disconnect() {
      this.record.disconnected = true;
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  const report = (isIntersecting: boolean) =>
    act(() => {
      for (const observer of observers.filter((each) => !each.disconnected)) {
        const entries = observer.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
        observer.callback(entries, observer as unknown as IntersectionObserver);
      }
    });
  return { observers, report };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useNearViewport', () => {
  it('is false until the element comes within half a screen, then true, and stops watching', () => {
    const { observers, report } = fakeObserver();
    render(<Probe />);
    expect(screen.getByText('far')).toBeTruthy();
    expect(observers).toHaveLength(1);
    expect(observers[0]?.options?.rootMargin).toBe('50% 0px');
    report(false); // the first report: still below the fold
    expect(screen.getByText('far')).toBeTruthy();
    report(true);
    expect(screen.getByText('near')).toBeTruthy();
    expect(observers[0]?.disconnected).toBe(true);
    expect(observers).toHaveLength(1);
  });

  it('is true at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe />);
    expect(screen.getByText('near')).toBeTruthy();
  });
});
