import { chmod, lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config';
import { pgliteFolder } from './client';

/**
 * Files only the shop can read (docs/SECURITY.md, "Files only the shop can read"). DATA_DIR holds
 * PGlite's files (password hashes, sessions, customers' addresses), transfer proofs and backups:
 * another account on the machine must not read or overwrite any of them.
 */

/** The process umask of the server and the database tools: what they create is theirs alone. */
export const PRIVATE_UMASK = 0o077;
export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** A folder to keep private: itself only, or with everything inside it. */
export interface PrivatePlace {
  path: string;
  withContents: boolean;
}

/**
 * DATA_DIR itself (not its uploads: public pictures, but out of reach once DATA_DIR is 0700), the
 * PGlite folder, the backups folder and the private files' folder on disk, with what is inside.
 */
export function privatePlaces(config: Pick<AppConfig, 'database' | 'privateStorage'>): PrivatePlace[] {
  const { dataDir } = config.database;
  return [
    { path: dataDir, withContents: false },
    { path: pgliteFolder(dataDir), withContents: true },
    { path: backupsFolder(dataDir), withContents: true },
    ...(config.privateStorage.kind === 'disk' ? [{ path: config.privateStorage.dir, withContents: true }] : []),
  ];
}

/** Where `npm run db:backup` writes without `--out`. */
export const backupsFolder = (dataDir: string) => path.join(dataDir, 'backups');

const wrongBits = (mode: number, wanted: number) => (mode & 0o777) !== wanted;

/**
 * Sets folders to 0700 and files to 0600 in each place that exists, and returns how many it
 * changed. Symbolic links are neither followed nor changed (chmod would reach their target,
 * which may be anyone's); a place that is missing is skipped; a file that vanishes meanwhile (a
 * running PGlite's temporary one) is not an error.
 */
export async function keepPrivate(places: readonly PrivatePlace[]): Promise<number> {
  let corrected = 0;
  const visit = async (target: string, withContents: boolean) => {
    let info: Awaited<ReturnType<typeof lstat>>;
    try {
      info = await lstat(target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    if (info.isSymbolicLink()) return;
    const wanted = info.isDirectory() ? PRIVATE_FOLDER_MODE : info.isFile() ? PRIVATE_FILE_MODE : undefined;
    if (wanted === undefined) return;
    if (wrongBits(info.mode, wanted)) {
      try {
        await chmod(target, wanted);
        corrected += 1;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    if (!withContents || !info.isDirectory()) return;
    let names: string[];
    try {
      names = await readdir(target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const name of names) await visit(path.join(target, name), true);
  };
  for (const place of places) await visit(place.path, place.withContents);
  return corrected;
}

/** The log line of a correction pass; no file names (a proof's or a table's name says nothing useful). */
export function correctedLine(corrected: number): string {
  return `files only the shop can read: ${corrected} file and folder mode${corrected === 1 ? '' : 's'} under DATA_DIR and the private files corrected to 0600/0700`;
}
