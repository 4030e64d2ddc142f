import { type RefObject, useEffect } from 'react';

/**
 * A drawn page's field may be typed into before the app starts: the app's state does not know
 * it. Once the app runs, what the field holds becomes the state, so nothing typed is lost.
 */
export function useTypedBeforeStart(ref: RefObject<HTMLInputElement | null>, adopt: (value: string) => void) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first render the app owns
  useEffect(() => {
    const typed = ref.current?.value;
    if (typed) adopt(typed);
  }, []);
}
