/**
 * The sign-up form and what follows it (newsletter spec sections 4, 5, 8):
 * - the e-mail field validates on blur (the core's `emailValidationRuns`), its error clears on
 *   focus, and focusing it dismisses the invalid-link banner;
 * - the rest of the form (salutation and names as the site shows them, the legal notice, the
 *   TR legal checkbox, the personalised-offers consent unless already given) expands once the
 *   e-mail field is focused or anything is entered (`formExpanded`), and stays open;
 * - submit validates the whole form (`validateNewsletterForm`) and focuses the first field in
 *   error; a filled trap field is a bot: success without calling the server; otherwise the
 *   request (`buildSignupRequest`) is posted and its answer mapped (`mapSignupResponse`,
 *   `signupView`): success, the invalid-e-mail message on the field, or the generic banner;
 * - while it is posted every field is disabled (filled names and salutation locked);
 * - after a success (or a bot) the `sign_up` event goes to the data layer, the form is cleared
 *   and the successful-submit event is emitted; after an error the form keeps every value.
 * - the logged-in customer's base data prefills empty fields and hides the consent already given.
 */
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { Consent, NewsletterForm, NewsletterFormErrors, NewsletterLinks, Origin, Salutation, SignupOutcome, Site } from '@shop/core';
import { newsletterTexts } from '@shop/texts';
import {
  Button,
  Checkbox,
  ExpansionPanel,
  NotificationBanner,
  RadioGroup,
  TextInput,
  TextLink,
  afterPress,
  pushToDataLayer,
  useTranslate,
  useUi,
  withBasePath,
} from '@shop/ui';
import { customerBaseData, signUp } from './calls';

export interface SignupFormProps {
  site: Site;
  csrfCookie?: string;
  basePath?: string;
  origin: Origin;
  originAddition: string;
  singlePageApp: boolean;
  voucherFootnote: boolean;
  doiInvalid: boolean;
  doiConfirmed: boolean;
  scrollSuccessIntoView: boolean;
}

type Field = keyof NewsletterFormErrors;

const EMPTY_FORM: NewsletterForm = { email: '', firstName: '', lastName: '', consents: [], legals: [] };

