// The review page's script: reads the form, calls the tools through the
// service, draws signals, coverage, the selected rules and the review prompt,
// shows every error with its code, switches the interface language, and wires
// the VOIX and WebMCP tools. Every string it shows comes from ../messages.ts.
// Only the latest load of rules and prompt is drawn, one check runs at a time,
// and every failed call ends in the alert region.
import type { RuleRecord } from '../../core/catalogue/schema';
import type { ComposeWritingReviewPromptResult, GetWritingRulesResult, FindWritingSignalsResult } from '../../core/dispatch/types';
import type { MessageKey } from '../messages';
import { isUiLanguage } from '../ui-language';
import { dispatch, setToken, type Outcome } from './dispatch';
import { isMessageKey, startUiLanguage, switchUiLanguage, t, tCount, uiLanguage } from './i18n';
import { attachSignalTip, element, highlightSpans, renderSignals, type RuleText } from './render-signals';
import { PROMPT, RULES, SIGNALS } from './shape';
import { attachVoixTools } from './voix';
import { registerWebMcpTools } from './webmcp';

type Language = 'en' | 'de';
type Failure = Extract<Outcome, { ok: false }>;
type Selection = { profile: string } | { ruleIds: readonly string[] };
/** A text the page shows, written again in the new language on a switch. */
type Shown = () => string;

// Injected by scripts/build-page.ts from the compiled catalogue and the descriptors' bounds.
declare const __SCANNABLE_RULES__: Readonly<Record<Language, readonly string[]>>;
declare const __MAX_TEXT_UNITS__: number;
// esbuild pastes a defined value at every use: name it once.
const SCANNABLE_RULES = __SCANNABLE_RULES__;
const MAX_TEXT_UNITS = __MAX_TEXT_UNITS__;

/** The selection value that stands for every rule the scanner has phrases for. */
const ALL_SCANNABLE = 'scannable';
const FIND = 'find_writing_signals';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const form = $<HTMLFormElement>('review-form');
const submitButton = form.querySelector('button')!;
const results = $('results');
const textInput = $<HTMLTextAreaElement>('review-text');
const languageInput = $<HTMLSelectElement>('review-language');
const profileInput = $<HTMLSelectElement>('review-profile');
const formatInput = $<HTMLSelectElement>('review-format');
const uiInput = $<HTMLSelectElement>('ui-language');
const statusLine = $('status');
const errorBox = $('errors');
const tokenPanel = $<HTMLFormElement>('token-panel');
const tokenInput = $<HTMLInputElement>('api-token');
const highlighted = $('highlighted');
const promptText = $<HTMLTextAreaElement>('review-prompt');
const copyButton = $<HTMLButtonElement>('copy-prompt');
const copyStatus = $('copy-status');
const profileRules = $('profile-rules');
const showSuggestions = $<HTMLInputElement>('show-suggestions');

const rulesByLanguage = new Map<Language, Promise<Outcome<GetWritingRulesResult>>>();
let records = new Map<string, RuleRecord>();
/** The last check's text and answer; undefined before the first check and after a failed one. */
let checked: { text: string; data: FindWritingSignalsResult } | undefined;
let checkFailed = false;
let catalogueVersion = '';
/** The selection whose rules the list shows: null when the rules could not be read, undefined until the first load ends. */
let shownRules: Selection | null | undefined;
let shownErrors: Shown[] = [];
/** The elements whose one text is a message, each with how to write it. */
const shownTexts = new Map<HTMLElement, Shown>();
/** Counts profile loads: only the latest may draw its rules and prompt. */
let profileLoads = 0;
/** Whether a check is running: a second one does not start until it ends. */
let checking = false;

/** Shows `text` in `target` now and again after each language switch. */
function show(target: HTMLElement, text: Shown): void {
  shownTexts.set(target, text);
  target.textContent = text();
}

/** A tool's title in the interface language. */
function titleOf(tool: string): string {
  const key = `tool.${tool}`;
  return isMessageKey(key) ? t(key) : tool;
}

/** A rule's title and instruction in the interface language (records are bilingual). */
function ruleText(id: string): RuleText {
  const record = records.get(id);
  const ui = uiLanguage();
  return record ? { title: record.title[ui], instruction: record.prompt[ui] } : { title: id, instruction: '' };
}

const drawErrors = () => errorBox.replaceChildren(...shownErrors.map((line) => element('p', line())));

/** Shows the failures of the service and the page's own `notes` in the alert region; a 401 opens the token field. */
function showErrors(failures: readonly Failure[], ...notes: Shown[]): void {
  shownErrors = [...failures.map((f) => () => t('error.line', { tool: titleOf(f.tool), code: f.code, message: f.message })), ...notes];
  drawErrors();
  if (failures.some((f) => f.status === 401)) tokenPanel.hidden = false;
}

function noteVersion(data: { catalogueVersion?: string }): void {
  if (data.catalogueVersion) catalogueVersion = data.catalogueVersion;
  if (catalogueVersion) show($('catalogue-version'), () => t('catalogue.version', { version: catalogueVersion }));
}

