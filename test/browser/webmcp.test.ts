// The page's WebMCP face in Chromium with the WebMCP feature on: the page
// registers the four tools with the descriptors' schemas, and a WebMCP client
// (document.modelContext.getTools / executeTool) gets the same envelopes as
// POST /v1/dispatch. Without the feature the page registers nothing and works.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, gotoReviewPage, chromiumForFile, launchChromium, openReviewPage, sharedReviewPage, type OpenedPage } from './chromium';

interface Descriptor {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

interface RegisteredTool {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  readOnlyHint: boolean;
}

interface ModelContextClient {
  getTools(): Promise<(RegisteredTool & { annotations: { readOnlyHint: boolean } })[]>;
  executeTool(tool: unknown, input: unknown): Promise<string>;
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/** The tools a WebMCP client sees on the page, by name (Chromium does not list them in registration order). */
async function listTools(page: Page): Promise<RegisteredTool[]> {
  const tools = await page.evaluate(async () => {
    const context = (document as unknown as { modelContext: ModelContextClient }).modelContext;
    const tools = await context.getTools();
    return tools.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: tool.inputSchema,
      readOnlyHint: tool.annotations.readOnlyHint,
    }));
  });
  return tools.sort(byName);
}

/** Runs a tool as a WebMCP client does and parses the JSON text executeTool resolves to. */
async function executeTool(page: Page, name: string, input: unknown): Promise<unknown> {
  const text = await page.evaluate(
    async ({ name, input }) => {
      const context = (document as unknown as { modelContext: ModelContextClient }).modelContext;
      const tool = (await context.getTools()).find((candidate) => candidate.name === name);
      if (!tool) throw new Error(`no WebMCP tool ${name}`);
      return context.executeTool(tool, input);
    },
    { name, input },
  );
  return JSON.parse(text);
}

