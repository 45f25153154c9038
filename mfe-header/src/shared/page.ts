/** What the header does to the page it is on, in one place for every feature. */

/** A full page load (searches, the store finder); the default of every `onNavigate`. */
export const assignLocation = (url: string): void => window.location.assign(url);

/** Pushes a tracking event to the page's data layer, when the page has one (an array). */
export function pushToDataLayer(entry: object): void {
  const layer = (window as { dataLayer?: unknown }).dataLayer;
  if (Array.isArray(layer)) layer.push(entry);
}
