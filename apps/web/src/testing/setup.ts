import { configure } from '@testing-library/react';

// On a loaded machine (CI runs the PGlite and PostgreSQL suites side by side on two cores) a
// jsdom render with a lazily imported page can take longer than Testing Library's 1 s default;
// a real failure still fails, a few seconds later.
configure({ asyncUtilTimeout: 5_000 });
