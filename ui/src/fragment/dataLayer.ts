/** Pushes a tracking event to the page's data layer, when the page has one (an array). */
export function pushToDataLayer(entry: object): void {
  const layer = (window as { dataLayer?: unknown }).dataLayer;
  if (Array.isArray(layer)) layer.push(entry);
}
