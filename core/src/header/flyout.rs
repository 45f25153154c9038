//! The header icon bar's flyouts (spec section 2 "Header icon bar", section 4 "Flyouts").
//!
//! One state, [`Flyout`], and one transition, [`next_flyout`]: the view reports what the
//! shopper did ([`FlyoutEvent`]) and shows what the core answers. Timers stay in the view: it
//! sends `hoverIntent` once the pointer rested on an icon for
//! [`crate::layout::FLYOUT_HOVER_DELAY_MS`] (200 ms).

use crate::json::Json;

/// Which icon flyout is open: at most one at a time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Flyout {
    #[default]
    None,
    Cart,
    StoreFinder,
    UserMenu,
    Search,
}

/// What the page says about the cart flyout.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct FlyoutContext {
    /// The current page type is the basket.
    pub page_is_basket: bool,
    /// The mini cart is switched on for the page.
    pub mini_cart_enabled: bool,
}

/// What the shopper did. JSON: `{ "kind": "hoverIntent", "flyout": "SEARCH" }`, `{ "kind":
/// "close" }` (internally tagged, camelCase kinds, as the core's other tagged enums).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum FlyoutEvent {
    /// The mouse pointer rested on an icon for the hover delay (200 ms); `focusInFlyout`: the
    /// keyboard focus is inside the open flyout.
    HoverIntent {
        flyout: Flyout,
        #[serde(default, rename = "focusInFlyout")]
        #[cfg_attr(feature = "ts", tsify(optional))]
        focus_in_flyout: bool,
    },
    /// A touch on an icon.
    Tap { flyout: Flyout },
    /// A click or keyboard activation of the icon's button: toggles.
    Activate { flyout: Flyout },
    /// The pointer left the icon and its flyout; `focusInFlyout`: the keyboard focus is inside
    /// the open flyout (the shopper is typing a search or a postcode there).
    PointerLeft {
        #[serde(default, rename = "focusInFlyout")]
        #[cfg_attr(feature = "ts", tsify(optional))]
        focus_in_flyout: bool,
    },
    /// Esc, the close button or a click outside.
    Close,
}

/// The cart flyout may open only when the page is not the basket and the mini cart is on.
pub const fn cart_flyout_allowed(context: FlyoutContext) -> bool {
    !context.page_is_basket && context.mini_cart_enabled
}

/// The flyout after an event:
/// - `hoverIntent` opens its flyout, replacing any other, unless the focus is inside the open
///   flyout: the mouse resting on another icon must not take away the field or link the
///   keyboard (or a shopper typing) is in, and with it the focus (it would fall to the page);
/// - `tap` opens its flyout, or closes it when it is the open one; a tap on the cart icon
///   changes nothing (on touch the cart icon is a link to the cart page);
/// - `activate` toggles: closes its flyout when open, opens it (replacing any other) otherwise;
/// - `pointerLeft` closes, unless the focus is inside the open flyout: the pointer wandering
///   off while the shopper types a search term or a postcode there must not take the field,
///   and the text typed into it, away (a keyboard user's focus would fall to the page). Such a
///   flyout closes on `close` (Esc, the close button, a press outside, focus moving on);
/// - `close` closes.
///
/// The cart never opens when [`cart_flyout_allowed`] says no; such an attempt leaves the state
/// as it was (the cart icon then is a plain link), and an open cart flyout in a context that no
/// longer allows it counts as closed. Opening `NONE` closes.
pub fn next_flyout(current: Flyout, event: FlyoutEvent, context: FlyoutContext) -> Flyout {
    let allowed = |flyout: Flyout| flyout != Flyout::Cart || cart_flyout_allowed(context);
    let current = if allowed(current) {
        current
    } else {
        Flyout::None
    };
    let open = |flyout: Flyout| if allowed(flyout) { flyout } else { current };
    match event {
        FlyoutEvent::HoverIntent {
            focus_in_flyout: true,
            ..
        } if current != Flyout::None => current,
        FlyoutEvent::HoverIntent { flyout, .. } => open(flyout),
        FlyoutEvent::Tap {
            flyout: Flyout::Cart,
        } => current,
        FlyoutEvent::Tap { flyout } | FlyoutEvent::Activate { flyout } if flyout == current => {
            Flyout::None
        }
        FlyoutEvent::Tap { flyout } | FlyoutEvent::Activate { flyout } => open(flyout),
        FlyoutEvent::PointerLeft {
            focus_in_flyout: true,
        } => current,
        FlyoutEvent::PointerLeft { .. } | FlyoutEvent::Close => Flyout::None,
    }
}

