// The review page's script: reads the form, calls the tools through the
// service, draws signals, coverage, the profile's rules and the review prompt,
// shows every error with its code, and wires the VOIX tools.
import type { RuleRecord } from '../../core/catalogue/schema';
import type { ReviewPromptData, WritingRulesData, WritingSignalsData } from '../../core/types';
import { dispatch, setToken, type Outcome } from './dispatch';
import { attachSignalTip, renderSignals, type RuleText } from './render-signals';
import { highlightSpans } from './spans';
import { attachVoixTools } from './voix';

type Language = 'en' | 'de';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const form = $<HTMLFormElement>('review-form');
const textInput = $<HTMLTextAreaElement>('review-text');
const languageInput = $<HTMLSelectElement>('review-language');
const profileInput = $<HTMLSelectElement>('review-profile');
const statusLine = $('status');
const errorBox = $('errors');
const tokenPanel = $('token-panel');
const tokenInput = $<HTMLInputElement>('api-token');
const highlighted = $('highlighted');
const promptText = $<HTMLTextAreaElement>('review-prompt');
const copyButton = $<HTMLButtonElement>('copy-prompt');
const copyStatus = $('copy-status');

const rulesByLanguage = new Map<Language, Promise<Outcome<WritingRulesData>>>();
let records = new Map<string, RuleRecord>();
let language: Language = 'en';

/** A tool's title, as its descriptor declares it on the <tool> element. */
function titleOf(tool: string): string {
  return document.querySelector<HTMLElement>(`tool[name="${tool}"]`)?.dataset.title ?? tool;
}

function ruleText(id: string): RuleText {
  const record = records.get(id);
  return record ? { title: record.title[language], instruction: record.prompt[language] } : { title: id, instruction: '' };
}

function item(text: string): HTMLLIElement {
  const li = document.createElement('li');
  li.textContent = text;
  return li;
}

function showErrors(failures: readonly Failure[]): void {
  errorBox.replaceChildren(...failures.map((f) => Object.assign(document.createElement('p'), { textContent: `${titleOf(f.tool)} failed. ${f.code}: ${f.message}` })));
  if (failures.some((f) => f.status === 401)) tokenPanel.hidden = false;
}

function noteVersion(data: { catalogueVersion?: string }): void {
  if (data.catalogueVersion) $('catalogue-version').textContent = `Rule catalogue ${data.catalogueVersion}`;
}

function rulesFor(lang: Language): Promise<Outcome<WritingRulesData>> {
  let pending = rulesByLanguage.get(lang);
  if (!pending) {
    pending = dispatch<WritingRulesData>('get_writing_rules', { language: lang, detail: 'full' });
    rulesByLanguage.set(lang, pending);
    void pending.then((outcome) => outcome.ok || rulesByLanguage.delete(lang));
  }
  return pending;
}

function renderProfileRules(profile: string): void {
  const box = $('profile-rules');
  const inProfile = [...records.values()].filter((record) => record.scope.includes(profile as RuleRecord['scope'][number]));
  box.replaceChildren(
    ...inProfile.map((record) => {
      const details = document.createElement('details');
      const summary = document.createElement('summary');
      summary.textContent = record.title[language];
      const instruction = document.createElement('p');
      instruction.textContent = record.prompt[language];
      details.append(summary, instruction);
      return details;
    }),
  );
}

function renderCoverage(data: WritingSignalsData): void {
  const label = (id: string) => `${ruleText(id).title} (${id})`;
  const none = (text: string) => [item(text)];
  const { scannedRuleIds, unscannedRuleIds } = data.coverage;
  $('scanned-rules').replaceChildren(...(scannedRuleIds.length ? scannedRuleIds.map((id) => item(label(id))) : none('No rule of this selection has scanner phrases.')));
  $('unscanned-rules').replaceChildren(...(unscannedRuleIds.length ? unscannedRuleIds.map((id) => item(label(id))) : none('None beyond the review every signal needs.')));
}

function summarise(data: WritingSignalsData, spans: number): string {
  const count = data.signals.length;
  if (count === 0) return 'No signal found. That is not a pass: the rules still need a human or model review.';
  const cut = data.coverage.truncated ? ` Only the first ${data.coverage.maxSignals} are shown.` : '';
  return `${count} signal${count === 1 ? '' : 's'} in ${spans} highlighted passage${spans === 1 ? '' : 's'}. Each needs review; focus a highlight to read its rule.${cut}`;
}

type Failure = Extract<Outcome, { ok: false }>;

/** Loads the rules and the prompt for the chosen language and profile; answers the failures. */
async function loadProfile(): Promise<Failure[]> {
  language = languageInput.value as Language;
  const profile = profileInput.value;
  copyButton.disabled = true;
  const [rules, prompt] = await Promise.all([rulesFor(language), dispatch<ReviewPromptData>('compose_writing_review_prompt', { language, profile })]);
  if (rules.ok) {
    records = new Map(rules.data.rules.map((rule) => [rule.id, rule as RuleRecord]));
    noteVersion(rules.data);
    renderProfileRules(profile);
  }
  promptText.value = prompt.ok ? prompt.data.prompt : '';
  copyButton.disabled = !prompt.ok;
  return [rules, prompt].filter((outcome): outcome is Failure => !outcome.ok);
}

async function refreshProfile(): Promise<void> {
  showErrors(await loadProfile());
}

async function review(): Promise<void> {
  const text = textInput.value;
  statusLine.textContent = `${titleOf('find_writing_signals')}…`;
  const failures = await loadProfile();
  const found = await dispatch<WritingSignalsData>('find_writing_signals', { text, language, profile: profileInput.value, maxSignals: 500 });
  showErrors(found.ok ? failures : [...failures, found]);
  if (!found.ok) {
    statusLine.textContent = `${titleOf('find_writing_signals')} failed.`;
    return;
  }
  const spans = highlightSpans(found.data.signals, text.length);
  renderSignals(highlighted, $('signal-descriptions'), text, spans, ruleText);
  renderCoverage(found.data);
  noteVersion(found.data);
  $('signal-summary').textContent = summarise(found.data, spans.length);
  statusLine.textContent = `Check finished: ${found.data.signals.length} signal${found.data.signals.length === 1 ? '' : 's'}.`;
}

async function copyPrompt(): Promise<void> {
  let copied = false;
  try {
    await navigator.clipboard.writeText(promptText.value);
    copied = true;
  } catch {
    promptText.select();
    copied = document.execCommand('copy');
  }
  copyStatus.textContent = copied ? 'Prompt copied.' : 'Copying failed: select the prompt text and copy it yourself.';
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  void review();
});
languageInput.addEventListener('change', () => void refreshProfile());
profileInput.addEventListener('change', () => void refreshProfile());
copyButton.addEventListener('click', () => void copyPrompt());
$('token-apply').addEventListener('click', () => {
  setToken(tokenInput.value);
  rulesByLanguage.clear();
  errorBox.replaceChildren();
  void refreshProfile();
});
attachSignalTip(highlighted, $('signal-tip'), ruleText);
attachVoixTools((tool, outcome) => {
  statusLine.textContent = outcome.ok ? `Assistant call done: ${titleOf(tool)}.` : `Assistant call failed: ${titleOf(tool)}.`;
  if (!outcome.ok) showErrors([outcome]);
});
void refreshProfile();
