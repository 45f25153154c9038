//! The sign-up page's form without JavaScript (newsletter spec section 5 "Sign-up form"): the
//! server renders the site's form (the core's `newsletter_form`: the fields the site shows and
//! requires, its salutations, the legal notice with the site's links and minimum age) in the
//! newsletter fragment's words (`texts/newsletter.json`), and takes it as a plain form post to
//! `{site prefix}/subscribenewsletter`.
//!
//! The page hides the form while the sign-up fragment loads (CSS `scripting: enabled`); it shows
//! when scripts are off, and the shell shows it when the fragment cannot load. A post is judged
//! by the same rules as the fragment's form and the newsletter service: a filled trap field is a
//! bot (success, nothing stored); `validate_newsletter_form` for the site, each error with its
//! message under its field (`error_text_key`; a name too long is told the field's maximum,
//! `NewsletterField::max_length`, which is also each text input's `maxlength`), every value kept
//! and the first field in error focused; otherwise the request the core builds
//! (`build_signup_request`, origin `NEWSLETTER`, the page's `SIGNUP_PAGE_ORIGIN_ADDITION`) is
//! judged and stored as the service stores it, and the success message names the address. A store that fails (or the `newsletter` test fault) keeps every value and
//! shows the generic error.
//!
//! A logged-in customer (newsletter spec sections 4 and 6): the page reads the customer base
//! data (`newsletter::customer_base_data`, the base-data call's answer read by the core's
//! `parse_customer_base_data`) on GET and POST. The form the page shows has the e-mail,
//! salutation and name fields prefilled from it, as the fragment's prefill fills its empty
//! fields; a post is judged as sent (the visitor sent the prefilled values or changed them: what
//! was sent wins, an emptied field included, and a post never signs up an address it did not
//! carry). A consent the customer has already given hides its checkbox
//! (`personalised_offers_visible`), on the form and on a refused post's form, and is left out of
//! the request (`build_signup_request` with the consents already given).

use shop_core::forms::{
    Consent, CustomerBaseData, DoiNotice, FieldVisibility, Legal, NewsletterField, NewsletterForm,
    NewsletterFormErrors, Origin, SALUTATION_FORM_ORDER, SIGNUP_PAGE_ORIGIN_ADDITION,
    build_signup_request, doi_notice, error_text_key, is_bot_submission, newsletter_form,
    personalised_offers_visible, validate_newsletter_form,
};
use shop_core::header::links::NEWSLETTER_SIGNUP_PATH;
use shop_core::site::{Locale, Site};
use shop_core::url::query_value;

use crate::api::{code, from_code};
use crate::app::AppState;
use crate::html::escape;
use crate::newsletter::{Refusal, judge, store_signup};
use crate::pages::site_prefix;
use crate::texts::text;

/// The trap field's name: people never see it; a bot fills it.
const TRAP_FIELD: &str = "website";

/// What became of a posted form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Submitted {
    /// Signed up (or a bot, shown the same): the confirmation e-mail went to `email`.
    Sent { email: String },
    /// A rule of the site refused it: the values as sent, the errors per field.
    Refused {
        form: NewsletterForm,
        errors: NewsletterFormErrors,
    },
    /// It could not be stored: the values as sent.
    Failed { form: NewsletterForm },
}

/// The consents a logged-in customer has already given (none for a visitor).
fn consents_given(base: Option<&CustomerBaseData>) -> &[Consent] {
    base.map_or(&[], |base| base.consents_already_given.as_slice())
}

/// The form with the customer's base data in the e-mail, salutation and name fields that are
/// still empty (blank counts as empty), as the fragment's prefill fills them: a value already
/// there wins. Consents and legals are the visitor's alone.
fn prefilled(form: NewsletterForm, base: Option<&CustomerBaseData>) -> NewsletterForm {
    let Some(base) = base else {
        return form;
    };
    let or_base = |value: String, prefill: &str| {
        if value.trim().is_empty() {
            prefill.to_owned()
        } else {
            value
        }
    };
    NewsletterForm {
        email: or_base(form.email, &base.form.email),
        salutation: form.salutation.or(base.form.salutation),
        first_name: or_base(form.first_name, &base.form.first_name),
        last_name: or_base(form.last_name, &base.form.last_name),
        consents: form.consents,
        legals: form.legals,
    }
}

