import locales from '../../dist/preview.locales.json';
import { textTable } from '../table';

/** The staff preview panel: settings, A/B test list states, messages. */
export const previewTexts = textTable('preview', locales, (locale) => import(/* webpackChunkName: "texts-preview-[request]" */ `../../dist/preview/${locale}.json`));
