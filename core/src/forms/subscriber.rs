//! A newsletter subscriber after the sign-up (newsletter spec section 7: `GET
//! /newsletter-subscribers/{subscriberToken}` answers "the subscriber", `PUT
//! /newsletter-subscribers/{subscriberToken}` takes "a JSON update body", `PUT
//! .../{subscriberToken}/doi` confirms the double opt-in).
//!
//! The spec shows neither the subscriber's fields nor the update's. The shop's choice: the
//! subscriber is what the sign-up stored (address, site, double opt-in status, salutation, names,
//! consents), and an update changes what the visitor entered besides the address, judged by the
//! same rules as a sign-up on the subscriber's site. The address itself never changes: a new
//! address is a new sign-up with its own double opt-in.

use crate::content::NewsletterStatus;
use crate::json::{FromJson, Json, Value};
use crate::site::Site;

use super::newsletter::{Consent, Salutation};
use super::signup::SIGNUP_ERROR_BODY_MAX_BYTES;

/// The resource of one subscriber's double opt-in below its token (spec section 7: "PUT
/// /newsletter-subscribers/{subscriberToken}/doi").
pub const SUBSCRIBER_DOI_RESOURCE: &str = "doi";

/// The kind of a subscription (spec section 3: "Subscription type enumeration: NEWSLETTER").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum NewsletterSubscriptionType {
    #[default]
    Newsletter,
}

/// A newsletter topic a subscriber can choose (spec section 3: "Newsletter category
/// enumeration").
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum NewsletterCategory {
    WomenFashion,
    MenFashion,
    Sport,
    LivingFurniture,
    Hobby,
    Kids,
    Kitchen,
    Sleeping,
    Discounts,
    Coffee,
    Mobile,
    /// The loyalty card's news.
    #[serde(rename = "TCHIBO_CARD")]
    LoyaltyCard,
    /// The shops' news.
    Store,
}

/// Categories once each, in the enumeration's order. Each is put in its place as it comes
/// (at most thirteen): the standard sort would bring 3.4 KB of code to the browser build for this
/// one use.
pub fn distinct_categories(categories: &[NewsletterCategory]) -> Vec<NewsletterCategory> {
    let mut distinct: Vec<NewsletterCategory> = Vec::new();
    for category in categories {
        if let Err(place) = distinct.binary_search(category) {
            distinct.insert(place, *category);
        }
    }
    distinct
}

/// A subscriber as the newsletter service answers it. Absent optional fields are left out of the
/// JSON. `categories` are the topics chosen; none chosen means every topic.
#[derive(Clone, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct Subscriber {
    pub subscriber_token: String,
    pub email: String,
    pub site: Site,
    pub status: NewsletterStatus,
    #[serde(default)]
    pub subscription_type: NewsletterSubscriptionType,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub salutation: Option<Salutation>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_name: Option<String>,
    pub consents: Vec<Consent>,
    #[serde(default)]
    pub categories: Vec<NewsletterCategory>,
}

/// The body of `PUT /newsletter-subscribers/{subscriberToken}`: each field given replaces the
/// stored one (`consents` the whole list, so a consent can be withdrawn); an absent field stays
/// as it is. Fields the subscriber's site does not show are ignored, as in the sign-up.
#[derive(Clone, Debug, Default, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(default, rename_all = "camelCase")]
pub struct SubscriberUpdate {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub salutation: Option<Salutation>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub consents: Option<Vec<Consent>>,
    /// The topics, the whole list (empty: every topic).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub categories: Option<Vec<NewsletterCategory>>,
}

