//! The shop's data-layer events (header spec section 7 "Tracking"; newsletter spec section 7:
//! "tracking events for promotion click, minicart modal open, product or subscription removal,
//! proceeding to cart or checkout and product link click (payload values not shown)"; "Benefit
//! slots 0 to 3 are tracked as free shipping, newsletter registration, cross-channel and
//! service"). Every event is a `ga_event` with a category, an action and a label; the spec
//! leaves the payload values open, so they are chosen here, once, for every fragment.

use crate::cart::SubscriptionTracking;
use crate::json::ToJson;

/// The data-layer event name of every shop event.
pub const TRACKING_EVENT: &str = "ga_event";

/// The longest label sent, in characters (a product title or link text; not in the spec: a
/// guard so that a hostile text cannot flood the data layer).
pub const TRACKING_LABEL_MAX_CHARS: usize = 200;

/// A push to the page's data layer (`window.dataLayer.push(event)`).
#[derive(Clone, Debug, PartialEq, Eq, ToJson)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct TrackingEvent {
    /// `"ga_event"`.
    pub event: &'static str,
    /// `navigation`, `promotion`, `minicart` or `search`.
    pub category: &'static str,
    pub action: String,
    pub label: String,
    pub non_interaction: bool,
    /// A subscription's removal: the subscription's tracking information.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub subscription: Option<SubscriptionTracking>,
}

/// What a shopper did that the shop tracks (besides the navigation's clicks, which carry their
/// path: `header::navigation::navigation_tracking`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, crate::json::Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ShopEvent {
    /// A link or button of a promotion (top banner, category banner, phase integration).
    PromotionClick,
    /// A header benefit; the label is the slot's name (`benefit_slot_name`).
    BenefitClick,
    /// The mini cart opened (as a dialog or in the header's flyout).
    MiniCartOpen,
    ProductRemoval,
    SubscriptionRemoval,
    /// The mini cart's link to the cart page.
    ProceedToCart,
    /// The mini cart's link to the checkout.
    ProceedToCheckout,
    /// A product's link in the mini cart.
    ProductLinkClick,
    /// A product among the search suggestions.
    SuggestionProductClick,
}

impl ShopEvent {
    /// The event's category and action.
    const fn category_and_action(self) -> (&'static str, &'static str) {
        match self {
            ShopEvent::PromotionClick => ("promotion", "promotion click"),
            ShopEvent::BenefitClick => ("promotion", "benefit click"),
            ShopEvent::MiniCartOpen => ("minicart", "open"),
            ShopEvent::ProductRemoval => ("minicart", "remove product"),
            ShopEvent::SubscriptionRemoval => ("minicart", "remove subscription"),
            ShopEvent::ProceedToCart => ("minicart", "proceed to cart"),
            ShopEvent::ProceedToCheckout => ("minicart", "proceed to checkout"),
            ShopEvent::ProductLinkClick => ("minicart", "product link click"),
            ShopEvent::SuggestionProductClick => ("search", "suggestion product click"),
        }
    }
}

/// The data-layer push of a shop event: its category and action, the label trimmed and cut to
/// [`TRACKING_LABEL_MAX_CHARS`]. Every one is a shopper's own action (`nonInteraction` false).
pub fn tracking_event(event: ShopEvent, label: &str) -> TrackingEvent {
    let (category, action) = event.category_and_action();
    let label = label.trim();
    let label = match label.char_indices().nth(TRACKING_LABEL_MAX_CHARS) {
        Some((cut, _)) => label.get(..cut).unwrap_or_default(),
        None => label,
    };
    TrackingEvent {
        event: TRACKING_EVENT,
        category,
        action: action.to_owned(),
        label: label.to_owned(),
        non_interaction: false,
        subscription: None,
    }
}

