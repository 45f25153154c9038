/**
 * A page the browser brings back from its back/forward cache is loaded again (ADR 0023,
 * update): Safari keeps pages there whatever their `no-store` says, and a restored page is the
 * page as it was left (an open flyout and its overlay, the cart of before, a search term typed
 * after the page's query). Loaded again, it is the page as it is now, as in every other browser.
 */
export function reloadWhenRestored(win: Pick<Window, 'addEventListener' | 'location'> = window): void {
  win.addEventListener('pageshow', (event) => {
    if ((event as PageTransitionEvent).persisted) win.location.reload();
  });
}
