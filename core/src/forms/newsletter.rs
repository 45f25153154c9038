//! The newsletter sign-up form per site and its whole-form validation (newsletter spec section 3
//! "Newsletter subscription request", section 4 "Sign-up response", section 5 "Sign-up form",
//! section 9 "minimum age").

use crate::json::Json;
use std::collections::BTreeMap;

use super::email::{EMAIL_MAX_LENGTH, EmailError, validate_email};
use super::name::{NAME_MAX_LENGTH, NameError, validate_name};
use crate::site::Site;

/// Minimum age stated by the legal text (spec sections 5 and 9: "minimum age of 16").
pub const MINIMUM_AGE: u32 = 16;

/// Minimum age stated by the legal text in CZ and SK (spec sections 5 and 9: "18 in CZ and SK").
pub const MINIMUM_AGE_CZ_SK: u32 = 18;

/// How many days an unconfirmed TR sign-up is kept (spec section 9: "TR: unconfirmed sign-ups
/// deleted after 14 days"); the TR legal text says so.
pub const TR_UNCONFIRMED_SIGNUP_DAYS: u32 = 14;

/// How many days a site keeps a sign-up whose double opt-in is not confirmed: TR
/// [`TR_UNCONFIRMED_SIGNUP_DAYS`], the other sites until it is confirmed.
pub const fn unconfirmed_signup_days(site: Site) -> Option<u32> {
    match site {
        Site::Tr => Some(TR_UNCONFIRMED_SIGNUP_DAYS),
        _ => None,
    }
}

/// A salutation (spec section 3: "Salutation values: MR, MRS, COMPANY, DIVERS").
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Salutation {
    Mr,
    Mrs,
    Company,
    Divers,
}

/// The salutations in the order the form lists them (spec section 3: "Form order: MRS, MR, DIVERS,
/// COMPANY").
pub const SALUTATION_FORM_ORDER: [Salutation; 4] = [
    Salutation::Mrs,
    Salutation::Mr,
    Salutation::Divers,
    Salutation::Company,
];

/// A consent (spec section 3: "Consent value: DNE (personalised offers and profiling)").
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Consent {
    Dne,
}

/// A legal confirmation (spec section 3: "Legal value: NEWSLETTER"), the TR newsletter checkbox.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Legal {
    Newsletter,
}

/// Where a subscription comes from (spec section 3: "Subscriber origin values: NEWSLETTER,
/// SHOPPING_CART").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Origin {
    #[default]
    Newsletter,
    ShoppingCart,
}

impl Origin {
    /// The code as the service and analytics spell it (`NEWSLETTER`, `SHOPPING_CART`).
    pub const fn code(self) -> &'static str {
        match self {
            Origin::Newsletter => "NEWSLETTER",
            Origin::ShoppingCart => "SHOPPING_CART",
        }
    }
}

/// How a site shows an optional form field (spec section 5: names, salutation, legal checkbox).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum FieldVisibility {
    /// Not shown, never validated, never sent.
    Hidden,
    /// Shown; may stay empty.
    Optional,
    /// Shown and marked with an asterisk; must be filled.
    Required,
}

impl FieldVisibility {
    /// Shown (optional or required).
    pub const fn is_visible(self) -> bool {
        !matches!(self, FieldVisibility::Hidden)
    }

    /// Must be filled.
    pub const fn is_required(self) -> bool {
        matches!(self, FieldVisibility::Required)
    }
}

/// Which sign-up fields a site shows and requires (spec section 5, "Sign-up form"). The e-mail
/// field is shown and required everywhere; the personalised-offers (DNE) checkbox is optional
/// everywhere (see [`personalised_offers_visible`]).
#[derive(Clone, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct NewsletterFormConfig {
    /// AT optional, HU required, hidden elsewhere.
    pub salutation: FieldVisibility,
    /// The salutation choices in form order ([`SALUTATION_FORM_ORDER`]); empty when hidden.
    pub salutations: Vec<Salutation>,
    /// AT optional, HU and TR required, hidden elsewhere.
    pub first_name: FieldVisibility,
    /// AT optional, HU and TR required, hidden elsewhere.
    pub last_name: FieldVisibility,
    /// The newsletter legal checkbox (Legal `NEWSLETTER`): TR required, hidden elsewhere.
    pub legal_checkbox: FieldVisibility,
    /// The minimum age the legal text states: 16, 18 in CZ and SK.
    pub minimum_age: u32,
    /// The page's static link targets.
    pub links: NewsletterLinks,
}

