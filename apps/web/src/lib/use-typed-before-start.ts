import { type RefObject, useLayoutEffect } from 'react';

/**
 * A drawn page's field may be typed into before the app starts: the app's state does not know
 * it. Once the app runs, what the field holds becomes the state, so nothing typed is lost.
 *
 * Read in the commit that takes the drawn field over (a layout effect), before any later render
 * can write the state's value into it: a render for another reason (the app having started,
 * useAppStarted) sets a controlled field's value, and a passive effect could run after it.
 */
export function useTypedBeforeStart(ref: RefObject<HTMLInputElement | null>, adopt: (value: string) => void) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first render the app owns
  useLayoutEffect(() => {
    const typed = ref.current?.value;
    if (typed) adopt(typed);
  }, []);
}
