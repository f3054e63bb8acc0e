// The most bytes one language's review page may weigh gzipped (level 9),
// without the host's review context. `npm run build` refuses a page above it
// and the browser tests check the served pages against it, so every check
// states the same number. Room is left for messages and features to come.
export const PAGE_GZIP_BUDGET_BYTES = 14_000;
