import type { FastifyInstance } from 'fastify';

/** One sample of a Prometheus text exposition: its name, labels and value. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a scrape (`# HELP`/`# TYPE` lines skipped). */
export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!match) throw new Error(`not a sample: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[key as string] = (value as string).replace(/\\(.)/g, '$1');
    }
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return samples;
}

/** A scrape as a lookup: the sum of the samples named `name` whose labels include `labels` (0: none). */
export interface Scrape {
  value(name: string, labels?: Record<string, string>): number;
  has(name: string, labels?: Record<string, string>): boolean;
  samples: Sample[];
}

export function scrapeOf(text: string): Scrape {
  const samples = parseMetrics(text);
  const matching = (name: string, labels: Record<string, string>) =>
    samples.filter(
      (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    );
  return {
    samples,
    value: (name, labels = {}) => matching(name, labels).reduce((sum, sample) => sum + sample.value, 0),
    has: (name, labels = {}) => matching(name, labels).length > 0,
  };
}

/** GET /api/metrics from loopback, or as `options` say; fails unless it answers 200. */
export async function scrape(
  app: FastifyInstance,
  options: { remoteAddress?: string; headers?: Record<string, string> } = {},
): Promise<Scrape> {
  const response = await app.inject({ method: 'GET', url: '/api/metrics', ...options });
  if (response.statusCode !== 200) throw new Error(`scrape: ${response.statusCode} ${response.body}`);
  return scrapeOf(response.body);
}
