// Hostile HTTP against the Worker inside workerd (docs/api-reference.md#errors): broken
// and odd JSON, wrong media types, bytes that are not UTF-8, extreme numbers,
// duplicate keys, deep nesting, oversized bodies, wrong methods and paths, bad
// tokens. Every answer is the JSON envelope with the status its code maps to,
// and every dispatched answer equals the core's own answer for the same call.
import { describe, expect, it, vi } from 'vitest';
import { createWritingToolDispatcher } from '../../src/core/index';
import { MAX_BODY_BYTES } from '../../src/worker/middleware/request-body';
import { baseEnv, request, requestWith, variantEnv } from './helpers';

const STATUS: Record<string, number> = {
  ok: 200,
  'unknown-tool': 400,
  'invalid-arguments': 400,
  'invalid-request': 400,
  unauthorized: 401,
  'not-found': 404,
  'method-not-allowed': 405,
  'body-too-large': 413,
  'unsupported-media-type': 415,
  'host-evidence-failed': 502,
  'invalid-host-evidence': 502,
  'context-missing': 503,
};

// The core, configured like the Worker's wrangler.toml, answering in-process.
const core = createWritingToolDispatcher({
  reviewContext: { audience: baseEnv.REVIEW_AUDIENCE!, goal: baseEnv.REVIEW_GOAL! },
});

type Envelope = { ok: boolean; tool: string; data?: unknown; error?: { code: string; message: string } };

/** Reads a response that must be the JSON envelope, and checks its status against its code. */
async function envelopeOf(response: Response): Promise<Envelope> {
  expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
  const body = JSON.parse(await response.text()) as Envelope;
  expect(typeof body.tool).toBe('string');
  const code = body.ok ? 'ok' : body.error!.code;
  if (!body.ok) expect(Object.keys(body.error!).sort()).toEqual(['code', 'message']);
  expect(response.status, code).toBe(STATUS[code]);
  return body;
}

const postRaw = (body: BodyInit, contentType = 'application/json', headers: Record<string, string> = {}) =>
  request('/v1/dispatch', { method: 'POST', headers: { 'Content-Type': contentType, ...headers }, body });

/** Posts `text` and expects exactly the core's envelope for JSON.parse(text). */
async function expectCoreAnswer(text: string): Promise<Envelope> {
  const body = await envelopeOf(await postRaw(text));
  expect(body).toStrictEqual(JSON.parse(JSON.stringify(await core.dispatch(JSON.parse(text)))));
  return body;
}

const bytes = (...values: number[]) => new Uint8Array(values);
const utf8 = (text: string) => new TextEncoder().encode(text);
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

describe('malformed bodies', () => {
  it.each([
    '{"name":',
    "{'name': 'get_writing_rules'}",
    '{name: "get_writing_rules"}',
    '{"name": "get_writing_rules",}',
    'NaN',
    '[',
    '',
    ' ',
    '\u0000',
    '{"name":"get_writing_rules"}{}',
  ])('answers 400 invalid-request for %j', async (text) => {
    const body = await envelopeOf(await postRaw(text));
    expect(body).toMatchObject({ ok: false, tool: '', error: { code: 'invalid-request' } });
  });

  it.each(['[]', '[{"name":"get_writing_rules"}]', '"get_writing_rules"', '42', 'null', 'true', '{}'])(
    'answers 400 unknown-tool for the JSON value %s, which is not a call',
    async (text) => {
      const body = await expectCoreAnswer(text);
      expect(body).toMatchObject({ ok: false, tool: '', error: { code: 'unknown-tool' } });
    },
  );

  it.each([
    ['an array', '[]'],
    ['a string', '"text"'],
    ['null', 'null'],
    ['a number', '1'],
  ])('answers 400 invalid-arguments for arguments that are %s', async (_label, args) => {
    const body = await expectCoreAnswer(`{"name":"get_writing_rules","arguments":${args}}`);
    expect(body.error?.code).toBe('invalid-arguments');
  });
});

