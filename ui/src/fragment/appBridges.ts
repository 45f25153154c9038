/**
 * The shop apps' bridges on `window` (header spec: "native app back, then mobile app back"): the
 * native app's and the mobile app's, in that order. Present only inside the shop's own app.
 */
export const APP_BRIDGES = ['nativeApp', 'mobileApp'] as const;

export type AppBridgeName = (typeof APP_BRIDGES)[number];

/** What a bridge may offer (only what the fragments use). */
export interface AppBridge {
  back?: () => unknown;
}

/** A window that may carry the apps' bridges. */
export type WithAppBridges = Window & Partial<Record<AppBridgeName, AppBridge>>;

/** Whether the page runs inside the shop's own app (either bridge is there). */
export function inShopApp(win: Window = window): boolean {
  return APP_BRIDGES.some((name) => (win as WithAppBridges)[name] !== undefined);
}
