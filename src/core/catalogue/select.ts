// Rule selection by profile and rule IDs (docs/api-reference.md#selecting-rules), shared by the
// three catalogue tools. Answers in catalogue order or with a message.
import type { ProfileId, RuleId } from './ids';
import type { CatalogueView } from './view';
import { echo } from '../input-checks/echo';

export type RuleSelection = { readonly ok: true; readonly ruleIds: readonly RuleId[] } | { readonly ok: false; readonly message: string };

export interface SelectionRequest {
  readonly profile?: ProfileId | undefined;
  readonly ruleIds?: readonly string[] | undefined;
}

/**
 * The selected rules in catalogue order: exactly `ruleIds` when given (each
 * in `profile` when that is given too), else the rules of `profile`, else the
 * rules of `fallbackProfile`, else every rule.
 */
export function selectRules(view: CatalogueView, request: SelectionRequest, fallbackProfile?: ProfileId): RuleSelection {
  const { profile, ruleIds } = request;
  if (ruleIds === undefined) {
    const chosen = profile ?? fallbackProfile;
    const ids = chosen === undefined ? view.rules.map((rule) => rule.id) : view.profiles[chosen];
    return { ok: true, ruleIds: inCatalogueOrder(view, ids) };
  }
  const seen = new Set<string>();
  const members = profile === undefined ? undefined : new Set<string>(view.profiles[profile]);
  for (const [index, id] of ruleIds.entries()) {
    if (seen.has(id)) return { ok: false, message: `ruleIds must not repeat ${echo(id)}` };
    seen.add(id);
    if (!view.ruleById.has(id as RuleId)) {
      return { ok: false, message: `ruleIds[${index}] '${id}' is not a catalogue rule` };
    }
    if (members !== undefined && !members.has(id)) {
      return { ok: false, message: `ruleIds[${index}] '${id}' is not in profile '${profile}'` };
    }
  }
  return { ok: true, ruleIds: inCatalogueOrder(view, ruleIds as readonly RuleId[]) };
}

function inCatalogueOrder(view: CatalogueView, ids: readonly RuleId[]): readonly RuleId[] {
  return ids.filter((id) => view.ruleOrder.has(id)).sort((a, b) => (view.ruleOrder.get(a) ?? 0) - (view.ruleOrder.get(b) ?? 0));
}
