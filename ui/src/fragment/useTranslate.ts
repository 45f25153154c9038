/** A translate function over one of the texts tables, in the provider's site locale (German fallback). */
import { useMemo } from 'react';
import { translator, type TextTable, type Translate } from '@shop/texts';
import { useUi } from '../provider/UiProvider';

export function useTranslate(table: TextTable): Translate {
  const { core, site } = useUi();
  return useMemo(() => translator(table, core.textFallbacks(core.siteLocale(site))), [core, site, table]);
}
