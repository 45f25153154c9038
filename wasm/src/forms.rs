//! Bindings for `shop_core::forms`: the newsletter sign-up, the staff preview panel and the
//! design-system inputs (newsletter spec sections 3, 4, 5, 7, 8, 9).
//!
//! Conventions of this module (documented in `docs/api/forms.md`):
//! - a validator that finds nothing wrong returns `null` (not `undefined`);
//! - a user error is a value (`buildPreviewRequest` returns a tagged result);
//! - a programming error throws: a malformed argument, a number that is not a suitable integer,
//!   a `pattern` rule that does not compile.

use shop_core::forms::{
    self, Consent, EmailError, FieldError, FieldRule, FormLimits, IbanEdit, NameError,
    NewsletterField, NewsletterForm, NewsletterFormConfig, NewsletterFormErrors, Origin,
    PasswordStrength, PreviewError, PreviewForm, PreviewMoment, PreviewRequest, RuleError,
    RuleFailure, SignupOutcome, SignupRequest, SignupView, ValidationTrigger,
};
use shop_core::json::Json;
use tsify::{Ts, Tsify};
use wasm_bindgen::prelude::*;

use crate::{count, integer, read, write};

/// A list of consents, e.g. the consents a customer has already given (`Consent[]`).
#[derive(Clone, Debug, PartialEq, Json, Tsify)]
#[serde(transparent)]
pub struct Consents(Vec<Consent>);

/// The rules of a generic field, checked in order (`FieldRule[]`).
#[derive(Clone, Debug, PartialEq, Json, Tsify)]
#[serde(transparent)]
pub struct FieldRules(Vec<FieldRule>);

/// The result of `buildPreviewRequest`: the request, or why the panel cannot be submitted.
#[derive(Clone, Debug, PartialEq, Json, Tsify)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum PreviewResult {
    Ok { request: PreviewRequest },
    Error { error: PreviewError },
}

/// `null` for `None`, the value otherwise.
fn nullable<T: Tsify + shop_core::json::ToJson>(value: Option<T>) -> Result<JsValue, JsError> {
    match value {
        None => Ok(JsValue::NULL),
        Some(value) => Ok(write(&value)?.into()),
    }
}

// ---- E-mail and names -------------------------------------------------------------------------

/// The error of the newsletter e-mail field, or `null` when it is valid.
#[wasm_bindgen(js_name = validateEmail, unchecked_return_type = "EmailError | null")]
pub fn validate_email(
    #[wasm_bindgen(unchecked_param_type = "string")] value: JsValue,
) -> Result<JsValue, JsError> {
    let value = &crate::text(value, "value")?;
    nullable::<EmailError>(forms::validate_email(value))
}

/// Whether the newsletter e-mail field validates on this event (on blur only).
#[wasm_bindgen(js_name = emailValidationRuns)]
pub fn email_validation_runs(trigger: Ts<ValidationTrigger>) -> Result<bool, JsError> {
    Ok(forms::email_validation_runs(read(trigger, "trigger")?))
}

/// The error of a first or last name, or `null` when it is valid (an empty name is valid).
#[wasm_bindgen(js_name = validateName, unchecked_return_type = "NameError | null")]
pub fn validate_name(
    #[wasm_bindgen(unchecked_param_type = "string")] value: JsValue,
) -> Result<JsValue, JsError> {
    let value = &crate::text(value, "value")?;
    nullable::<NameError>(forms::validate_name(value))
}

// ---- Newsletter form --------------------------------------------------------------------------

/// Which sign-up fields a site shows and requires, its salutations and minimum age.
#[wasm_bindgen(js_name = newsletterForm)]
pub fn newsletter_form(
    #[wasm_bindgen(unchecked_param_type = "Site")] site: JsValue,
) -> Result<Ts<NewsletterFormConfig>, JsError> {
    write(&forms::newsletter_form(crate::site(site)?))
}

