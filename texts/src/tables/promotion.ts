import locales from '../../dist/promotion.locales.json';
import { textTable } from '../table';

/** The promotion renderer: header benefits, top banner, category banner, phase integration. */
export const promotionTexts = textTable('promotion', locales, (locale) => import(/* webpackChunkName: "texts-header-[request]" */ `../../dist/promotion/${locale}.json`));
