import table from '../../search.json';
import type { TextTable } from '../types';

/** The search box and its suggestions (header). */
export const searchTexts: TextTable = table;
