// Turns the Worker's env into the dispatcher: the catalogue from the static
// asset `catalogue.json`, and as host the validated config and the evidence
// reader over a read-only view of the EVIDENCE binding.
import { compileCatalogue } from '../core/catalogue/compile';
import type { CatalogueAsWritten } from '../core/catalogue/compiled-types';
import { createCatalogueView, type CatalogueView } from '../core/catalogue/view';
import { createDispatcher } from '../core/dispatcher';
import { snapshotHost } from '../core/host';
import { catalogueVersion } from '../core/index';
import { createSignalScanner } from '../core/scanner/scan';
import type { WritingToolDispatcher, WritingToolHost } from '../core/types';
import { ConfigError, type HostConfig } from './config';
import type { WorkerEnv } from './env';
import { createEvidenceReader } from './evidence-reader';
import type { ToolDispatcher } from './routes/dispatch';

// The catalogue per ASSETS binding (one per isolate in production), read once
// and shared by every dispatcher, as the library shares its bundled one. Only
// a settled view is kept: a Worker must not await I/O another request
// started, so concurrent first calls each read.
const catalogueViews = new WeakMap<Fetcher, CatalogueView>();

/**
 * Reads the catalogue the build wrote beside the review page (wrangler.toml
 * [assets]): about 50 KiB gzip that the Worker's script does not carry. The
 * asset and the script come from one build and one deploy; should they still
 * differ, the Worker refuses to answer from the wrong catalogue.
 */
async function readCatalogueView(assets: Fetcher): Promise<CatalogueView> {
  // Any origin: the binding serves by path alone.
  const response = await assets.fetch('https://assets.invalid/catalogue.json');
  if (!response.ok) throw new Error(`The catalogue asset answered ${response.status}; run npm run build.`);
  const written = (await response.json()) as CatalogueAsWritten;
  if (written.catalogueVersion !== catalogueVersion) {
    throw new Error(`The catalogue asset is ${written.catalogueVersion}, this Worker was built with ${catalogueVersion}.`);
  }
  return createCatalogueView(compileCatalogue(written), createSignalScanner);
}

/**
 * Creates the dispatcher for a config. The config was parsed with the core's
 * own text and ID-list checks, so the core accepts it; should it still refuse
 * it, that is a defect, answered as 500 internal-error by the handler. The
 * catalogue is read on the first call that needs it; a failed read answers
 * that call 500 internal-error, and the next call reads again.
 */
export function createHostDispatcher(config: HostConfig, env: WorkerEnv): ToolDispatcher {
  if (typeof env.EVIDENCE?.get !== 'function') {
    throw new ConfigError('EVIDENCE', 'EVIDENCE must be bound to a KV namespace (see [[kv_namespaces]] in wrangler.toml).');
  }
  const assets = env.ASSETS;
  if (typeof assets?.fetch !== 'function') {
    throw new ConfigError('ASSETS', 'ASSETS must be bound to the static assets (see [assets] in wrangler.toml).');
  }
  const host: WritingToolHost = {
    ...(config.reviewContext ? { reviewContext: config.reviewContext } : {}),
    modelComparisonContext: { availableModelIds: config.modelIds, cohortIds: config.cohortIds },
    getModelComparisonEvidence: createEvidenceReader(readOnlyKv(env.EVIDENCE), { cacheTtlSeconds: config.evidenceCacheTtlSeconds }),
  };
  // Checked now, as the library checks it when it creates a dispatcher.
  snapshotHost(host);
  let dispatcher: WritingToolDispatcher | undefined;
  return {
    async dispatch(call) {
      if (dispatcher === undefined) {
        let view = catalogueViews.get(assets);
        if (view === undefined) {
          view = await readCatalogueView(assets);
          catalogueViews.set(assets, view);
        }
        dispatcher = createDispatcher(view, host);
      }
      return dispatcher.dispatch(call as never);
    },
  };
}

/** The one KV operation the Worker may use. */
export interface ReadOnlyKv {
  get(key: string, options: { type: 'text'; cacheTtl?: number }): Promise<string | null>;
}

/**
 * Wraps a namespace so that only `get` for text values is reachable: the Worker
 * reaches EVIDENCE only through this, so no code path can write, delete or list keys.
 */
export function readOnlyKv(namespace: KVNamespace): ReadOnlyKv {
  return Object.freeze({
    get: (key: string, options: { type: 'text'; cacheTtl?: number }) => namespace.get(key, options),
  });
}
