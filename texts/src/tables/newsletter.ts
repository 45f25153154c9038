import table from '../../newsletter.json';
import type { TextTable } from '../types';

/** The newsletter sign-up: form, messages, banners, success, legal notice. */
export const newsletterTexts: TextTable = table;
