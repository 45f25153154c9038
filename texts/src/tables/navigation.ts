import table from '../../navigation.json';
import type { TextTable } from '../types';

/** The main navigation, its category flyouts and the theme-world flyout (header). */
export const navigationTexts: TextTable = table;
