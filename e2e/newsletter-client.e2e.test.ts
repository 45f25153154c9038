/**
 * The newsletter client against the reference newsletter service (newsletter spec section 7):
 * a sign-up, the subscriber, an update judged by the site's rules, the double opt-in, and the
 * client's errors for the service's refusals and for a service that cannot be reached. Node's
 * own fetch talks to the real server; no browser is needed for a client contract.
 */
import { ready, type Core } from '@shop/core';
import { FetchError, ResponseError, newsletterClient } from '../mfe-newsletter/src/client';
import { startShop, type Shop } from './harness';

let shop: Shop;
let core: Core;

beforeAll(async () => {
  [shop, core] = await Promise.all([startShop(), ready()]);
});

afterAll(async () => {
  await shop?.stop();
});

/** The subscriber token of an address, from the confirmation link the sign-up would e-mail. */
async function tokenOf(site: string, email: string): Promise<string> {
  const answer = await fetch(`${shop.url}/service/test/outbox?site=${site}&email=${encodeURIComponent(email)}`);
  expect(answer.status).toBe(200);
  const { confirmLink } = (await answer.json()) as { confirmLink: string };
  return new URL(confirmLink, shop.url).searchParams.get('token') ?? '';
}

/** The error a call ends in. */
const failureOf = (call: Promise<unknown>) => call.then(() => undefined, (error: unknown) => error);

test('a sign-up, its subscriber, an update and the double opt-in, on both service paths', async () => {
  for (const singlePageApp of [false, true]) {
    const client = newsletterClient(core, singlePageApp, {}, shop.url);
    const email = `ilona.${singlePageApp ? 'spa' : 'page'}@example.com`;
    const form = { email, salutation: 'MRS' as const, firstName: 'Ilona', lastName: 'Kiss', consents: ['DNE' as const], legals: [] };
    await client.createSubscriber(core.buildSignupRequest('HU', form, 'NEWSLETTER', 'footer', []), {
      site: 'HU',
      originalAddress: `${shop.url}/hu/`,
    });
    const token = await tokenOf('HU', email);

    await expect(client.getSubscriber(token, { site: 'HU' })).resolves.toEqual({
      subscriberToken: token, email, site: 'HU', status: 'WAITING_FOR_DOI', subscriptionType: 'NEWSLETTER', salutation: 'MRS', firstName: 'Ilona', lastName: 'Kiss', consents: ['DNE'], categories: [],
    });

    await client.updateSubscriber(token, { lastName: 'Nagy', consents: [], categories: ['KITCHEN', 'COFFEE'] }, { site: 'HU' });
    await expect(client.getSubscriber(token)).resolves.toMatchObject({ lastName: 'Nagy', consents: [], firstName: 'Ilona', categories: ['KITCHEN', 'COFFEE'] });

    await client.confirmDoubleOptIn(token, { site: 'HU', originalAddress: `${shop.url}/hu/` });
    await expect(client.getSubscriber(token)).resolves.toMatchObject({ status: 'SUBSCRIBED', lastName: 'Nagy' });
  }
});

test("the service's refusals are ResponseErrors the core reads, and nothing changes", async () => {
  const client = newsletterClient(core, false, {}, shop.url);
  const invalid = await failureOf(client.createSubscriber(core.buildSignupRequest('DE', { email: 'anna@', firstName: '', lastName: '', consents: [], legals: [] }, 'NEWSLETTER', '', [])));
  expect(invalid).toBeInstanceOf(ResponseError);
  expect(core.mapSignupResponse((invalid as ResponseError).response.status, (invalid as ResponseError).body)).toBe('ERROR_INVALID_EMAIL');

  const email = 'tamas@example.com';
  const form = { email, salutation: 'MR' as const, firstName: 'Tamás', lastName: 'Kovács', consents: [], legals: [] };
  await client.createSubscriber(core.buildSignupRequest('HU', form, 'NEWSLETTER', '', []), { site: 'HU' });
  const token = await tokenOf('HU', email);
  // HU requires the first name: clearing it is refused with the field's error.
  const refused = await failureOf(client.updateSubscriber(token, { firstName: '' }));
  expect(refused).toBeInstanceOf(ResponseError);
  expect((refused as ResponseError).response.status).toBe(400);
  expect(JSON.parse((refused as ResponseError).body)).toMatchObject({ type: 'urn:newsletter:bad_request', errors: { firstName: 'REQUIRED' } });
  await expect(client.getSubscriber(token)).resolves.toMatchObject({ firstName: 'Tamás' });

  const unknown = await failureOf(client.getSubscriber('0123456789abcdef0123456789abcdef'));
  expect((unknown as ResponseError).response.status).toBe(404);
});

test('a service that cannot be reached is a FetchError, unless a middleware answers', async () => {
  const closed = newsletterClient(core, false, {}, 'http://localhost:9');
  const failure = await failureOf(closed.getSubscriber('t'));
  expect(failure).toBeInstanceOf(FetchError);
  expect((failure as FetchError).message).toBe('The request failed and the interceptors did not return an alternative response');

  const rescued = newsletterClient(core, false, { middleware: [{ onError: async ({ url }) => fetch(url.replace('http://localhost:9', shop.url)) }] }, 'http://localhost:9');
  const failureAfterRescue = await failureOf(rescued.getSubscriber('0123456789abcdef0123456789abcdef'));
  expect(failureAfterRescue).toBeInstanceOf(ResponseError);
  expect((failureAfterRescue as ResponseError).response.status).toBe(404);
});
