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
  return outermost(
    events.filter(
      (event) => event.ph === 'X' && onThread(event) && TOP_LEVEL_TASKS.has(event.name) && event.tdur !== undefined,
    ),
  );
}

/** The events of one thread not nested in the one before them, in order. */
function outermost(events: TraceEvent[]): TraceEvent[] {
  // The outer of two events that start together first, so the inner one counts as nested.
  const sorted = [...events].sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  let end = 0;
  return sorted.filter((event) => {
    if (event.ts < end) return false;
    end = event.ts + (event.dur ?? 0);
    return true;
  });
}

/**
 * The page's main-thread tasks after first paint, in a trace, by the CPU
 * time they used (`tdur`) rather than their wall time, and how much longer than that they took.
 */
export function mainThreadCpu(events: TraceEvent[]) {
  const thread = pageThread(events);
  if (!thread) return { mainThreadCpu: Number.NaN, wallPerCpu: Number.NaN };
  let cpu = 0;
  let wall = 0;
  for (const task of topLevelTasks(events, thread.onIt)) {
    if (task.ts < thread.paint.ts) continue;
    cpu += (task.tdur ?? 0) / 1000;
    wall += (task.dur ?? 0) / 1000;
  }
  return { mainThreadCpu: cpu, wallPerCpu: cpu > 0 ? wall / cpu : Number.NaN };
}

/** A task of the page's main thread, as Lighthouse's simulation would count it on CPU time. */
export interface SimulatedTask {
  /** Its CPU time, in ms. */
  cpu: number;
  /** Its length in ms at the slowdown: CPU time × slowdown, half the slowdown for a task that lays out. */
  ms: number;
}

/**
 * The page's main-thread tasks from its navigation commit on, each at its CPU time times the
 * slowdown as Lighthouse's simulation scales a task (its `layoutTaskMultiplier` is half the
 * slowdown): `commit` is the browser's navigation commit, the page's first task (a new document
 * and its script context, the first bytes of HTML, the requests for what the head names; every
 * page pays it), `after` the tasks that follow it. Undefined when the trace has no commit before
 * first paint. Unlike Lighthouse, which leaves out of its graph most tasks shorter than 10 ms as
 * recorded, it counts every task: on a trace at CPU time, whether a 9.5 ms navigation commit
 * counts as a 105 ms task at 11× would depend on which side of 10 ms it fell.
 */
export function tasksAtSlowdown(
  events: TraceEvent[],
  slowdown: number,
): { commit: SimulatedTask; after: SimulatedTask[] } | undefined {
  const thread = pageThread(events);
  if (!thread) return undefined;
  // Lighthouse opens about:blank first: the page's own commit is the last before its first paint.
  const commitEvent = events
    .filter((event) => event.ph === 'X' && event.name === 'DocumentLoader::CommitNavigation' && thread.onIt(event))
    .filter((event) => event.ts < thread.paint.ts)
    .sort((a, b) => a.ts - b.ts)
    .at(-1);
  if (!commitEvent) return undefined;
  const layouts = events.filter((event) => event.name === 'Layout' && thread.onIt(event)).map((event) => event.ts);
  const simulated = (task: TraceEvent): SimulatedTask => {
    const end = task.ts + (task.dur ?? 0);
    const didLayout = layouts.some((ts) => ts >= task.ts && ts <= end);
    const cpu = (task.tdur ?? 0) / 1000;
    return { cpu, ms: Math.round(cpu * slowdown * (didLayout ? 0.5 : 1)) };
  };
  const tasks = topLevelTasks(events, thread.onIt).filter((task) => task.ts + (task.dur ?? 0) >= commitEvent.ts);
  const [first, ...after] = tasks;
  // The first task still running at the commit holds it.
  if (!first || first.ts > commitEvent.ts) return undefined;
  return { commit: simulated(first), after: after.map(simulated) };
}

/**
 * Lighthouse's simulation (lantern's PageDependencyGraph, `SIGNIFICANT_DUR_THRESHOLD_MS`) leaves
 * out of its graph a main-thread task shorter than this as recorded (wall time), bar the first
 * parse, layout and paint and tasks many others depend on: only longer tasks are scaled by the
 * slowdown and can block. At 10.7× a task kept is at least 107 ms, so TBT counts ≥ 57 ms for it.
 */
export const SIMULATED_TASK_MIN_MS = 10;

/** The threads' names in a trace, by `pid:tid`, with their process's name. */
function threadNames(events: (TraceEvent & { args?: { name?: string } })[]) {
  const processes = new Map<number | undefined, string>();
  const threads = new Map<string, string>();
  for (const event of events) {
    if (event.ph !== 'M') continue;
    if (event.name === 'process_name') processes.set(event.pid, event.args?.name ?? '?');
    if (event.name === 'thread_name') threads.set(`${event.pid}:${event.tid}`, event.args?.name ?? '?');
  }
  return (key: string) => `${processes.get(Number(key.split(':')[0])) ?? '?'} ${threads.get(key) ?? '?'}`;
}

/**
 * The CPU time of every thread of every process in the trace between `from` and `to` (µs), from
 * its outermost complete events: what shared the machine's cores with the page's main thread.
 */
export function cpuByThread(events: TraceEvent[], from: number, to: number): { thread: string; cpu: number }[] {
  const byThread = new Map<string, TraceEvent[]>();
  for (const event of events) {
    if (event.ph !== 'X' || event.tdur === undefined || event.ts < from || event.ts > to) continue;
    const key = `${event.pid}:${event.tid}`;
    const list = byThread.get(key) ?? [];
    list.push(event);
    byThread.set(key, list);
  }
  const nameOf = threadNames(events);
  return [...byThread].map(([key, list]) => ({
    thread: nameOf(key),
    cpu: outermost(list).reduce((sum, event) => sum + (event.tdur ?? 0) / 1000, 0),
  }));
}
