/**
 * The staff preview panel (exposed as `preview/PreviewPanel`; newsletter spec section 2 "Staff
 * preview panel", sections 4-8): shown only when the staff auth cookie exists and the auth check
 * answers SUCCESS (`previewPanelVisible`). A "Preview settings" button opens a modal dialog with
 * the date, the time, the A/B test and its group, "Set preview settings" and "Logout"; Escape
 * or a click outside closes it. The staff login is renewed at start and every 5 minutes
 * (`previewSettings().authRenewalMs`). Changing the date reloads the active tests and resets the
 * group; a chosen test needs a group (`abSelection`, `buildPreviewRequest`). After settings were
 * applied and after the logout the panel fires `previewSettings().changedEvent`, on which the
 * page's promotions fetch again: staff see the previewed content without reloading. The panel
 * speaks its staff member's browser language where it has texts for it, English included
 * (`staffLocale`), else the site's.
 */
import { use, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type FormEvent, type RefObject } from 'react';
import { ready, type AbTest, type AbTestListState, type CheckAuth, type Core, type Site } from '@shop/core';
import { prefetchTexts, previewTexts } from '@shop/texts';
import { Button, CloseIcon, IconButton, ModalDialog, NotificationBanner, Select, TextInput, ThemeScope, UiProvider, cookieValue, useShownAgain, useTranslate, pageSite, WithCore } from '@shop/ui';
import { applyPreview, checkAuth, logOut, renewAuth, testsAt } from './calls';
import './preview.css';

export interface PreviewPanelProps {
  /** The site; by default the one of the page language (`<html lang>`). */
  site?: Site;
  /** "Now", in milliseconds (tests); by default the clock. */
  now?: () => number;
  /** The cookie holding the page's CSRF token, repeated to the token call (default `csrf`). */
  csrfCookie?: string;
  /**
   * The promotions a page previews, sent with the token call when there are any (newsletter spec
   * section 5: "Promotion ids and tag filters are sent only when non-empty"); the panel has no
   * fields for them: the page that places the panel knows its promotions.
   */
  promotions?: PromotionFilters;
}

/** Promotion ids and tag filters of a preview. */
export interface PromotionFilters {
  promotionIds?: string[];
  allOfTags?: string[];
  anyOfTags?: string[];
  noneOfTags?: string[];
}

/**
 * The panel speaks its staff member's language, not necessarily the site's: staff preview every
 * site. The first of the browser's languages the panel has texts for (English, the spec's
 * wording, included), by its whole tag (`fr-CH`) or its language (`de` is `de-DE`, `fr-FR`
 * `fr-CH`); none of them, the site's locale (then German).
 */
export function staffLocale(languages: readonly string[]): string | undefined {
  const locales = previewTexts.locales;
  const language = (tag: string) => tag.toLowerCase().split('-')[0];
  for (const tag of languages) {
    const found =
      locales.find((locale) => locale.toLowerCase() === tag.toLowerCase()) ??
      locales.find((locale) => language(locale) === language(tag));
    if (found) return found;
  }
  return undefined;
}

const browserLanguages = (): readonly string[] =>
  navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];

/** The panel's texts: asked for as this module loads, beside the core, and in before it shows. */
const PREVIEW_TEXTS = prefetchTexts([previewTexts]);

export default function PreviewPanel(props: PreviewPanelProps) {
  return (
    <WithCore>
      <PreviewWithCore {...props} />
    </WithCore>
  );
}