/// Whether the personalised-offers (DNE) checkbox is shown, given the consents already given.
#[wasm_bindgen(js_name = personalisedOffersVisible)]
pub fn personalised_offers_visible(
    #[wasm_bindgen(js_name = consentsAlreadyGiven)] consents_already_given: Ts<Consents>,
) -> Result<bool, JsError> {
    let Consents(given) = read(consents_already_given, "consentsAlreadyGiven")?;
    Ok(forms::personalised_offers_visible(&given))
}

/// The errors of the whole sign-up form for a site; `{}` when it may be submitted.
#[wasm_bindgen(js_name = validateNewsletterForm)]
pub fn validate_newsletter_form(
    #[wasm_bindgen(unchecked_param_type = "Site")] site: JsValue,
    form: Ts<NewsletterForm>,
) -> Result<Ts<NewsletterFormErrors>, JsError> {
    let site = crate::site(site)?;
    let form = read(form, "newsletter form")?;
    write(&forms::validate_newsletter_form(site, &form))
}

/// The key of a sign-up field error's message in the newsletter texts.
#[wasm_bindgen(js_name = errorTextKey)]
pub fn error_text_key(
    field: Ts<NewsletterField>,
    error: Ts<FieldError>,
) -> Result<String, JsError> {
    Ok(forms::error_text_key(read(field, "field")?, read(error, "error")?).to_owned())
}

/// Whether the full sign-up form is expanded (e-mail focused or any value entered).
#[wasm_bindgen(js_name = formExpanded)]
pub fn form_expanded(
    #[wasm_bindgen(js_name = emailFocused)] email_focused: bool,
    form: Ts<NewsletterForm>,
) -> Result<bool, JsError> {
    Ok(forms::form_expanded(
        email_focused,
        &read(form, "newsletter form")?,
    ))
}

// ---- Sign-up call -----------------------------------------------------------------------------

/// The JSON body of the sign-up call for a site.
#[wasm_bindgen(js_name = buildSignupRequest)]
pub fn build_signup_request(
    #[wasm_bindgen(unchecked_param_type = "Site")] site: JsValue,
    form: Ts<NewsletterForm>,
    origin: Ts<Origin>,
    #[wasm_bindgen(js_name = originAddition, unchecked_param_type = "string")]
    origin_addition: JsValue,
    #[wasm_bindgen(js_name = consentsAlreadyGiven)] consents_already_given: Ts<Consents>,
) -> Result<Ts<SignupRequest>, JsError> {
    let origin_addition = &crate::text(origin_addition, "originAddition")?;
    let site = crate::site(site)?;
    let form = read(form, "newsletter form")?;
    let origin = read(origin, "origin")?;
    let Consents(given) = read(consents_already_given, "consentsAlreadyGiven")?;
    write(&forms::build_signup_request(
        site,
        &form,
        origin,
        origin_addition,
        &given,
    ))
}

/// The `origin` of the `sign_up` analytics event, e.g. `"NEWSLETTER:footer"`.
#[wasm_bindgen(js_name = signupAnalyticsOrigin)]
pub fn signup_analytics_origin(
    origin: Ts<Origin>,
    #[wasm_bindgen(js_name = originAddition, unchecked_param_type = "string")]
    origin_addition: JsValue,
) -> Result<String, JsError> {
    let origin_addition = &crate::text(origin_addition, "originAddition")?;
    Ok(forms::signup_analytics_origin(
        read(origin, "origin")?,
        origin_addition,
    ))
}

/// The sign-up service path relative to the page's origin (`service/newsletter/api/internal`,
/// or `.../private` on a single-page app).
#[wasm_bindgen(js_name = signupServicePath)]
pub fn signup_service_path(
    #[wasm_bindgen(js_name = singlePageApp)] single_page_app: bool,
) -> String {
    forms::signup_service_path(single_page_app).to_owned()
}

