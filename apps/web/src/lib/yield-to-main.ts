// Ends the task that is running, so the browser can paint and answer a tap before the rest of
// the work goes on: the app's start is cut into short tasks this way (main.tsx, app/start-app.tsx).

interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * A promise that settles in a later task. `scheduler.yield()` where the browser has it (its
 * continuation goes before other tasks of the page), else a message to itself, which, unlike
 * setTimeout(0), is not held back 4 ms when yields follow one another.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}