function PreviewWithCore(props: PreviewPanelProps) {
  const core = use(ready());
  const site = pageSite(core, props.site);
  const [locale] = useState(() => staffLocale(browserLanguages()));
  const [check, setCheck] = useState<CheckAuth | undefined>(undefined);
  const [loggedOut, setLoggedOut] = useState(false);
  const hasStaffCookie = cookieValue(core.previewSettings().staffAuthCookie) !== undefined;

  // The check, asked when the panel loads, again whenever the tab is shown again (another tab may
  // have logged out, applied other settings, or the session may have run out meanwhile) and
  // after a refused token call: a login that ended hides the panel.
  const shownAgain = useShownAgain();
  const [refusals, setRefusals] = useState(0);
  const checkedOnce = useRef(false);
  useEffect(() => {
    if (!hasStaffCookie) return undefined;
    let current = true;
    checkAuth(core).then((answer) => {
      // A check that could not be made keeps what the last one said.
      if (current && (answer !== undefined || !checkedOnce.current)) setCheck(answer);
      checkedOnce.current = true;
    });
    return () => {
      current = false;
    };
  }, [core, hasStaffCookie, shownAgain, refusals]);

  const visible = !loggedOut && core.previewPanelVisible(hasStaffCookie, check);
  // The logout hides the whole panel, the dialog's button with it, so the focus the dialog would
  // give back has nowhere to go and falls to <body>: a keyboard user would start again from the
  // top of the page. It goes to the page's main content instead (the page frame's `<main
  // tabindex="-1">`; a host page's plain `<main>` is made focusable the same way), where reading
  // goes on. The page does not reload: the promotions fetch again on `changedEvent`. A focus the
  // page has put elsewhere meanwhile is left alone; the view stays where it was.
  // The same when the login ended elsewhere (the panel was shown, and is no longer).
  const wasVisible = useRef(false);
  const hidden = wasVisible.current && !visible;
  wasVisible.current = wasVisible.current || visible;
  useEffect(() => {
    if (!hidden) return;
    // A login that ended elsewhere ends the preview here too: the page's promotions fetch again
    // (the logout has told them already).
    if (!loggedOut) previewChanged(core);
    if (document.activeElement && document.activeElement !== document.body) return;
    const main = document.querySelector<HTMLElement>('main, [role="main"]');
    if (!main) return;
    if (!main.hasAttribute('tabindex')) main.tabIndex = -1;
    main.focus({ preventScroll: true });
    // Once per hiding: `loggedOut` is read as it was then.
  }, [hidden]);
  // The staff login is renewed once at start, then every 5 minutes, while the panel shows.
  useEffect(() => {
    if (!visible) return undefined;
    void renewAuth(core);
    const timer = setInterval(() => void renewAuth(core), core.previewSettings().authRenewalMs);
    return () => clearInterval(timer);
  }, [core, visible]);

  if (!visible || !check) return null;
  return (
    <UiProvider core={core} site={site} textLocale={locale} texts={PREVIEW_TEXTS}>
      <ThemeScope className="spv-root" lang={locale}>
        <Panel
          core={core}
          check={check}
          siteNow={() => core.siteClockMs(site, (props.now ?? Date.now)())}
          csrfCookie={props.csrfCookie}
          promotions={props.promotions}
          onLoggedOut={() => setLoggedOut(true)}
          // The settings in force, asked again after they were applied (kept when that fails).
          onApplied={() => void checkAuth(core).then((answer) => answer && setCheck(answer))}
          onRefused={() => setRefusals((count) => count + 1)}
        />
      </ThemeScope>
    </UiProvider>
  );
}

/** The dialog's fields for the settings in force: their date and time, else the site's now. */
function fieldsOf(core: Core, check: CheckAuth, siteNowMs: number): { date: string; time: string; test: string; group: string } {
  const { date, time } = core.previewFields(check.dateTime, siteNowMs);
  return { date, time, test: check.abTestName ?? NONE, group: check.abTestGroup ?? '' };
}

/** The moment (`YYYY-MM-DDTHH:MM`) the core makes of the date and time fields at `siteNowMs`. */
function previewMoment(core: Core, date: string, time: string, siteNowMs: number): string {
  const result = core.buildPreviewRequest({ date, time }, siteNowMs);
  if (result.kind === 'ok') return result.request.dateTime;
  const now = core.previewFields(undefined, siteNowMs);
  return `${now.date}T${now.time}`;
}

/**
 * Keeps the page's bottom free of the fixed "Preview settings" button while it shows (`spv-page`
 * on `<html>`, the room as `--spv-room`: the button's height and its distance from the bottom),
 * so it never covers the page's last links or the focused element.
 */
function useRoomAtPageBottom(button: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = button.current;
    if (!element) return undefined;
    const root = document.documentElement;
    const room = window.innerHeight - element.getBoundingClientRect().top;
    root.style.setProperty('--spv-room', `${Math.max(0, Math.ceil(room)) + 8}px`);
    root.classList.add('spv-page');
    return () => {
      root.classList.remove('spv-page');
      root.style.removeProperty('--spv-room');
    };
  }, [button]);
}

const NONE = 'None';

/** How a load of the active tests ended: what the list's live region may announce. */
type ListOutcome = Exclude<AbTestListState, 'LOADING'>;

/** Tells the page that what it previews changed (the promotions fetch again). */
function previewChanged(core: Core): void {
  window.dispatchEvent(new Event(core.previewSettings().changedEvent));
}

interface PanelProps {
  core: Core;
  check: CheckAuth;
  /**
   * "Now" on the site's clocks (`siteClockMs`), whose time the shop reads a preview's `dateTime`
   * in: the fields start from it and an empty or invalid date falls back to it, whatever the
   * staff member's own time zone.
   */
  siteNow(): number;
  csrfCookie?: string;
  promotions?: PromotionFilters;
  onLoggedOut(): void;
  onApplied(): void;
  /** The token call was refused: the staff login may have ended meanwhile. */
  onRefused(): void;
}

