import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, uniqueEmail } from '../../test/accounts';
import { createTestApp, createTestDatabase, type TestDatabase, testConfig } from '../../test/helper';
import { otpFrom, startSmtpServer, type TestSmtpServer } from '../../test/smtp';
import { buildApp } from '../app';
import { emailJobHandler } from '../mail/email-job';
import { createMailer } from '../mail/mailer';
import { enqueueEmail } from '../mail/outbox-email';
import { type OutboxHandler, OutboxWorker } from './outbox-worker';

/** A logger that keeps every call, to check what reaches the log. */
function recordingLogger() {
  const lines: string[] = [];
  const record = (...args: unknown[]) => lines.push(JSON.stringify(args));
  const log = {
    info: record,
    warn: record,
    error: record,
    debug: record,
    trace: record,
    fatal: record,
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describe('the outbox without SMTP_URL', () => {
  let shop: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    shop = await createTestApp({ seedDemoCatalogue: false, outbox: { worker: true, pollMs: 100, retryBaseMs: 100 } });
  });
  afterAll(async () => shop?.close());

  it('keeps a welcome email in the outbox, drops the data of a reset code, and logs neither body', async () => {
    const { email } = await register(shop.app);
    await shop.app.inject({ method: 'POST', url: '/api/users/request-reset', payload: { email } });
    await expect
      .poll(
        async () =>
          shop.database.query<{ last_error: string | null }>(
            `SELECT last_error FROM outbox WHERE payload->>'to' = $1`,
            [email],
          ),
        { timeout: 10_000 },
      )
      .toEqual(
        expect.arrayContaining([
          { last_error: 'kept: SMTP_URL is not set' },
          { last_error: 'not sent: SMTP_URL is not set' },
        ]),
      );
    const rows = await shop.database.query<{
      payload: { template: string; data?: unknown };
      done: boolean;
      parked: boolean;
    }>(
      `SELECT payload, done_at IS NOT NULL AS done, run_after = 'infinity' AS parked FROM outbox WHERE payload->>'to' = $1`,
      [email],
    );
    const welcome = rows.find((row) => row.payload.template === 'welcome');
    const code = rows.find((row) => row.payload.template === 'password-reset-otp');
    expect(welcome).toMatchObject({ done: false, parked: true });
    expect(welcome?.payload.data).toBeDefined();
    expect(code).toMatchObject({ done: true });
    expect(code?.payload.data).toBeUndefined();
  });

  it('logs who a kept email is for, never its content', async () => {
    const { log, lines } = recordingLogger();
    const handler = emailJobHandler(createMailer({ from: 'shop@example.com' }), log);
    const outcome = await handler({
      id: 'j1',
      kind: 'email',
      attempts: 1,
      payload: {
        to: 'ada@example.com',
        template: 'password-reset-otp',
        data: { firstName: 'Ada', otp: '493817' },
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
      },
    });
    expect(outcome.status).toBe('done');
    expect(lines.join('\n')).toContain('ada@example.com');
    expect(lines.join('\n')).toContain('SMTP_URL is not set');
    expect(lines.join('\n')).not.toContain('493817');
  });

  it('sends the kept emails once a process with SMTP_URL starts', async () => {
    const smtp = await startSmtpServer();
    let second: FastifyInstance | undefined;
    try {
      const email = uniqueEmail('later');
      await register(shop.app, { email });
      await expect
        .poll(
          async () =>
            (
              await shop.database.query(`SELECT 1 FROM outbox WHERE payload->>'to' = $1 AND run_after = 'infinity'`, [
                email,
              ])
            ).length,
          { timeout: 10_000 },
        )
        .toBe(1);
      // The shop restarts with SMTP_URL: the old process (which cannot send) stops first.
      await shop.app.outbox.stop();
      second = await buildApp(
        testConfig({
          seedDemoCatalogue: false,
          mail: { smtpUrl: smtp.url, from: 'shop@example.com' },
          outbox: { worker: true, pollMs: 100, retryBaseMs: 100 },
        }),
        { database: shop.database },
      );
      const mail = await smtp.waitFor(email, (m) => m.subject.startsWith('Welcome'), 20_000);
      expect(mail.text).toContain('Your Stitch & Trim account is ready.');
      expect(mail.text).toContain('/verify-email#token=');
    } finally {
      await second?.close();
      await smtp.stop();
    }
  });
});

