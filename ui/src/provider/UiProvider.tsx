/**
 * What every design-system element needs from its fragment: the core (the rules behind the
 * password meter, the IBAN and number inputs and field validation) and the site, whose locale
 * picks the texts (German fallback). A fragment renders its tree inside one `UiProvider`;
 * `@shop/ui` is a Module Federation singleton, so every fragment's provider is the same context.
 */
import { createContext, useContext, useMemo, type CSSProperties, type ReactNode } from 'react';
import type { Core, Site } from '@shop/core';
import { translator, uiTexts, type Translate } from '@shop/texts';
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

/**
 * `textLocale`: a locale of the fragment's own, looked in before the site's (the staff panel's
 * English for a browser that asks for English); the site's locale and German still follow.
 */
export function UiProvider({
  core,
  site,
  textLocale,
  children,
}: {
  core: Core;
  site: Site;
  textLocale?: string;
  children: ReactNode;
}) {
  const ui = useMemo<Ui>(() => {
    const siteLocales = core.textFallbacks(core.siteLocale(site));
    const locales = textLocale ? [...new Set([textLocale, ...siteLocales])] : siteLocales;
    return { core, site, textLocales: locales, t: translator(uiTexts, locales) };
  }, [core, site, textLocale]);
  return <UiContext.Provider value={ui}>{children}</UiContext.Provider>;
}

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