/// Reads a posted form (`application/x-www-form-urlencoded`) and signs it up when the site's
/// rules accept it; `base` is the logged-in customer's base data, whose consents already given
/// the request leaves out; `visitor` is the visitor id the browser came with. The values are the ones sent
/// (no prefill: see the module's notes).
pub fn submit(
    state: &AppState,
    site: Site,
    body: &str,
    base: Option<&CustomerBaseData>,
    visitor: Option<&str>,
) -> Submitted {
    let field = |name: &str| query_value(body, name).unwrap_or_default();
    let form = NewsletterForm {
        email: field("email"),
        salutation: from_code(&field("salutation")),
        first_name: field("firstName"),
        last_name: field("lastName"),
        consents: if field("consents") == "DNE" {
            vec![Consent::Dne]
        } else {
            Vec::new()
        },
        legals: if field("legals") == "NEWSLETTER" {
            vec![Legal::Newsletter]
        } else {
            Vec::new()
        },
    };
    if is_bot_submission(&field(TRAP_FIELD)) {
        return Submitted::Sent {
            email: form.email.trim().to_owned(),
        };
    }
    let errors = validate_newsletter_form(site, &form);
    if !errors.is_valid() {
        return Submitted::Refused { form, errors };
    }
    // The `newsletter` test fault fails this sign-up as it fails the service's.
    if state.faults.newsletter() {
        return Submitted::Failed { form };
    }
    let request = build_signup_request(
        site,
        &form,
        Origin::Newsletter,
        SIGNUP_PAGE_ORIGIN_ADDITION,
        consents_given(base),
    );
    match judge(site, &request) {
        Ok(accepted) if store_signup(state, site, &accepted, visitor).is_ok() => Submitted::Sent {
            email: request.email,
        },
        Ok(_) => Submitted::Failed { form },
        // The service's judgement is the same rules, which passed above; should it still refuse,
        // its errors are shown.
        Err(Refusal::Email(error)) => Submitted::Refused {
            form,
            errors: NewsletterFormErrors {
                email: Some(error.into()),
                ..NewsletterFormErrors::default()
            },
        },
        Err(Refusal::Fields(errors)) => Submitted::Refused { form, errors },
    }
}

/// The sign-up without JavaScript: the outcome of a post, or the form (empty, or prefilled from
/// the logged-in customer's base data `base`) with the notice a confirmation link sent the
/// visitor back with (`?doi=`). A consent the customer has already given has no checkbox.
pub fn signup_html(
    site: Site,
    query: &str,
    submitted: Option<&Submitted>,
    base: Option<&CustomerBaseData>,
) -> String {
    let locale = site.locale();
    let t = |key: &str| escape(&text(locale, key, &[]));
    let notice = match (submitted, doi_notice(query)) {
        (Some(Submitted::Failed { .. }), _) => banner("error", &t("newsletter.error.generic")),
        (None, Some(DoiNotice::Confirmed)) => banner("success", &t("newsletter.doi.confirmed")),
        (None, Some(DoiNotice::Invalid)) => banner("warning", &t("newsletter.doi.invalid")),
        _ => String::new(),
    };
    let body = match submitted {
        Some(Submitted::Sent { email }) => format!(
            "<div class=\"shell-signup__success\" role=\"status\"><h2>{}</h2><p>{}</p></div>",
            t("newsletter.success.title"),
            escape(&text(
                locale,
                "newsletter.success.text",
                &[("email", email)]
            ))
        ),
        Some(Submitted::Refused { form, errors }) => form_html(site, locale, form, errors, base),
        Some(Submitted::Failed { form }) => {
            form_html(site, locale, form, &NewsletterFormErrors::default(), base)
        }
        None => form_html(
            site,
            locale,
            &prefilled(NewsletterForm::default(), base),
            &NewsletterFormErrors::default(),
            base,
        ),
    };
    format!(
        "<div class=\"shell-signup\"><p class=\"shell-signup__intro\">{}</p>{notice}{body}</div>",
        t("newsletter.intro")
    )
}

fn banner(kind: &str, message: &str) -> String {
    format!("<p class=\"shell-banner shell-banner--{kind}\" role=\"alert\">{message}</p>")
}

