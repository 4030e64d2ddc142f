import path from 'node:path';
import { pgliteFolder } from '../client';
import { keepPrivate } from '../file-modes';
import { type CheckLine, compareChecks, formatChecks } from './checks';
import {
  assertPgliteStopped,
  connectPostgres,
  isPostgresUrl,
  openPgliteFolder,
  safeUrl,
  type ToolConnection,
} from './connection';
import { backupKind, backupSql, restoreSql } from './sql-backup';
import { readDatabase, readDump, writeDatabase, writeDump } from './transfer';

/** What a command prints, and whether every check agreed (the exit code). */
export interface CommandResult {
  ok: boolean;
  report: string;
}

const verdict = (lines: CheckLine[]) =>
  lines.every((line) => line.ok)
    ? 'All counts and sums agree.'
    : `MISMATCH: ${lines.filter((line) => !line.ok).length} check(s) differ (marked above). Do not use the copy; keep the original.`;

/**
 * A PGlite DATA_DIR and its database folder, 0700/0600 (db/file-modes.ts): PGlite unpacks a new
 * database with mode 0666 and rewrites a few files 0644 whatever the umask.
 */
export const keepPgliteFolderPrivate = (dataDir: string) =>
  keepPrivate([
    { path: dataDir, withContents: false },
    { path: pgliteFolder(dataDir), withContents: true },
  ]);

/** A postgres:// URL, or a DATA_DIR folder for PGlite (which must not be in use). */
async function openTarget(target: string, jobMs?: number): Promise<ToolConnection> {
  return isPostgresUrl(target)
    ? connectPostgres(target, jobMs)
    : openPgliteFolder(path.resolve(target), { mustExist: false });
}

