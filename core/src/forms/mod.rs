//! Forms: the newsletter sign-up, the staff preview panel and the design-system inputs
//! (newsletter spec sections 3, 4, 5, 7, 8 and 9).
//!
//! Each submodule holds one group of rules and names its spec constants once:
//! - [`email`]: the e-mail field (required, 256 characters, standard address);
//! - [`name`]: first and last name (40 characters, allowed characters, no web addresses);
//! - [`newsletter`]: which sign-up fields each site shows and requires, whole-form validation;
//! - [`signup`]: the sign-up request, the response mapping, the view state, the honeypot;
//! - [`subscriber`]: the subscriber after the sign-up, its update;
//! - [`preview`]: the staff preview panel (date, time, A/B group, preview token query);
//! - [`password`]: password strength;
//! - [`iban`]: IBAN formatting, keystroke and paste filtering;
//! - [`number`]: number input keystroke and paste filtering;
//! - [`rules`]: the generic form rules (required, pattern) and when validation runs.
//!
//! Everything here is total: any input gives a value or an error value, never a panic.

pub mod email;
pub mod iban;
pub mod name;
pub mod newsletter;
pub mod number;
pub mod password;
pub mod pattern;
pub mod preview;
pub mod rules;
pub mod signup;
pub mod subscriber;

pub use email::{EMAIL_MAX_LENGTH, EmailError, email_validation_runs, validate_email};
pub use iban::{
    IBAN_MAX_LENGTH, IbanEdit, format_iban, format_iban_with_caret, iban_accepts, iban_fits,
    sanitize_iban_paste,
};
pub use name::{NAME_MAX_LENGTH, NameError, looks_like_web_address, validate_name};
pub use newsletter::{
    Consent, FieldError, FieldVisibility, Legal, MINIMUM_AGE, MINIMUM_AGE_CZ_SK, NewsletterField,
    NewsletterForm, NewsletterFormConfig, NewsletterFormErrors, Origin, SALUTATION_FORM_ORDER,
    Salutation, TR_UNCONFIRMED_SIGNUP_DAYS, error_text_key, form_expanded, newsletter_form,
    personalised_offers_visible, unconfirmed_signup_days, validate_newsletter_form,
};
pub use number::{NUMBER_NAVIGATION_KEYS, number_key_accepted, sanitize_number};
pub use password::{PASSWORD_SCORING_MIN_LENGTH, PasswordStrength, password_strength};
pub use preview::{
    PREVIEW_TOKEN_PATH, PreviewError, PreviewForm, PreviewMoment, PreviewRequest,
    build_preview_request, civil_from_days, days_from_civil, parse_date, parse_time,
    preview_applied, preview_fields, preview_token_path, preview_token_query,
};
pub use rules::{
    FieldRule, PATTERN_MAX_LENGTH, RULE_FAILURE_MESSAGE_KEY, RuleError, RuleFailure,
    VALIDATION_DEBOUNCE_MS, ValidationTrigger, validate_field, validation_trigger_runs,
};
pub use signup::{
    CUSTOMER_BASE_DATA_RESOURCE, CustomerBaseData, DOI_CONFIRMED, DOI_INVALID, DOI_PARAM,
    DoiNotice, INVALID_EMAIL_TYPE, LOGIN_TOKEN_COOKIE, LOGIN_TOKEN_HEADER,
    SIGNUP_ERROR_BODY_MAX_BYTES, SIGNUP_PAGE_ORIGIN_ADDITION, SIGNUP_SETTINGS,
    SIGNUP_SUBSCRIBERS_RESOURCE, SIGNUP_TIMEOUT_MS, SignupOutcome, SignupRequest, SignupSettings,
    SignupView, build_signup_request, doi_notice, is_bot_submission, map_signup_response,
    parse_customer_base_data, signup_analytics_origin, signup_service_path,
    signup_subscribers_path, signup_view,
};
pub use subscriber::{
    NewsletterCategory, NewsletterSubscriptionType, SUBSCRIBER_DOI_RESOURCE, Subscriber,
    SubscriberUpdate, distinct_categories, parse_subscriber,
};

use crate::json::Json;

/// The numeric limits of the forms, for the view's `maxLength` attributes and timers (newsletter
/// spec section 9 "E-mail max 256; first and last name max 40; ... sign-up timeout 15000 ms;
/// Password minimum for scoring 8"; section 5 "debounce 5 ms"; IBAN at most 34 characters).
#[derive(Clone, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct FormLimits {
    pub email_max_length: u32,
    pub name_max_length: u32,
    pub password_scoring_min_length: u32,
    pub iban_max_length: u32,
    pub validation_debounce_ms: u32,
    pub signup_timeout_ms: u32,
}

/// The limits named by the form modules, in one value (see [`FormLimits`]).
pub fn form_limits() -> FormLimits {
    // All are small constants, so the conversions cannot fail.
    let small = |value: usize| u32::try_from(value).unwrap_or(u32::MAX);
    FormLimits {
        email_max_length: small(EMAIL_MAX_LENGTH),
        name_max_length: small(NAME_MAX_LENGTH),
        password_scoring_min_length: small(PASSWORD_SCORING_MIN_LENGTH),
        iban_max_length: small(IBAN_MAX_LENGTH),
        validation_debounce_ms: VALIDATION_DEBOUNCE_MS,
        signup_timeout_ms: SIGNUP_TIMEOUT_MS,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_are_the_spec_constants() {
        assert_eq!(
            form_limits(),
            FormLimits {
                email_max_length: 256,
                name_max_length: 40,
                password_scoring_min_length: 8,
                iban_max_length: 34,
                validation_debounce_ms: 5,
                signup_timeout_ms: 15_000,
            }
        );
        assert_eq!(MINIMUM_AGE, 16);
        assert_eq!(MINIMUM_AGE_CZ_SK, 18);
        assert_eq!(INVALID_EMAIL_TYPE, "urn:newsletter:email_invalid");
    }
}
