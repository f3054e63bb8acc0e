// The page's VOIX face in headless Chromium: the declared <tool>, <prop> and
// <context> elements, and call events answered by return events on the same
// element, as the VOIX extension dispatches and reads them.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, gotoReviewPage, chromiumForFile, openReviewPage, type OpenedPage } from './chromium';

interface Descriptor {
  name: string;
  title: string;
  description: string;
}

type ReturnDetail =
  | { ok: true; tool: string; data: Record<string, any> }
  | { ok: false; tool: string; error: string; code: string; message: string };

/** Dispatches `call` (bubbling, detail = arguments) on the tool and resolves with the `return` detail. */
function callTool(page: Page, name: string, args: unknown): Promise<ReturnDetail> {
  return page.evaluate(
    ({ name, args }) =>
      new Promise<ReturnDetail>((resolve) => {
        const tool = document.querySelector(`tool[name="${name}"]`)!;
        tool.addEventListener('return', (event) => resolve((event as CustomEvent<ReturnDetail>).detail), { once: true });
        tool.dispatchEvent(new CustomEvent('call', { detail: args, bubbles: true }));
      }),
    { name, args },
  );
}

/** What VOIX keeps of a return detail: a failure when `error` is truthy, with only the top-level message. */
function asVoixSees(detail: ReturnDetail): { failed: boolean; message: unknown } {
  const record = detail as Record<string, unknown>;
  return { failed: Boolean(record.error), message: record.message };
}

const browser = chromiumForFile();
let opened: OpenedPage;
let page: Page;

beforeAll(async () => {
  opened = await openReviewPage(browser());
  await gotoReviewPage(opened);
  page = opened.page;
});

describe('VOIX declarations', () => {
  it('declares the four tools with the descriptors’ names, descriptions and titles, returning data', async () => {
    const { tools } = (await (await fetch(`${baseUrl()}/v1/tools`)).json()) as { tools: Descriptor[] };
    const declared = await page.$$eval('tool', (elements) =>
      elements.map((el) => ({
        name: el.getAttribute('name'),
        title: el.getAttribute('data-title'),
        description: el.getAttribute('description'),
        returns: el.hasAttribute('return'),
      })),
    );
    expect(declared).toEqual(tools.map((tool) => ({ name: tool.name, title: tool.title, description: tool.description, returns: true })));
  });

  it('declares props with VOIX types, bounds in descriptions, and required flags', async () => {
    const props = await page.$$eval('tool[name=find_writing_signals] > prop', (elements) =>
      elements.map(
        (el) => [el.getAttribute('name'), el.getAttribute('type'), el.hasAttribute('required'), el.getAttribute('description')] as const,
      ),
    );
    expect(props.map(([name, type, required]) => [name, type, required])).toEqual([
      ['text', 'string', true],
      ['language', 'string', false],
      ['profile', 'string', false],
      ['ruleIds', 'string', false],
      ['maxSignals', 'number', false],
      ['format', 'string', false],
      ['minLevel', 'string', false],
    ]);
    const description = Object.fromEntries(props.map(([name, , , text]) => [name, text]));
    expect(description.text).toContain('at most 250000 UTF-16 code units');
    expect(description.maxSignals).toContain('an integer from 1 to 500');
    expect(description.minLevel).toContain("'warning' or 'suggestion'; default every level");
    expect(description.format).toContain("one of 'text', 'markdown', 'html'");
    expect(description.ruleIds).toMatch(/^Comma-separated list, such as "[a-z-]+,[a-z-]+"/);
    expect(description.ruleIds).toContain('word-choice');
    const evidence = await page.$$eval('tool[name=get_model_comparison_evidence] > prop', (elements) =>
      elements.map((el) => el.hasAttribute('required')),
    );
    expect(evidence).toEqual([true, true, true, true]);
  });

  it('states the host review context and catalogue version, and hides every VOIX element', async () => {
    const { catalogueVersion } = (await (await fetch(`${baseUrl()}/healthz`)).json()) as { catalogueVersion: string };
    const context = await page.textContent('context[name=review_context]');
    expect(context).toContain('Audience: Developers reading the setup guide of a command-line tool');
    expect(context).toContain('Goal: Install the tool and complete a first review without help');
    expect(context).toContain(`Catalogue version: ${catalogueVersion}`);
    const shown = await page.$$eval(
      'tool, prop, context',
      (elements) => elements.filter((el) => getComputedStyle(el).display !== 'none').length,
    );
    expect(shown).toBe(0);
  });
});

