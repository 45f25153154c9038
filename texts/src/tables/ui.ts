import locales from '../../dist/ui.locales.json';
import { textTable } from '../table';

/** The design system's texts (`@shop/ui`). */
export const uiTexts = textTable('ui', locales, (locale) => import(/* webpackChunkName: "texts-ui-[request]" */ `../../dist/ui/${locale}.json`));
