import locales from '../../dist/header.locales.json';
import { textTable } from '../table';

/** The header fragment: icon bar, flyouts, user menu, reduced header. */
export const headerTexts = textTable('header', locales, (locale) => import(/* webpackChunkName: "texts-header-[request]" */ `../../dist/header/${locale}.json`));
