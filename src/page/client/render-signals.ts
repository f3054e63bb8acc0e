// Draws the checked text with a <mark> per highlight span, built from text
// nodes sliced at UTF-16 offsets (never HTML from the text), and the tooltip
// that shows each span's rules on hover and keyboard focus. Overlapping
// signals (of different rules) merge into one span that lists them all, so no
// character is marked twice. A span of suggestions only is drawn lighter
// (class `suggestion`) and described as a suggestion.
import type { WritingSignal } from '../../core/scanner/types';
import { t } from './i18n';

/** One highlighted range [start, end) in UTF-16 units and the signals inside it. */
export interface HighlightSpan {
  readonly start: number;
  readonly end: number;
  readonly signals: readonly WritingSignal[];
}

/** Merged spans in text order; signals outside `textLength` are dropped. */
export function highlightSpans(signals: readonly WritingSignal[], textLength: number): HighlightSpan[] {
  const ordered = signals
    .filter((signal) => signal.start >= 0 && signal.start < signal.end && signal.end <= textLength)
    .sort((a, b) => a.start - b.start || a.end - b.end);
  const spans: { start: number; end: number; signals: WritingSignal[] }[] = [];
  for (const signal of ordered) {
    const last = spans.at(-1);
    if (last !== undefined && signal.start < last.end) {
      last.end = Math.max(last.end, signal.end);
      last.signals.push(signal);
    } else {
      spans.push({ start: signal.start, end: signal.end, signals: [signal] });
    }
  }
  return spans;
}

/** What a person reads about a rule: its title and its instruction. */
export interface RuleText {
  readonly title: string;
  readonly instruction: string;
}

type RuleLookup = (ruleId: string) => RuleText;

/** A new `tag` element holding `text` (as text, never as HTML). */
export function element<K extends keyof HTMLElementTagNameMap>(tag: K, text = ''): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  created.textContent = text;
  return created;
}

function ruleIdsOf(span: HighlightSpan): string[] {
  return [...new Set(span.signals.map((signal) => signal.ruleId))];
}

/** Whether every signal of `rule` in the span (or of the whole span) is a suggestion. */
function onlySuggestions(span: HighlightSpan, ruleId?: string): boolean {
  return span.signals.every((signal) => (ruleId !== undefined && signal.ruleId !== ruleId) || signal.level === 'suggestion');
}

/** Replaces `view`'s content with `text`, marking every span; descriptions go to `descriptions`. */
export function renderSignals(
  view: HTMLElement,
  descriptions: HTMLElement,
  text: string,
  spans: readonly HighlightSpan[],
  rule: RuleLookup,
): void {
  // Strings become text nodes: the text is never read as HTML.
  const nodes: (Node | string)[] = [];
  const described: HTMLElement[] = [];
  let position = 0;
  spans.forEach((span, index) => {
    if (span.start > position) nodes.push(text.slice(position, span.start));
    const ruleIds = ruleIdsOf(span);
    const mark = element('mark', text.slice(span.start, span.end));
    mark.tabIndex = 0;
    mark.dataset.start = String(span.start);
    mark.dataset.end = String(span.end);
    mark.dataset.rules = ruleIds.join(' ');
    if (ruleIds.length > 1) mark.classList.add('overlap');
    if (onlySuggestions(span)) mark.classList.add('suggestion');
    const describe = (id: string) =>
      t(onlySuggestions(span, id) ? 'signals.mark-suggestion' : 'signals.mark', {
        title: rule(id).title,
        instruction: rule(id).instruction,
      });
    const description = element('span', ruleIds.map(describe).join(' '));
    description.id = `signal-description-${index + 1}`;
    mark.setAttribute('aria-describedby', description.id);
    described.push(description);
    nodes.push(mark);
    position = span.end;
  });
  if (position < text.length) nodes.push(text.slice(position));
  view.replaceChildren(...nodes);
  descriptions.replaceChildren(...described);
}

/**
 * Shows the rules of the focused or hovered mark in `tip`; Escape hides it. The
 * pointer can move from the mark onto the tip without closing it (WCAG 1.4.13).
 */
export function attachSignalTip(view: HTMLElement, tip: HTMLElement, rule: RuleLookup): void {
  const show = (target: EventTarget | null) => {
    if (!(target instanceof HTMLElement) || target.tagName !== 'MARK') return;
    const content = (target.dataset.rules ?? '').split(' ').flatMap((id) => {
      const title = element('p', rule(id).title);
      title.className = 'tip-title';
      return [title, element('p', rule(id).instruction)];
    });
    tip.replaceChildren(...content);
    const box = target.getBoundingClientRect();
    // The 6px gap is bridged by #signal-tip::before in page.css.
    tip.style.top = `${box.bottom + window.scrollY + 6}px`;
    tip.hidden = false;
    // Under the mark, but moved left as far as needed to stay on a narrow screen (WCAG 1.4.10).
    const rightmost = document.documentElement.clientWidth - tip.offsetWidth - 8;
    tip.style.left = `${Math.max(8, Math.min(box.left, rightmost)) + window.scrollX}px`;
  };
  const hide = () => {
    tip.hidden = true;
  };
  view.addEventListener('focusin', (event) => show(event.target));
  view.addEventListener('mouseover', (event) => show(event.target));
  const hideUnlessOnTip = (event: MouseEvent) => {
    if (!(event.relatedTarget instanceof Node && tip.contains(event.relatedTarget))) hide();
  };
  view.addEventListener('focusout', hide);
  view.addEventListener('mouseout', hideUnlessOnTip);
  tip.addEventListener('mouseleave', hide);
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') hide();
  });
}
