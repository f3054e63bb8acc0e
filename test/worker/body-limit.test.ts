// The 1 MiB body limit: refused with 413 before parsing, whether or not the
// client declares Content-Length.
import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../src/worker/middleware/request-body';
import { errorOf, request } from './helpers';

const encoder = new TextEncoder();

/** A valid call padded with spaces to exactly `size` bytes. */
function callOfSize(size: number): string {
  const call = '{"name":"get_writing_rules","arguments":{}}';
  return call + ' '.repeat(size - call.length);
}

function streamOf(text: string, chunkSize = 64 * 1024): ReadableStream<Uint8Array> {
  const bytes = encoder.encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + chunkSize));
      offset += chunkSize;
    },
  });
}

const jsonPost = (body: BodyInit): RequestInit => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body });

describe('body limit', () => {
  it('is 1 MiB', () => {
    expect(MAX_BODY_BYTES).toBe(1_048_576);
  });

  it('accepts a body of exactly the limit', async () => {
    const response = await request('/v1/dispatch', jsonPost(callOfSize(MAX_BODY_BYTES)));
    expect(response.status).toBe(200);
  });

  it('refuses a body one byte over the limit with 413', async () => {
    const response = await request('/v1/dispatch', jsonPost(callOfSize(MAX_BODY_BYTES + 1)));
    expect(response.status).toBe(413);
    expect(await errorOf(response)).toMatchObject({ ok: false, tool: '', code: 'body-too-large' });
  });

  it('refuses a streamed body without Content-Length once it passes the limit', async () => {
    const init = jsonPost(streamOf(callOfSize(MAX_BODY_BYTES + 1)));
    const outgoing = new Request('http://worker.test/v1/dispatch', init);
    expect(outgoing.headers.get('Content-Length')).toBeNull();
    const response = await request('/v1/dispatch', init);
    expect(response.status).toBe(413);
    expect(await errorOf(response)).toMatchObject({ code: 'body-too-large' });
  });

  it('accepts a streamed body within the limit', async () => {
    const response = await request('/v1/dispatch', jsonPost(streamOf(callOfSize(200_000))));
    expect(response.status).toBe(200);
  });

  it('refuses a huge body that is not even JSON with 413, not 400', async () => {
    const response = await request('/v1/dispatch', jsonPost(streamOf('x'.repeat(2 * MAX_BODY_BYTES))));
    expect(response.status).toBe(413);
  });
});
