/**
 * How many test files vitest runs at once (TEST_WORKERS; 2 by default, 1 with an external DATABASE_URL, whose one
 * database the integration files would otherwise share). Most integration files wait on PostgreSQL and HTTP, so two
 * at a time finish a 2-core machine's `npm test` sooner; timing targets live in the bench scripts, not in tests.
 */
export const TEST_WORKERS = Math.max(1, Number(process.env.TEST_WORKERS ?? (process.env.DATABASE_URL ? 1 : 2)));
