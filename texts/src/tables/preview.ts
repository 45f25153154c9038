import table from '../../preview.json';
import type { TextTable } from '../types';

/** The staff preview panel: settings, A/B test list states, messages. */
export const previewTexts: TextTable = table;