describe('two workers on one outbox', () => {
  let shop: Awaited<ReturnType<typeof createTestApp>>;
  let smtp: TestSmtpServer;
  let second: FastifyInstance;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    const config = {
      seedDemoCatalogue: false,
      mail: { smtpUrl: smtp.url, from: 'shop@example.com' },
      outbox: { worker: true, pollMs: 50, retryBaseMs: 100 },
    };
    shop = await createTestApp(config);
    second = await buildApp(testConfig(config), { database: shop.database });
  });
  afterAll(async () => {
    await second?.close();
    await shop?.close();
    await smtp?.stop();
  });

  it('deliver every email exactly once', async () => {
    const to = Array.from({ length: 30 }, (_, i) => uniqueEmail(`bulk${i}`));
    await shop.database.db.transaction(async (tx) => {
      for (const address of to)
        await enqueueEmail(tx, { to: address, template: 'welcome', data: { firstName: 'Bulk' } });
    });
    shop.app.outbox.nudge();
    second.outbox.nudge();
    await expect.poll(() => to.every((address) => smtp.to(address).length > 0), { timeout: 20_000 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const address of to) expect(smtp.to(address)).toHaveLength(1);
    const [left] = await shop.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox WHERE done_at IS NULL`,
    );
    expect(left?.n).toBe(0);
  });

  it('sends a reset code that still reads right after the trip through SMTP', async () => {
    const { email } = await register(shop.app);
    await shop.app.inject({ method: 'POST', url: '/api/users/request-reset', payload: { email } });
    const mail = await smtp.waitFor(email, (m) => m.subject.includes('password reset'));
    expect(otpFrom(mail)).toMatch(/^\d{6}$/);
    expect(mail.raw).toMatch(/^From: .*shop@example\.com/m);
  });
});

describe('outbox workers sharing one table', () => {
  let testDatabase: TestDatabase;
  const { log } = recordingLogger();
  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    await testDatabase.database.migrate();
  });
  afterAll(async () => testDatabase?.drop());

  const enqueue = async (kind: string, secondsAgo: number) => {
    const [row] = await testDatabase.database.query<{ id: string }>(
      `INSERT INTO outbox (kind, payload, run_after) VALUES ($1, '{}', now() - ($2::int * interval '1 second')) RETURNING id`,
      [kind, secondsAgo],
    );
    if (!row) throw new Error('no outbox row');
    return row.id;
  };
  const worker = (handlers: Record<string, OutboxHandler>, lockMs: number) =>
    new OutboxWorker({ database: testDatabase.database, log, handlers, pollMs: 60_000, retryBaseMs: 100, lockMs });
  const done = (id: string) =>
    testDatabase.database.query<{ done: boolean; attempts: number; locked: boolean }>(
      'SELECT done_at IS NOT NULL AS done, attempts, locked_until IS NOT NULL AS locked FROM outbox WHERE id = $1',
      [id],
    );

  it('never runs a job twice when its claim ran out while earlier jobs of the batch took long', async () => {
    await testDatabase.database.query('DELETE FROM outbox');
    const slow = await enqueue('slow', 60);
    const mail = await enqueue('mail', 30);
    const deliveries: string[] = [];
    const deliverAs =
      (name: string): OutboxHandler =>
      async () => {
        deliveries.push(name);
        return { status: 'done' };
      };
    // B only sends mail; it polls while A is still busy with the slow job.
    const b = worker({ mail: deliverAs('B') }, 60_000);
    const a = worker(
      {
        slow: async () => {
          await new Promise((resolve) => setTimeout(resolve, 250));
          await b.drain(); // A's claim on the mail job (150 ms) has run out by now
          return { status: 'done' };
        },
        mail: deliverAs('A'),
      },
      150,
    );
    await a.drain();
    expect(deliveries).toEqual(['B']);
    expect(await done(slow)).toEqual([{ done: true, attempts: 1, locked: false }]);
    // Claimed twice (A, then B), sent once.
    expect(await done(mail)).toEqual([{ done: true, attempts: 2, locked: false }]);
  });

  it('hands back the jobs it has not started when the server stops', async () => {
    await testDatabase.database.query('DELETE FROM outbox');
    const first = await enqueue('mail', 60);
    const second = await enqueue('mail', 30);
    const third = await enqueue('mail', 10);
    const sent: string[] = [];
    const w = worker(
      {
        mail: async (job) => {
          sent.push(job.id);
          void w.stop(); // SIGTERM arrives while the first email is being sent
          return { status: 'done' };
        },
      },
      60_000,
    );
    await w.drain();
    expect(sent).toEqual([first]);
    expect(await done(first)).toEqual([{ done: true, attempts: 1, locked: false }]);
    // Free for the next process at once, their try not counted.
    expect(await done(second)).toEqual([{ done: false, attempts: 0, locked: false }]);
    expect(await done(third)).toEqual([{ done: false, attempts: 0, locked: false }]);
  });
});