describe('media types', () => {
  it.each([
    'text/plain',
    'text/json',
    'application/jsonx',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/json-seq',
    'json',
  ])('answers 415 for Content-Type %s', async (type) => {
    const body = await envelopeOf(await postRaw('{"name":"get_writing_rules","arguments":{}}', type));
    expect(body).toMatchObject({ ok: false, tool: '', error: { code: 'unsupported-media-type' } });
  });

  it.each(['application/json', 'APPLICATION/JSON', 'application/json; charset=utf-8', 'application/vnd.api+json'])(
    'accepts Content-Type %s',
    async (type) => {
      expect((await envelopeOf(await postRaw('{"name":"get_writing_rules","arguments":{}}', type))).ok).toBe(true);
    },
  );

  it.each([
    ['application/json; charset=utf-16', {}, "The request body must be UTF-8; Content-Type names charset 'utf-16'."],
    ['application/json; charset=latin1', {}, "The request body must be UTF-8; Content-Type names charset 'latin1'."],
    [
      'application/json',
      { 'Content-Encoding': 'gzip' },
      "The request body must be sent uncompressed; Content-Encoding 'gzip' is not accepted.",
    ],
    [
      'application/json',
      { 'Content-Encoding': 'br' },
      "The request body must be sent uncompressed; Content-Encoding 'br' is not accepted.",
    ],
  ])('answers 415 for a body it would read as something else: %s %j', async (type, headers, message) => {
    const response = await request('/v1/dispatch', {
      method: 'POST',
      headers: { 'Content-Type': type, ...headers },
      body: '{"name":"get_writing_rules","arguments":{}}',
    });
    expect(response.status).toBe(415);
    expect(response.headers.get('Accept-Encoding')).toBe('identity');
    expect(await response.json()).toEqual({ ok: false, tool: '', error: { code: 'unsupported-media-type', message } });
  });

  it('accepts Content-Encoding identity and a quoted UTF-8 charset', async () => {
    const response = await request('/v1/dispatch', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset="UTF-8"', 'Content-Encoding': 'identity' },
      body: '{"name":"get_writing_rules","arguments":{}}',
    });
    expect(response.status).toBe(200);
  });

  it('refuses a call field besides name and arguments, naming it, instead of running the tool on its defaults', async () => {
    const body = await expectCoreAnswer('{"name":"get_writing_rules","argument":{"language":"de"}}');
    expect(body.error).toEqual({
      code: 'invalid-arguments',
      message: "the call has unknown field 'argument'; a call holds name and arguments only",
    });
  });

  it('checks the media type before the size: a huge text/plain body is 415', async () => {
    const body = await envelopeOf(await postRaw('x'.repeat(2 * MAX_BODY_BYTES), 'text/plain'));
    expect(body.error?.code).toBe('unsupported-media-type');
  });
});

describe('bytes that are not UTF-8', () => {
  const call = (inner: Uint8Array) => concat(utf8('{"name":"find_writing_signals","arguments":{"text":"'), inner, utf8(' powerful"}}'));

  it.each([
    ['a stray continuation byte', bytes(0x80)],
    ['0xFF', bytes(0xff)],
    ['an overlong slash', bytes(0xc0, 0xaf)],
    ['an encoded surrogate', bytes(0xed, 0xa0, 0x80)],
    ['a truncated sequence', bytes(0xe2, 0x82)],
    ['a code point above U+10FFFF', bytes(0xf4, 0x90, 0x80, 0x80)],
  ])('answers 400 invalid-request for %s inside a string', async (_label, inner) => {
    const body = await envelopeOf(await postRaw(call(inner)));
    expect(body).toMatchObject({ ok: false, tool: '', error: { code: 'invalid-request' } });
  });

  it('answers 400 invalid-request for UTF-16 encoded JSON', async () => {
    const text = '{"name":"get_writing_rules"}';
    const utf16 = new Uint8Array(text.length * 2);
    for (let i = 0; i < text.length; i += 1) utf16[i * 2] = text.charCodeAt(i);
    expect((await envelopeOf(await postRaw(utf16))).error?.code).toBe('invalid-request');
  });

  it('accepts a UTF-8 byte order mark before the JSON, as the decoder strips it', async () => {
    const body = await envelopeOf(await postRaw(concat(bytes(0xef, 0xbb, 0xbf), utf8('{"name":"get_writing_rules"}'))));
    expect(body.ok).toBe(true);
  });
});