/// Reads the service's subscriber answer: `None` unless the body is a JSON object of at most
/// [`SIGNUP_ERROR_BODY_MAX_BYTES`] with a non-blank `subscriberToken` and `email` and one of the
/// nine site codes. An unknown `status` reads as `OTHER`; an unknown salutation, a name that is
/// not a text and consents and categories the shop does not know are left out.
pub fn parse_subscriber(body: &str) -> Option<Subscriber> {
    use crate::content::{items_at, parse_document_up_to, text_at};
    let data = parse_document_up_to(body, SIGNUP_ERROR_BODY_MAX_BYTES)?;
    if !matches!(data, Value::Object(_)) {
        return None;
    }
    let text = |key: &str| text_at(&data, &[key]).map(|value| value.trim().to_owned());
    let mut consents: Vec<Consent> = items_at(&data, &["consents"])
        .iter()
        .filter_map(|consent| FromJson::from_json(consent).ok())
        .collect();
    consents.dedup();
    let categories: Vec<NewsletterCategory> = items_at(&data, &["categories"])
        .iter()
        .filter_map(|category| FromJson::from_json(category).ok())
        .collect();
    Some(Subscriber {
        subscriber_token: text("subscriberToken").filter(|token| !token.is_empty())?,
        email: text("email").filter(|email| !email.is_empty())?,
        site: Site::from_code(text("site")?.as_str())?,
        status: text("status").map_or(NewsletterStatus::Other, |status| {
            crate::content::visitor::newsletter_status_from_code(&status)
        }),
        subscription_type: NewsletterSubscriptionType::Newsletter,
        salutation: data
            .get("salutation")
            .and_then(|salutation| FromJson::from_json(salutation).ok()),
        first_name: text("firstName"),
        last_name: text("lastName"),
        consents,
        categories: distinct_categories(&categories),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::{from_str, to_string};
    use proptest::prelude::*;

    const KEYS: &[&str] = &[
        "subscriberToken",
        "email",
        "site",
        "status",
        "salutation",
        "firstName",
        "lastName",
        "consents",
    ];
    const TEXTS: &[&str] = &["DE", "CH_FR", "SUBSCRIBED", "MRS", "DNE", "a@b.de"];

    #[test]
    fn a_subscriber_answer_is_read() {
        let body = r#"{"subscriberToken":"t0k3n","email":"anna@example.com","site":"CH_FR","status":"WAITING_FOR_DOI","salutation":"MRS","firstName":" Anna ","lastName":"Muster","consents":["DNE","SPAM","DNE"],"categories":["STORE","COFFEE","GARDEN","COFFEE",3,"TCHIBO_CARD"]}"#;
        assert_eq!(
            parse_subscriber(body),
            Some(Subscriber {
                subscriber_token: "t0k3n".into(),
                email: "anna@example.com".into(),
                site: Site::ChFr,
                status: NewsletterStatus::WaitingForDoi,
                salutation: Some(Salutation::Mrs),
                first_name: Some("Anna".into()),
                last_name: Some("Muster".into()),
                consents: vec![Consent::Dne],
                subscription_type: NewsletterSubscriptionType::Newsletter,
                // Known ones once each, in the enumeration's order.
                categories: vec![
                    NewsletterCategory::Coffee,
                    NewsletterCategory::LoyaltyCard,
                    NewsletterCategory::Store,
                ],
            })
        );
    }

    #[test]
    fn every_site_code_and_status_is_read() {
        for site in Site::ALL {
            for (code, status) in [
                ("SUBSCRIBED", NewsletterStatus::Subscribed),
                ("waiting_for_doi", NewsletterStatus::WaitingForDoi),
                ("UNSUBSCRIBED", NewsletterStatus::Other),
            ] {
                let body = serde_json::json!({
                    "subscriberToken": "t", "email": "a@b.de", "site": site.code(), "status": code,
                })
                .to_string();
                let subscriber = parse_subscriber(&body);
                assert_eq!(subscriber.as_ref().map(|s| s.site), Some(site), "{body}");
                assert_eq!(subscriber.map(|s| s.status), Some(status), "{body}");
            }
        }
    }

    #[test]
    fn odd_fields_are_left_out_and_broken_answers_are_none() {
        let odd = parse_subscriber(
            r#"{"subscriberToken":"t","email":"a@b.de","site":"AT","salutation":"KING","firstName":7,"consents":"DNE"}"#,
        );
        assert_eq!(
            odd,
            Some(Subscriber {
                subscriber_token: "t".into(),
                email: "a@b.de".into(),
                site: Site::At,
                status: NewsletterStatus::Other,
                salutation: None,
                first_name: None,
                last_name: None,
                consents: Vec::new(),
                subscription_type: NewsletterSubscriptionType::Newsletter,
                categories: Vec::new(),
            })
        );
        for body in [
            "",
            "{",
            "[]",
            "null",
            "<html>",
            r#"{"email":"a@b.de","site":"DE"}"#,
            r#"{"subscriberToken":" ","email":"a@b.de","site":"DE"}"#,
            r#"{"subscriberToken":"t","email":"","site":"DE"}"#,
            r#"{"subscriberToken":"t","email":"a@b.de","site":"FR"}"#,
            r#"{"subscriberToken":"t","email":"a@b.de"}"#,
        ] {
            assert_eq!(parse_subscriber(body), None, "{body:?}");
        }
        let huge = [
            r#"{"subscriberToken":"t","email":"a@b.de","site":"DE","firstName":""#,
            &"x".repeat(SIGNUP_ERROR_BODY_MAX_BYTES),
            "\"}",
        ]
        .concat();
        assert_eq!(parse_subscriber(&huge), None);
    }

    #[test]
    fn a_subscriber_is_written_as_it_is_read() {
        let subscriber = Subscriber {
            subscriber_token: "t".into(),
            email: "a@b.de".into(),
            site: Site::Hu,
            status: NewsletterStatus::Subscribed,
            salutation: Some(Salutation::Mr),
            first_name: Some("Ádám".into()),
            last_name: None,
            consents: vec![Consent::Dne],
            subscription_type: NewsletterSubscriptionType::Newsletter,
            categories: vec![NewsletterCategory::Kitchen, NewsletterCategory::LoyaltyCard],
        };
        let written = to_string(&subscriber);
        assert_eq!(
            written,
            r#"{"subscriberToken":"t","email":"a@b.de","site":"HU","status":"SUBSCRIBED","subscriptionType":"NEWSLETTER","salutation":"MR","firstName":"Ádám","consents":["DNE"],"categories":["KITCHEN","TCHIBO_CARD"]}"#
        );
        assert_eq!(parse_subscriber(&written), Some(subscriber));
    }

    #[test]
    fn an_update_names_only_what_changes() {
        let update: SubscriberUpdate = from_str(r#"{"lastName":"Neu","consents":[]}"#)
            .unwrap_or_else(|error| panic!("{}", error.message()));
        assert_eq!(
            update,
            SubscriberUpdate {
                last_name: Some("Neu".into()),
                consents: Some(Vec::new()),
                ..SubscriberUpdate::default()
            }
        );
        assert_eq!(to_string(&update), r#"{"lastName":"Neu","consents":[]}"#);
        assert_eq!(
            from_str::<SubscriberUpdate>("{}").ok(),
            Some(SubscriberUpdate::default())
        );
        let topics: SubscriberUpdate =
            from_str(r#"{"categories":["SPORT","WOMEN_FASHION","MEN_FASHION","LIVING_FURNITURE","HOBBY","KIDS","KITCHEN","SLEEPING","DISCOUNTS","COFFEE","MOBILE","TCHIBO_CARD","STORE"]}"#)
                .unwrap_or_else(|error| panic!("{}", error.message()));
        assert_eq!(topics.categories.map(|c| c.len()), Some(13));
        for refused in [
            r#"{"categories":["GARDEN"]}"#,
            r#"{"salutation":"KING"}"#,
            r#"{"consents":"DNE"}"#,
            r#"{"firstName":7}"#,
            "[]",
        ] {
            assert!(from_str::<SubscriberUpdate>(refused).is_err(), "{refused}");
        }
    }

    proptest! {
        #[test]
        fn any_text_reads_without_panic(body in any::<String>()) {
            let _ = parse_subscriber(&body);
            let _ = from_str::<SubscriberUpdate>(&body);
        }

        #[test]
        fn any_json_reads_without_panic(
            value in crate::content::strategies::json_over(KEYS, TEXTS, 3, 32),
        ) {
            let body = value.to_string();
            let _ = parse_subscriber(&body);
            let _ = from_str::<SubscriberUpdate>(&body);
        }

        /// The categories once each in the enumeration's order: what sorting and removing the
        /// repeats gives.
        #[test]
        fn distinct_categories_sorts_and_drops_repeats(picks in proptest::collection::vec(0usize..13, 0..40)) {
            let all = [
                NewsletterCategory::WomenFashion,
                NewsletterCategory::MenFashion,
                NewsletterCategory::Sport,
                NewsletterCategory::LivingFurniture,
                NewsletterCategory::Hobby,
                NewsletterCategory::Kids,
                NewsletterCategory::Kitchen,
                NewsletterCategory::Sleeping,
                NewsletterCategory::Discounts,
                NewsletterCategory::Coffee,
                NewsletterCategory::Mobile,
                NewsletterCategory::LoyaltyCard,
                NewsletterCategory::Store,
            ];
            let categories: Vec<NewsletterCategory> =
                picks.iter().filter_map(|pick| all.get(*pick).copied()).collect();
            let mut expected = categories.clone();
            expected.sort();
            expected.dedup();
            prop_assert_eq!(distinct_categories(&categories), expected);
        }
    }
}
