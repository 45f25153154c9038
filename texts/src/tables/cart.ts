import table from '../../cart.json';
import type { TextTable } from '../types';

/** The mini cart, prices and the cart pages. */
export const cartTexts: TextTable = table;
