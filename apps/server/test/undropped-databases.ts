/**
 * PostgreSQL databases this test file made and has not dropped yet, by name, with how to drop
 * them. A module of its own, so test/setup.ts loads no more than this into every test file.
 */
export const undropped = new Map<string, () => Promise<void>>();

/** Drops what a test left behind (an app it never closed): every file's last hook. */
export async function dropLeftoverTestDatabases() {
  for (const drop of [...undropped.values()]) await drop();
}