/** Only lists of texts go to the core (a plain host page may pass anything). */
const texts = (values: unknown): string[] => (Array.isArray(values) ? values.filter((value): value is string => typeof value === 'string') : []);

function Panel({ core, check, siteNow, csrfCookie, promotions, onLoggedOut, onApplied, onRefused }: PanelProps) {
  const t = useTranslate(previewTexts);
  const headingId = useId();
  const [open, setOpen] = useState(false);
  // The settings in force, else the clock: worked out when the panel mounts.
  const [initial] = useState(() => fieldsOf(core, check, siteNow()));
  const [date, setDate] = useState(initial.date);
  const [time, setTime] = useState(initial.time);
  const [test, setTest] = useState(initial.test);
  const [group, setGroup] = useState(initial.group);
  // Settings applied meanwhile in another tab (the check asked again) become the fields' values,
  // unless the dialog is open with the staff member's own edits.
  const inForce = `${check.dateTime ?? ''}|${check.abTestName ?? ''}|${check.abTestGroup ?? ''}`;
  const [fieldsFrom, setFieldsFrom] = useState(inForce);
  if (inForce !== fieldsFrom && !open) {
    const fields = fieldsOf(core, check, siteNow());
    setFieldsFrom(inForce);
    setDate(fields.date);
    setTime(fields.time);
    setTest(fields.test);
    setGroup(fields.group);
  }
  // The active tests: undefined while they load, 'failed' when they could not be fetched.
  const [tests, setTests] = useState<AbTest[] | 'failed' | undefined>(undefined);
  // `count` tells a message from the same one before: each is announced again.
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; key: string; count: number } | undefined>(undefined);
  const say = (kind: 'success' | 'error', key: string) => setMessage((before) => ({ kind, key, count: (before?.count ?? 0) + 1 }));
  const [busy, setBusy] = useState(false);
  // What the live region says of the list: the last outcome of a load (found, none active,
  // failed), never the loading step. It stays while the next load runs and changes only when
  // an outcome differs, so the region speaks only when the answer changed: not on each keystroke
  // in the time field (where it would talk over the value the screen reader reads), not again
  // for the same answer, and not when the dialog opens again on the outcome it had (the
  // region comes back holding it). Kept while the dialog is closed.
  const [outcome, setOutcome] = useState<ListOutcome | undefined>(undefined);

  // The tests active at the chosen date and time, asked again when either changes.
  useEffect(() => {
    if (!open) return undefined;
    let current = true;
    // The moment the settings would apply: the core's reading of the fields, as on submit (an
    // empty or invalid date is now, a missing time keeps the date with the time now).
    const at = previewMoment(core, date, time, siteNow());
    setTests(undefined);
    testsAt(core, at).then((list) => {
      if (current) setTests(list ?? 'failed');
    });
    return () => {
      current = false;
    };
  }, [core, open, date, time]);

  // ModalDialog gives the focus back to the button that opened it. An outcome shown belongs to
  // that visit of the dialog: the next one starts without it.
  const close = () => {
    setOpen(false);
    setMessage(undefined);
  };
  const groupField = useRef<HTMLSelectElement>(null);
  const openBar = useRef<HTMLDivElement>(null);
  const selection = useMemo(
    () => core.abSelection(Array.isArray(tests) ? tests : null, tests === 'failed', test === NONE ? null : test, group || null),
    [core, tests, test, group],
  );
  // Follows the list during render (no frame where the line is settled but the region is not).
  if (selection.list !== 'LOADING' && selection.list !== outcome) setOutcome(selection.list);
  const loading = selection.list === 'LOADING';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Only an active test can be chosen; a test that is no longer active counts as None.
    const result = core.buildPreviewRequest(
      {
        date,
        time,
        abTest: selection.test ?? '',
        // The group the field shows: one the check reports that the test no longer has is none.
        abGroup: selection.group ?? '',
        promotionIds: texts(promotions?.promotionIds),
        allOfTags: texts(promotions?.allOfTags),
        anyOfTags: texts(promotions?.anyOfTags),
        noneOfTags: texts(promotions?.noneOfTags),
      },
      siteNow(),
    );
    if (result.kind === 'error') {
      // Said on the group's field, where the cursor goes to choose one.
      say('error', 'preview.groupMissing');
      groupField.current?.focus();
      return;
    }
    setBusy(true);
    const applied = await applyPreview(core, result.request, csrfCookie);
    setBusy(false);
    if (applied) say('success', 'preview.applied');
    else say('error', 'preview.failed');
    if (applied) {
      onApplied();
      previewChanged(core);
    } else {
      onRefused();
    }
  };

  const logout = async () => {
    // Refused or failed (the session is as it was): the check is asked again, as after a
    // refused apply; the panel says nothing it cannot know.
    if (!(await logOut(core, csrfCookie))) {
      onRefused();
      return;
    }
    setOpen(false);
    onLoggedOut();
    previewChanged(core);
  };

  useRoomAtPageBottom(openBar);

  // The date-time in force as the fields write it ("2026-11-25 10:30", not the call's
  // "2026-11-25T10:30", which breaks nowhere and reads as a code).
  const previewed = check.dateTime ? core.previewFields(check.dateTime, siteNow()) : undefined;
  const current = [previewed && `${previewed.date} ${previewed.time}`, check.abTestName, check.abTestGroup].filter(Boolean).join(' · ');
  const groupMissing = message?.key === 'preview.groupMissing';
  return (
    <>
      <div ref={openBar} className="spv-open">
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {t('preview.open')}
        </Button>
      </div>
      <ModalDialog open={open} onClose={close} labelledBy={headingId} className="spv-dialog">
          <form className="spv-form" onSubmit={submit} noValidate>
            <div className="spv-head">
              <h2 id={headingId} className="spv-title">
                {t('preview.title')}
              </h2>
              <IconButton label={t('preview.close')} icon={<CloseIcon />} onClick={close} />
            </div>
            <p className="spv-current">{current ? t('preview.current', { settings: current }) : t('preview.currentNone')}</p>
            <div className="spv-row">
              <TextInput
                label={t('preview.date')}
                name="date"
                type="date"
                value={date}
                onValueChange={(value) => {
                  setDate(value);
                  setGroup('');
                  setMessage(undefined);
                }}
              />
              <TextInput
                label={t('preview.time')}
                name="time"
                type="time"
                value={time}
                onValueChange={(value) => {
                  setTime(value);
                  setMessage(undefined);
                }}
              />
            </div>
            {/*
              Seen: the loading step, then the outcome, as before. Heard: the outcome alone, when
              it changed. The loading text lies outside the live region and is hidden from
              assistive technology (the apply button is disabled meanwhile); while it shows, the
              region keeps its last outcome, hidden for the eye only (a region that disappeared
              and came back would be announced again). "Failed to fetch AB tests." is an error
              state (newsletter spec section 8).
            */}
            <div>
              {loading && (
                <p className="spv-list" aria-hidden="true">
                  {t('preview.list.LOADING')}
                </p>
              )}
              <p className={['spv-list', outcome === 'FAILED' && 'spv-list--error', loading && 'sui-visually-hidden'].filter(Boolean).join(' ')} role="status">
                {outcome && t(`preview.list.${outcome}`)}
              </p>
            </div>
            <Select
              label={t('preview.abTest')}
              name="abTest"
              value={selection.test ?? (test === NONE ? NONE : '')}
              placeholder={t('preview.selectTest')}
              options={[{ text: t('preview.none'), value: NONE }, ...selection.tests.map((name) => ({ text: name, value: name }))]}
              onValueChange={(value) => {
                setTest(value);
                setGroup('');
                setMessage(undefined);
              }}
            />
            <Select
              label={t('preview.abGroup')}
              name="abGroup"
              value={selection.group ?? ''}
              placeholder={t('preview.selectGroup')}
              disabled={!selection.groupEnabled}
              required={selection.groupRequired}
              // `required` already puts the hidden "Pflichtfeld" in the label (and aria-required);
              // the visible word repeats it for the eye only: Field links its hint as the
              // description, so hidden from readers it is not heard a second time.
              hint={selection.groupRequired ? <span aria-hidden="true">{t('preview.groupRequired')}</span> : undefined}
              options={selection.groups.map((name) => ({ text: name, value: name }))}
              ref={groupField}
              state={groupMissing ? 'error' : undefined}
              message={groupMissing ? t('preview.groupMissing') : undefined}
              onValueChange={(value) => {
                setGroup(value);
                setMessage(undefined);
              }}
            />
            {message && !groupMissing && (
              <NotificationBanner key={`${message.key}-${message.count}`} kind={message.kind}>
                {t(message.key)}
              </NotificationBanner>
            )}
            <div className="spv-actions">
              <Button type="submit" loading={busy} disabled={selection.list === 'LOADING'}>
                {t('preview.apply')}
              </Button>
              <Button variant="secondary" onClick={() => void logout()}>
                {t('preview.logout')}
              </Button>
            </div>
          </form>
      </ModalDialog>
    </>
  );
}