/// The sign-up page's static link targets (spec section 2 "Newsletter sign-up": privacy at
/// /privacy; contact at /contact; a voucher-conditions page per country, for DE, AT and CH
/// /c/subscribenewsletter-allgemeine-gutscheinbedingungen; Hungary links its data-protection
/// notice; Turkey has its own pages for newsletter information, commercial-message consent,
/// marketing consent and the privacy notice; some countries link a sample newsletter). Site
/// paths: the view puts the site's prefix in front.
#[derive(Clone, Debug, Default, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct NewsletterLinks {
    pub privacy: String,
    pub contact: String,
    pub voucher_conditions: String,
    /// HU only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data_protection_notice: Option<String>,
    /// TR only: newsletter information, commercial-message consent, marketing consent, privacy
    /// notice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub newsletter_information: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commercial_message_consent: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub marketing_consent: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub privacy_notice: Option<String>,
    /// DE, AT, CH and CH_FR.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sample_newsletter: Option<String>,
}

/// The privacy page (spec section 2).
pub const PRIVACY_PATH: &str = "/privacy";
/// The contact page (spec section 2).
pub const CONTACT_PATH: &str = "/contact";
/// The voucher conditions of Germany, Austria and Switzerland, both its sites (spec section 2).
pub const VOUCHER_CONDITIONS_DACH_PATH: &str =
    "/c/subscribenewsletter-allgemeine-gutscheinbedingungen";

/// The sign-up page's links of a site (see [`NewsletterLinks`]).
pub fn newsletter_links(site: Site) -> NewsletterLinks {
    let page = |path: &str| Some(path.to_owned());
    let voucher_conditions = match site {
        Site::De | Site::At | Site::Ch | Site::ChFr => VOUCHER_CONDITIONS_DACH_PATH,
        Site::Pl => "/c/subscribenewsletter-warunki-bonu",
        Site::Cz => "/c/subscribenewsletter-podminky-poukazu",
        Site::Hu => "/c/subscribenewsletter-kuponfeltetelek",
        Site::Sk => "/c/subscribenewsletter-podmienky-poukazu",
        Site::Tr => "/c/subscribenewsletter-kupon-kosullari",
    };
    let turkish = site == Site::Tr;
    NewsletterLinks {
        privacy: PRIVACY_PATH.to_owned(),
        contact: CONTACT_PATH.to_owned(),
        voucher_conditions: voucher_conditions.to_owned(),
        data_protection_notice: (site == Site::Hu)
            .then(|| "/c/adatvedelmi-tajekoztato-hirlevel".to_owned()),
        newsletter_information: turkish.then(|| "/c/e-bulten-bilgilendirme".to_owned()),
        commercial_message_consent: turkish.then(|| "/c/ticari-elektronik-ileti-onayi".to_owned()),
        marketing_consent: turkish.then(|| "/c/pazarlama-izni".to_owned()),
        privacy_notice: turkish.then(|| "/c/kvkk-aydinlatma-metni".to_owned()),
        sample_newsletter: match site {
            Site::De | Site::At | Site::Ch | Site::ChFr => page("/c/newsletter-beispiel"),
            _ => None,
        },
    }
}

/// The sign-up form of a site (spec section 5: "Name fields appear in AT, HU and TR. First and
/// last name are required in HU and TR"; "Salutation appears in AT and HU and is required only in
/// HU"; "The newsletter legal checkbox (TR only) is required"; "minimum age of 16 (18 in CZ and
/// SK)").
pub fn newsletter_form(site: Site) -> NewsletterFormConfig {
    use FieldVisibility::{Hidden, Optional, Required};
    let names = match site {
        Site::At => Optional,
        Site::Hu | Site::Tr => Required,
        _ => Hidden,
    };
    let salutation = match site {
        Site::At => Optional,
        Site::Hu => Required,
        _ => Hidden,
    };
    let legal_checkbox = match site {
        Site::Tr => Required,
        _ => Hidden,
    };
    let minimum_age = match site {
        Site::Cz | Site::Sk => MINIMUM_AGE_CZ_SK,
        _ => MINIMUM_AGE,
    };
    NewsletterFormConfig {
        salutation,
        salutations: if salutation.is_visible() {
            SALUTATION_FORM_ORDER.to_vec()
        } else {
            Vec::new()
        },
        first_name: names,
        last_name: names,
        legal_checkbox,
        minimum_age,
        links: newsletter_links(site),
    }
}

