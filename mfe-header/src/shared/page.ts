/** What the header does to the page it is on, in one place for every feature. */

/** A full page load (searches, the store finder); the default of every `onNavigate`. */
export const assignLocation = (url: string): void => window.location.assign(url);

