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
  /** The design system's texts (`texts/ui.json`) in the site's locale. */
  t: Translate;
}

const UiContext = createContext<Ui | null>(null);

export function UiProvider({ core, site, children }: { core: Core; site: Site; children: ReactNode }) {
  const ui = useMemo<Ui>(
    () => ({ core, site, t: translator(uiTexts, core.textFallbacks(core.siteLocale(site))) }),
    [core, site],
  );
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
  children,
}: {
  theme?: Theme;
  className?: string;
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
      style={style}
    >
      {children}
    </div>
  );
}
