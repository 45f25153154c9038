import table from '../../header.json';
import type { TextTable } from '../types';

/** The header fragment: icon bar, flyouts, user menu, reduced header. */
export const headerTexts: TextTable = table;
