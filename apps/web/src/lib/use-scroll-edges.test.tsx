// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useScrollEdges } from './use-scroll-edges';

function Probe({ items }: { items: string[] }) {
  const ref = useRef<HTMLUListElement>(null);
  const { canPrev, canNext } = useScrollEdges(ref, items.length);
  return (
    <>
      <p>{`prev ${canPrev} next ${canNext}`}</p>
      <ul ref={ref}>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </>
  );
}

/** An IntersectionObserver the test drives: `show('a', 1)` reports item "a" wholly in view. */
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
  const show = (ratios: Record<string, number>) =>
    act(() => {
      for (const observer of observers.filter((each) => !each.disconnected)) {
        const entries = observer.observed
          .filter((target) => target.textContent !== null && target.textContent in ratios)
          .map(
            (target) => ({ target, intersectionRatio: ratios[target.textContent ?? ''] }) as IntersectionObserverEntry,
          );
        if (entries.length > 0) observer.callback(entries, observer as unknown as IntersectionObserver);
      }
    });
  return { observers, show };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useScrollEdges', () => {
  it('watches the first and last items inside the list, and says which way it can scroll', () => {
    const { observers, show } = fakeObserver();
    render(<Probe items={['a', 'b', 'c', 'd']} />);
    screen.getByText('prev false next false');
    expect(observers).toHaveLength(1);
    expect(observers[0]?.options?.root).toBe(screen.getByRole('list'));
    expect(observers[0]?.observed.map((item) => item.textContent)).toEqual(['a', 'd']);

    show({ a: 1, d: 0.3 });
    screen.getByText('prev false next true');
    show({ a: 0.5 });
    screen.getByText('prev true next true');
    show({ a: 0, d: 1 });
    screen.getByText('prev true next false');
  });

  it('counts an item all but a sliver in view as shown', () => {
    const { show } = fakeObserver();
    render(<Probe items={['a', 'b']} />);
    show({ a: 0.97, b: 0.94 });
    screen.getByText('prev false next true');
  });

  it('watches the new ends when the items change, and stops watching when it goes', () => {
    const { observers } = fakeObserver();
    const { rerender, unmount } = render(<Probe items={['a', 'b']} />);
    rerender(<Probe items={['a', 'b', 'c']} />);
    expect(observers).toHaveLength(2);
    expect(observers[0]?.disconnected).toBe(true);
    expect(observers[1]?.observed.map((item) => item.textContent)).toEqual(['a', 'c']);
    unmount();
    expect(observers[1]?.disconnected).toBe(true);
  });

  it('lets both buttons work where there is no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe items={['a', 'b']} />);
    screen.getByText('prev true next true');
  });
});
