import locales from '../../dist/footer.locales.json';
import { textTable } from '../table';

/** The footer: newsletter block, site switcher, icon names, app banner, desktop version. */
export const footerTexts = textTable('footer', locales, (locale) => import(/* webpackChunkName: "texts-footer-[request]" */ `../../dist/footer/${locale}.json`));
