/**
 * Interface texts: one JSON table per domain (`texts/<table>.json`), keyed by locale, then by
 * text key. A build splits each table by locale and a page loads only its own locale's texts
 * (ADR 0030): `loadTexts` before a first lookup, which `@shop/ui`'s `UiProvider` does for the
 * tables a fragment names (`prefetchTexts` starts it beside the core). The locales to look in,
 * and their order, come from the core (`textFallbacks`: the locale, then German).
 */
export type { TableLocales, TextTable, Texts, Translate } from './types';
// One module per table, re-exported: with `sideEffects: false` a build keeps only the tables a
// fragment imports, each in the chunk that uses it (not every table with the first one).
export { cartTexts } from './tables/cart';
export { shellTexts } from './tables/shell';
export { uiTexts } from './tables/ui';
export { galleryTexts } from './tables/gallery';
export { headerTexts } from './tables/header';
export { navigationTexts } from './tables/navigation';
export { searchTexts } from './tables/search';
export { promotionTexts } from './tables/promotion';
export { footerTexts } from './tables/footer';
export { newsletterTexts } from './tables/newsletter';
export { previewTexts } from './tables/preview';
export { fill, translator } from './translate';
export { loadTexts, prefetchTexts, textsLoaded } from './table';
