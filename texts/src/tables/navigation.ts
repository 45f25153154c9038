import locales from '../../dist/navigation.locales.json';
import { textTable } from '../table';

/** The main navigation, its category flyouts and the theme-world flyout (header). */
export const navigationTexts = textTable('navigation', locales, (locale) => import(/* webpackChunkName: "texts-header-[request]" */ `../../dist/navigation/${locale}.json`));
