/**
 * Fetches one promotion from the promotion service (newsletter spec section 4 "Promotion fetch",
 * section 7 `GET /service/promotion/api/promotion/{promotionId}?allOfTags&anyOfTags&noneOfTags`
 * with the site header, section 8 "a failed promotion fetch shows no promotion").
 *
 * The core builds the URL (`promotionUrl`) and reads the answer (`parsePromotionJson`: the
 * response type decides the kind, an unknown type or a malformed document is no promotion).
 * This hook only sequences the request:
 *
 * - A failed request, a status outside 200-299 or a body the core refuses is "no promotion":
 *   `undefined`, nothing thrown, nothing logged.
 * - The request is made again when the id or a tag filter changes. The filters are compared by
 *   value: the request's URL is the comparison, so a re-render with new arrays holding the same
 *   tags (or the same tags plus blank ones, which the core leaves out) fetches nothing.
 * - Stale answers are dropped: a changed query or an unmount aborts the request in flight
 *   (`AbortController`), and an answer that still arrives is ignored.
 * - Cache: answers with a 2xx status are kept per site and URL for the page's lifetime in a
 *   module-level map, so a slot mounted again (a header re-created after navigation, a second
 *   banner with the same query) shows the promotion at once without a request. Failures are not
 *   kept: the next mount tries again. While a staff preview token cookie exists
 *   (`core.previewTokenPresent(document.cookie)`), the cache is neither read nor written: every
 *   mount fetches afresh, so staff see the previewed content of the chosen date and A/B group.
 * - The staff preview panel fires `previewSettings().changedEvent` after new settings were
 *   applied and after the logout: every mounted promotion fetches again (or, without a preview
 *   token cookie any more, shows the kept shopper answer).
 */
import { useEffect, useMemo, useState } from 'react';
import type { Core, Promotion, Site } from '@shop/core';
import { fetchBody, siteHeaders, timeLimited, useUi } from '@shop/ui';

/** What a content page asks for: the promotion id and optional tag filters. */
export interface PromotionQuery {
  /** The promotion id (the header benefits bar uses `core.headerBenefitsId()`). */
  id: string;
  /** Only a promotion carrying all of these tags. */
  allOfTags?: readonly string[];
  /** Only a promotion carrying at least one of these tags. */
  anyOfTags?: readonly string[];
  /** Only a promotion carrying none of these tags. */
  noneOfTags?: readonly string[];
}

/** 2xx answers per `site + URL`: the promotion, or `null` for "the service has none". */
const cache = new Map<string, Promotion | null>();

/** Forgets every kept answer (tests; a host that knows the content changed). */
export function clearPromotionCache(): void {
  cache.clear();
}

/** Tag lists as the core takes them: strings only (a plain host page may pass anything). */
function tagList(tags: unknown): string[] {
  return Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [];
}

interface Loaded {
  promotion: Promotion | undefined;
  /** Whether the service answered (2xx): only such answers are kept. */
  answered: boolean;
}

async function load(core: Core, url: string, site: Site, signal: AbortSignal): Promise<Loaded> {
  // A failed call (status, network, abort, no answer within the load limit): no promotion.
  const body = await fetchBody(url, { credentials: 'include', headers: siteHeaders(core, site), signal: timeLimited(signal) });
  if (body === undefined) return { promotion: undefined, answered: false };
  try {
    return { promotion: core.parsePromotionJson(body), answered: true };
  } catch {
    // The core could not read it at all (it never throws on a string; a trapped instance would):
    // no promotion, and nothing kept.
    return { promotion: undefined, answered: false };
  }
}

function kept(core: Core, key: string): Promotion | null | undefined {
  if (core.previewTokenPresent(document.cookie)) return undefined;
  return cache.get(key);
}

/**
 * The promotion for this query: `undefined` while loading, `null` once it is known there is
 * none (a failure, or an answer without one). Renders inside a `UiProvider` (core and site).
 */
export function usePromotion({ id, allOfTags, anyOfTags, noneOfTags }: PromotionQuery): Promotion | null | undefined {
  const { core, site } = useUi();
  const all = tagList(allOfTags);
  const any = tagList(anyOfTags);
  const none = tagList(noneOfTags);
  const queryKey = JSON.stringify([typeof id === 'string' ? id : '', all, any, none]);
  // Recomputed only when the query's value changes; the URL is what requests are compared by.
  const url = useMemo(
    () => core.promotionUrl(typeof id === 'string' ? id : '', all, any, none),
    [core, queryKey], // `queryKey` stands for id and tags by value
  );
  const key = url === undefined ? undefined : `${site} ${url}`;
  const [answer, setAnswer] = useState<{ key: string; promotion: Promotion | null }>();
  // Counts the preview panel's changes: each one makes the request below again.
  const [previewRevision, setPreviewRevision] = useState(0);

  useEffect(() => {
    const event = core.previewSettings().changedEvent;
    const onChanged = () => setPreviewRevision((revision) => revision + 1);
    window.addEventListener(event, onChanged);
    return () => window.removeEventListener(event, onChanged);
  }, [core]);

  useEffect(() => {
    if (url === undefined || key === undefined) return undefined;
    const preview = core.previewTokenPresent(document.cookie);
    if (!preview && cache.has(key)) {
      setAnswer({ key, promotion: cache.get(key) ?? null });
      return undefined;
    }
    const controller = new AbortController();
    void load(core, url, site, controller.signal).then(({ promotion, answered }) => {
      if (controller.signal.aborted) return;
      if (answered && !preview) cache.set(key, promotion ?? null);
      setAnswer({ key, promotion: promotion ?? null });
    });
    return () => controller.abort();
  }, [core, site, url, key, previewRevision]);

  if (key === undefined) return null;
  if (answer?.key === key) return answer.promotion;
  // This query's answer is not in yet: a kept one shows at once, otherwise nothing.
  return kept(core, key);
}
