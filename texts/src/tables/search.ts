import locales from '../../dist/search.locales.json';
import { textTable } from '../table';

/** The search box and its suggestions (header). */
export const searchTexts = textTable('search', locales, (locale) => import(/* webpackChunkName: "texts-header-[request]" */ `../../dist/search/${locale}.json`));