/// The sign-up's base-data call, login-token cookie and header, analytics event and
/// successful-submit event.
#[wasm_bindgen(js_name = signupSettings)]
pub fn signup_settings() -> Result<Ts<forms::SignupSettings>, JsError> {
    write(&forms::SIGNUP_SETTINGS)
}

/// The double opt-in notice of a sign-up page's query (`?doi=confirmed` / `?doi=invalid`), else
/// `undefined`.
#[wasm_bindgen(js_name = doiNotice)]
pub fn doi_notice(
    #[wasm_bindgen(unchecked_param_type = "string")] query: JsValue,
) -> Result<Option<Ts<forms::DoiNotice>>, JsError> {
    let query = &crate::text(query, "query")?;
    forms::doi_notice(query)
        .map(|notice| write(&notice))
        .transpose()
}

/// The logged-in customer's base data as a form prefill and the consents already given;
/// `undefined` when the body is not a JSON object.
#[wasm_bindgen(js_name = parseCustomerBaseData)]
pub fn parse_customer_base_data(
    #[wasm_bindgen(unchecked_param_type = "string")] body: JsValue,
) -> Result<Option<Ts<forms::CustomerBaseData>>, JsError> {
    let body = &crate::body(body)?;
    forms::parse_customer_base_data(body)
        .as_ref()
        .map(write)
        .transpose()
}

/// The newsletter service's answer for one subscriber; `undefined` when it is not a JSON object
/// with a subscriber token, an address and one of the nine sites.
#[wasm_bindgen(js_name = parseSubscriber)]
pub fn parse_subscriber(
    #[wasm_bindgen(unchecked_param_type = "string")] body: JsValue,
) -> Result<Option<Ts<forms::Subscriber>>, JsError> {
    let body = &crate::body(body)?;
    forms::parse_subscriber(body)
        .as_ref()
        .map(write)
        .transpose()
}

/// The outcome of the sign-up call from its HTTP status (0 = network failure) and body text.
#[wasm_bindgen(js_name = mapSignupResponse)]
pub fn map_signup_response(
    status: f64,
    #[wasm_bindgen(unchecked_param_type = "string")] body: JsValue,
) -> Result<Ts<SignupOutcome>, JsError> {
    let body = &crate::body(body)?;
    let status = u16::try_from(integer(status, "status")?)
        .map_err(|_| JsError::new("@shop/core: status must be an integer from 0 to 65535"))?;
    write(&forms::map_signup_response(status, body))
}

/// What the sign-up view shows for an outcome (`null` or `undefined`: no response yet).
#[wasm_bindgen(js_name = signupView)]
pub fn signup_view(
    #[wasm_bindgen(unchecked_param_type = "SignupOutcome | null | undefined")] outcome: JsValue,
    bot: bool,
) -> Result<Ts<SignupView>, JsError> {
    let outcome = if outcome.is_null() || outcome.is_undefined() {
        None
    } else {
        Some(read(
            Ts::<SignupOutcome>::new_unchecked(outcome),
            "outcome",
        )?)
    };
    write(&forms::signup_view(outcome, bot))
}

/// Whether a submission is a bot's: the hidden trap field holds anything but whitespace.
#[wasm_bindgen(js_name = isBotSubmission)]
pub fn is_bot_submission(
    #[wasm_bindgen(js_name = trapValue, unchecked_param_type = "string")] trap_value: JsValue,
) -> Result<bool, JsError> {
    let trap_value = &crate::text(trap_value, "trapValue")?;
    Ok(forms::is_bot_submission(trap_value))
}

// ---- Staff preview panel ----------------------------------------------------------------------

