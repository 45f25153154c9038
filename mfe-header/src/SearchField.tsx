/**
 * The search box on its own (exposed as `header/SearchField`), for a page with a search field of
 * its own: the box at its default widths (the core's 170 px, 408 px on focus: header spec
 * "Search flyout and box"; on a phone the page's width) with the suggestions, the combobox keyboard and the core's search
 * URLs, as in the header's search flyout. The shell's search page puts it over the page's form.
 * Its search landmark is unnamed, unlike the header's "product search", so the two differ.
 *
 * Props: `site` (its code; by default the one of the page language), `defaultValue` (the text
 * already typed into the page's own field), `autoFocus`, and `onReady`, called once the box has
 * rendered (before the browser paints it), so the host can hide its own field in the same frame.
 */
import { use } from 'react';
import { ready, type Site } from '@shop/core';
import { prefetchTexts, searchTexts } from '@shop/texts';
import { ThemeScope, UiProvider, pageSite, WithCore } from '@shop/ui';
import { SearchBox } from './features/search';
import { Ready } from './Ready';

export interface SearchFieldProps {
  site?: Site;
  defaultValue?: string;
  autoFocus?: boolean;
  onReady?(): void;
}

export default function SearchField(props: SearchFieldProps) {
  return (
    <WithCore>
      <SearchFieldWithCore {...props} />
    </WithCore>
  );
}

/** The search box's texts: asked for as this module loads, beside the core, and in before it shows. */
const SEARCH_TEXTS = prefetchTexts([searchTexts]);

function SearchFieldWithCore({ site, defaultValue, autoFocus, onReady }: SearchFieldProps) {
  const core = use(ready());
  return (
    <UiProvider core={core} site={pageSite(core, site)} texts={SEARCH_TEXTS}>
      <ThemeScope className="shd-search-field">
        <Ready onReady={onReady}>
          <SearchBox variant="inline" defaultValue={defaultValue} autoFocus={autoFocus} namedLandmark={false} />
        </Ready>
      </ThemeScope>
    </UiProvider>
  );
}
