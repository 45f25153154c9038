import table from '../../promotion.json';
import type { TextTable } from '../types';

/** The promotion renderer: header benefits, top banner, category banner, phase integration. */
export const promotionTexts: TextTable = table;