/// [`tracking_event`], and for a subscription's removal its tracking information (newsletter
/// spec section 3, "Subscription info for tracking"); other events carry none.
pub fn tracking_event_with(
    event: ShopEvent,
    label: &str,
    subscription: Option<SubscriptionTracking>,
) -> TrackingEvent {
    TrackingEvent {
        subscription: subscription.filter(|_| event == ShopEvent::SubscriptionRemoval),
        ..tracking_event(event, label)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn only_a_subscriptions_removal_carries_the_subscription() {
        let subscription = crate::cart::machine_subscription_tracking();
        let event = tracking_event_with(
            ShopEvent::SubscriptionRemoval,
            "Espresso",
            Some(subscription.clone()),
        );
        assert_eq!(
            crate::json::to_string(&event),
            r#"{"event":"ga_event","category":"minicart","action":"remove subscription","label":"Espresso","nonInteraction":false,"subscription":{"subscriptionType":"MACHINE","recurringIntervalDuration":{"intervalDuration":2,"intervalUnit":"MONTH"},"giftSubscriptionInformation":{"numberOfDeliveries":6},"subscriptionConfigurationId":"abo-1","recurringArticlesPrice":{"calculatedPrice":2999}}}"#
        );
        let other = tracking_event_with(ShopEvent::ProductRemoval, "Tasse", Some(subscription));
        assert_eq!(other, tracking_event(ShopEvent::ProductRemoval, "Tasse"));
        assert_eq!(
            tracking_event_with(ShopEvent::SubscriptionRemoval, "Abo", None).subscription,
            None
        );
    }

    #[test]
    fn no_event_but_a_subscriptions_removal_carries_a_subscription() {
        for event in [
            ShopEvent::PromotionClick,
            ShopEvent::BenefitClick,
            ShopEvent::MiniCartOpen,
            ShopEvent::ProductRemoval,
            ShopEvent::ProceedToCart,
            ShopEvent::ProceedToCheckout,
            ShopEvent::ProductLinkClick,
            ShopEvent::SuggestionProductClick,
        ] {
            let subscription = Some(crate::cart::machine_subscription_tracking());
            let pushed = tracking_event_with(event, "Espresso", subscription);
            assert_eq!(pushed, tracking_event(event, "Espresso"), "{event:?}");
        }
    }

    #[test]
    fn every_event_has_its_category_and_action() {
        let table = [
            (ShopEvent::PromotionClick, "promotion", "promotion click"),
            (ShopEvent::BenefitClick, "promotion", "benefit click"),
            (ShopEvent::MiniCartOpen, "minicart", "open"),
            (ShopEvent::ProductRemoval, "minicart", "remove product"),
            (
                ShopEvent::SubscriptionRemoval,
                "minicart",
                "remove subscription",
            ),
            (ShopEvent::ProceedToCart, "minicart", "proceed to cart"),
            (
                ShopEvent::ProceedToCheckout,
                "minicart",
                "proceed to checkout",
            ),
            (
                ShopEvent::ProductLinkClick,
                "minicart",
                "product link click",
            ),
            (
                ShopEvent::SuggestionProductClick,
                "search",
                "suggestion product click",
            ),
        ];
        for (event, category, action) in table {
            let pushed = tracking_event(event, " Barista ");
            assert_eq!(
                (
                    pushed.event,
                    pushed.category,
                    pushed.action.as_str(),
                    pushed.label.as_str()
                ),
                (TRACKING_EVENT, category, action, "Barista"),
                "{event:?}"
            );
            assert!(!pushed.non_interaction);
        }
        assert_eq!(
            crate::json::to_string(&tracking_event(ShopEvent::BenefitClick, "free shipping")),
            r#"{"event":"ga_event","category":"promotion","action":"benefit click","label":"free shipping","nonInteraction":false}"#
        );
    }

    #[test]
    fn long_labels_are_cut_at_a_character() {
        let long = "ä".repeat(TRACKING_LABEL_MAX_CHARS + 5);
        let label = tracking_event(ShopEvent::ProductLinkClick, &long).label;
        assert_eq!(label.chars().count(), TRACKING_LABEL_MAX_CHARS);
        // Titles and link texts of up to 200 characters arrive whole; the 201st goes.
        let whole = "ß".repeat(200);
        assert_eq!(
            tracking_event(ShopEvent::ProductLinkClick, &whole).label,
            whole
        );
        let over = [whole.as_str(), "x"].concat();
        assert_eq!(
            tracking_event(ShopEvent::ProductLinkClick, &over).label,
            whole
        );
    }

    proptest! {
        #[test]
        fn total_on_any_label(label in any::<String>()) {
            let event = tracking_event(ShopEvent::PromotionClick, &label);
            prop_assert!(event.label.chars().count() <= TRACKING_LABEL_MAX_CHARS);
            prop_assert_eq!(event.label.trim(), event.label.as_str());
        }
    }
}