/// The form with its values and errors; the first field in error has the focus; no checkbox for
/// a consent the customer (`base`) has already given.
fn form_html(
    site: Site,
    locale: Locale,
    form: &NewsletterForm,
    errors: &NewsletterFormErrors,
    base: Option<&CustomerBaseData>,
) -> String {
    let t = |key: &str| escape(&text(locale, key, &[]));
    let config = newsletter_form(site);
    let first_error = errors.to_map().into_keys().next();
    let prefix = site_prefix(site);
    let link = |path: &str, key: &str| {
        format!(
            "<a href=\"{}\">{}</a>",
            escape(&[prefix.as_str(), path].concat()),
            t(key)
        )
    };
    // A field's id, its error's id and the attributes that tie them together.
    let id = |field: NewsletterField| ["shell-signup-", &code(&field)].concat();
    // The message under a field in error; the one for a name too long says the field's maximum
    // (`{max}`).
    let error_of = |field: NewsletterField| {
        errors.get(field).map_or_else(String::new, |error| {
            let max = field.max_length().map(|max| max.to_string());
            let values: Vec<(&str, &str)> = max.iter().map(|max| ("max", max.as_str())).collect();
            format!(
                "<p class=\"shell-signup__error\" id=\"{}-error\">{}</p>",
                id(field),
                escape(&text(locale, error_text_key(field, error), &values))
            )
        })
    };
    let state = |field: NewsletterField| {
        let mut attributes = String::new();
        if errors.get(field).is_some() {
            attributes.push_str(&format!(
                " aria-invalid=\"true\" aria-describedby=\"{}-error\"",
                id(field)
            ));
        }
        if first_error == Some(field) {
            attributes.push_str(" autofocus");
        }
        attributes
    };
    let label = |key: &str, visibility: FieldVisibility| {
        let mark = if visibility.is_required() { " *" } else { "" };
        [t(key).as_str(), mark].concat()
    };
    // A required field says so to assistive technology too, not only by its label's mark (the
    // form leaves checking to the server: `novalidate`).
    let required_attribute = |visibility: FieldVisibility| {
        if visibility.is_required() {
            " aria-required=\"true\""
        } else {
            ""
        }
    };
    let text_field = |field: NewsletterField,
                      key: &str,
                      visibility: FieldVisibility,
                      value: &str,
                      kind: &str,
                      autocomplete: &str| {
        let required = required_attribute(visibility);
        // As the fragment's inputs: no more characters than the field takes (the rules still
        // judge a post that carries more).
        let maxlength = field
            .max_length()
            .map_or_else(String::new, |max| format!(" maxlength=\"{max}\""));
        format!(
            "<div class=\"shell-signup__field\"><label for=\"{id}\">{label}</label>\
             <input id=\"{id}\" type=\"{kind}\" name=\"{name}\" value=\"{value}\"{maxlength} autocomplete=\"{autocomplete}\"{required}{state}>{error}</div>",
            id = id(field),
            label = label(key, visibility),
            name = id(field).trim_start_matches("shell-signup-"),
            value = escape(value),
            state = state(field),
            error = error_of(field),
        )
    };

    let mut fields = text_field(
        NewsletterField::Email,
        "newsletter.email",
        FieldVisibility::Required,
        &form.email,
        "email",
        "email",
    );
    if config.salutation.is_visible() {
        let options: String = SALUTATION_FORM_ORDER
            .iter()
            .enumerate()
            .map(|(position, salutation)| {
                let value = code(salutation);
                let value = value.as_str();
                let checked = if form.salutation == Some(*salutation) {
                    " checked"
                } else {
                    ""
                };
                // The group's error goes with its first choice (the one focused).
                let state = if position == 0 {
                    state(NewsletterField::Salutation)
                } else {
                    String::new()
                };
                format!(
                    "<label><input type=\"radio\" name=\"salutation\" value=\"{value}\"{checked}{state}> {}</label>",
                    t(&["newsletter.salutation.", value].concat())
                )
            })
            .collect();
        fields.push_str(&format!(
            "<fieldset class=\"shell-signup__choices\" role=\"radiogroup\"{}><legend>{}</legend>{options}{}</fieldset>",
            required_attribute(config.salutation),
            label("newsletter.salutation", config.salutation),
            error_of(NewsletterField::Salutation)
        ));
    }
    for (field, key, visibility, value, autocomplete) in [
        (
            NewsletterField::FirstName,
            "newsletter.firstName",
            config.first_name,
            &form.first_name,
            "given-name",
        ),
        (
            NewsletterField::LastName,
            "newsletter.lastName",
            config.last_name,
            &form.last_name,
            "family-name",
        ),
    ] {
        if visibility.is_visible() {
            fields.push_str(&text_field(
                field,
                key,
                visibility,
                value,
                "text",
                autocomplete,
            ));
        }
    }
    let links = &config.links;
    let legal_links: String = [
        (
            &links.data_protection_notice,
            "newsletter.dataProtectionNoticeLink",
        ),
        (
            &links.newsletter_information,
            "newsletter.newsletterInformationLink",
        ),
        (
            &links.commercial_message_consent,
            "newsletter.commercialMessageConsentLink",
        ),
        (&links.marketing_consent, "newsletter.marketingConsentLink"),
        (&links.privacy_notice, "newsletter.privacyNoticeLink"),
        (&links.sample_newsletter, "newsletter.sampleNewsletterLink"),
        (&Some(links.contact.clone()), "newsletter.contactLink"),
    ]
    .into_iter()
    .filter_map(|(path, key)| {
        path.as_deref()
            .map(|path| format!("<li>{}</li>", link(path, key)))
    })
    .collect();
    fields.push_str(&format!(
        "<details class=\"shell-signup__legal\"><summary>{}</summary><p>{}</p><ul>{legal_links}</ul></details>",
        t("newsletter.legal.title"),
        escape(&text(
            locale,
            "newsletter.legal.text",
            &[("age", &config.minimum_age.to_string())]
        ))
    ));
    let checkbox = |field: Option<NewsletterField>,
                    name: &str,
                    value: &str,
                    key: &str,
                    checked: bool,
                    visibility: FieldVisibility| {
        let (state, error, id) = match field {
            Some(field) => (
                state(field),
                error_of(field),
                format!(" id=\"{}\"", id(field)),
            ),
            None => (String::new(), String::new(), String::new()),
        };
        format!(
            "<div class=\"shell-signup__check\"><label><input type=\"checkbox\" name=\"{name}\" value=\"{value}\"{id}{checked}{required}{state}> {}</label>{error}</div>",
            label(key, visibility),
            checked = if checked { " checked" } else { "" },
            required = required_attribute(visibility),
        )
    };
    if config.legal_checkbox.is_visible() {
        fields.push_str(&checkbox(
            Some(NewsletterField::Legals),
            "legals",
            "NEWSLETTER",
            "newsletter.legalCheckbox",
            form.legals.contains(&Legal::Newsletter),
            config.legal_checkbox,
        ));
    }
    if personalised_offers_visible(consents_given(base)) {
        fields.push_str(&checkbox(
            None,
            "consents",
            "DNE",
            "newsletter.consent.DNE",
            form.consents.contains(&Consent::Dne),
            FieldVisibility::Optional,
        ));
    }
    format!(
        "<form class=\"shell-signup__form\" method=\"post\" action=\"{action}\" novalidate>{fields}\
         <div class=\"shell-signup__trap\" aria-hidden=\"true\"><label>Website \
         <input type=\"text\" name=\"{TRAP_FIELD}\" tabindex=\"-1\" autocomplete=\"off\" value=\"\"></label></div>\
         <p>{privacy} {privacy_link}</p>\
         <button type=\"submit\">{submit}</button>\
         <p class=\"shell-signup__mandatory\">{mandatory}</p>\
         <p class=\"shell-signup__footnote\">{footnote} {conditions}</p></form>",
        action = escape(&[prefix.as_str(), NEWSLETTER_SIGNUP_PATH].concat()),
        privacy = t("newsletter.privacy"),
        privacy_link = link(&links.privacy, "newsletter.privacyLink"),
        submit = t("newsletter.submit"),
        mandatory = t("newsletter.mandatory"),
        footnote = t("newsletter.voucherFootnote"),
        conditions = link(
            &links.voucher_conditions,
            "newsletter.voucherConditionsLink"
        ),
    )
}
