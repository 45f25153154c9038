/**
 * Every browser table, for tests only (a fragment imports the tables it uses by name, so its
 * build holds no other): Jest loads them all in every locale before a test file runs.
 */
import {
  cartTexts,
  footerTexts,
  galleryTexts,
  headerTexts,
  navigationTexts,
  newsletterTexts,
  previewTexts,
  promotionTexts,
  searchTexts,
  shellTexts,
  uiTexts,
} from './index';
import type { TextTable } from './types';

export const allTextTables: readonly TextTable[] = [
  cartTexts,
  shellTexts,
  uiTexts,
  galleryTexts,
  headerTexts,
  navigationTexts,
  searchTexts,
  promotionTexts,
  footerTexts,
  newsletterTexts,
  previewTexts,
];

/** Loads every table in every locale it has. */
export async function loadAllTexts(): Promise<void> {
  await Promise.all(allTextTables.flatMap((table) => table.locales.map((locale) => table.load(locale))));
}
