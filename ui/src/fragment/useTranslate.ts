/** A translate function over one of the texts tables, in the provider's lookup order (the site's locale, German fallback). */
import { useMemo } from 'react';
import { translator, type TextTable, type Translate } from '@shop/texts';
import { useUi } from '../provider/UiProvider';

export function useTranslate(table: TextTable): Translate {
  const { textLocales } = useUi();
  return useMemo(() => translator(table, textLocales), [textLocales, table]);
}
