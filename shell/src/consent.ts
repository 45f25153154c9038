/**
 * The page's side of the consent manager (newsletter spec section 7: "an event pushed to the
 * data layer on consent change"): each change the consent manager announces goes to the data
 * layer as `{event, consentGroups}` with the core's event name. The consent manager is a third
 * party: only its group ids (short texts) are passed on, at most `MAX_GROUPS` of them, and an
 * announcement without a list of groups is ignored.
 */
import { pushToDataLayer } from '@shop/ui';
import type { ConsentSettings } from './config';

/** More groups than any consent configuration has; a longer list is cut. */
export const MAX_GROUPS = 32;
const GROUP_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Follows the consent manager's changes; returns the function that stops following. */
export function followConsent(settings: ConsentSettings, target: Window = window): () => void {
  const onChange = (event: Event) => {
    const groups = (event as CustomEvent<{ groups?: unknown } | null>).detail?.groups;
    if (!Array.isArray(groups)) return;
    const consentGroups = groups.filter((group): group is string => typeof group === 'string' && GROUP_ID.test(group)).slice(0, MAX_GROUPS);
    pushToDataLayer({ event: settings.dataLayerEvent, consentGroups });
  };
  target.addEventListener(settings.changedEvent, onChange);
  return () => target.removeEventListener(settings.changedEvent, onChange);
}