/// Whether the personalised-offers (DNE) checkbox is shown (spec section 4: "If the customer
/// already has the personalised-offers consent (DNE), that checkbox is hidden").
pub fn personalised_offers_visible(consents_already_given: &[Consent]) -> bool {
    !consents_already_given.contains(&Consent::Dne)
}

/// The values of the sign-up form (spec section 3: "Form values start empty for email, salutation,
/// firstName and lastName, with empty consents and legals lists"). Every field may be missing in
/// JSON; [`Default`] is the empty form.
#[derive(Clone, Debug, Default, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct NewsletterForm {
    #[serde(default)]
    pub email: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub salutation: Option<Salutation>,
    #[serde(default)]
    pub first_name: String,
    #[serde(default)]
    pub last_name: String,
    #[serde(default)]
    pub consents: Vec<Consent>,
    #[serde(default)]
    pub legals: Vec<Legal>,
}

/// A field of the sign-up form that can carry an error, in form order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum NewsletterField {
    Email,
    Salutation,
    FirstName,
    LastName,
    Legals,
}

impl NewsletterField {
    /// All fields, in form order.
    pub const ALL: [NewsletterField; 5] = [
        NewsletterField::Email,
        NewsletterField::Salutation,
        NewsletterField::FirstName,
        NewsletterField::LastName,
        NewsletterField::Legals,
    ];

    /// The most characters the field takes (spec section 5: e-mail 256, first and last name 40;
    /// after trimming, counted in characters): the form's `maxlength` and the `{max}` of the
    /// names' too-long message ([`error_text_key`]). `None` for the salutation and the legal
    /// checkbox, which are chosen, not typed.
    pub const fn max_length(self) -> Option<usize> {
        match self {
            NewsletterField::Email => Some(EMAIL_MAX_LENGTH),
            NewsletterField::FirstName | NewsletterField::LastName => Some(NAME_MAX_LENGTH),
            NewsletterField::Salutation | NewsletterField::Legals => None,
        }
    }
}

/// The error of one sign-up field (spec section 5 messages): `REQUIRED` (the "Pflichtfeld"
/// messages, the TR legal message), `INVALID` and `TOO_LONG` (the invalid e-mail message),
/// `INVALID_CHARACTERS` of names ('Dieses Feld enthält ungültige Zeichen.', for disallowed
/// characters and web addresses) and `TOO_LONG` of names (its own message, with the maximum).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum FieldError {
    Required,
    Invalid,
    TooLong,
    InvalidCharacters,
}

impl From<EmailError> for FieldError {
    fn from(error: EmailError) -> Self {
        match error {
            EmailError::Required => FieldError::Required,
            EmailError::TooLong => FieldError::TooLong,
            EmailError::Invalid => FieldError::Invalid,
        }
    }
}

impl From<NameError> for FieldError {
    fn from(error: NameError) -> Self {
        match error {
            NameError::TooLong => FieldError::TooLong,
            NameError::InvalidCharacters => FieldError::InvalidCharacters,
        }
    }
}

/// The errors of a sign-up form, one optional entry per field (spec section 5). In JSON / JS a
/// plain object holding only the fields in error: `{}` is a valid form,
/// `{ "email": "REQUIRED", "firstName": "INVALID_CHARACTERS" }` is not.
#[derive(Clone, Debug, Default, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct NewsletterFormErrors {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email: Option<FieldError>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub salutation: Option<FieldError>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_name: Option<FieldError>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_name: Option<FieldError>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legals: Option<FieldError>,
}

