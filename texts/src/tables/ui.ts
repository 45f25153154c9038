import table from '../../ui.json';
import type { TextTable } from '../types';

/** The design system's texts (`@shop/ui`). */
export const uiTexts: TextTable = table;
