/**
 * The newsletter service's client (newsletter spec section 7): the four subscriber calls and the
 * customer base data, over a configurable base path, with an optional API key, access token or
 * user name and password, extra headers, credentials and middleware, as the spec's client
 * accepts them.
 *
 * - Every call sends credentials (`include` unless configured) and ends after the configured time
 *   limit (the sign-up's 15 s by default, the core's `formLimits().signupTimeoutMs`).
 * - Middleware runs in order: `pre` may change the URL and request, `post` may replace the
 *   answer, `onError` may answer instead of a failed request.
 * - An answer outside 200-299 throws a `ResponseError` ("Response returned an error code") that
 *   holds the answer and its body text, read within the time limit; a failed request that no
 *   middleware answered throws a `FetchError` ("The request failed and the interceptors did not
 *   return an alternative response"); an answer the core cannot read throws an `AnswerError`.
 *   Nothing else is thrown.
 * - The time limit holds whatever a `pre` step does to the request (its own signal is combined
 *   with the limit's), and an answer a middleware replaces has its body dropped.
 * - Answers are read by the core (`parseSubscriber`, `parseCustomerBaseData`); the paths' names
 *   are the core's (`signupServicePath`, `signupSettings`).
 */
import type { Core, CustomerBaseData, SignupRequest, Site, Subscriber, SubscriberUpdate } from '@shop/core';

/** The spec's client error messages (section 8 "Client errors"). */
export const RESPONSE_ERROR_MESSAGE = 'Response returned an error code';
export const FETCH_ERROR_MESSAGE = 'The request failed and the interceptors did not return an alternative response';
/** The message of an answer in 200-299 the core cannot read. */
export const ANSWER_ERROR_MESSAGE = 'The answer could not be read';

/** The request header an API key goes in. */
export const API_KEY_HEADER = 'x-api-key';
/** The sign-up's header naming the address of the page it was sent from. */
export const ORIGINAL_ADDRESS_HEADER = 'original-address';

export type FetchApi = (url: string, init: RequestInit) => Promise<Response>;

export interface FetchParams {
  url: string;
  init: RequestInit;
}

export interface RequestContext extends FetchParams {
  fetch: FetchApi;
}

export interface ResponseContext extends RequestContext {
  response: Response;
}

export interface ErrorContext extends RequestContext {
  error: unknown;
  response?: Response;
}

export interface Middleware {
  pre?(context: RequestContext): Promise<FetchParams | void>;
  post?(context: ResponseContext): Promise<Response | void>;
  onError?(context: ErrorContext): Promise<Response | void>;
}

/** A secret given as a value or asked for on each call (an API key is asked with its header's name). */
export type Secret = string | ((name: string) => string | Promise<string>);

export interface NewsletterClientConfiguration {
  /** The service path as an absolute URL, e.g. `https://shop.example/service/newsletter/api/internal`. */
  basePath: string;
  apiKey?: Secret;
  accessToken?: Secret;
  username?: string;
  password?: string;
  headers?: Record<string, string>;
  credentials?: RequestCredentials;
  middleware?: Middleware[];
  /** `fetch` by default, looked up on each call. */
  fetchApi?: FetchApi;
  /** Milliseconds until a call is given up; the sign-up's limit by default. */
  timeoutMs?: number;
}

/**
 * An answer outside 200-299: `response` for its status and headers, `body` its text (read
 * within the time limit; empty when it could not be read).
 */
export class ResponseError extends Error {
  override name = 'ResponseError';
  constructor(
    readonly response: Response,
    readonly body: string,
  ) {
    super(RESPONSE_ERROR_MESSAGE);
  }
}

/** A request that failed (network, time limit) and that no middleware answered. */
export class FetchError extends Error {
  override name = 'FetchError';
  constructor(readonly cause: unknown) {
    super(FETCH_ERROR_MESSAGE);
  }
}

/** An answer in 200-299 whose body the core cannot read. */
export class AnswerError extends Error {
  override name = 'AnswerError';
  constructor(readonly body: string) {
    super(ANSWER_ERROR_MESSAGE);
  }
}

/** The `site` header and, for the sign-up and the double opt-in, the page's address. */
export interface CallOptions {
  site?: Site;
  originalAddress?: string;
}

/** User name and password as a Basic credential (UTF-8, as browsers send it). */
function basic(username: string, password: string): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

/** The time limit's signal, combined with one a `pre` step gave the request: either aborts. */
function withLimit(own: AbortSignal | null | undefined, limit: AbortSignal): AbortSignal {
  if (!own || own === limit) return limit;
  const both = new AbortController();
  const stop = () => both.abort();
  if (own.aborted || limit.aborted) stop();
  own.addEventListener('abort', stop, { once: true });
  limit.addEventListener('abort', stop, { once: true });
  return both.signal;
}

/** The answer a middleware step gives, the old one's body dropped; the old one when it gives none. */
function replaced(previous: Response | undefined, next: Response | void): Response | undefined {
  if (!next || next === previous) return previous;
  // @shop/ui's dropBody, written here: the client stays free of the design system (React, CSS),
  // so plain pages and Node can use it.
  previous?.body?.cancel().catch(() => undefined);
  return next;
}

async function secret(value: Secret, name: string): Promise<string> {
  return typeof value === 'function' ? value(name) : value;
}

export class NewsletterClient {
  constructor(
    private readonly core: Core,
    private readonly configuration: NewsletterClientConfiguration,
  ) {}