describe('text the decoder accepts but a careless server mishandles', () => {
  it('keeps spans exact around lone surrogates sent as JSON escapes', async () => {
    const text = String.raw`{"name":"find_writing_signals","arguments":{"text":"\ud800 It is worth noting that \udc00powerful\n\udbff\udfff powerful \ud83d","maxSignals":500}}`;
    const body = await expectCoreAnswer(text);
    const sent = (JSON.parse(text) as { arguments: { text: string } }).arguments.text;
    const { signals } = body.data as { signals: { quote: string; start: number; end: number; line: number }[] };
    expect(signals.length).toBeGreaterThanOrEqual(3);
    for (const signal of signals) expect(sent.slice(signal.start, signal.end)).toBe(signal.quote);
    expect(signals.at(-1)).toMatchObject({ quote: 'powerful', line: 2 });
  });

  it('echoes a hostile tool name in full as the tool, and escaped and cut in the message', async () => {
    const name = `\u202e\u0000<script>alert(1)</script>${'n'.repeat(5000)}`;
    const body = await expectCoreAnswer(JSON.stringify({ name, arguments: {} }));
    expect(body.tool).toBe(name);
    expect(body.error!.message).not.toMatch(/[\u0000\u202e]/);
    expect(body.error!.message.length).toBeLessThan(400);
  });
});

describe('numbers', () => {
  it.each([
    ['1e309 (Infinity once parsed)', '1e309', 'invalid-arguments'],
    ['-1e309', '-1e309', 'invalid-arguments'],
    ['-0', '-0', 'invalid-arguments'],
    ['0.5', '0.5', 'invalid-arguments'],
    ['2^53 + 1', '9007199254740993', 'invalid-arguments'],
    ['1e-400 (0 once parsed)', '1e-400', 'invalid-arguments'],
    ['1E2', '1E2', 'ok'],
    ['5.0', '5.0', 'ok'],
    ['500.000', '500.000', 'ok'],
  ])('answers maxSignals %s like the core', async (_label, number, code) => {
    const body = await expectCoreAnswer(`{"name":"find_writing_signals","arguments":{"text":"a","maxSignals":${number}}}`);
    expect(body.ok ? 'ok' : body.error!.code).toBe(code);
  });
});

describe('duplicate keys', () => {
  it('takes the last name, as JSON.parse does, and answers like the core', async () => {
    const body = await expectCoreAnswer('{"name":"get_writing_rules","name":"find_writing_signals","arguments":{"text":"powerful"}}');
    expect(body.tool).toBe('find_writing_signals');
  });

  it('cannot hide an out-of-bounds value behind an earlier valid one', async () => {
    const body = await expectCoreAnswer('{"name":"find_writing_signals","arguments":{"text":"a","maxSignals":1,"maxSignals":900}}');
    expect(body.error?.code).toBe('invalid-arguments');
  });

  it('refuses a duplicated __proto__ key in arguments', async () => {
    const body = await expectCoreAnswer('{"name":"get_writing_rules","arguments":{"__proto__":{},"__proto__":{"detail":"full"}}}');
    expect(body.error?.code).toBe('invalid-arguments');
  });
});

describe('deep nesting', () => {
  const nested = (depth: number, open: string, close: string, core = '0') => open.repeat(depth) + core + close.repeat(depth);

  it('answers 400 invalid-arguments for arguments nested 10,000 levels deep', async () => {
    const body = await expectCoreAnswer(`{"name":"find_writing_signals","arguments":{"text":${nested(10_000, '[', ']')}}}`);
    expect(body.error?.code).toBe('invalid-arguments');
  });

  it('answers 400 invalid-arguments for objects nested 10,000 levels deep', async () => {
    const body = await expectCoreAnswer(`{"name":"get_writing_rules","arguments":{"ruleIds":${nested(10_000, '{"a":', '}')}}}`);
    expect(body.error?.code).toBe('invalid-arguments');
  });

  it('answers a body nested 10,000 levels deep as a call that is not one', async () => {
    expect((await expectCoreAnswer(nested(10_000, '[', ']'))).error?.code).toBe('unknown-tool');
  });

  it('answers with a JSON 4xx, never a crash, for nesting that fills the whole 1 MiB', async () => {
    const depth = MAX_BODY_BYTES / 2 - 1;
    const body = await envelopeOf(await postRaw(nested(depth, '[', ']')));
    expect(['invalid-request', 'unknown-tool']).toContain(body.error?.code);
  });
});