/** The tools' selection arguments for the chosen profile, or the scannable rules of `lang`. */
function selection(lang: Language): Selection {
  return profileInput.value === ALL_SCANNABLE ? { ruleIds: SCANNABLE_RULES[lang] } : { profile: profileInput.value };
}

function rulesFor(lang: Language): Promise<Outcome<GetWritingRulesResult>> {
  let pending = rulesByLanguage.get(lang);
  if (!pending) {
    pending = dispatch<GetWritingRulesResult>('get_writing_rules', { language: lang, detail: 'full' }, RULES);
    rulesByLanguage.set(lang, pending);
    void pending.then((outcome) => outcome.ok || rulesByLanguage.delete(lang));
  }
  return pending;
}

/** Draws the rule list: each rule of the selection with its instruction, or that the rules could not be read. */
function renderRules(): void {
  const chosen = shownRules;
  if (chosen === undefined) return;
  if (!chosen) {
    profileRules.replaceChildren(element('p', t('status.failed', { tool: titleOf('get_writing_rules') })));
    return;
  }
  const selected = [...records.values()].filter((record) =>
    'ruleIds' in chosen ? chosen.ruleIds.includes(record.id) : record.scope.includes(chosen.profile as RuleRecord['scope'][number]),
  );
  profileRules.replaceChildren(
    ...selected.map((record) => {
      const details = element('details');
      const { title, instruction } = ruleText(record.id);
      details.append(element('summary', title), element('p', instruction));
      return details;
    }),
  );
}

function renderCoverage(data: FindWritingSignalsResult | undefined): void {
  const label = (id: string) => t('coverage.item', { title: ruleText(id).title, id });
  const list = (ids: readonly string[] | undefined, none: MessageKey) =>
    ids?.length ? ids.map((id) => element('li', label(id))) : [element('li', t(data ? none : 'coverage.not-yet'))];
  $('scanned-rules').replaceChildren(...list(data?.coverage.scannedRuleIds, 'coverage.no-scanned'));
  $('unscanned-rules').replaceChildren(...list(data?.coverage.unscannedRuleIds, 'coverage.no-unscanned'));
  const skipped = $('coverage-skipped');
  const units = data?.coverage.notScannedUnits;
  skipped.hidden = data?.coverage.format !== 'markdown' || units === undefined;
  skipped.textContent = units ? t('coverage.skipped', { units: units.code + units.markup + units.url + units.frontMatter }) : '';
}

function summarise(data: FindWritingSignalsResult, shown: FindWritingSignalsResult['signals'], spans: number): string {
  const { coverage } = data;
  const summary = [
    shown.length === 0
      ? t('signals.none')
      : t('signals.summary', { signals: tCount('signals.count', shown.length), passages: tCount('signals.passages', spans) }),
  ];
  const hidden = data.signals.length - shown.length;
  if (hidden > 0) summary.push(t('signals.hidden', { count: hidden }));
  if (coverage.truncated) summary.push(t('signals.cut', { max: coverage.maxSignals }));
  if (coverage.suppressedSignals) summary.push(t('signals.suppressed', { count: coverage.suppressedSignals }));
  for (const problem of coverage.directiveProblems ?? []) summary.push(t('signals.directive', problem));
  return summary.join(' ');
}

/** Draws the last check's marks, summary and coverage in the interface language, or says there is none. */
function renderChecked(): void {
  const text = checked?.text ?? '';
  const data = checked?.data;
  // The check asks for every level; hiding suggestions is the page's own choice, redrawn without a new call.
  const shown = data ? data.signals.filter((signal) => showSuggestions.checked || signal.level !== 'suggestion') : [];
  const spans = highlightSpans(shown, text.length);
  renderSignals(highlighted, $('signal-descriptions'), text, spans, ruleText);
  if (data) highlighted.lang = data.coverage.language;
  renderCoverage(data);
  $('signal-summary').textContent = data
    ? summarise(data, shown, spans.length)
    : checkFailed
      ? t('status.failed', { tool: titleOf(FIND) })
      : t('signals.none-yet');
}

/**
 * Loads the rules and the prompt for the chosen language and selection and
 * answers the failures. A load overtaken by a newer one (the person changed
 * the language or the rules meanwhile) draws nothing and answers none.
 */
/** The load's failures, or null when a newer load overtook it: its answers are not shown. */
async function loadProfile(): Promise<Failure[] | null> {
  const load = ++profileLoads;
  const lang = languageInput.value as Language;
  const chosen = selection(lang);
  textInput.lang = lang;
  // Until the new prompt arrives, no prompt of another selection can be read or copied.
  promptText.value = '';
  copyButton.disabled = true;
  const [rules, prompt] = await Promise.all([
    rulesFor(lang),
    dispatch<ComposeWritingReviewPromptResult>('compose_writing_review_prompt', { language: lang, ...chosen }, PROMPT),
  ]);
  if (load !== profileLoads) return null;
  if (rules.ok) {
    records = new Map(rules.data.rules.map((rule) => [rule.id, rule as RuleRecord]));
    noteVersion(rules.data);
  }
  shownRules = rules.ok ? chosen : null;
  renderRules();
  promptText.value = prompt.ok ? prompt.data.prompt : '';
  promptText.lang = lang;
  copyButton.disabled = !prompt.ok;
  return [rules, prompt].filter((outcome): outcome is Failure => !outcome.ok);
}

