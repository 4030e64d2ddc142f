import { afterAll } from 'vitest';
import { dropLeftoverTestDatabases } from './undropped-databases';

// On PostgreSQL each test file makes databases of its own: none outlives the file, even when a
// test forgot to close its app.
afterAll(dropLeftoverTestDatabases);
