// The operator's database tools (README "Operations"), run from source with tsx like seed:large:
//   npm run db:move -- --to postgres://…        the PGlite shop under DATA_DIR into an empty PostgreSQL
//   npm run db:backup [-- --out DIR] [--gzip] [--format=portable]
//                                               DATABASE_URL's database, or PGlite under DATA_DIR, in plain SQL
//                                               (psql restores it) or in db:move's portable format
//   npm run db:restore -- --from FILE [--to postgres://… | DIR]   a backup (either format) into an empty database
//   npm run storage:move                        DATA_DIR/uploads and DATA_DIR/private into S3_BUCKET
// Exit code 0 when every check agreed, 1 on a mismatch or a refusal, 2 on a wrong command line.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config';
import { correctedLine, keepPrivate, PRIVATE_UMASK, privatePlaces } from '../file-modes';
import { backupDatabase, type CommandResult, moveDatabase, restoreDatabase } from './commands';
import { isPostgresUrl, ToolError } from './connection';
import { type FolderMove, moveStorage } from './storage-move';

const USAGE = `Usage:
  npm run db:move -- --to postgres://user:password@host:5432/shop
  npm run db:backup [-- --out DIR] [--gzip] [--format=sql|portable]
  npm run db:restore -- --from FILE [--to postgres://… | DATA_DIR]
  npm run storage:move`;

class UsageError extends Error {}

export async function run(command: string | undefined, args: string[], env: NodeJS.ProcessEnv): Promise<CommandResult> {
  const config = loadConfig(env);
  // DATA_DIR, PGlite's folder, the private files and the backups: 0700/0600 before the tool
  // reads them and after it wrote (a restored PGlite folder, a new backup), one line saying how
  // many it changed (the command's own report follows).
  const places = privatePlaces(config);
  const before = await keepPrivate(places);
  const result = await runCommand(command, args, env, config);
  const corrected = before + (await keepPrivate(places));
  return corrected > 0 ? { ...result, report: `${result.report}\n${correctedLine(corrected)}.` } : result;
}

async function runCommand(
  command: string | undefined,
  args: string[],
  env: NodeJS.ProcessEnv,
  config: ReturnType<typeof loadConfig>,
): Promise<CommandResult> {
  const { values } = parseArgs({
    args,
    options: {
      to: { type: 'string' },
      out: { type: 'string' },
      from: { type: 'string' },
      format: { type: 'string' },
      gzip: { type: 'boolean' },
    },
    strict: true,
  });
  // Statements and lock waits of the tools take a long job's bound (DATABASE_JOB_TIMEOUT_MS).
  const jobMs = config.database.bounds?.jobMs;
  // npm runs the script in apps/server: a relative path typed with `npm run` is read from the repository root (INIT_CWD).
  const typed = (value: string) => path.resolve(env.INIT_CWD ?? process.cwd(), value);
  switch (command) {
    case 'move': {
      if (!values.to || !isPostgresUrl(values.to)) throw new UsageError('db:move needs --to postgres://…');
      return moveDatabase({ dataDir: config.database.dataDir, to: values.to, jobMs });
    }
    case 'backup': {
      const format = values.format ?? 'sql';
      if (format !== 'sql' && format !== 'portable') throw new UsageError('db:backup --format is sql or portable');
      if (values.gzip && format === 'portable') throw new UsageError('a portable backup is always gzip’d: drop --gzip');
      return backupDatabase({
        url: config.database.url,
        dataDir: config.database.dataDir,
        out: values.out ? typed(values.out) : path.join(config.database.dataDir, 'backups'),
        jobMs,
        format,
        gzip: values.gzip ?? false,
      });
    }
    case 'restore': {
      if (!values.from) throw new UsageError('db:restore needs --from FILE');
      const to = values.to
        ? isPostgresUrl(values.to)
          ? values.to
          : typed(values.to)
        : (config.database.url ?? config.database.dataDir);
      return restoreDatabase({ from: typed(values.from), to, jobMs });
    }
    case 'storage-move': {
      // The disk folders as the shop would use them without S3_BUCKET (UPLOADS_DIR, PRIVATE_FILES_DIR, DATA_DIR).
      const disk = loadConfig({ ...env, S3_BUCKET: undefined, S3_ENDPOINT: undefined });
      const moves: FolderMove[] = [];
      if (config.storage.kind === 's3' && disk.storage.kind === 'disk') {
        moves.push({ name: 'uploads', dir: disk.storage.dir, bucket: config.storage });
      }
      if (config.privateStorage.kind === 's3' && disk.privateStorage.kind === 'disk') {
        moves.push({ name: 'private', dir: disk.privateStorage.dir, bucket: config.privateStorage });
      }
      return moveStorage(moves);
    }
    default:
      throw new UsageError(`Unknown command ${command ?? '(none)'}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // What the tools create (backups, a restored PGlite folder) is the operator's account's alone.
  process.umask(PRIVATE_UMASK);
  const [command, ...args] = process.argv.slice(2);
  try {
    const result = await run(command, args, process.env);
    console.log(result.report);
    process.exitCode = result.ok ? 0 : 1;
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`${(error as Error).message}\n${USAGE}`);
      process.exitCode = 2;
    } else if (error instanceof ToolError || error instanceof ConfigError) {
      console.error(error.message);
      process.exitCode = 1;
    } else {
      console.error(error);
      process.exitCode = 1;
    }
  }
}