impl NewsletterFormErrors {
    /// No field is in error: the form may be submitted.
    pub fn is_valid(&self) -> bool {
        self.to_map().is_empty()
    }

    /// The error of one field.
    pub fn get(&self, field: NewsletterField) -> Option<FieldError> {
        match field {
            NewsletterField::Email => self.email,
            NewsletterField::Salutation => self.salutation,
            NewsletterField::FirstName => self.first_name,
            NewsletterField::LastName => self.last_name,
            NewsletterField::Legals => self.legals,
        }
    }

    /// The fields in error, keyed and ordered by field (form order).
    pub fn to_map(&self) -> BTreeMap<NewsletterField, FieldError> {
        NewsletterField::ALL
            .into_iter()
            .filter_map(|field| self.get(field).map(|error| (field, error)))
            .collect()
    }
}

/// The interface text of a field's error (spec section 5 messages): its key in the newsletter
/// texts. The e-mail has one message for a missing and one for any other wrong address, the names
/// one each when missing, a shared one when too long ("Bitte geben Sie höchstens {max} Zeichen
/// ein.", `{max}` the field's [`NewsletterField::max_length`]) and a shared one for anything else
/// (disallowed characters, a web address); the salutation and the legal checkbox can only be
/// missing.
pub const fn error_text_key(field: NewsletterField, error: FieldError) -> &'static str {
    match (field, error) {
        (NewsletterField::Email, FieldError::Required) => "newsletter.error.email.REQUIRED",
        (NewsletterField::Email, _) => "newsletter.error.email.INVALID",
        (NewsletterField::FirstName, FieldError::Required) => "newsletter.error.firstName.REQUIRED",
        (NewsletterField::LastName, FieldError::Required) => "newsletter.error.lastName.REQUIRED",
        (NewsletterField::FirstName | NewsletterField::LastName, FieldError::TooLong) => {
            "newsletter.error.name.TOO_LONG"
        }
        (NewsletterField::FirstName | NewsletterField::LastName, _) => {
            "newsletter.error.name.INVALID_CHARACTERS"
        }
        (NewsletterField::Salutation, _) => "newsletter.error.salutation.REQUIRED",
        (NewsletterField::Legals, _) => "newsletter.error.legals.REQUIRED",
    }
}

/// A name field's error: `REQUIRED` when required and empty after trimming, else the name rules.
fn name_error(visibility: FieldVisibility, value: &str) -> Option<FieldError> {
    if !visibility.is_visible() {
        None
    } else if visibility.is_required() && value.trim().is_empty() {
        Some(FieldError::Required)
    } else {
        validate_name(value).map(FieldError::from)
    }
}

/// Validates the whole sign-up form for a site (spec section 5 "Sign-up form"; on submit "the form
/// is validated", section 4).
///
/// - e-mail: [`validate_email`] on every site;
/// - salutation: `REQUIRED` when the site requires it and none is chosen;
/// - first and last name: `REQUIRED` when the site requires them and they are empty after
///   trimming, otherwise [`validate_name`];
/// - legals: `REQUIRED` when the site requires the newsletter legal checkbox and `legals` lacks
///   `NEWSLETTER`.
///
/// Fields the site hides are never validated (whatever they hold). Consents are optional.
pub fn validate_newsletter_form(site: Site, form: &NewsletterForm) -> NewsletterFormErrors {
    let config = newsletter_form(site);
    NewsletterFormErrors {
        email: validate_email(&form.email).map(FieldError::from),
        salutation: (config.salutation.is_required() && form.salutation.is_none())
            .then_some(FieldError::Required),
        first_name: name_error(config.first_name, &form.first_name),
        last_name: name_error(config.last_name, &form.last_name),
        legals: (config.legal_checkbox.is_required() && !form.legals.contains(&Legal::Newsletter))
            .then_some(FieldError::Required),
    }
}

