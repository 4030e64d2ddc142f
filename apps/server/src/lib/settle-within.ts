/**
 * What `work` settles to, or `late` when it has not within `timeoutMs`: for the answers that
 * matter most when something hangs (readiness, a metrics scrape), which must come back in time
 * whatever the database or Redis does. `work` should not reject: map its failure first.
 */
export async function settleWithin<T>(work: Promise<T>, timeoutMs: number, late: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(late), timeoutMs);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
