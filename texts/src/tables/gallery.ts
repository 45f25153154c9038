import locales from '../../dist/gallery.locales.json';
import { textTable } from '../table';

/** The design system gallery's texts (the shell's `/design-system` page). */
export const galleryTexts = textTable('gallery', locales, (locale) => import(/* webpackChunkName: "texts-gallery-[request]" */ `../../dist/gallery/${locale}.json`));