/// The preview settings from the panel, or `GROUP_MISSING` when a test lacks its group.
#[wasm_bindgen(js_name = buildPreviewRequest)]
pub fn build_preview_request(
    form: Ts<PreviewForm>,
    #[wasm_bindgen(js_name = nowMs)] now_ms: f64,
) -> Result<Ts<PreviewResult>, JsError> {
    let form = read(form, "preview form")?;
    let now_ms = integer(now_ms, "nowMs")?;
    write(&match forms::build_preview_request(&form, now_ms) {
        Ok(request) => PreviewResult::Ok { request },
        Err(error) => PreviewResult::Error { error },
    })
}

/// The panel's date and time fields: those of the settings in force (`dateTime` of the auth
/// check) when usable, else the wall clock `nowMs`.
#[wasm_bindgen(js_name = previewFields)]
pub fn preview_fields(
    #[wasm_bindgen(js_name = dateTime, unchecked_param_type = "string | undefined")]
    date_time: JsValue,
    #[wasm_bindgen(js_name = nowMs)] now_ms: f64,
) -> Result<Ts<PreviewMoment>, JsError> {
    let date_time = crate::optional_text(date_time, "dateTime")?;
    let now_ms = integer(now_ms, "nowMs")?;
    write(&forms::preview_fields(date_time.as_deref(), now_ms))
}

/// The query string (no leading `?`) of the preview token call.
#[wasm_bindgen(js_name = previewTokenQuery)]
pub fn preview_token_query(request: Ts<PreviewRequest>) -> Result<String, JsError> {
    Ok(forms::preview_token_query(&read(
        request,
        "preview request",
    )?))
}

/// The path and query of the preview token call (`/service/preview/api/token?...`).
#[wasm_bindgen(js_name = previewTokenPath)]
pub fn preview_token_path(request: Ts<PreviewRequest>) -> Result<String, JsError> {
    Ok(forms::preview_token_path(&read(
        request,
        "preview request",
    )?))
}

/// Whether a preview call status means the settings were applied (only `"SUCCESS"`).
#[wasm_bindgen(js_name = previewApplied)]
pub fn preview_applied(
    #[wasm_bindgen(unchecked_param_type = "string")] status: JsValue,
) -> Result<bool, JsError> {
    let status = &crate::text(status, "status")?;
    Ok(forms::preview_applied(status))
}

// ---- Design-system inputs ---------------------------------------------------------------------

/// The strength of a password, or `null` below 8 characters.
#[wasm_bindgen(js_name = passwordStrength, unchecked_return_type = "PasswordStrength | null")]
pub fn password_strength(
    #[wasm_bindgen(unchecked_param_type = "string")] value: JsValue,
) -> Result<JsValue, JsError> {
    let value = &crate::text(value, "value")?;
    nullable::<PasswordStrength>(forms::password_strength(value))
}

/// An IBAN formatted for display: `DE89 3704 0044 0532 0130 00`.
#[wasm_bindgen(js_name = formatIban)]
pub fn format_iban(
    #[wasm_bindgen(unchecked_param_type = "string")] value: JsValue,
) -> Result<String, JsError> {
    let value = &crate::text(value, "value")?;
    Ok(forms::format_iban(value))
}

/// Whether a whole value fits "two letters followed by digits", at most 34.
#[wasm_bindgen(js_name = ibanFits)]
pub fn iban_fits(
    #[wasm_bindgen(unchecked_param_type = "string")] value: JsValue,
) -> Result<bool, JsError> {
    let value = &crate::text(value, "value")?;
    Ok(forms::iban_fits(value))
}

/// Whether the IBAN input accepts `inserted` after `compactSoFar`.
#[wasm_bindgen(js_name = ibanAccepts)]
pub fn iban_accepts(
    #[wasm_bindgen(js_name = compactSoFar, unchecked_param_type = "string")]
    compact_so_far: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] inserted: JsValue,
) -> Result<bool, JsError> {
    let compact_so_far = &crate::text(compact_so_far, "compactSoFar")?;
    let inserted = &crate::text(inserted, "inserted")?;
    Ok(forms::iban_accepts(compact_so_far, inserted))
}

