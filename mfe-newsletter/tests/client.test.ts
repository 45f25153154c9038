/**
 * @jest-environment node
 *
 * The newsletter client (newsletter spec section 7 and the client errors of section 8): the
 * requests it makes for each call, its configuration (base path, API key, access token, user
 * name and password, headers, credentials), middleware, the time limit and its three errors.
 * The only fake is the `fetch` it is given; answers are real `Response`s, the core is the real
 * WebAssembly build.
 */
import * as core from '@shop/core';
import {
  AnswerError,
  FETCH_ERROR_MESSAGE,
  FetchError,
  NewsletterClient,
  RESPONSE_ERROR_MESSAGE,
  ResponseError,
  newsletterClient,
  type FetchApi,
  type NewsletterClientConfiguration,
} from '../src/client';

const BASE = 'https://shop.example/service/newsletter/api/internal';

interface Sent {
  url: string;
  init: RequestInit;
  headers: Record<string, string>;
}

/** A fetch that records each request and answers with `answer`. */
function recording(answer: () => Response | Promise<Response> = () => new Response('{}', { status: 201 })) {
  const sent: Sent[] = [];
  const fetchApi: FetchApi = async (url, init) => {
    sent.push({ url, init, headers: { ...(init.headers as Record<string, string>) } });
    return answer();
  };
  return { sent, fetchApi };
}

const client = (fetchApi: FetchApi, configuration: Partial<NewsletterClientConfiguration> = {}) =>
  new NewsletterClient(core, { basePath: BASE, fetchApi, ...configuration });

const SUBSCRIBER = {
  subscriberToken: 'a/b?c',
  email: 'anna@example.com',
  site: 'AT',
  status: 'WAITING_FOR_DOI',
  firstName: 'Anna',
  consents: ['DNE'],
};

describe('the calls', () => {
  test('the sign-up is posted as JSON with the site, the page address and credentials', async () => {
    const { sent, fetchApi } = recording();
    const request = core.buildSignupRequest('AT', { email: ' anna@example.com ', salutation: 'MRS', firstName: 'Anna', lastName: '', consents: ['DNE'], legals: [] }, 'NEWSLETTER', 'footer', []);
    await client(fetchApi).createSubscriber(request, { site: 'AT', originalAddress: 'https://shop.example/at/' });
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toBe(`${BASE}/newsletter-subscribers`);
    expect(sent[0].init.method).toBe('POST');
    expect(sent[0].init.credentials).toBe('include');
    expect(sent[0].headers).toEqual({ 'Content-Type': 'application/json', site: 'AT', 'original-address': 'https://shop.example/at/' });
    expect(JSON.parse(String(sent[0].init.body))).toEqual({
      email: 'anna@example.com', salutation: 'MRS', firstName: 'Anna', consents: ['DNE'], origin: 'NEWSLETTER', originAddition: 'footer',
    });
  });

  test('a subscriber is read by the core, its token escaped in the path', async () => {
    const { sent, fetchApi } = recording(() => new Response(JSON.stringify(SUBSCRIBER)));
    const subscriber = await client(fetchApi).getSubscriber('a/b?c', { site: 'AT' });
    expect(sent[0].url).toBe(`${BASE}/newsletter-subscribers/a%2Fb%3Fc`);
    expect(sent[0].init.method).toBe('GET');
    expect(sent[0].headers).toEqual({ site: 'AT' });
    expect(subscriber).toEqual({
      subscriberToken: 'a/b?c', email: 'anna@example.com', site: 'AT', status: 'WAITING_FOR_DOI', subscriptionType: 'NEWSLETTER', firstName: 'Anna', consents: ['DNE'], categories: [],
    });
  });

  test('the double opt-in and an update are PUT to the subscriber', async () => {
    const { sent, fetchApi } = recording(() => new Response(null, { status: 204 }));
    await client(fetchApi).confirmDoubleOptIn('t0k3n', { site: 'HU', originalAddress: 'https://shop.example/hu/' });
    await client(fetchApi).updateSubscriber('t0k3n', { lastName: 'Kovács', consents: [] }, { site: 'HU' });
    expect(sent.map((request) => [request.init.method, request.url])).toEqual([
      ['PUT', `${BASE}/newsletter-subscribers/t0k3n/doi`],
      ['PUT', `${BASE}/newsletter-subscribers/t0k3n`],
    ]);
    expect(sent[0].headers).toEqual({ site: 'HU', 'original-address': 'https://shop.example/hu/' });
    expect(sent[1].headers).toEqual({ 'Content-Type': 'application/json', site: 'HU' });
    expect(JSON.parse(String(sent[1].init.body))).toEqual({ lastName: 'Kovács', consents: [] });
  });

  test('the customer base data is asked for uncached with the given headers and read by the core', async () => {
    const { sent, fetchApi } = recording(() => new Response('{"email":"maria@example.com","consentsAlreadyGiven":["DNE"]}'));
    const data = await client(fetchApi).getCustomerBaseData({ 'x-login-token': 'L' });
    expect(sent[0].url).toBe(`${BASE}/customers/base-data`);
    expect(sent[0].init.cache).toBe('no-store');
    expect(sent[0].headers).toEqual({ 'x-login-token': 'L' });
    expect(data.form.email).toBe('maria@example.com');
    expect(data.consentsAlreadyGiven).toEqual(['DNE']);
  });

  test("the page's client: the page's origin and the core's service path, private on a single-page app", async () => {
    const { sent, fetchApi } = recording();
    await newsletterClient(core, false, { fetchApi }, 'https://shop.example').createSubscriber(core.buildSignupRequest('DE', { email: 'a@b.de', firstName: '', lastName: '', consents: [], legals: [] }, 'NEWSLETTER', '', []));
    await newsletterClient(core, true, { fetchApi }, 'https://shop.example').createSubscriber(core.buildSignupRequest('DE', { email: 'a@b.de', firstName: '', lastName: '', consents: [], legals: [] }, 'NEWSLETTER', '', []));
    expect(sent.map((request) => request.url)).toEqual([
      'https://shop.example/service/newsletter/api/internal/newsletter-subscribers',
      'https://shop.example/service/newsletter/api/private/newsletter-subscribers',
    ]);
  });
});