/**
 * Loads the rules and the prompt and shows their failures; answers whether the
 * service asked for a token, or null when a newer load overtook this one (it
 * then leaves the alert region to that load).
 */
async function refreshProfile(): Promise<boolean | null> {
  const failures = await loadProfile();
  if (failures === null) return null;
  showErrors(failures);
  return failures.some((f) => f.status === 401);
}

/** Marks the results as being updated (aria-busy) and the button as not taking another check. */
function setChecking(running: boolean): void {
  checking = running;
  results.ariaBusy = submitButton.ariaDisabled = String(running);
}

/**
 * Checks the text with the language, rules and format chosen when the check
 * starts. One check runs at a time: a click while it runs starts nothing. An
 * empty text or one over the limit is not sent; the alert region says why.
 */
async function review(): Promise<void> {
  if (checking) return;
  const text = textInput.value;
  const units = text.length;
  const refusal = !text.trim()
    ? () => t('text.empty')
    : units > MAX_TEXT_UNITS
      ? () => t('text.too-long', { count: units.toLocaleString(uiLanguage()) })
      : undefined;
  if (refusal) {
    showErrors([], refusal);
    textInput.focus();
    return;
  }
  setChecking(true);
  show(statusLine, () => t('status.running', { tool: titleOf(FIND) }));
  try {
    const lang = languageInput.value as Language;
    const args = { text, language: lang, ...selection(lang), maxSignals: 500, format: formatInput.value };
    const [failures, found] = await Promise.all([loadProfile(), dispatch<FindWritingSignalsResult>(FIND, args, SIGNALS)]);
    showErrors(found.ok ? (failures ?? []) : [...(failures ?? []), found]);
    // A failed check leaves no result of an earlier text on the page.
    checked = found.ok ? { text, data: found.data } : undefined;
    checkFailed = !found.ok;
    renderChecked();
    if (found.ok) noteVersion(found.data);
    show(statusLine, () => (found.ok ? tCount('status.done', found.data.signals.length) : t('status.failed', { tool: titleOf(FIND) })));
  } finally {
    setChecking(false);
  }
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
  show(copyStatus, () => t(copied ? 'prompt.copied' : 'prompt.copy-failed'));
}

/** Redraws everything in the chosen interface language and keeps it in the address for a reload. */
async function changeUiLanguage(): Promise<void> {
  const chosen = uiInput.value;
  if (!isUiLanguage(chosen)) return;
  try {
    await switchUiLanguage(chosen);
  } catch (error) {
    uiInput.value = uiLanguage();
    show(statusLine, () => t('ui.failed', { reason: error instanceof Error ? error.message : String(error) }));
    return;
  }
  const url = new URL(location.href);
  url.searchParams.set('lang', chosen);
  history.replaceState(history.state, '', url);
  renderRules();
  renderChecked();
  drawErrors();
  for (const [target, text] of shownTexts) target.textContent = text();
}

const reportAssistantCall = (tool: string, outcome: Outcome) => {
  show(statusLine, () => t(outcome.ok ? 'status.assistant-done' : 'status.assistant-failed', { tool: titleOf(tool) }));
  if (!outcome.ok) showErrors([outcome]);
};

/** Sends the token with the next calls; hides the token field once the service takes it. */
async function applyToken(): Promise<void> {
  setToken(tokenInput.value);
  rulesByLanguage.clear();
  showErrors([]);
  // Hidden only when this load answered without a 401: an overtaken one confirmed nothing.
  if ((await refreshProfile()) !== false) return;
  const focused = tokenPanel.contains(document.activeElement);
  tokenPanel.hidden = true;
  if (focused) textInput.focus();
  // A host that asks for a token refuses the descriptors without it, too.
  void registerWebMcpTools(reportAssistantCall);
}

uiInput.value = startUiLanguage();
form.addEventListener('submit', (event) => {
  event.preventDefault();
  void review();
});
languageInput.addEventListener('change', () => void refreshProfile());
profileInput.addEventListener('change', () => void refreshProfile());
uiInput.addEventListener('change', () => void changeUiLanguage());
copyButton.addEventListener('click', () => void copyPrompt());
showSuggestions.addEventListener('change', renderChecked);
tokenPanel.addEventListener('submit', (event) => {
  event.preventDefault();
  void applyToken();
});
attachSignalTip(highlighted, $('signal-tip'), ruleText);
attachVoixTools(reportAssistantCall);
void registerWebMcpTools(reportAssistantCall);
void refreshProfile();
