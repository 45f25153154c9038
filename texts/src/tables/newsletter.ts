import locales from '../../dist/newsletter.locales.json';
import { textTable } from '../table';

/** The newsletter sign-up: form, messages, banners, success, legal notice. */
export const newsletterTexts = textTable('newsletter', locales, (locale) => import(/* webpackChunkName: "texts-newsletter-[request]" */ `../../dist/newsletter/${locale}.json`));
