// The answer when the host has no evidence to read: no reader, no model
// context, or no available model IDs. Worded in the query's language.
import type { Language } from '../catalogue/ids';
import { deepFreeze } from '../freeze';
import type { ModelComparisonEvidence, ModelComparisonQuery } from '../types';

export type MissingReason = 'no-reader' | 'no-context' | 'no-models';

const EXPLANATIONS: Readonly<Record<Language, Readonly<Record<MissingReason, string>>>> = {
  en: {
    'no-reader': 'No model comparison evidence is available: the host provides no evidence reader.',
    'no-context': 'No model comparison evidence is available: the host provides no model comparison context.',
    'no-models': 'No model comparison evidence is available: the host lists no available model IDs.',
  },
  de: {
    'no-reader': 'Es liegen keine Belege für einen Modellvergleich vor: Der Host stellt keine Lesefunktion für Belege bereit.',
    'no-context': 'Es liegen keine Belege für einen Modellvergleich vor: Der Host gibt keinen Kontext für den Modellvergleich an.',
    'no-models': 'Es liegen keine Belege für einen Modellvergleich vor: Der Host nennt keine verfügbaren Modell-IDs.',
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