/** `npm run db:move -- --to postgres://…`: the PGlite shop under DATA_DIR into an empty PostgreSQL. */
export async function moveDatabase(options: { dataDir: string; to: string; jobMs?: number }): Promise<CommandResult> {
  assertPgliteStopped(options.dataDir);
  const source = await openPgliteFolder(options.dataDir, { mustExist: true });
  try {
    const target = await connectPostgres(options.to, options.jobMs);
    try {
      const snapshot = await readDatabase(source);
      const lines = await writeDatabase(snapshot, target).finally(() => snapshot.close());
      const ok = lines.every((line) => line.ok);
      const report = [
        `Moved ${source.label} (migration ${snapshot.migration.tag}) into ${target.label}.`,
        formatChecks(lines, ['PGlite', 'PostgreSQL']),
        verdict(lines),
      ];
      if (ok) {
        report.push(
          '',
          'What to set next:',
          `  1. Stop using PGlite: set DATABASE_URL=${safeUrl(options.to)} (with its real password) in the shop's environment.`,
          '  2. Start the shop again (npm start); it migrates the new database to its version if needed.',
          `  3. Images and transfer proofs stay on disk: keep DATA_DIR (${options.dataDir}) with its uploads/ and private/ folders,`,
          '     or set S3_BUCKET (and S3_*) and run `npm run storage:move` to put them in the bucket.',
          `  4. Keep the old ${pgliteFolder(options.dataDir)} folder as a backup until the shop has run well on PostgreSQL;`,
          '     then run `npm run db:backup` regularly.',
        );
      }
      return { ok, report: report.join('\n') };
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
    await keepPgliteFolderPrivate(options.dataDir);
  }
}

/** The two kinds of backup file: plain SQL (pg_dump's, psql restores it) and db:move's portable JSON lines. */
export type BackupFormat = 'sql' | 'portable';

const KEEP_PRIVATE =
  'The file holds password hashes and sessions: keep it private (it is written with mode 0600) and copy it off this machine.';

/**
 * `npm run db:backup [-- --out DIR] [--gzip] [--format=portable]`: the shop's database
 * (DATABASE_URL, or PGlite under DATA_DIR) to a backup file, plain SQL unless asked otherwise.
 */
export async function backupDatabase(options: {
  url?: string;
  dataDir: string;
  out: string;
  jobMs?: number;
  format?: BackupFormat;
  gzip?: boolean;
}): Promise<CommandResult & { file?: string }> {
  const source = options.url
    ? await connectPostgres(options.url, options.jobMs)
    : await openPgliteFolder(options.dataDir, { mustExist: true });
  try {
    if ((options.format ?? 'sql') === 'sql') {
      const { file, header, lines } = await backupSql(source, {
        url: options.url,
        out: options.out,
        gzip: options.gzip ?? false,
        jobMs: options.jobMs,
      });
      const restore = file.endsWith('.gz')
        ? `gunzip -c ${file} | psql -X -v ON_ERROR_STOP=1 --single-transaction -d NEW_EMPTY_DATABASE`
        : `psql -X -v ON_ERROR_STOP=1 --single-transaction -d NEW_EMPTY_DATABASE -f ${file}`;
      return {
        ok: lines.every((line) => line.ok),
        file,
        report: [
          `Backed up ${source.label} (migration ${header.migration.tag}) to ${file}`,
          `in plain SQL by ${header.dumpedBy}; it restores into a new empty database with`,
          `  ${restore}`,
          '  or npm run db:restore -- --from FILE (PostgreSQL or PGlite, checking the counts and sums).',
          formatChecks(lines, ['database', 'file']),
          verdict(lines),
          KEEP_PRIVATE,
        ].join('\n'),
      };
    }
    const snapshot = await readDatabase(source);
    const written = await writeDump(snapshot, options.out).finally(() => snapshot.close());
    // Read the file back: what restore will see must be what was in the database.
    const dump = await readDump(written.file);
    for (const table of dump.tables) for await (const _ of dump.rows(table));
    await dump.close();
    const lines = compareChecks(snapshot.checks, { counts: dump.rowsRead, sums: snapshot.checks.sums });
    const ok = lines.every((line) => line.ok);
    return {
      ok,
      file: written.file,
      report: [
        `Backed up ${source.label} (migration ${snapshot.migration.tag}) to ${written.file} in the portable format (db:restore reads it).`,
        formatChecks(lines, ['database', 'file']),
        verdict(lines),
        KEEP_PRIVATE,
      ].join('\n'),
    };
  } finally {
    await source.close();
    if (!options.url) await keepPgliteFolderPrivate(options.dataDir);
  }
}

/**
 * `npm run db:restore -- --from FILE [--to postgres://… | DATA_DIR]`: a backup into an empty
 * database, plain SQL (`.sql`, `.sql.gz`) or the portable format (`.jsonl.gz`), told apart by
 * the file's first line.
 */
export async function restoreDatabase(options: { from: string; to: string; jobMs?: number }): Promise<CommandResult> {
  if ((await backupKind(options.from)) === 'sql') return restoreSqlBackup(options);
  const dump = await readDump(options.from);
  const target = await openTarget(options.to, options.jobMs).catch(async (error) => {
    await dump.close().catch(() => {});
    throw error;
  });
  try {
    const lines = await writeDatabase(dump, target).catch(async (error) => {
      await dump.close().catch(() => {});
      throw error;
    });
    await dump.close();
    return {
      ok: lines.every((line) => line.ok),
      report: [
        `Restored ${options.from} (made ${dump.createdAt}, migration ${dump.migration.tag}) into ${target.label}.`,
        formatChecks(lines, ['backup', 'restored']),
        verdict(lines),
      ].join('\n'),
    };
  } finally {
    await target.close();
    // A restored PGlite folder is as private as the shop's own (its files were unpacked 0666).
    if (!isPostgresUrl(options.to)) await keepPgliteFolderPrivate(path.resolve(options.to));
  }
}

async function restoreSqlBackup(options: { from: string; to: string; jobMs?: number }): Promise<CommandResult> {
  const target = await openTarget(options.to, options.jobMs);
  try {
    const { header, lines, migration } = await restoreSql(options.from, target);
    const made = header ? `made ${header.createdAt} by ${header.dumpedBy}, ` : 'not made by db:backup: rows compared, ';
    return {
      ok: lines.every((line) => line.ok),
      report: [
        `Restored ${options.from} (${made}migration ${migration}) into ${target.label}.`,
        formatChecks(lines, ['backup', 'restored']),
        verdict(lines),
      ].join('\n'),
    };
  } finally {
    await target.close();
    if (!isPostgresUrl(options.to)) await keepPgliteFolderPrivate(path.resolve(options.to));
  }
}
