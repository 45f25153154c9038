/**
 * The design system's gallery: every element of `@shop/ui` in every state, in the chosen theme
 * and the chosen site's language, and a strip of samples in each of the twelve themes. Fragment
 * teams check an element here before they use it; the end-to-end suite runs axe-core and a
 * keyboard walk over it.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { Core, Site } from '@shop/core';
import { galleryTexts, prefetchTexts, type Translate } from '@shop/texts';
import {
  ASPECT_RATIOS,
  Button,
  Checkbox,
  ExpansionPanel,
  IconButton,
  NotificationBanner,
  RadioGroup,
  Rating,
  Select,
  TextInput,
  TextLink,
  TextSlider,
  THEMES,
  ThemeScope,
  UiProvider,
  useTranslate,
  useUi,
  aspectRatioClass,
  isTheme,
  withBasePath,
  type NotificationKind,
  type Theme,
} from '@shop/ui';
import './gallery.css';

const KINDS: NotificationKind[] = ['info', 'success', 'error', 'warning'];

/** The site and the theme the gallery shows. */
type View = { site: Site; theme: Theme };

/** The site and theme asked for in the address, else the page's site and the light theme. */
function fromAddress(core: Core, pageSite: Site): View {
  const query = new URLSearchParams(window.location.search);
  const askedSite = query.get('site');
  const site = askedSite && core.allSites().includes(askedSite as Site) ? (askedSite as Site) : pageSite;
  const askedTheme = query.get('theme');
  return { site, theme: isTheme(askedTheme) ? askedTheme : 'light' };
}

/** The id of the button that shows the closed banners again (the focus goes there on a close). */
const SHOW_BANNERS_ID = 'gallery-show-banners';

/** The gallery's own texts (the design system's come with them), asked for as this module loads. */
const GALLERY_TEXTS = prefetchTexts([galleryTexts]);

export function Gallery({ core, pageSite, basePath }: { core: Core; pageSite: Site; basePath: string }) {
  const [{ site, theme }, setView] = useState<View>(() => fromAddress(core, pageSite));

  // The view is kept in the address, so it can be linked and survives a reload.
  useEffect(() => {
    const url = new URL(window.location.href);
    url.searchParams.set('site', site);
    url.searchParams.set('theme', theme);
    window.history.replaceState(null, '', url);
  }, [site, theme]);

  return (
    <UiProvider core={core} site={site} texts={GALLERY_TEXTS}>
      <GalleryView core={core} askedSite={site} theme={theme} basePath={basePath} setView={setView} />
    </UiProvider>
  );
}

/**
 * The gallery in the site whose texts are in: after a switch of site, the one before until the
 * new site's texts have come (the site's select shows the site asked for at once).
 */
function GalleryView({
  core,
  askedSite,
  theme,
  basePath,
  setView,
}: {
  core: Core;
  askedSite: Site;
  theme: Theme;
  basePath: string;
  setView: (change: (view: View) => View) => void;
}) {
  const { site } = useUi();
  const locale = core.siteLocale(site);
  const t = useTranslate(galleryTexts);
  return (
    <ThemeScope theme={theme} className="shell-gallery__scope">
      <div lang={locale} data-gallery-theme={theme} data-gallery-site={site}>
        <p className="shell-gallery__intro">{t('gallery.intro')}</p>
        <div className="shell-gallery__controls">
          <Select
            label={t('gallery.site')}
            value={askedSite}
            options={core.allSites().map((code) => ({ text: code.replace('_', ' '), value: code }))}
            onValueChange={(value) => setView((view) => ({ ...view, site: value as Site }))}
          />
          <Select
            label={t('gallery.theme')}
            value={theme}
            options={THEMES.map((name) => ({ text: t(`gallery.themeName.${name}`), value: name }))}
            onValueChange={(value) => isTheme(value) && setView((view) => ({ ...view, theme: value }))}
          />
        </div>
        {/* Remounted per site and theme: every element starts in the states shown. */}
        <Elements key={`${site}-${theme}`} t={t} core={core} basePath={basePath} />
      </div>
    </ThemeScope>
  );
}

function Section({
  id,
  title,
  flow = false,
  headingRef,
  children,
}: {
  id: string;
  title: string;
  /** Content one under the other instead of samples side by side. */
  flow?: boolean;
  /** A heading the section's samples may move the focus to (focusable by script, no Tab stop). */
  headingRef?: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}) {
  return (
    <section className="shell-gallery__section" aria-labelledby={`gallery-${id}`}>
      <h2 id={`gallery-${id}`} className="shell-gallery__heading" ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
        {title}
      </h2>
      <div className={flow ? 'shell-gallery__flow' : 'shell-gallery__samples'}>{children}</div>
    </section>
  );
}

