import table from '../../shell.json';
import type { TextTable } from '../types';

/** The shell's pages and static header. */
export const shellTexts: TextTable = table;
