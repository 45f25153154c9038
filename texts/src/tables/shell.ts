import table from '../../shell.json';
import type { TextTable } from '../types';

/** What the shell's script says on a page (a tile's add-to-cart outcome); the pages' own texts are `pageTexts`. */
export const shellTexts: TextTable = table;