/** The body POST /v1/dispatch answers for the same call. */
async function dispatchOverHttp(name: string, args: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${baseUrl()}/v1/dispatch`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, arguments: args }),
  });
  return { status: response.status, body: await response.json() };
}

/** How long the page may take to register its tools: a bound for a loaded machine, not a timing. */
const REGISTRATION_MS = 20_000;

/** Waits until a WebMCP client sees `count` tools (the page registers them once GET /v1/tools has answered). */
async function toolsListed(page: Page, count: number): Promise<void> {
  const deadline = Date.now() + REGISTRATION_MS;
  while ((await listTools(page)).length !== count) {
    if (Date.now() > deadline) throw new Error(`WebMCP lists no ${count} tools after ${REGISTRATION_MS / 1000} seconds`);
    await page.waitForTimeout(100);
  }
}

const browser = chromiumForFile(['--enable-features=WebMCP']);
let opened: OpenedPage;

beforeAll(async () => {
  opened = await openReviewPage(browser());
  await gotoReviewPage(opened);
  await toolsListed(opened.page, 4);
});
/** A second page, for the tests that need one fresh, reset before each. */
const freshPage = sharedReviewPage(browser);

describe('WebMCP registration', () => {
  it('registers the four tools once, with the descriptors’ names, titles, descriptions and input schemas, read-only', async () => {
    const { tools } = (await (await fetch(`${baseUrl()}/v1/tools`)).json()) as { tools: Descriptor[] };
    expect(await listTools(opened.page)).toEqual(
      tools
        .map((tool) => ({
          name: tool.name,
          title: tool.title,
          description: tool.description,
          inputSchema: tool.inputSchema,
          readOnlyHint: true,
        }))
        .sort(byName),
    );
  });

  it('calls registerTool exactly once per tool, also across a language switch', async () => {
    // Chromium replaces a tool registered twice under one name, so getTools alone cannot show a second registration: count the calls.
    const counted = await freshPage();
    const counting = await counted.page.addInitScript(() => {
      const context = (document as unknown as { modelContext: { registerTool: (tool: { name: string }) => unknown } }).modelContext;
      const register = context.registerTool.bind(context);
      const calls: string[] = [];
      (window as unknown as { registerCalls: string[] }).registerCalls = calls;
      context.registerTool = (tool) => {
        calls.push(tool.name);
        return register(tool);
      };
    });
    try {
      await gotoReviewPage(counted);
      await toolsListed(counted.page, 4);
      await counted.page.selectOption('#ui-language', 'de');
      await counted.page.waitForFunction(() => document.documentElement.lang === 'de');
      expect(await counted.page.evaluate(() => (window as unknown as { registerCalls: string[] }).registerCalls)).toEqual([
        'get_writing_rules',
        'compose_writing_review_prompt',
        'find_writing_signals',
        'get_model_comparison_evidence',
      ]);
    } finally {
      // The next test's page starts without the counting script.
      await counting.dispose();
    }
  });

  it('still lists four tools after the interface language is switched', async () => {
    const { page } = opened;
    await page.selectOption('#ui-language', 'de');
    await page.waitForFunction(() => document.documentElement.lang === 'de');
    expect((await listTools(page)).map((tool) => tool.name)).toEqual([
      'compose_writing_review_prompt',
      'find_writing_signals',
      'get_model_comparison_evidence',
      'get_writing_rules',
    ]);
    await page.selectOption('#ui-language', 'en');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
  });
});

describe('WebMCP on a host that asks for a token', () => {
  it('registers the tools once the person gives a token the service takes', async () => {
    const guarded = await freshPage();
    const { page } = guarded;
    const token = 'Bearer webmcp-token';
    await page.route(/\/v1\/(tools|dispatch)$/, async (route) => {
      if (route.request().headers().authorization === token) return route.continue();
      return route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ ok: false, tool: '', error: { code: 'unauthorized', message: 'A bearer token is needed.' } }),
      });
    });
    const refused = page.waitForResponse((response) => response.url().endsWith('/v1/tools'));
    await page.goto(`${baseUrl()}/`);
    await page.waitForSelector('#token-panel:not([hidden])');
    // The descriptors were refused, and the page has handled that answer.
    expect((await refused).status()).toBe(401);
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(await listTools(page)).toEqual([]);
    await page.fill('#api-token', 'webmcp-token');
    await page.click('#token-apply');
    await toolsListed(page, 4);
    expect((await listTools(page)).map((tool) => tool.name)).toEqual([
      'compose_writing_review_prompt',
      'find_writing_signals',
      'get_model_comparison_evidence',
      'get_writing_rules',
    ]);
  });
});

describe('WebMCP calls answer as POST /v1/dispatch does', () => {
  it('find_writing_signals: the same signals and coverage', async () => {
    const input = { text: 'It is worth noting that a stunning panel helps.', ruleIds: ['word-choice', 'meta-framing'], maxSignals: 5 };
    const overHttp = await dispatchOverHttp('find_writing_signals', input);
    expect(overHttp.status).toBe(200);
    const viaWebMcp = await executeTool(opened.page, 'find_writing_signals', input);
    expect(viaWebMcp).toEqual(overHttp.body);
    expect(viaWebMcp).toMatchObject({
      ok: true,
      tool: 'find_writing_signals',
      data: { signals: [{ quote: 'It is worth noting' }, { quote: 'stunning' }] },
    });
    expect(await opened.page.textContent('#status')).toBe('Assistant call done: Checking the text for writing signals.');
  });

  it('get_writing_rules: the same German rule records', async () => {
    const input = { language: 'de', ruleIds: ['reader-goal', 'word-choice'], detail: 'full' };
    const overHttp = await dispatchOverHttp('get_writing_rules', input);
    const viaWebMcp = await executeTool(opened.page, 'get_writing_rules', input);
    expect(viaWebMcp).toEqual(overHttp.body);
    expect(viaWebMcp).toMatchObject({ ok: true, data: { language: 'de', detail: 'full' } });
  });

  it('bad arguments: the same error envelope, code and message kept', async () => {
    const input = { text: 'x', maxSignals: 0, ruleIds: ['no-such-rule'] };
    const overHttp = await dispatchOverHttp('find_writing_signals', input);
    expect(overHttp.status).toBe(400);
    const viaWebMcp = await executeTool(opened.page, 'find_writing_signals', input);
    expect(viaWebMcp).toEqual(overHttp.body);
    expect(viaWebMcp).toMatchObject({ ok: false, tool: 'find_writing_signals', error: { code: 'invalid-arguments' } });
    expect(await opened.page.textContent('#status')).toBe('Assistant call failed: Checking the text for writing signals.');
    expect(await opened.page.textContent('#errors')).toContain('Checking the text for writing signals failed. invalid-arguments: ');
    // Chromium logs the 400 answer itself; nothing else may reach the console.
    expect(opened.consoleErrors.filter((error) => !error.includes('status of 400'))).toEqual([]);
  });
});

describe('without WebMCP', () => {
  it('registers nothing and the page still checks a text', async () => {
    const plain = await launchChromium();
    try {
      const other = await openReviewPage(plain);
      await gotoReviewPage(other);
      expect(await other.page.evaluate(() => 'modelContext' in document)).toBe(false);
      expect(other.requests.filter((url) => url.includes('/v1/tools'))).toEqual([]);
      await other.page.selectOption('#review-profile', 'technical-reference');
      await other.page.waitForFunction(() => document.querySelectorAll('#profile-rules details').length === 6);
      await other.page.fill('#review-text', 'A stunning tool.');
      await other.page.click('button[type=submit]');
      await other.page.waitForSelector('#highlighted mark');
      expect(await other.page.textContent('#highlighted mark')).toBe('stunning');
      expect(other.consoleErrors).toEqual([]);
    } finally {
      await plain.close();
    }
    // A second browser starts slowly on a loaded machine.
  }, 90_000);
});
