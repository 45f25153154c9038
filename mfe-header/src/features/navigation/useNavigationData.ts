/**
 * The main navigation's data (header spec sections 4 "Navigation", 7 and 8 "Header"): the
 * category tree (`GET core.navigationUrl(site, route)`) and the theme-world flyout
 * (`GET core.headerPaths().themeWorldsService`), both with `credentials: 'include'`, requested
 * in parallel and read by the core (`parseNavigation`, `parseThemeWorlds`).
 *
 * The bar is the core's `navigationBar(site, categories, themeWorlds)`: the four fallback entries
 * until BOTH answers are in, then the theme-world entry followed by the categories. A failed
 * call (network error, no answer within `LOAD_TIMEOUT_MS`, a status outside 200-299, a body
 * the core refuses) leaves its part
 * `undefined`, so the fallback stays for good: nothing is thrown, shown or logged.
 *
 * A page that already holds the answers may seed them (`initial`): the service bodies as text,
 * read by the same parsers as a fetched answer (one code path; nothing the page hands over
 * reaches the view unread). A seeded part the core accepts is shown at once and not requested;
 * a missing or refused one is fetched.
 */
import { useEffect, useMemo, useState } from 'react';
import type { NavigationBar, NavNode, ThemeWorldFlyout } from '@shop/core';
import { fetchBody, siteHeaders, timeLimited, useUi } from '@shop/ui';

/** Service answers a page hands over, as the bodies the services send; either may be missing. */
export interface NavigationSeed {
  /** A navigation answer `{"list": [root, ...]}`. */
  navigation?: string;
  /** A theme-world answer `{"overview", "sections", "translations"}`. */
  themeWorlds?: string;
}

export interface NavigationDataOptions {
  /** A navigation route given by the page; the core uses it when it is a safe link. */
  route?: string;
  /** The page's hide option: theme-world sublines are left out (header spec section 5). */
  hideSublines?: boolean;
  /** Data the page already holds (not requested again). */
  initial?: NavigationSeed;
}

export interface NavigationData {
  /** The entries to show, in the core's order; `complete` once both answers are in. */
  bar: NavigationBar;
  /** The categories, once loaded. */
  categories: NavNode[] | undefined;
  /** The theme-world flyout, once loaded. */
  themeWorlds: ThemeWorldFlyout | undefined;
}

/**
 * The body of a 2xx answer, or `undefined` for anything else (never throws). A service that has
 * not answered within the fragments' load limit is given up (its connection freed for the
 * shopper's own calls, such as a cart change); the fallback entries stay.
 */
function bodyOf(url: string, init: RequestInit & { signal: AbortSignal }): Promise<string | undefined> {
  return fetchBody(url, { ...init, signal: timeLimited(init.signal), credentials: 'include' });
}

/** A seeded body read by a core parser; the parsers never throw, a non-string is no seed. */
function seeded<T>(body: unknown, parse: (body: string) => T | undefined): T | undefined {
  return typeof body === 'string' ? parse(body) : undefined;
}

export function useNavigationData({ route, hideSublines = false, initial }: NavigationDataOptions = {}): NavigationData {
  const { core, site } = useUi();
  // Read once, on mount: the seed is the first data, later answers replace it.
  const [categories, setCategories] = useState<NavNode[] | undefined>(() =>
    seeded(initial?.navigation, (body) => core.parseNavigation(body)),
  );
  const [themeWorlds, setThemeWorlds] = useState<ThemeWorldFlyout | undefined>(() =>
    seeded(initial?.themeWorlds, (body) => core.parseThemeWorlds(body, hideSublines)),
  );
  const [seededCategories] = useState(() => categories !== undefined);
  const [seededThemeWorlds] = useState(() => themeWorlds !== undefined);

  useEffect(() => {
    if (seededCategories) return undefined;
    const controller = new AbortController();
    void bodyOf(core.navigationUrl(site, route), { signal: controller.signal }).then((body) => {
      if (controller.signal.aborted || body === undefined) return;
      const parsed = core.parseNavigation(body);
      if (parsed) setCategories(parsed);
    });
    return () => controller.abort();
  }, [core, site, route, seededCategories]);

  useEffect(() => {
    if (seededThemeWorlds) return undefined;
    const controller = new AbortController();
    // The path carries no site; the service reads it from the `site` header (as the promotion
    // service does), so a PL page gets the PL theme worlds.
    void bodyOf(core.headerPaths().themeWorldsService, { headers: siteHeaders(core, site), signal: controller.signal }).then(
      (body) => {
        if (controller.signal.aborted || body === undefined) return;
        const parsed = core.parseThemeWorlds(body, hideSublines);
        if (parsed) setThemeWorlds(parsed);
      },
    );
    return () => controller.abort();
  }, [core, site, hideSublines, seededThemeWorlds]);

  // Both come from the core's parsers, so the core reads them back without complaint.
  const bar = useMemo(() => core.navigationBar(site, categories, themeWorlds), [core, site, categories, themeWorlds]);
  return { bar, categories, themeWorlds };
}
