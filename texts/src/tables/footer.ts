import table from '../../footer.json';
import type { TextTable } from '../types';

/** The footer: newsletter block, site switcher, icon names, app banner, desktop version. */
export const footerTexts: TextTable = table;
