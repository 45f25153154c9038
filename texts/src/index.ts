/**
 * Interface texts: one JSON table per domain, keyed by locale, then by text key. The locales to
 * look in, and their order, come from the core (`textFallbacks`: the locale, then German).
 */
export type { TextTable, Translate } from './types';
// One module per table, re-exported: with `sideEffects: false` a build keeps only the tables a
// fragment imports, each in the chunk that uses it (not every table with the first one).
export { cartTexts } from './tables/cart';
export { shellTexts } from './tables/shell';
export { pageTexts } from './tables/pages';
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