/// The page is overlaid and marked flyout-open while a header flyout or the navigation flyout
/// is open.
pub fn page_overlay_shown(flyout: Flyout, navigation_open: bool) -> bool {
    flyout != Flyout::None || navigation_open
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const LEFT: FlyoutEvent = FlyoutEvent::PointerLeft {
        focus_in_flyout: false,
    };
    const LEFT_WITH_FOCUS: FlyoutEvent = FlyoutEvent::PointerLeft {
        focus_in_flyout: true,
    };

    const ALL: [Flyout; 5] = [
        Flyout::None,
        Flyout::Cart,
        Flyout::StoreFinder,
        Flyout::UserMenu,
        Flyout::Search,
    ];
    const ICONS: [Flyout; 4] = [
        Flyout::Search,
        Flyout::StoreFinder,
        Flyout::UserMenu,
        Flyout::Cart,
    ];
    const ON: FlyoutContext = FlyoutContext {
        page_is_basket: false,
        mini_cart_enabled: true,
    };
    const BASKET: FlyoutContext = FlyoutContext {
        page_is_basket: true,
        mini_cart_enabled: true,
    };
    const OFF: FlyoutContext = FlyoutContext {
        page_is_basket: false,
        mini_cart_enabled: false,
    };

    fn hover(flyout: Flyout) -> FlyoutEvent {
        FlyoutEvent::HoverIntent {
            flyout,
            focus_in_flyout: false,
        }
    }
    /// The pointer rests on an icon while the keyboard focus is inside the open flyout.
    fn hover_with_focus(flyout: Flyout) -> FlyoutEvent {
        FlyoutEvent::HoverIntent {
            flyout,
            focus_in_flyout: true,
        }
    }
    fn tap(flyout: Flyout) -> FlyoutEvent {
        FlyoutEvent::Tap { flyout }
    }
    fn activate(flyout: Flyout) -> FlyoutEvent {
        FlyoutEvent::Activate { flyout }
    }

    #[test]
    fn cart_rule() {
        assert!(cart_flyout_allowed(ON));
        assert!(!cart_flyout_allowed(BASKET));
        assert!(!cart_flyout_allowed(OFF));
        assert!(!cart_flyout_allowed(FlyoutContext {
            page_is_basket: true,
            mini_cart_enabled: false,
        }));
    }

    #[test]
    fn transitions() {
        use Flyout::{Cart, None as Closed, Search, StoreFinder, UserMenu};
        let table: &[(Flyout, FlyoutEvent, FlyoutContext, Flyout)] = &[
            // Hover opens, replacing.
            (Closed, hover(Search), ON, Search),
            (Search, hover(UserMenu), ON, UserMenu),
            (UserMenu, hover(UserMenu), ON, UserMenu),
            (Closed, hover(Cart), ON, Cart),
            (StoreFinder, hover(Cart), ON, Cart),
            // The cart never opens on the basket page or with the mini cart off.
            (Closed, hover(Cart), BASKET, Closed),
            (Closed, hover(Cart), OFF, Closed),
            (Search, hover(Cart), BASKET, Search),
            (Closed, activate(Cart), OFF, Closed),
            (Cart, hover(Search), BASKET, Search),
            (Cart, LEFT, OFF, Closed),
            // The pointer resting on another icon does not take away the flyout the focus is in.
            (UserMenu, hover_with_focus(Search), ON, UserMenu),
            (Search, hover_with_focus(Cart), ON, Search),
            (Cart, hover_with_focus(StoreFinder), ON, Cart),
            (Closed, hover_with_focus(Search), ON, Search),
            (Cart, hover_with_focus(Search), BASKET, Search),
            // Touch: a tap opens, a tap on the open one closes, the cart icon is a link.
            (Closed, tap(StoreFinder), ON, StoreFinder),
            (StoreFinder, tap(StoreFinder), ON, Closed),
            (StoreFinder, tap(Search), ON, Search),
            (Closed, tap(Cart), ON, Closed),
            (Search, tap(Cart), ON, Search),
            (Cart, tap(Cart), ON, Cart),
            // Click or keyboard toggles.
            (Closed, activate(UserMenu), ON, UserMenu),
            (UserMenu, activate(UserMenu), ON, Closed),
            (UserMenu, activate(Search), ON, Search),
            (Closed, activate(Cart), ON, Cart),
            (Cart, activate(Cart), ON, Closed),
            // Leaving and closing close.
            (Search, LEFT, ON, Closed),
            (UserMenu, LEFT, ON, Closed),
            // ... but not while the shopper types in it (or tabs through it).
            (Search, LEFT_WITH_FOCUS, ON, Search),
            (StoreFinder, LEFT_WITH_FOCUS, ON, StoreFinder),
            (UserMenu, LEFT_WITH_FOCUS, ON, UserMenu),
            (Closed, LEFT_WITH_FOCUS, ON, Closed),
            (Cart, LEFT_WITH_FOCUS, OFF, Closed),
            (Search, FlyoutEvent::Close, ON, Closed),
            (UserMenu, FlyoutEvent::Close, ON, Closed),
            (Closed, FlyoutEvent::Close, ON, Closed),
            // Opening nothing closes.
            (Search, hover(Closed), ON, Closed),
            (Search, activate(Closed), ON, Closed),
            (Closed, tap(Closed), ON, Closed),
        ];
        for (current, event, context, expected) in table {
            assert_eq!(
                next_flyout(*current, *event, *context),
                *expected,
                "{current:?} {event:?} {context:?}"
            );
        }
    }

    #[test]
    fn overlay() {
        assert!(!page_overlay_shown(Flyout::None, false));
        assert!(page_overlay_shown(Flyout::None, true));
        for flyout in ICONS {
            assert!(page_overlay_shown(flyout, false));
            assert!(page_overlay_shown(flyout, true));
        }
    }

    #[test]
    fn json_shapes() {
        assert_eq!(
            crate::json::to_string(&Flyout::StoreFinder),
            "\"STORE_FINDER\""
        );
        assert_eq!(
            crate::json::to_string(&hover(Flyout::Search)),
            r#"{"kind":"hoverIntent","flyout":"SEARCH","focusInFlyout":false}"#
        );
        assert_eq!(
            crate::json::from_str::<FlyoutEvent>(r#"{"kind":"hoverIntent","flyout":"SEARCH"}"#),
            Ok(hover(Flyout::Search))
        );
        assert_eq!(
            crate::json::from_str::<FlyoutEvent>(
                r#"{"kind":"hoverIntent","flyout":"CART","focusInFlyout":true}"#
            ),
            Ok(hover_with_focus(Flyout::Cart))
        );
        assert_eq!(
            crate::json::to_string(&LEFT),
            r#"{"kind":"pointerLeft","focusInFlyout":false}"#
        );
        assert_eq!(
            crate::json::from_str::<FlyoutEvent>(r#"{"kind":"pointerLeft"}"#),
            Ok(LEFT)
        );
        assert_eq!(
            crate::json::from_str::<FlyoutEvent>(r#"{"kind":"pointerLeft","focusInFlyout":true}"#),
            Ok(LEFT_WITH_FOCUS)
        );
        let event: Result<FlyoutEvent, _> =
            crate::json::from_str(r#"{"kind":"tap","flyout":"USER_MENU"}"#);
        assert_eq!(event, Ok(tap(Flyout::UserMenu)));
        let context: Result<FlyoutContext, _> =
            crate::json::from_str(r#"{"pageIsBasket":true,"miniCartEnabled":false}"#);
        assert_eq!(
            context,
            Ok(FlyoutContext {
                page_is_basket: true,
                mini_cart_enabled: false
            })
        );
        assert!(crate::json::from_str::<FlyoutEvent>(r#"{"kind":"tap"}"#).is_err());
        assert!(crate::json::from_str::<Flyout>("\"MENU\"").is_err());
    }

    fn flyout() -> impl Strategy<Value = Flyout> {
        proptest::sample::select(&ALL[..])
    }

    fn event() -> impl Strategy<Value = FlyoutEvent> {
        prop_oneof![
            flyout().prop_map(hover),
            flyout().prop_map(hover_with_focus),
            flyout().prop_map(tap),
            flyout().prop_map(activate),
            Just(LEFT),
            Just(LEFT_WITH_FOCUS),
            Just(FlyoutEvent::Close),
        ]
    }

    proptest! {
        #[test]
        fn never_a_forbidden_cart(current in flyout(), event in event(), basket in any::<bool>(), enabled in any::<bool>(), navigation in any::<bool>()) {
            let context = FlyoutContext { page_is_basket: basket, mini_cart_enabled: enabled };
            let next = next_flyout(current, event, context);
            if !cart_flyout_allowed(context) {
                prop_assert_ne!(next, Flyout::Cart);
            }
            if matches!(event, LEFT | FlyoutEvent::Close) {
                prop_assert_eq!(next, Flyout::None);
            }
            if event == LEFT_WITH_FOCUS && cart_flyout_allowed(context) {
                prop_assert_eq!(next, current);
            }
            let focused_hover = matches!(event, FlyoutEvent::HoverIntent { focus_in_flyout: true, .. });
            if focused_hover && current != Flyout::None && cart_flyout_allowed(context) {
                prop_assert_eq!(next, current);
            }
            let _ = page_overlay_shown(next, navigation);
        }
    }
}
