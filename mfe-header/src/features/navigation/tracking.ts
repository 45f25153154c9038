/**
 * The navigation's click tracking (header spec section 7 "Tracking"): the core builds the
 * data-layer event (`ga_event`, category `navigation`, the labels joined with `>`); it is pushed
 * only when the page has a data layer (`window.dataLayer` is an array).
 */
import type { Core } from '@shop/core';
import { pushToDataLayer } from '@shop/ui';

export function trackNavigationClick(core: Core, labels: readonly string[]): void {
  pushToDataLayer(core.navigationTracking('click', [...labels]));
}