describe('the configuration', () => {
  test('a trailing slash of the base path, extra headers and other credentials', async () => {
    const { sent, fetchApi } = recording();
    await client(fetchApi, { basePath: `${BASE}//`, headers: { 'x-team': 'crm' }, credentials: 'same-origin' }).confirmDoubleOptIn('t');
    expect(sent[0].url).toBe(`${BASE}/newsletter-subscribers/t/doi`);
    expect(sent[0].headers).toEqual({ 'x-team': 'crm' });
    expect(sent[0].init.credentials).toBe('same-origin');
  });

  test('an API key as a value or asked for with its header name, and an access token', async () => {
    const { sent, fetchApi } = recording();
    const asked: string[] = [];
    await client(fetchApi, { apiKey: 'k1' }).confirmDoubleOptIn('t');
    await client(fetchApi, { apiKey: async (name) => (asked.push(name), 'k2'), accessToken: () => 'jwt' }).confirmDoubleOptIn('t');
    expect(sent[0].headers).toEqual({ 'x-api-key': 'k1' });
    expect(sent[1].headers).toEqual({ 'x-api-key': 'k2', Authorization: 'Bearer jwt' });
    expect(asked).toEqual(['x-api-key']);
  });

  test('user name and password as a Basic credential, in UTF-8', async () => {
    const { sent, fetchApi } = recording();
    await client(fetchApi, { username: 'jürgen', password: 'pässwort:1' }).confirmDoubleOptIn('t');
    const credential = sent[0].headers.Authorization.replace(/^Basic /, '');
    expect(Buffer.from(credential, 'base64').toString('utf8')).toBe('jürgen:pässwort:1');
  });
});

describe('middleware', () => {
  test('pre changes the request, post replaces the answer, in the given order', async () => {
    const { sent, fetchApi } = recording(() => new Response('', { status: 503 }));
    const order: string[] = [];
    const subscriber = await client(fetchApi, {
      middleware: [
        {
          pre: async ({ url, init }) => {
            order.push('pre 1');
            return { url: `${url}?trace=1`, init: { ...init, headers: { ...(init.headers as Record<string, string>), 'x-trace': '1' } } };
          },
          post: async () => {
            order.push('post 1');
            return new Response(JSON.stringify(SUBSCRIBER));
          },
        },
        { pre: async () => void order.push('pre 2'), post: async ({ response }) => void order.push(`post 2 saw ${response.status}`) },
      ],
    }).getSubscriber('t');
    expect(order).toEqual(['pre 1', 'pre 2', 'post 1', 'post 2 saw 200']);
    expect(sent[0].url).toBe(`${BASE}/newsletter-subscribers/t?trace=1`);
    expect(sent[0].headers['x-trace']).toBe('1');
    expect(subscriber.email).toBe('anna@example.com');
  });

  test('onError may answer for a failed request', async () => {
    const failure = new TypeError('Failed to fetch');
    const seen: unknown[] = [];
    const { fetchApi } = recording(() => Promise.reject(failure));
    await expect(
      client(fetchApi, {
        middleware: [{ onError: async ({ error }) => (seen.push(error), new Response(null, { status: 204 })) }],
      }).confirmDoubleOptIn('t'),
    ).resolves.toBeUndefined();
    expect(seen).toEqual([failure]);
  });
});

