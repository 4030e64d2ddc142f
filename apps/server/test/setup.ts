import { dropLiveScratchDatabases } from '@shop/testing';
import { afterAll } from 'vitest';

// On PostgreSQL each test file makes databases of its own: none outlives the file, even when a
// test forgot to close its app (and the run's teardown drops whatever a crashed file left).
afterAll(dropLiveScratchDatabases);
