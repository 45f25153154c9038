/**
 * The page's side of the consent manager: each change it announces reaches the data layer with
 * the core's event name and the group ids; anything else it might send is left out.
 */
import { followConsent, MAX_GROUPS } from '../src/consent';

const settings = { changedEvent: 'consent:changed', dataLayerEvent: 'consent_update' };
const layer = () => (window as unknown as { dataLayer: unknown[] }).dataLayer;
const announce = (detail: unknown) => window.dispatchEvent(new CustomEvent('consent:changed', { detail }));

let stop: () => void = () => undefined;
beforeEach(() => {
  (window as unknown as { dataLayer: unknown[] }).dataLayer = [];
  stop = followConsent(settings);
});
afterEach(() => stop());

test('a change goes to the data layer with the active groups', () => {
  announce({ groups: ['C0001', 'C0004'], domainScript: 'abc-test' });
  announce({ groups: ['C0001'] });
  expect(layer()).toEqual([
    { event: 'consent_update', consentGroups: ['C0001', 'C0004'] },
    { event: 'consent_update', consentGroups: ['C0001'] },
  ]);
});

test('only short group ids are passed on, at most MAX_GROUPS', () => {
  announce({ groups: ['C0001', 7, '<img src=x onerror=alert(1)>', '', 'x'.repeat(65), null, 'C0002', 'y'.repeat(64)] });
  announce({ groups: Array.from({ length: 100 }, (_, index) => `G${index}`) });
  // 64 characters is still a group id; 65 is not.
  expect(layer()[0]).toEqual({ event: 'consent_update', consentGroups: ['C0001', 'C0002', 'y'.repeat(64)] });
  expect((layer()[1] as { consentGroups: string[] }).consentGroups).toHaveLength(MAX_GROUPS);
});

test('an announcement without a list of groups is ignored, and stopping stops', () => {
  for (const detail of [undefined, null, {}, { groups: 'C0001' }]) announce(detail);
  expect(layer()).toEqual([]);
  stop();
  announce({ groups: ['C0001'] });
  expect(layer()).toEqual([]);
});

test('other events are not followed', () => {
  window.dispatchEvent(new CustomEvent('consent:other', { detail: { groups: ['C0001'] } }));
  expect(layer()).toEqual([]);
});