  /** `POST {base}/newsletter-subscribers`: the sign-up. */
  async createSubscriber(request: SignupRequest, options: CallOptions = {}): Promise<void> {
    await this.call(this.core.signupSettings().subscribersResource, 'POST', options, JSON.stringify(request));
  }

  /** `GET {base}/newsletter-subscribers/{subscriberToken}`. */
  async getSubscriber(subscriberToken: string, options: CallOptions = {}): Promise<Subscriber> {
    const body = await this.call(this.subscriberResource(subscriberToken), 'GET', { site: options.site });
    const subscriber = this.core.parseSubscriber(body);
    if (subscriber === undefined) throw new AnswerError(body);
    return subscriber;
  }

  /** `PUT {base}/newsletter-subscribers/{subscriberToken}/doi`: confirms the double opt-in. */
  async confirmDoubleOptIn(subscriberToken: string, options: CallOptions = {}): Promise<void> {
    const settings = this.core.signupSettings();
    await this.call(`${this.subscriberResource(subscriberToken)}/${settings.subscriberDoiResource}`, 'PUT', options);
  }

  /** `PUT {base}/newsletter-subscribers/{subscriberToken}`: changes what the update names. */
  async updateSubscriber(subscriberToken: string, update: SubscriberUpdate, options: CallOptions = {}): Promise<void> {
    await this.call(this.subscriberResource(subscriberToken), 'PUT', { site: options.site }, JSON.stringify(update));
  }

  /**
   * `GET {private base}/customers/base-data`, never cached; `headers` carry the login token or
   * the CSRF double submit.
   */
  async getCustomerBaseData(headers: Record<string, string>): Promise<CustomerBaseData> {
    const resource = this.core.signupSettings().customerBaseDataResource;
    const body = await this.call(resource, 'GET', {}, undefined, headers, 'no-store');
    const data = this.core.parseCustomerBaseData(body);
    if (data === undefined) throw new AnswerError(body);
    return data;
  }

  private subscriberResource(subscriberToken: string): string {
    return `${this.core.signupSettings().subscribersResource}/${encodeURIComponent(subscriberToken)}`;
  }

  /** One call: the answer's body when its status is in 200-299 (see the module's comment). */
  private async call(
    resource: string,
    method: string,
    options: CallOptions,
    json?: string,
    extraHeaders: Record<string, string> = {},
    cache?: RequestCache,
  ): Promise<string> {
    const configuration = this.configuration;
    const headers: Record<string, string> = { ...configuration.headers, ...extraHeaders };
    if (json !== undefined) headers['Content-Type'] = 'application/json';
    // The shop's site header (the core's `SITE_HEADER`).
    if (options.site) headers[this.core.cartSettings(options.site).siteHeader] = options.site;
    if (options.originalAddress) headers[ORIGINAL_ADDRESS_HEADER] = options.originalAddress;
    if (configuration.apiKey !== undefined) headers[API_KEY_HEADER] = await secret(configuration.apiKey, API_KEY_HEADER);
    if (configuration.accessToken !== undefined) {
      headers.Authorization = `Bearer ${await secret(configuration.accessToken, 'Authorization')}`;
    } else if (configuration.username !== undefined || configuration.password !== undefined) {
      headers.Authorization = basic(configuration.username ?? '', configuration.password ?? '');
    }
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), configuration.timeoutMs ?? this.core.formLimits().signupTimeoutMs);
    const fetchApi: FetchApi = configuration.fetchApi ?? ((url, init) => fetch(url, init));
    let params: FetchParams = {
      url: `${configuration.basePath.replace(/\/+$/, '')}/${resource}`,
      init: { method, headers, body: json, credentials: configuration.credentials ?? 'include', signal: abort.signal, ...(cache ? { cache } : {}) },
    };
    try {
      const middleware = configuration.middleware ?? [];
      for (const step of middleware) {
        if (step.pre) params = (await step.pre({ fetch: fetchApi, ...params })) ?? params;
      }
      params = { url: params.url, init: { ...params.init, signal: withLimit(params.init.signal, abort.signal) } };
      let response: Response | undefined;
      try {
        response = await fetchApi(params.url, params.init);
      } catch (error) {
        for (const step of middleware) {
          if (step.onError) response = replaced(response, await step.onError({ fetch: fetchApi, ...params, error, response }));
        }
        if (response === undefined) throw new FetchError(error);
      }
      for (const step of middleware) {
        if (step.post) response = replaced(response, await step.post({ fetch: fetchApi, ...params, response })) as Response;
      }
      let body: string;
      try {
        body = await response.text();
      } catch (error) {
        if (response.status < 200 || response.status > 299) throw new ResponseError(response, '');
        throw new FetchError(error);
      }
      if (response.status < 200 || response.status > 299) throw new ResponseError(response, body);
      return body;
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * The shop's client for a page: the page's origin with the core's service path (the private one
 * on a single-page app, and always for the customer base data), credentials included, the
 * sign-up's time limit.
 */
export function newsletterClient(
  core: Core,
  singlePageApp: boolean,
  configuration: Partial<NewsletterClientConfiguration> = {},
  origin = window.location.origin,
): NewsletterClient {
  return new NewsletterClient(core, {
    basePath: new URL(core.signupServicePath(singlePageApp), `${origin}/`).toString(),
    ...configuration,
  });
}
