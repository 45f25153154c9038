import locales from '../../dist/shell.locales.json';
import { textTable } from '../table';

/** What the shell's script says on a page (a tile's add-to-cart outcome); the pages' own texts are the server's (`texts/pages.json`). */
export const shellTexts = textTable('shell', locales, (locale) => import(/* webpackChunkName: "texts-shell-[request]" */ `../../dist/shell/${locale}.json`));
