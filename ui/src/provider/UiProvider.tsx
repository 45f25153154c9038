/**
 * What every design-system element needs from its fragment: the core (the rules behind the
 * password meter, the IBAN and number inputs and field validation) and the site, whose locale
 * picks the texts (German fallback). A fragment renders its tree inside one `UiProvider`;
 * `@shop/ui` is a Module Federation singleton, so every fragment's provider is the same context.
 *
 * The provider also loads the texts its tree reads, in the site's locales only (ADR 0030): the
 * design system's and the tables the fragment names (`texts`). It shows its children once they
 * are in, nothing before (as `WithCore` waits for the core); a table that fails to load, or has
 * not come within the time limit, is thrown to the fragment's error boundary like a failed core.
 */
import { createContext, useContext, useEffect, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import type { Core, Site } from '@shop/core';
import { loadTexts, prefetchTexts, textsLoaded, translator, uiTexts, type TextTable, type Translate } from '@shop/texts';
import { within } from '../fragment/loadTimeout';
import { isTheme, type Theme } from '../tokens/tokens';
import '../tokens/tokens.css';

export interface Ui {
  core: Core;
  site: Site;
  /** Where texts are looked up, in order: the site's locale, then German (`textFallbacks`). */
  textLocales: readonly string[];
  /** The design system's texts (`texts/ui.json`) in `textLocales`. */
  t: Translate;
}

const UiContext = createContext<Ui | null>(null);

// The design system's texts, which every provider loads: asked for as the design system loads.
prefetchTexts([uiTexts]);

/**
 * `textLocale`: a locale of the fragment's own, looked in before the site's (the staff panel's
 * English for a browser that asks for English); the site's locale and German still follow.
 * `texts`: the tables the tree reads besides the design system's (a constant of the fragment's,
 * so the same list on every render).
 */
export function UiProvider({
  core,
  site,
  textLocale,
  texts = NO_TABLES,
  children,
}: {
  core: Core;
  site: Site;
  textLocale?: string;
  texts?: readonly TextTable[];
  children: ReactNode;
}) {
  const ui = useMemo<Ui>(() => {
    const siteLocales = core.textFallbacks(core.siteLocale(site));
    const locales = textLocale ? [...new Set([textLocale, ...siteLocales])] : siteLocales;
    return { core, site, textLocales: locales, t: translator(uiTexts, locales) };
  }, [core, site, textLocale]);
  const tables = useMemo(() => [uiTexts, ...texts], [texts]);
  const loaded = textsLoaded(tables, ui.textLocales);
  // While another site's texts load (the gallery's site switch), the tree stays as it was, in
  // the texts it has, rather than going and coming back without its focus and state.
  const [shown, setShown] = useState<Ui | null>(null);
  if (loaded && shown !== ui) setShown(ui);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (loaded) return undefined;
    let mounted = true;
    within(loadTexts(tables, ui.textLocales)).then(
      () => mounted && setShown(ui),
      (error: unknown) => mounted && setFailure({ error }),
    );
    return () => {
      mounted = false;
    };
  }, [loaded, tables, ui]);
  // Texts that never came: the fragment's boundary brings back the page's own fallback. (A tree
  // already shown keeps its texts.)
  if (failure && !shown) throw failure.error;
  const current = loaded ? ui : shown;
  return <UiContext.Provider value={current ?? ui}>{current ? children : null}</UiContext.Provider>;
}

const NO_TABLES: readonly TextTable[] = [];

/** The provider's core, site and texts; throws outside a `UiProvider` (a wiring mistake). */
export function useUi(): Ui {
  const ui = useContext(UiContext);
  if (!ui) throw new Error('@shop/ui: an element rendered outside <UiProvider>');
  return ui;
}

/**
 * The element the design tokens apply in: `.sui-scope` with its theme (light by default) and the
 * core's breakpoints as `--sui-breakpoint-<name>` custom properties. Styles stay inside it.
 */
export function ThemeScope({
  theme = 'light',
  className,
  lang,
  children,
}: {
  theme?: Theme;
  className?: string;
  /** The language of what it holds, where it is not the page's (WCAG 3.1.2). */
  lang?: string;
  children: ReactNode;
}) {
  const { core } = useUi();
  const style = useMemo(() => {
    const properties: Record<string, string> = {};
    for (const { name, px } of core.breakpoints()) properties[`--sui-breakpoint-${name}`] = `${px}px`;
    return properties as CSSProperties;
  }, [core]);
  return (
    <div
      className={className ? `sui-scope ${className}` : 'sui-scope'}
      data-sui-theme={isTheme(theme) ? theme : 'light'}
      lang={lang}
      style={style}
    >
      {children}
    </div>
  );
}
