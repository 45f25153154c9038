/**
 * The document event the header dispatches when one of its flyouts (search, store finder, user
 * menu, cart) or the main navigation opens. The top banner's legal hint closes on it
 * (newsletter spec section 4 "Top banner legal hint": it closes on opening a header flyout or
 * on opening the navigation). Dispatch it on `document`, no detail needed:
 *
 * ```ts
 * document.dispatchEvent(new CustomEvent(HEADER_FLYOUT_OPEN_EVENT));
 * ```
 */
export const HEADER_FLYOUT_OPEN_EVENT = 'shop:header-flyout-open';