/// Formats the IBAN input after an edit and moves the caret (UTF-16 offsets, as `selectionStart`).
#[wasm_bindgen(js_name = formatIbanWithCaret)]
pub fn format_iban_with_caret(
    #[wasm_bindgen(unchecked_param_type = "string")] raw: JsValue,
    caret: f64,
) -> Result<Ts<IbanEdit>, JsError> {
    let raw = &crate::text(raw, "raw")?;
    let caret = usize::try_from(count(caret, "caret")?).unwrap_or(usize::MAX);
    write(&forms::format_iban_with_caret(raw, caret))
}

/// What to insert when pasting into the IBAN input: the fitting prefix, compact.
#[wasm_bindgen(js_name = sanitizeIbanPaste)]
pub fn sanitize_iban_paste(
    #[wasm_bindgen(js_name = currentCompact, unchecked_param_type = "string")]
    current_compact: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] pasted: JsValue,
) -> Result<String, JsError> {
    let current_compact = &crate::text(current_compact, "currentCompact")?;
    let pasted = &crate::text(pasted, "pasted")?;
    Ok(forms::sanitize_iban_paste(current_compact, pasted))
}

/// Whether the number input lets a keystroke (`KeyboardEvent.key`) through.
#[wasm_bindgen(js_name = numberKeyAccepted)]
pub fn number_key_accepted(
    #[wasm_bindgen(unchecked_param_type = "string")] current: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] key: JsValue,
    #[wasm_bindgen(js_name = maxLength)] max_length: Option<f64>,
    #[wasm_bindgen(js_name = selectionLength)] selection_length: f64,
) -> Result<bool, JsError> {
    let current = &crate::text(current, "current")?;
    let key = &crate::text(key, "key")?;
    let max_length = max_length.map(|max| count(max, "maxLength")).transpose()?;
    let selection_length = count(selection_length, "selectionLength")?;
    Ok(forms::number_key_accepted(
        current,
        key,
        max_length,
        selection_length,
    ))
}

/// Pasted text cleaned for the number input: digits and the first `.`, cut to `maxLength`.
#[wasm_bindgen(js_name = sanitizeNumber)]
pub fn sanitize_number(
    #[wasm_bindgen(unchecked_param_type = "string")] pasted: JsValue,
    #[wasm_bindgen(js_name = maxLength)] max_length: Option<f64>,
) -> Result<String, JsError> {
    let pasted = &crate::text(pasted, "pasted")?;
    let max_length = max_length.map(|max| count(max, "maxLength")).transpose()?;
    Ok(forms::sanitize_number(pasted, max_length))
}

/// The first rule a value fails, or `null`; throws when a `pattern` rule does not compile.
#[wasm_bindgen(js_name = validateField, unchecked_return_type = "RuleFailure | null")]
pub fn validate_field(
    #[wasm_bindgen(unchecked_param_type = "string")] value: JsValue,
    rules: Ts<FieldRules>,
) -> Result<JsValue, JsError> {
    let value = &crate::text(value, "value")?;
    let FieldRules(rules) = read(rules, "rules")?;
    match forms::validate_field(value, &rules) {
        Ok(failure) => nullable::<RuleFailure>(failure),
        Err(RuleError::InvalidPattern { message }) => Err(JsError::new(
            &["@shop/core: invalid pattern rule: ", &message].concat(),
        )),
    }
}

/// Whether a generic field validates on this event (blur and change, not input).
#[wasm_bindgen(js_name = validationTriggerRuns)]
pub fn validation_trigger_runs(trigger: Ts<ValidationTrigger>) -> Result<bool, JsError> {
    Ok(forms::validation_trigger_runs(read(trigger, "trigger")?))
}

/// The numeric limits of the forms (maximum lengths, debounce, sign-up timeout).
#[wasm_bindgen(js_name = formLimits)]
pub fn form_limits() -> Result<Ts<FormLimits>, JsError> {
    write(&forms::form_limits())
}