export function SignupForm(props: SignupFormProps) {
  const { core } = useUi();
  const t = useTranslate(newsletterTexts);
  const { site } = props;
  const config = useMemo(() => core.newsletterForm(site), [core, site]);
  const limits = useMemo(() => core.formLimits(), [core]);
  const id = useId();
  const fieldId = (field: Field) => `snl-${field}-${id}`;

  const [form, setForm] = useState<NewsletterForm>(EMPTY_FORM);
  const [errors, setErrors] = useState<NewsletterFormErrors>({});
  const [emailFocused, setEmailFocused] = useState(false);
  const [expandedOnce, setExpandedOnce] = useState(false);
  const [consentsGiven, setConsentsGiven] = useState<Consent[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<{ outcome: SignupOutcome | null; bot: boolean }>({ outcome: null, bot: false });
  const [submittedEmail, setSubmittedEmail] = useState('');
  // Each submission remounts the success and error areas, so they are announced again.
  const [round, setRound] = useState(0);
  const [doiBanner, setDoiBanner] = useState(props.doiInvalid);
  const trap = useRef<HTMLInputElement>(null);
  const success = useRef<HTMLDivElement>(null);

  // The logged-in customer's base data fills what is still empty.
  useEffect(() => {
    let current = true;
    customerBaseData(core, props.csrfCookie).then((data) => {
      if (!current || !data) return;
      setConsentsGiven(data.consentsAlreadyGiven);
      setForm((now) => ({
        ...now,
        email: now.email || (data.form.email ?? ''),
        salutation: now.salutation ?? data.form.salutation,
        firstName: now.firstName || (data.form.firstName ?? ''),
        lastName: now.lastName || (data.form.lastName ?? ''),
      }));
    });
    return () => {
      current = false;
    };
  }, [core, props.csrfCookie]);

  const expandsNow = core.formExpanded(emailFocused, form);
  useEffect(() => {
    if (expandsNow) setExpandedOnce(true);
  }, [expandsNow]);
  const expanded = expandedOnce || expandsNow;

  const view = core.signupView(result.outcome, result.bot);
  useEffect(() => {
    if (!view.successVisible || round === 0) return;
    const element = success.current;
    if (props.scrollSuccessIntoView) element?.scrollIntoView?.({ block: 'center' });
    element?.focus({ preventScroll: true });
  }, [view.successVisible, round, props.scrollSuccessIntoView]);

  /**
   * A value changed (`patch`, applied to the latest form, so a prefill arriving meanwhile is
   * kept): a field in error (but the e-mail, which waits for its blur) is checked again;
   * `field` is left out for values that carry no error (the consent).
   */
  const change = (patch: Partial<NewsletterForm>, field?: Field) => {
    setForm((now) => ({ ...now, ...patch }));
    if (field && field !== 'email' && errors[field]) {
      const again = core.validateNewsletterForm(site, { ...form, ...patch })[field];
      setErrors((now) => ({ ...now, [field]: again }));
    }
  };

  // Focus moved to a field in error by a refused submit keeps the error showing (a shopper's own
  // focus on the e-mail field clears it).
  const focusingError = useRef(false);
  const focusField = (field: Field) => {
    const element = document.getElementById(fieldId(field)) ?? document.querySelector<HTMLElement>(`[data-field="${field}"] input`);
    focusingError.current = true;
    element?.focus();
    focusingError.current = false;
  };

  // After a failed sending: the e-mail field takes the focus once the enabled form is rendered.
  const [refocusEmail, setRefocusEmail] = useState(0);
  useEffect(() => {
    if (refocusEmail > 0) focusField('email');
    // Only a new request moves the focus (focusField reads the current render's ids).
  }, [refocusEmail]);

  const afterSignup = () => {
    const settings = core.signupSettings();
    pushToDataLayer({
      event: settings.event,
      subject: settings.eventSubject,
      origin: core.signupAnalyticsOrigin(props.origin, props.originAddition),
      type: settings.eventType,
      emitter: settings.eventEmitter,
    });
    setForm(EMPTY_FORM);
    setErrors({});
    window.dispatchEvent(new CustomEvent(settings.successfulSubmitEvent, { detail: { origin: props.origin, originAddition: props.originAddition } }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const bot = core.isBotSubmission(trap.current?.value ?? '');
    if (!bot) {
      const found = core.validateNewsletterForm(site, form);
      const first = (['email', 'salutation', 'firstName', 'lastName', 'legals'] as const).find((field) => found[field]);
      // The whole form's result replaces the errors shown: one a field no longer has (an e-mail
      // completed and sent with Enter, with no blur to check it again) goes, also when it is sent.
      setErrors(found);
      if (first) {
        setExpandedOnce(true);
        focusField(first);
        return;
      }
    }
    setSubmittedEmail((form.email ?? '').trim());
    setRound((value) => value + 1);
    if (bot) {
      setResult({ outcome: null, bot: true });
      afterSignup();
      return;
    }
    // The previous answer's banner goes: it would be announced again while this one is sent.
    setResult({ outcome: null, bot: false });
    setSubmitting(true);
    const request = core.buildSignupRequest(site, form, props.origin, props.originAddition, consentsGiven);
    const outcome = await signUp(core, site, request, props.singlePageApp);
    setSubmitting(false);
    setResult({ outcome, bot: false });
    const shown = core.signupView(outcome, false);
    if (outcome === 'SUCCESS') {
      afterSignup();
      return;
    }
    if (shown.emailError) setErrors((now) => ({ ...now, email: shown.emailError }));
    // The fields were disabled while sending, so the focus fell out of the form: back to the
    // e-mail once they are enabled again (after the render that enables them, not a timer's guess).
    setRefocusEmail((count) => count + 1);
  };

  const message = (field: Field) => {
    const error = errors[field];
    // A too-long name's message names the field's maximum (`{max}`).
    const max = field === 'email' ? limits.emailMaxLength : limits.nameMaxLength;
    return error ? { state: 'error' as const, message: t(core.errorTextKey(field, error), { max }) } : {};
  };
  const link = (href: string, text: string) => (
    <TextLink href={withBasePath(props.basePath, href)}>{text}</TextLink>
  );

  return (
    <div className="snl-signup">
      {props.doiConfirmed && (
        <NotificationBanner kind="success" className="snl-banner">
          {t('newsletter.doi.confirmed')}
        </NotificationBanner>
      )}
      {doiBanner && (
        <NotificationBanner kind="warning" className="snl-banner">
          {t('newsletter.doi.invalid')}
        </NotificationBanner>
      )}
      {view.errorBannerVisible && (
        <NotificationBanner key={`error-${round}`} kind="error" className="snl-banner">
          {t('newsletter.error.generic')}
        </NotificationBanner>
      )}
      {view.successVisible && (
        <div key={`success-${round}`} ref={success} className="snl-success" tabIndex={-1} role="status">
          <h2 className="snl-success__title">{t('newsletter.success.title')}</h2>
          <p>{t('newsletter.success.text', { email: submittedEmail })}</p>
        </div>
      )}
      {view.formVisible && (
        <form className="snl-form" noValidate onSubmit={submit} aria-busy={submitting || undefined}>
          <TextInput
            id={fieldId('email')}
            label={t('newsletter.email')}
            type="email"
            name="email"
            autoComplete="email"
            required
            maxLength={limits.emailMaxLength}
            value={form.email ?? ''}
            disabled={submitting}
            onValueChange={(email) => change({ email }, 'email')}
            onFocus={() => {
              setEmailFocused(true);
              setDoiBanner(false);
              if (!focusingError.current) setErrors((now) => ({ ...now, email: undefined }));
            }}
            onBlur={() => {
              // Both change the form's height (the full form, the error line): a mouse press
              // on the salutation or the submit button must end where it began (`afterPress`).
              const email = form.email ?? '';
              afterPress(() => {
                setEmailFocused(false);
                if (core.emailValidationRuns('BLUR')) setErrors((now) => ({ ...now, email: core.validateEmail(email) ?? undefined }));
              });
            }}
            {...message('email')}
          />
          {expanded && (
            <FullForm
              config={config}
              form={form}
              submitting={submitting}
              consentsGiven={consentsGiven}
              fieldId={fieldId}
              message={message}
              change={change}
              nameMaxLength={limits.nameMaxLength}
              legalNotice={<LegalNotice links={config.links} age={config.minimumAge} link={link} />}
            />
          )}
          {/* The trap: people never see or reach it; a bot that fills it is shown success. */}
          <div className="snl-trap" aria-hidden="true">
            <label>
              Website
              <input ref={trap} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
            </label>
          </div>
          <p className="snl-privacy">
            {t('newsletter.privacy')} {link(config.links.privacy, t('newsletter.privacyLink'))}
          </p>
          <Button type="submit" variant="primary" loading={submitting}>
            {t('newsletter.submit')}
          </Button>
          <p className="snl-mandatory">{t('newsletter.mandatory')}</p>
          {props.voucherFootnote && (
            <p className="snl-footnote">
              {t('newsletter.voucherFootnote')} {link(config.links.voucherConditions, t('newsletter.voucherConditionsLink'))}
            </p>
          )}
        </form>
      )}
    </div>
  );
}

interface FullFormProps {
  config: ReturnType<ReturnType<typeof useUi>['core']['newsletterForm']>;
  form: NewsletterForm;
  submitting: boolean;
  consentsGiven: Consent[];
  fieldId(field: Field): string;
  message(field: Field): { state?: 'error'; message?: string };
  change(patch: Partial<NewsletterForm>, field?: Field): void;
  nameMaxLength: number;
  legalNotice: ReactNode;
}

/** The name fields, in form order, with what browsers fill into them. */
const NAME_FIELDS = [
  { field: 'firstName', autoComplete: 'given-name' },
  { field: 'lastName', autoComplete: 'family-name' },
] as const;

/** The fields after the e-mail, as the site shows them. */
function FullForm({ config, form, submitting, consentsGiven, fieldId, message, change, nameMaxLength, legalNotice }: FullFormProps) {
  const { core } = useUi();
  const t = useTranslate(newsletterTexts);
  const dne = (form.consents ?? []).includes('DNE');
  const legal = (form.legals ?? []).includes('NEWSLETTER');
  return (
    <>
      {config.salutation !== 'HIDDEN' && (
        <div data-field="salutation">
          <RadioGroup
            legend={t('newsletter.salutation')}
            name="salutation"
            inline
            required={config.salutation === 'REQUIRED'}
            disabled={submitting}
            value={form.salutation ?? ''}
            options={config.salutations.map((value: Salutation) => ({ value, text: t(`newsletter.salutation.${value}`) }))}
            onChange={(value) => change({ salutation: value as Salutation }, 'salutation')}
            {...message('salutation')}
          />
        </div>
      )}
      {NAME_FIELDS.map(({ field, autoComplete }) =>
        config[field] === 'HIDDEN' ? null : (
          <TextInput
            key={field}
            id={fieldId(field)}
            label={t(`newsletter.${field}`)}
            name={field}
            autoComplete={autoComplete}
            required={config[field] === 'REQUIRED'}
            maxLength={nameMaxLength}
            value={form[field] ?? ''}
            disabled={submitting}
            onValueChange={(value) => change({ [field]: value }, field)}
            {...message(field)}
          />
        ),
      )}
      {legalNotice}
      {config.legalCheckbox !== 'HIDDEN' && (
        <Checkbox
          id={fieldId('legals')}
          label={t('newsletter.legalCheckbox')}
          name="legals"
          required={config.legalCheckbox === 'REQUIRED'}
          disabled={submitting}
          checked={legal}
          onCheckedChange={(checked) => change({ legals: checked ? ['NEWSLETTER'] : [] }, 'legals')}
          {...message('legals')}
        />
      )}
      {core.personalisedOffersVisible(consentsGiven) && (
        <Checkbox
          label={t('newsletter.consent.DNE')}
          name="consents"
          disabled={submitting}
          checked={dne}
          onCheckedChange={(checked) => change({ consents: checked ? ['DNE'] : [] })}
        />
      )}
    </>
  );
}

/** The collapsible legal notice with the minimum age and the site's links. */
function LegalNotice({ links, age, link }: { links: NewsletterLinks; age: number; link(href: string, text: string): ReactNode }) {
  const t = useTranslate(newsletterTexts);
  const extra: [string | undefined, string][] = [
    [links.dataProtectionNotice, 'newsletter.dataProtectionNoticeLink'],
    [links.newsletterInformation, 'newsletter.newsletterInformationLink'],
    [links.commercialMessageConsent, 'newsletter.commercialMessageConsentLink'],
    [links.marketingConsent, 'newsletter.marketingConsentLink'],
    [links.privacyNotice, 'newsletter.privacyNoticeLink'],
    [links.sampleNewsletter, 'newsletter.sampleNewsletterLink'],
    [links.contact, 'newsletter.contactLink'],
  ];
  return (
    <ExpansionPanel className="snl-legal" headingLevel={2} title={t('newsletter.legal.title')}>
      <p>{t('newsletter.legal.text', { age })}</p>
      <ul className="snl-legal__links">
        {extra
          .filter((entry): entry is [string, string] => typeof entry[0] === 'string')
          .map(([href, key]) => (
            <li key={key}>{link(href, t(key))}</li>
          ))}
      </ul>
    </ExpansionPanel>
  );
}