describe('VOIX calls', () => {
  it('find_writing_signals: passes minLevel on, so a model can ask for warnings only', async () => {
    const args = { text: 'Please note a stunning panel helps.', ruleIds: 'word-choice, meta-framing' };
    const levels = (detail: Awaited<ReturnType<typeof callTool>>) =>
      (detail.ok ? detail.data.signals : []).map((signal: { quote: string; level: string }) => [signal.quote, signal.level]);
    expect(levels(await callTool(page, 'find_writing_signals', args))).toEqual([
      ['Please note', 'suggestion'],
      ['stunning', 'warning'],
    ]);
    expect(levels(await callTool(page, 'find_writing_signals', { ...args, minLevel: 'warning' }))).toEqual([['stunning', 'warning']]);
  });

  it('find_writing_signals: splits the comma-separated ruleIds and returns the envelope', async () => {
    const detail = await callTool(page, 'find_writing_signals', {
      text: 'It is worth noting that a stunning panel helps.',
      ruleIds: 'word-choice, meta-framing',
      maxSignals: 5,
    });
    expect(asVoixSees(detail).failed).toBe(false);
    expect(detail.ok && detail.tool).toBe('find_writing_signals');
    const data = detail.ok ? detail.data : {};
    expect(data.signals.map((signal: { ruleId: string; quote: string }) => [signal.ruleId, signal.quote])).toEqual([
      ['meta-framing', 'It is worth noting'],
      ['word-choice', 'stunning'],
    ]);
    expect(data.coverage).toMatchObject({
      scannedRuleIds: ['meta-framing', 'word-choice'],
      unscannedRuleIds: [],
      maxSignals: 5,
      truncated: false,
    });
    expect(await page.textContent('#status')).toBe('Assistant call done: Checking the text for writing signals.');
  });

  it('get_writing_rules: returns German summaries of the listed rules', async () => {
    const detail = await callTool(page, 'get_writing_rules', { language: 'de', ruleIds: 'word-choice,reader-goal' });
    expect(detail.ok).toBe(true);
    const data = detail.ok ? detail.data : {};
    expect(data.language).toBe('de');
    expect(data.rules.map((rule: { id: string }) => rule.id)).toEqual(['reader-goal', 'word-choice']);
    expect(data.rules[0].title).toBe('Mit dem beginnen, was Lesende erreichen wollen');
  });

  it('compose_writing_review_prompt: returns the prompt with the host context', async () => {
    const detail = await callTool(page, 'compose_writing_review_prompt', { profile: 'public-docs', maxFindings: 3 });
    expect(detail.ok).toBe(true);
    const data = detail.ok ? detail.data : {};
    expect(data.prompt).toContain('Developers reading the setup guide of a command-line tool');
    expect(data.provenance.hostFields).toEqual(['audience', 'goal']);
  });

  it('get_model_comparison_evidence: returns the evidence of the local namespace', async () => {
    const query = { language: 'en', profile: 'public-docs', role: 'reviewer', cohortId: 'public-docs-example-v1' };
    const detail = await callTool(page, 'get_model_comparison_evidence', query);
    expect(detail.ok).toBe(true);
    const data = detail.ok ? detail.data : {};
    expect(data.query).toEqual(query);
    expect(data.status).toBe('available');
  });

  it('refuses an empty item of ruleIds in the page, with the code in the message VOIX keeps', async () => {
    const before = opened.requests.length;
    const detail = await callTool(page, 'find_writing_signals', { text: 'x', ruleIds: 'word-choice,,meta-framing' });
    expect(asVoixSees(detail)).toEqual({
      failed: true,
      message: 'invalid-arguments: ruleIds must be rule IDs separated by commas, such as "word-choice,meta-framing"; item 2 of 3 is empty',
    });
    expect(detail).toMatchObject({ ok: false, tool: 'find_writing_signals', code: 'invalid-arguments' });
    expect(opened.requests.length).toBe(before);
  });

  it('passes the service’s refusal of a bad maxSignals and an unknown rule on to the model', async () => {
    const bound = await callTool(page, 'find_writing_signals', { text: 'x', maxSignals: 0 });
    expect(asVoixSees(bound).failed).toBe(true);
    expect(asVoixSees(bound).message).toMatch(/^invalid-arguments: .*maxSignals must be an integer from 1 to 500/);
    const unknown = await callTool(page, 'get_writing_rules', { ruleIds: 'no-such-rule' });
    expect(unknown).toMatchObject({ ok: false, error: 'invalid-arguments', code: 'invalid-arguments' });
    expect(asVoixSees(unknown).message).toMatch(/^invalid-arguments: .*ruleIds/);
    expect(await page.textContent('#status')).toBe('Assistant call failed: Reading the writing rules.');
    expect(await page.textContent('#errors')).toContain('Reading the writing rules failed. invalid-arguments:');
  });
});