describe('body size', () => {
  const padded = (size: number) => {
    const call = '{"name":"get_writing_rules","arguments":{}}';
    return call + ' '.repeat(size - call.length);
  };
  const streamed = (text: string) => {
    const data = utf8(text);
    let offset = 0;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= data.length) return controller.close();
        controller.enqueue(data.slice(offset, offset + 100_000));
        offset += 100_000;
      },
    });
  };

  it('answers 413 body-too-large over the limit with Content-Length', async () => {
    expect((await envelopeOf(await postRaw(padded(MAX_BODY_BYTES + 1)))).error?.code).toBe('body-too-large');
  });

  it('answers 413 body-too-large over the limit without Content-Length', async () => {
    expect((await envelopeOf(await postRaw(streamed(padded(MAX_BODY_BYTES + 1))))).error?.code).toBe('body-too-large');
  });

  it('answers 413 for an oversized body of bytes that are not UTF-8', async () => {
    const body = new Uint8Array(MAX_BODY_BYTES + 10).fill(0xff);
    expect((await envelopeOf(await postRaw(body))).error?.code).toBe('body-too-large');
  });

  it('serves the largest text the API allows inside the largest body', async () => {
    const text = 'a '.repeat(125_000);
    const call = JSON.stringify({ name: 'find_writing_signals', arguments: { text } });
    expect(call.length).toBeLessThanOrEqual(MAX_BODY_BYTES);
    expect((await expectCoreAnswer(call)).ok).toBe(true);
  });
});

describe('methods and paths', () => {
  it.each([
    ['PUT', '/v1/dispatch'],
    ['PATCH', '/v1/dispatch'],
    ['DELETE', '/v1/dispatch'],
    ['GET', '/v1/dispatch'],
    ['POST', '/v1/tools'],
    ['PUT', '/healthz'],
  ])('answers %s %s with 405 method-not-allowed', async (method, path) => {
    const response = await request(path, { method });
    expect((await envelopeOf(response)).error?.code).toBe('method-not-allowed');
    expect(response.headers.get('Allow')).toBeTruthy();
  });

  it.each([
    '/v1',
    '/v1/',
    '/v1/dispatch/',
    '/V1/DISPATCH',
    '/v1/dispatch%00',
    '/v1/tools.json',
    '/%2e%2e/etc/passwd',
    '/v1/%F0%9F%98%80',
    '/wp-admin/',
  ])('answers GET %s with JSON 404 not-found', async (path) => {
    expect((await envelopeOf(await request(path))).error?.code).toBe('not-found');
  });

  it('does not echo a hostile path as markup', async () => {
    const body = await envelopeOf(await request('/%3Cscript%3Ealert(1)%3C%2Fscript%3E'));
    expect(body.error?.code).toBe('not-found');
  });
});

