import table from '../../pages.json';
import type { TextTable } from '../types';

/**
 * The server's pages and static header (`server/src/texts.rs` reads `pages.json` itself). No
 * fragment or shell script imports it: the browser never needs these texts, which the shell's
 * own table carried before (73 texts in nine locales for the one it shows, 7.4 KB Brotli).
 * Exported for the texts' tests.
 */
export const pageTexts: TextTable = table;