describe('the errors', () => {
  test('an answer outside 200-299 is a ResponseError holding the answer', async () => {
    const { fetchApi } = recording(() => new Response('{"type":"urn:newsletter:email_invalid"}', { status: 400 }));
    const error = await client(fetchApi).createSubscriber(core.buildSignupRequest('DE', { email: 'x', firstName: '', lastName: '', consents: [], legals: [] }, 'NEWSLETTER', '', [])).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseError);
    expect((error as ResponseError).message).toBe(RESPONSE_ERROR_MESSAGE);
    expect(RESPONSE_ERROR_MESSAGE).toBe('Response returned an error code');
    const response = (error as ResponseError).response;
    expect(core.mapSignupResponse(response.status, (error as ResponseError).body)).toBe('ERROR_INVALID_EMAIL');
  });

  test('a failed request no middleware answered is a FetchError with its cause', async () => {
    const failure = new TypeError('Failed to fetch');
    const { fetchApi } = recording(() => Promise.reject(failure));
    const error = await client(fetchApi, { middleware: [{ onError: async () => undefined }] }).getSubscriber('t').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FetchError);
    expect((error as FetchError).message).toBe('The request failed and the interceptors did not return an alternative response');
    expect((error as FetchError).message).toBe(FETCH_ERROR_MESSAGE);
    expect((error as FetchError).cause).toBe(failure);
  });

  test('an error answer whose body stalls ends at the time limit too: its body reads as empty', async () => {
    const fetchApi: FetchApi = async (_url, init) =>
      new Response(
        new ReadableStream({
          start(controller) {
            init.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
          },
        }),
        { status: 502 },
      );
    const error = await client(fetchApi, { timeoutMs: 20 }).confirmDoubleOptIn('t').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseError);
    expect((error as ResponseError).response.status).toBe(502);
    expect((error as ResponseError).body).toBe('');
  });

  test("a pre step's own signal does not lift the time limit, and still aborts", async () => {
    // Like fetch: an already aborted signal fails at once, a later abort when it comes.
    const hanging: FetchApi = (_url, init) =>
      new Promise((_resolve, reject) => {
        const aborted = () => reject(new DOMException('aborted', 'AbortError'));
        if (init.signal?.aborted) aborted();
        init.signal?.addEventListener('abort', aborted);
      });
    const ownSignal = { pre: async ({ url, init }: { url: string; init: RequestInit }) => ({ url, init: { ...init, signal: new AbortController().signal } }) };
    await expect(client(hanging, { timeoutMs: 20, middleware: [ownSignal] }).confirmDoubleOptIn('t')).rejects.toBeInstanceOf(FetchError);
    const cancel = new AbortController();
    const cancelled = client(hanging, { timeoutMs: 60_000, middleware: [{ pre: async ({ url, init }) => ({ url, init: { ...init, signal: cancel.signal } }) }] }).confirmDoubleOptIn('t');
    cancel.abort();
    await expect(cancelled).rejects.toBeInstanceOf(FetchError);
  });

  test('an answer a middleware replaces has its body dropped', async () => {
    let cancelled = false;
    const original = new Response(new ReadableStream({ cancel: () => void (cancelled = true) }), { status: 503 });
    const { fetchApi } = recording(() => original);
    await client(fetchApi, { middleware: [{ post: async () => new Response(null, { status: 204 }) }] }).confirmDoubleOptIn('t');
    expect(cancelled).toBe(true);
  });

  test('a call still unanswered at the time limit is aborted: a FetchError', async () => {
    const fetchApi: FetchApi = (_url, init) =>
      new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    const error = await client(fetchApi, { timeoutMs: 20 }).confirmDoubleOptIn('t').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FetchError);
    expect(((error as FetchError).cause as DOMException).name).toBe('AbortError');
  });

  test('the time limit is the sign-up limit unless configured', async () => {
    jest.useFakeTimers();
    try {
      let signal: AbortSignal | undefined;
      const fetchApi: FetchApi = (_url, init) => {
        signal = init.signal ?? undefined;
        return new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
      };
      const call = client(fetchApi).confirmDoubleOptIn('t').catch((caught: unknown) => caught);
      await Promise.resolve();
      jest.advanceTimersByTime(core.formLimits().signupTimeoutMs - 1);
      expect(signal?.aborted).toBe(false);
      jest.advanceTimersByTime(1);
      expect(signal?.aborted).toBe(true);
      await expect(call).resolves.toBeInstanceOf(FetchError);
    } finally {
      jest.useRealTimers();
    }
  });

  test('an answer the core cannot read is an AnswerError with its body', async () => {
    for (const body of ['<html>', '{"email":"a@b.de"}', 'null']) {
      const { fetchApi } = recording(() => new Response(body));
      const error = await client(fetchApi).getSubscriber('t').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AnswerError);
      expect((error as AnswerError).body).toBe(body);
    }
  });
});
