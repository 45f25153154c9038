/**
 * A fragment's quiet service call: the body of a 2xx answer, nothing for anything else, and
 * never a thrown error (an unhandled rejection would reach the host page's console and error
 * tracking for a call whose failure the fragment shows as its fallback).
 */
import { answerBody, fetchBody } from '../src';

const answer = (status: number, body: string) => {
  const read = jest.fn(() => Promise.resolve(body));
  return { response: { status, ok: status >= 200 && status < 300, text: read } as unknown as Response, read };
};

afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

test('a 2xx answer gives its body; another status gives nothing, its body still read (the connection is freed)', async () => {
  const ok = answer(200, '{"a":1}');
  await expect(answerBody(ok.response)).resolves.toBe('{"a":1}');
  const refused = answer(503, 'busy');
  await expect(answerBody(refused.response)).resolves.toBeUndefined();
  expect(refused.read).toHaveBeenCalledTimes(1);
});

test('fetchBody passes the call on and gives the body of a 2xx answer', async () => {
  const fetch = jest.fn(() => Promise.resolve(answer(204, '').response));
  (globalThis as { fetch?: unknown }).fetch = fetch;
  const init = { credentials: 'include' as const, headers: { site: 'AT' } };
  await expect(fetchBody('/service/x', init)).resolves.toBe('');
  expect(fetch).toHaveBeenCalledWith('/service/x', init);
});

test.each([
  ['a refusal', () => Promise.resolve(answer(404, 'no').response)],
  ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
  ['an abort', () => Promise.reject(new DOMException('aborted', 'AbortError'))],
  ['a body that cannot be read', () => Promise.resolve({ ok: true, status: 200, text: () => Promise.reject(new TypeError('network')) } as unknown as Response)],
])('fetchBody gives nothing, without throwing, for %s', async (_case, outcome) => {
  (globalThis as { fetch?: unknown }).fetch = jest.fn(outcome);
  await expect(fetchBody('/service/x')).resolves.toBeUndefined();
});
