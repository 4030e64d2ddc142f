import { act, type ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { vi } from 'vitest';

/**
 * A page as the server draws it and the browser then starts it (decision 017): `ui` drawn to
 * markup, `beforeStart` run on that markup (a visitor typing before the script has run), then
 * hydrated. `errors` holds what React said on the console: a hydration mismatch is one.
 */
export function drawn(ui: ReactElement) {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const container = document.createElement('div');
  container.innerHTML = renderToString(ui);
  document.body.append(container);
  let root: Root | undefined;
  const errors: unknown[][] = [];
  return {
    container,
    async start() {
      const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
        errors.push(args);
      });
      try {
        await act(async () => {
          root = hydrateRoot(container, ui, { onRecoverableError: (error) => errors.push([error]) });
        });
      } finally {
        spy.mockRestore();
      }
    },
    errors,
    cleanup() {
      act(() => root?.unmount());
      container.remove();
    },
  };
}

/** Types into a drawn field as a browser does before any script has run: no React event at all. */
export function typeBeforeStart(input: HTMLInputElement, value: string) {
  input.value = value;
}
