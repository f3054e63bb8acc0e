// The Worker's surface in one table: each path with its methods, the budget it
// spends and whether it needs the bearer token. Authentication, rate limits,
// the exact-path rule, the 404 message and the OpenAPI test read it, so an
// endpoint is added here once.

/** A rate-limit budget: tool runs, or every other request. */
export type Budget = 'toolCalls' | 'reads';

export interface Route {
  readonly path: string;
  readonly methods: readonly ('GET' | 'POST')[];
  /** The budget a request spends; undefined: never limited. */
  readonly budget: Budget | undefined;
  /** Whether the bearer token is needed once the host sets one. */
  readonly token: boolean;
  /** What the 404 message calls it. */
  readonly title: string;
}

export const ROUTES = [
  // The page and the health check carry nothing the token guards (the page's calls go to /v1/dispatch).
  { path: '/', methods: ['GET'], budget: 'reads', token: false, title: 'the review page' },
  { path: '/v1/tools', methods: ['GET'], budget: 'reads', token: true, title: 'the tool descriptors' },
  { path: '/v1/dispatch', methods: ['POST'], budget: 'toolCalls', token: true, title: 'a tool call' },
  { path: '/mcp', methods: ['POST'], budget: 'toolCalls', token: true, title: 'MCP' },
  { path: '/openapi.json', methods: ['GET'], budget: 'reads', token: true, title: 'the OpenAPI document' },
  // Never limited, so uptime checks and load balancers always see the service.
  { path: '/healthz', methods: ['GET'], budget: undefined, token: false, title: 'the health check' },
] as const satisfies readonly Route[];

export type RoutePath = (typeof ROUTES)[number]['path'];

const BY_PATH: ReadonlyMap<string, Route> = new Map(ROUTES.map((route) => [route.path, route]));

/** The route a request's path names, matched exactly as sent. */
export function routeOf(rawPath: string): Route | undefined {
  return BY_PATH.get(rawPath);
}

/**
 * Whether a path is a variant of a route's path without being it: another
 * case, a trailing or doubled slash, a percent-encoded character. The app
 * answers such a path 404, so no variant reaches a tool on another budget.
 */
export function isRouteVariant(rawPath: string): boolean {
  if (BY_PATH.has(rawPath)) return false;
  let decoded = rawPath;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    // A malformed escape is compared as written.
  }
  const folded = decoded
    .toLowerCase()
    .replace(/\/{2,}/g, '/')
    .replace(/(?<=.)\/+$/, '');
  return BY_PATH.has(folded);
}

/** The path of a request as sent (percent-encoding kept), which routeOf matches. */
export function rawPathOf(url: string): string {
  return new URL(url).pathname;
}

/** The budget a path spends: its route's, or reads for a path that names none exactly (a variant included). */
export function budgetOf(rawPath: string): Budget | undefined {
  const route = routeOf(rawPath);
  return route === undefined ? 'reads' : route.budget;
}

/** Paths served without the bearer token. Every other path, one added later included, needs it once the host sets one. */
export const OPEN_PATHS: readonly string[] = ROUTES.filter((route) => !route.token).map((route) => route.path);

/** "GET / (the review page), GET /v1/tools, …" for the 404 message. */
export function describeRoutes(): string {
  return ROUTES.map((route) => `${route.methods.join(', ')} ${route.path} (${route.title})`).join(', ');
}
