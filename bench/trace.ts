// What the benchmarks read in a Chromium trace (Lighthouse's, or one a bench records itself).

export interface TraceEvent {
  name: string;
  ph?: string;
  pid?: number;
  tid?: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

/** The top-level tasks of the browser's scheduler, by the names Chromium has given them. */
const TOP_LEVEL_TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'ThreadControllerImpl::DoWork']);

/** The page's main thread in a trace: where its first contentful paint was marked. */
export function pageThread(events: TraceEvent[]) {
  const paint = events.find((event) => event.name === 'firstContentfulPaint');
  return paint ? { paint, onIt: (event: TraceEvent) => event.pid === paint.pid && event.tid === paint.tid } : undefined;
}

/**
 * The scheduler's top-level tasks on the page's main thread that carry their CPU time (`tdur`), in
 * order, without those nested in the task before them (a task can be recorded under two names).
 */
export function topLevelTasks(events: TraceEvent[], onThread: (event: TraceEvent) => boolean): TraceEvent[] {
  const tasks = events
    .filter(
      (event) => event.ph === 'X' && onThread(event) && TOP_LEVEL_TASKS.has(event.name) && event.tdur !== undefined,
    )
    // The outer of two tasks that start together first, so the inner one counts as nested.
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  let end = 0;
  return tasks.filter((task) => {
    if (task.ts < end) return false;
    end = task.ts + (task.dur ?? 0);
    return true;
  });
}
