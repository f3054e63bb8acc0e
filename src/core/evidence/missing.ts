// The answer when the host has no evidence to read: no reader, no model
// context, no available model IDs, or nothing stored for the query's scope.
// Worded in the query's language. The dispatcher and the Worker's KV reader use it.
import type { Language } from '../catalogue/ids';
import { deepFreeze } from '../dispatch/freeze';
import type { ModelComparisonEvidence, ModelComparisonQuery } from './schema';

/** Why no evidence is available; each reason has its own explanation. */
export type MissingReason = 'no-reader' | 'no-context' | 'no-models' | 'not-stored';

const EXPLANATIONS: Readonly<Record<Language, Readonly<Record<MissingReason, string>>>> = {
  en: {
    'no-reader': 'No model comparison evidence is available: the host provides no evidence reader.',
    'no-context': 'No model comparison evidence is available: the host provides no model comparison context.',
    'no-models': 'No model comparison evidence is available: the host lists no available model IDs.',
    'not-stored': 'No model comparison evidence is available: the host has stored none for this language, profile, role and cohort.',
  },
  de: {
    'no-reader': 'Es liegen keine Belege für einen Modellvergleich vor: Der Host stellt keine Lesefunktion für Belege bereit.',
    'no-context': 'Es liegen keine Belege für einen Modellvergleich vor: Der Host gibt keinen Kontext für den Modellvergleich an.',
    'no-models': 'Es liegen keine Belege für einen Modellvergleich vor: Der Host nennt keine verfügbaren Modell-IDs.',
    'not-stored':
      'Es liegen keine Belege für einen Modellvergleich vor: Der Host hat für diese Sprache, dieses Profil, diese Rolle und diese Kohorte keine hinterlegt.',
  },
};

/** `evidence-missing` for `query`: both selections null, no sources. */
export function missingEvidence(query: ModelComparisonQuery, reason: MissingReason): ModelComparisonEvidence {
  return deepFreeze({
    status: 'evidence-missing',
    query: { ...query },
    bestValue: null,
    highestDetection: null,
    sources: [],
    explanation: EXPLANATIONS[query.language][reason],
    limitations: [],
  });
}