describe('bearer token', () => {
  const TOKEN = 'hostile-suite-token-8d1e';
  const secured = variantEnv({ API_TOKEN: TOKEN });
  const call = (authorization?: string) =>
    requestWith(secured, '/v1/dispatch', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(authorization === undefined ? {} : { Authorization: authorization }) },
      body: '{"name":"get_writing_rules"}',
    });

  it.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['the scheme alone', 'Bearer'],
    ['a wrong token', 'Bearer wrong'],
    ['the token with a suffix', `Bearer ${TOKEN}0`],
    ['the token twice', `Bearer ${TOKEN} ${TOKEN}`],
    ['another scheme', `Token ${TOKEN}`],
    ['a 16 KiB token', `Bearer ${'A'.repeat(16_384)}`],
    ['the token in a second header value', `Bearer wrong, Bearer ${TOKEN}`],
  ])('answers 401 unauthorized for %s, without echoing the token', async (_label, authorization) => {
    const response = await call(authorization);
    const text = await response.clone().text();
    expect((await envelopeOf(response)).error?.code).toBe('unauthorized');
    expect(text).not.toContain(TOKEN);
    expect(response.headers.get('WWW-Authenticate')).toBe('Bearer');
  });

  // Timing cannot be measured reliably in a test; what can be checked is that
  // every presented token, whatever its length, is first reduced to a 32-byte
  // SHA-256 digest, so the comparison that follows always sees equal lengths.
  it('reduces every presented token to a SHA-256 digest before comparing', async () => {
    const digest = vi.spyOn(crypto.subtle, 'digest');
    const presented = ['x', TOKEN, 'y'.repeat(4000)];
    for (const token of presented) await call(`Bearer ${token}`);
    const hashed = digest.mock.calls
      .filter(([algorithm]) => algorithm === 'SHA-256')
      .map(([, data]) => new TextDecoder().decode(data as Uint8Array));
    digest.mockRestore();
    for (const token of presented) expect(hashed).toContain(token);
  });

  it('answers the right token, even with a lower-case scheme', async () => {
    expect((await envelopeOf(await call(`bearer ${TOKEN}`))).ok).toBe(true);
  });
});

describe('security headers', () => {
  // JSON answers need a deny-all policy; an HTML page (the review page, once it
  // is routed) needs a strict one: no inline or eval'd script, no framing.
  it('sends nosniff and a strict CSP on every answer', async () => {
    const answers = [
      await request('/healthz'),
      await request('/v1/tools'),
      await postRaw('{"name":"get_writing_rules"}'),
      await postRaw('{'),
      await request('/nowhere'),
      ...(await Promise.all(['/', '/review', '/index.html'].map((path) => request(path, { headers: { Accept: 'text/html' } })))),
    ];
    for (const response of answers) {
      const where = `${response.url} (${response.status})`;
      expect(response.headers.get('X-Content-Type-Options'), where).toBe('nosniff');
      const csp = response.headers.get('Content-Security-Policy') ?? '';
      expect(csp, where).toContain("frame-ancestors 'none'");
      if ((response.headers.get('Content-Type') ?? '').startsWith('text/html')) {
        expect(csp, where).toMatch(/default-src '(none|self)'/);
        const script = /script-src ([^;]*)/.exec(csp)?.[1] ?? /default-src ([^;]*)/.exec(csp)?.[1] ?? '';
        expect(script, where).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*/);
      } else {
        expect(csp, where).toContain("default-src 'none'");
      }
    }
  });

  it('grants no CORS to a preflight from an unlisted origin: no CORS header, the route’s own JSON 405', async () => {
    const response = await request('/v1/dispatch', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://attacker.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect((await envelopeOf(response)).error?.code).toBe('method-not-allowed');
    const corsHeaders = [...response.headers.keys()].filter((name) => name.startsWith('access-control-'));
    expect(corsHeaders).toEqual([]);
  });

  it('gives CORS headers only to a configured origin', async () => {
    const open = await request('/v1/tools', { headers: { Origin: 'https://attacker.example' } });
    expect(open.headers.get('Access-Control-Allow-Origin')).toBeNull();
    const nullOrigin = await request('/v1/tools', { headers: { Origin: 'null' } });
    expect(nullOrigin.headers.get('Access-Control-Allow-Origin')).toBeNull();
    const lookalike = await request('/v1/tools', { headers: { Origin: 'http://localhost:5173.attacker.example' } });
    expect(lookalike.headers.get('Access-Control-Allow-Origin')).toBeNull();
    for (const response of [open, nullOrigin, lookalike, await request('/v1/tools')]) {
      expect([...response.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
      expect(response.headers.get('Vary')).toContain('Origin');
    }
  });
});