function Elements({ t, core, basePath }: { t: Translate; core: Core; basePath: string }) {
  const [clicks, setClicks] = useState(0);
  const [closed, setClosed] = useState<NotificationKind[]>([]);
  const [password, setPassword] = useState('');
  const bannersHeading = useRef<HTMLHeadingElement>(null);
  // The gallery owns the banners, so it places the focus their close leaves (the banner does not
  // move it): a banner's close button and "show them again" are gone once pressed, and the focus
  // would drop to <body>. A close goes to "show them again" (always there after a close: it says
  // what happened and undoes it), showing them again to the section's heading (the next Tab
  // reaches the first banner).
  const focusAfterBanners = useRef<'showBanners' | 'heading' | null>(null);
  useEffect(() => {
    const target = focusAfterBanners.current;
    focusAfterBanners.current = null;
    if (target === 'showBanners') document.getElementById(SHOW_BANNERS_ID)?.focus();
    if (target === 'heading') bannersHeading.current?.focus();
  }, [closed]);
  return (
    <>
      <Section id="buttons" title={t('gallery.section.buttons')}>
        <Button variant="primary" onClick={() => setClicks((n) => n + 1)}>
          {t('gallery.sample.primary')}
        </Button>
        <Button variant="secondary" onClick={() => setClicks((n) => n + 1)}>
          {t('gallery.sample.secondary')}
        </Button>
        <Button variant="primary" loading>
          {t('gallery.sample.loading')}
        </Button>
        <Button variant="secondary" disabled>
          {t('gallery.sample.disabled')}
        </Button>
        {/* The "button as a link" sample's target: the cart page of the page's site (the header's link). */}
        <Button variant="secondary" href={withBasePath(basePath, core.headerPaths().cart)}>
          {t('gallery.sample.asLink')}
        </Button>
        <p className="shell-gallery__note" role="status" data-gallery-clicks={clicks}>
          {t('gallery.sample.clicks', { count: clicks })}
        </p>
      </Section>

      <Section id="icon-buttons" title={t('gallery.section.iconButtons')}>
        <div className="shell-gallery__row">
          <IconButton label={t('gallery.sample.iconLike')} icon={<HeartIcon />} onClick={() => setClicks((n) => n + 1)} />
          <IconButton label={t('gallery.sample.iconDisabled')} icon={<HeartIcon />} disabled />
        </div>
      </Section>

      <Section id="banners" title={t('gallery.section.banners')} headingRef={bannersHeading}>
        {KINDS.map((kind) => (
          <NotificationBanner
            key={kind}
            kind={kind}
            title={t(`gallery.sample.bannerTitle.${kind}`)}
            closable
            open={!closed.includes(kind)}
            onClose={() => {
              focusAfterBanners.current = 'showBanners';
              setClosed((list) => [...list, kind]);
            }}
          >
            {t(`gallery.sample.banner.${kind}`)}
          </NotificationBanner>
        ))}
        {closed.length > 0 && (
          <Button
            variant="secondary"
            id={SHOW_BANNERS_ID}
            onClick={() => {
              focusAfterBanners.current = 'heading';
              setClosed([]);
            }}
          >
            {t('gallery.sample.showBanners')}
          </Button>
        )}
      </Section>

      <Section id="expansion" title={t('gallery.section.expansionPanel')}>
        <ExpansionPanel title={t('gallery.sample.panelCollapsed')} headingLevel={3}>
          <p>{t('gallery.sample.panelText')}</p>
        </ExpansionPanel>
        <ExpansionPanel title={t('gallery.sample.panelExpanded')} headingLevel={3} defaultExpanded>
          <p>{t('gallery.sample.panelText')}</p>
        </ExpansionPanel>
      </Section>

      <Section id="text-slider" title={t('gallery.section.textSlider')}>
        <TextSlider lines={2}>
          <p>{t('gallery.sample.longText')}</p>
        </TextSlider>
        <TextSlider lines={2} defaultExpanded>
          <p>{t('gallery.sample.longText')}</p>
        </TextSlider>
      </Section>

      <Section id="choices" title={t('gallery.section.choices')}>
        <Checkbox label={t('gallery.sample.checkbox')} />
        <Checkbox label={t('gallery.sample.checkboxChecked')} defaultChecked />
        <Checkbox
          label={t('gallery.sample.checkboxRequired')}
          required
          state="error"
          message={t('gallery.sample.checkboxError')}
        />
        <Checkbox label={t('gallery.sample.checkboxDisabled')} disabled />
        <RadioGroup
          legend={t('gallery.sample.radioLegend')}
          name="gallery-salutation"
          defaultValue="MRS"
          options={[
            { text: t('gallery.sample.radioMrs'), value: 'MRS' },
            { text: t('gallery.sample.radioMr'), value: 'MR' },
            { text: t('gallery.sample.radioDivers'), value: 'DIVERS' },
            { text: t('gallery.sample.radioCompany'), value: 'COMPANY', disabled: true },
          ]}
        />
      </Section>

      <Section id="text-inputs" title={t('gallery.section.textInputs')}>
        <TextInput label={t('gallery.sample.inputDefault')} name="gallery-city" />
        <TextInput label={t('gallery.sample.inputValid')} defaultValue="Hamburg" state="valid" />
        <TextInput
          label={t('gallery.sample.inputError')}
          defaultValue="www.example.com"
          state="error"
          message={t('gallery.sample.inputErrorMessage')}
        />
        <TextInput label={t('gallery.sample.inputDisabled')} defaultValue="Hamburg" disabled />
        <TextInput
          label={t('gallery.sample.inputValidated')}
          hint={t('gallery.sample.inputValidatedHint')}
          required
          rules={[{ kind: 'required' }, { kind: 'pattern', pattern: '^\\d{5}$' }]}
          maxLength={5}
        />
      </Section>

      <Section id="password" title={t('gallery.section.password')}>
        <TextInput
          label={t('gallery.sample.password')}
          mode="password"
          value={password}
          onValueChange={setPassword}
          autoComplete="new-password"
        />
      </Section>

      <Section id="number" title={t('gallery.section.number')}>
        <TextInput label={t('gallery.sample.number')} mode="number" maxLength={7} />
      </Section>

      <Section id="iban" title={t('gallery.section.iban')}>
        <TextInput label={t('gallery.sample.iban')} mode="iban" />
      </Section>

      <Section id="select" title={t('gallery.section.select')}>
        <Select
          label={t('gallery.sample.select')}
          placeholder
          options={[
            { text: t('gallery.sample.selectCoffee'), value: 'COFFEE' },
            { text: t('gallery.sample.selectFashion'), value: 'WOMEN_FASHION' },
            { text: t('gallery.sample.selectLiving'), value: 'LIVING_FURNITURE' },
          ]}
        />
        <Select
          label={t('gallery.sample.selectRequired')}
          placeholder
          required
          state="error"
          message={t('gallery.sample.selectError')}
          options={[
            { text: t('gallery.sample.selectCoffee'), value: 'COFFEE' },
            { text: t('gallery.sample.selectFashion'), value: 'WOMEN_FASHION' },
          ]}
        />
      </Section>

      <Section id="links" title={t('gallery.section.textLinks')}>
        <p>
          <TextLink href="/contact">{t('gallery.sample.linkInternal')}</TextLink>
        </p>
        <p>
          <TextLink href="https://www.example.com/">{t('gallery.sample.linkExternal')}</TextLink>
        </p>
        <p>
          <TextLink href="javascript:alert(1)">{t('gallery.sample.linkUnsafe')}</TextLink>
        </p>
      </Section>

      <Section id="rating" title={t('gallery.section.rating')}>
        <Rating value={core.ratingMax()} count="(89k)" />
        <Rating value={3.5} />
        <Rating value={0} />
      </Section>

      <Section id="tokens" title={t('gallery.section.tokens')} flow>
        <h3 className="shell-gallery__subheading">{t('gallery.section.breakpoints')}</h3>
        <ul className="shell-gallery__tokens">
          {core.breakpoints().map(({ name, px }) => (
            <li key={name}>
              <code>{name}</code> {px} px
            </li>
          ))}
        </ul>
        <h3 className="shell-gallery__subheading">{t('gallery.section.aspectRatios')}</h3>
        <ul className="shell-gallery__ratios">
          {ASPECT_RATIOS.map((ratio) => (
            <li key={ratio} className={`shell-gallery__ratio ${aspectRatioClass(ratio)}`}>
              {ratio}
            </li>
          ))}
        </ul>
      </Section>

      <Section id="themes" title={t('gallery.section.themes')}>
        {THEMES.map((name) => (
          <ThemeScope key={name} theme={name} className="shell-gallery__theme">
            <h3 className="shell-gallery__subheading">{t(`gallery.themeName.${name}`)}</h3>
            <p className="shell-gallery__muted">{t('gallery.sample.themeText')}</p>
            <div className="shell-gallery__row">
              <Button variant="primary">{t('gallery.sample.primary')}</Button>
              <Button variant="secondary">{t('gallery.sample.secondary')}</Button>
            </div>
            <TextLink href="/contact">{t('gallery.sample.linkInternal')}</TextLink>
            <NotificationBanner kind="warning">{t('gallery.sample.banner.warning')}</NotificationBanner>
          </ThemeScope>
        ))}
      </Section>
    </>
  );
}

function HeartIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 21s-7.5-4.6-9.6-9.1C.9 8.6 3 5 6.5 5c2 0 3.5 1.2 4.5 2.6l1 1.4 1-1.4C14 6.2 15.5 5 17.5 5 21 5 23.1 8.6 21.6 11.9 19.5 16.4 12 21 12 21z"
      />
    </svg>
  );
}
