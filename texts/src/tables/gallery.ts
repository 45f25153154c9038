import table from '../../gallery.json';
import type { TextTable } from '../types';

/** The design system gallery's texts (the shell's `/design-system` page). */
export const galleryTexts: TextTable = table;