/// Whether the full sign-up form is expanded (spec section 4: "The full form expands (salutation
/// and name fields as applicable, legal panel, consents) once the e-mail field is focused or any
/// value is entered"): the e-mail field has focus, or any text field is non-empty (whitespace
/// counts as entered), a salutation is chosen or a checkbox is ticked.
pub fn form_expanded(email_focused: bool, form: &NewsletterForm) -> bool {
    email_focused
        || !form.email.is_empty()
        || form.salutation.is_some()
        || !form.first_name.is_empty()
        || !form.last_name.is_empty()
        || !form.consents.is_empty()
        || !form.legals.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn form(
        email: &str,
        salutation: Option<Salutation>,
        first: &str,
        last: &str,
    ) -> NewsletterForm {
        NewsletterForm {
            email: email.to_owned(),
            salutation,
            first_name: first.to_owned(),
            last_name: last.to_owned(),
            consents: vec![],
            legals: vec![],
        }
    }

    #[test]
    fn only_tr_deletes_unconfirmed_sign_ups_after_14_days() {
        for site in Site::ALL {
            let expected = (site == Site::Tr).then_some(14);
            assert_eq!(unconfirmed_signup_days(site), expected, "{site:?}");
        }
    }

    #[test]
    fn form_per_site() {
        use FieldVisibility::{Hidden as H, Optional as O, Required as R};
        // site, salutation, first name, last name, legal checkbox, minimum age
        let table = [
            (Site::De, H, H, H, H, 16),
            (Site::At, O, O, O, H, 16),
            (Site::Ch, H, H, H, H, 16),
            (Site::ChFr, H, H, H, H, 16),
            (Site::Pl, H, H, H, H, 16),
            (Site::Cz, H, H, H, H, 18),
            (Site::Hu, R, R, R, H, 16),
            (Site::Sk, H, H, H, H, 18),
            (Site::Tr, H, R, R, R, 16),
        ];
        assert_eq!(table.len(), Site::ALL.len());
        for (site, salutation, first, last, legal, age) in table {
            let config = newsletter_form(site);
            assert_eq!(config.salutation, salutation, "{site:?}");
            assert_eq!(config.first_name, first, "{site:?}");
            assert_eq!(config.last_name, last, "{site:?}");
            assert_eq!(config.legal_checkbox, legal, "{site:?}");
            assert_eq!(config.minimum_age, age, "{site:?}");
            let expected_salutations = if salutation == H {
                vec![]
            } else {
                SALUTATION_FORM_ORDER.to_vec()
            };
            assert_eq!(config.salutations, expected_salutations, "{site:?}");
        }
        for site in Site::ALL {
            assert!(table.iter().any(|row| row.0 == site));
        }
    }

    #[test]
    fn empty_form_per_site() {
        use FieldError::Required as R;
        // site, salutation, first name, last name, legals (email is always REQUIRED when empty)
        let table = [
            (Site::De, None, None, None, None),
            (Site::At, None, None, None, None),
            (Site::Ch, None, None, None, None),
            (Site::ChFr, None, None, None, None),
            (Site::Pl, None, None, None, None),
            (Site::Cz, None, None, None, None),
            (Site::Hu, Some(R), Some(R), Some(R), None),
            (Site::Sk, None, None, None, None),
            (Site::Tr, None, Some(R), Some(R), Some(R)),
        ];
        for (site, salutation, first, last, legals) in table {
            let errors = validate_newsletter_form(site, &NewsletterForm::default());
            assert_eq!(
                errors,
                NewsletterFormErrors {
                    email: Some(R),
                    salutation,
                    first_name: first,
                    last_name: last,
                    legals,
                },
                "{site:?}"
            );
            assert!(!errors.is_valid());
        }
    }

    #[test]
    fn complete_form_is_valid_everywhere() {
        for site in Site::ALL {
            let complete = NewsletterForm {
                email: "anna@example.com".into(),
                salutation: Some(Salutation::Mrs),
                first_name: "Anna".into(),
                last_name: "Kovács".into(),
                consents: vec![Consent::Dne],
                legals: vec![Legal::Newsletter],
            };
            let errors = validate_newsletter_form(site, &complete);
            assert!(errors.is_valid(), "{site:?}: {errors:?}");
            assert_eq!(errors.to_map(), BTreeMap::new());
        }
    }

    #[test]
    fn hidden_fields_are_never_validated() {
        let junk = NewsletterForm {
            email: "anna@example.com".into(),
            salutation: None,
            first_name: "https://spam.example.com 😀".repeat(3),
            last_name: "x".repeat(100),
            consents: vec![],
            legals: vec![],
        };
        for site in Site::ALL {
            let errors = validate_newsletter_form(site, &junk);
            let config = newsletter_form(site);
            assert_eq!(
                errors.first_name.is_some(),
                config.first_name.is_visible(),
                "{site:?}"
            );
            assert_eq!(
                errors.last_name.is_some(),
                config.last_name.is_visible(),
                "{site:?}"
            );
            if config.first_name.is_visible() {
                assert_eq!(errors.first_name, Some(FieldError::TooLong));
                assert_eq!(errors.last_name, Some(FieldError::TooLong));
            }
        }
    }

    #[test]
    fn field_errors_per_site() {
        let table = [
            // AT: optional names are still checked when filled.
            (
                Site::At,
                form("a@b.de", None, "www.shop", ""),
                NewsletterField::FirstName,
                FieldError::InvalidCharacters,
            ),
            (
                Site::At,
                form("a@b.de", None, "", "Ü😀"),
                NewsletterField::LastName,
                FieldError::InvalidCharacters,
            ),
            (
                Site::Hu,
                form("a@b.de", Some(Salutation::Mr), "Ödön", "   "),
                NewsletterField::LastName,
                FieldError::Required,
            ),
            (
                Site::Hu,
                form("a@b.de", Some(Salutation::Mr), &"ő".repeat(41), "Kő"),
                NewsletterField::FirstName,
                FieldError::TooLong,
            ),
            (
                Site::Tr,
                form("a@b.de", None, "Ilık", "shop.com.tr"),
                NewsletterField::LastName,
                FieldError::InvalidCharacters,
            ),
            (
                Site::De,
                form("not an email", None, "", ""),
                NewsletterField::Email,
                FieldError::Invalid,
            ),
            (
                Site::Pl,
                form(&format!("{}@example.com", "a".repeat(250)), None, "", ""),
                NewsletterField::Email,
                FieldError::TooLong,
            ),
        ];
        for (site, values, field, error) in table {
            let errors = validate_newsletter_form(site, &values);
            assert_eq!(errors.get(field), Some(error), "{site:?} {values:?}");
        }
        // HU with a salutation, names and no legal is valid; TR needs the legal box ticked.
        let hu = form("a@b.hu", Some(Salutation::Divers), "Ödön", "Győző");
        assert!(validate_newsletter_form(Site::Hu, &hu).is_valid());
        let mut tr = form("a@b.com.tr", None, "Ağa", "Işık");
        assert_eq!(
            validate_newsletter_form(Site::Tr, &tr).legals,
            Some(FieldError::Required)
        );
        tr.legals = vec![Legal::Newsletter];
        assert!(validate_newsletter_form(Site::Tr, &tr).is_valid());
    }

    #[test]
    fn json_shapes() {
        let errors = validate_newsletter_form(Site::Hu, &NewsletterForm::default());
        assert_eq!(
            Some(crate::json::to_string(&errors)).as_deref(),
            Some(
                r#"{"email":"REQUIRED","salutation":"REQUIRED","firstName":"REQUIRED","lastName":"REQUIRED"}"#
            )
        );
        assert_eq!(
            Some(crate::json::to_string(&NewsletterFormErrors::default())).as_deref(),
            Some("{}")
        );
        let parsed: Result<NewsletterForm, _> = crate::json::from_str("{}");
        assert_eq!(parsed.ok(), Some(NewsletterForm::default()));
        let parsed: Result<NewsletterForm, _> = crate::json::from_str(
            r#"{"email":"a@b.de","salutation":"MRS","firstName":"A","consents":["DNE"],"legals":["NEWSLETTER"]}"#,
        );
        assert_eq!(
            parsed.ok().map(|f| (f.salutation, f.consents, f.legals)),
            Some((
                Some(Salutation::Mrs),
                vec![Consent::Dne],
                vec![Legal::Newsletter]
            ))
        );
        assert_eq!(
            Some(crate::json::to_string(&newsletter_form(Site::At))).as_deref(),
            Some(
                r#"{"salutation":"OPTIONAL","salutations":["MRS","MR","DIVERS","COMPANY"],"firstName":"OPTIONAL","lastName":"OPTIONAL","legalCheckbox":"HIDDEN","minimumAge":16,"links":{"privacy":"/privacy","contact":"/contact","voucherConditions":"/c/subscribenewsletter-allgemeine-gutscheinbedingungen","sampleNewsletter":"/c/newsletter-beispiel"}}"#
            )
        );
        assert_eq!(
            Some(crate::json::to_string(&Origin::ShoppingCart)).as_deref(),
            Some("\"SHOPPING_CART\"")
        );
        assert_eq!(
            Some(crate::json::to_string(&NewsletterField::FirstName)).as_deref(),
            Some("\"firstName\"")
        );
    }

    #[test]
    fn links_of_every_site() {
        // (site, voucher conditions, HU notice, TR pages, sample newsletter)
        let table = [
            (Site::De, VOUCHER_CONDITIONS_DACH_PATH, false, false, true),
            (Site::At, VOUCHER_CONDITIONS_DACH_PATH, false, false, true),
            (Site::Ch, VOUCHER_CONDITIONS_DACH_PATH, false, false, true),
            (Site::ChFr, VOUCHER_CONDITIONS_DACH_PATH, false, false, true),
            (
                Site::Pl,
                "/c/subscribenewsletter-warunki-bonu",
                false,
                false,
                false,
            ),
            (
                Site::Cz,
                "/c/subscribenewsletter-podminky-poukazu",
                false,
                false,
                false,
            ),
            (
                Site::Hu,
                "/c/subscribenewsletter-kuponfeltetelek",
                true,
                false,
                false,
            ),
            (
                Site::Sk,
                "/c/subscribenewsletter-podmienky-poukazu",
                false,
                false,
                false,
            ),
            (
                Site::Tr,
                "/c/subscribenewsletter-kupon-kosullari",
                false,
                true,
                false,
            ),
        ];
        for (site, voucher, hungarian, turkish, sample) in table {
            let links = newsletter_form(site).links;
            assert_eq!(links.privacy, "/privacy", "{site:?}");
            assert_eq!(links.contact, "/contact", "{site:?}");
            assert_eq!(links.voucher_conditions, voucher, "{site:?}");
            assert_eq!(
                links.data_protection_notice.is_some(),
                hungarian,
                "{site:?}"
            );
            for page in [
                &links.newsletter_information,
                &links.commercial_message_consent,
                &links.marketing_consent,
                &links.privacy_notice,
            ] {
                assert_eq!(page.is_some(), turkish, "{site:?}");
            }
            assert_eq!(links.sample_newsletter.is_some(), sample, "{site:?}");
        }
    }

    #[test]
    fn expansion_and_consent_checkbox() {
        assert!(!form_expanded(false, &NewsletterForm::default()));
        assert!(form_expanded(true, &NewsletterForm::default()));
        assert!(form_expanded(false, &form("a", None, "", "")));
        assert!(form_expanded(
            false,
            &form("", Some(Salutation::Mr), "", "")
        ));
        assert!(form_expanded(false, &form("", None, "", "K")));
        let ticked = NewsletterForm {
            consents: vec![Consent::Dne],
            ..NewsletterForm::default()
        };
        assert!(form_expanded(false, &ticked));
        // A ticked legal checkbox (TR) keeps it open too.
        let legal = NewsletterForm {
            legals: vec![Legal::Newsletter],
            ..NewsletterForm::default()
        };
        assert!(form_expanded(false, &legal));
        assert!(personalised_offers_visible(&[]));
        assert!(!personalised_offers_visible(&[Consent::Dne]));
    }

    #[test]
    fn salutation_order_and_codes() {
        assert_eq!(
            SALUTATION_FORM_ORDER,
            [
                Salutation::Mrs,
                Salutation::Mr,
                Salutation::Divers,
                Salutation::Company
            ]
        );
        assert_eq!(Origin::Newsletter.code(), "NEWSLETTER");
        assert_eq!(Origin::ShoppingCart.code(), "SHOPPING_CART");
    }

    fn arbitrary_form() -> impl Strategy<Value = NewsletterForm> {
        (
            any::<String>(),
            proptest::option::of(proptest::sample::select(SALUTATION_FORM_ORDER.to_vec())),
            any::<String>(),
            ".*",
            any::<bool>(),
            any::<bool>(),
        )
            .prop_map(|(email, salutation, first_name, last_name, dne, legal)| {
                NewsletterForm {
                    email,
                    salutation,
                    first_name,
                    last_name,
                    consents: if dne { vec![Consent::Dne] } else { vec![] },
                    legals: if legal {
                        vec![Legal::Newsletter]
                    } else {
                        vec![]
                    },
                }
            })
    }

    #[test]
    fn each_field_error_has_its_message() {
        use FieldError::*;
        use NewsletterField::*;
        let cases = [
            (Email, Required, "newsletter.error.email.REQUIRED"),
            (Email, Invalid, "newsletter.error.email.INVALID"),
            (Email, TooLong, "newsletter.error.email.INVALID"),
            (FirstName, Required, "newsletter.error.firstName.REQUIRED"),
            (LastName, Required, "newsletter.error.lastName.REQUIRED"),
            (
                FirstName,
                InvalidCharacters,
                "newsletter.error.name.INVALID_CHARACTERS",
            ),
            (
                LastName,
                InvalidCharacters,
                "newsletter.error.name.INVALID_CHARACTERS",
            ),
            // Too long is not "invalid characters": the names have their own message for it.
            (FirstName, TooLong, "newsletter.error.name.TOO_LONG"),
            (LastName, TooLong, "newsletter.error.name.TOO_LONG"),
            (Salutation, Required, "newsletter.error.salutation.REQUIRED"),
            (Legals, Required, "newsletter.error.legals.REQUIRED"),
        ];
        for (field, error, key) in cases {
            assert_eq!(error_text_key(field, error), key, "{field:?} {error:?}");
        }
        // Every pair has a message of its own field (or the names' shared one).
        for field in NewsletterField::ALL {
            for error in [Required, Invalid, TooLong, InvalidCharacters] {
                let key = error_text_key(field, error);
                let named = crate::json::to_string(&field);
                assert!(
                    key.contains(named.trim_matches('"')) || key.contains(".name."),
                    "{field:?} {error:?}: {key}"
                );
            }
        }
    }

    #[test]
    fn a_name_one_character_over_its_maximum_is_too_long_not_invalid() {
        assert_eq!(NewsletterField::Email.max_length(), Some(256));
        assert_eq!(NewsletterField::FirstName.max_length(), Some(40));
        assert_eq!(NewsletterField::LastName.max_length(), Some(40));
        assert_eq!(NewsletterField::Salutation.max_length(), None);
        assert_eq!(NewsletterField::Legals.max_length(), None);
        let at_most = NewsletterField::FirstName.max_length().unwrap_or_default();
        let fits = form("a@b.at", None, &"Anna".repeat(10), &"ő".repeat(at_most));
        assert!(validate_newsletter_form(Site::At, &fits).is_valid());
        let over = form("a@b.at", None, &"a".repeat(at_most + 1), "Muster");
        let errors = validate_newsletter_form(Site::At, &over);
        assert_eq!(errors.first_name, Some(FieldError::TooLong));
        assert_eq!(
            error_text_key(NewsletterField::FirstName, FieldError::TooLong),
            "newsletter.error.name.TOO_LONG"
        );
    }

    proptest! {
        #[test]
        fn never_panics(values in arbitrary_form(), focused in any::<bool>(), given in any::<bool>()) {
            for site in Site::ALL {
                let errors = validate_newsletter_form(site, &values);
                let config = newsletter_form(site);
                // Hidden fields never carry an error.
                if !config.salutation.is_visible() { prop_assert_eq!(errors.salutation, None); }
                if !config.first_name.is_visible() { prop_assert_eq!(errors.first_name, None); }
                if !config.legal_checkbox.is_visible() { prop_assert_eq!(errors.legals, None); }
                prop_assert_eq!(errors.is_valid(), errors.to_map().is_empty());
            }
            let _ = form_expanded(focused, &values);
            let _ = personalised_offers_visible(if given { &[Consent::Dne] } else { &[] });
        }
    }
}
