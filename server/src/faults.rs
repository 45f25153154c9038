//! Failures on purpose, for the end-to-end tests: only when the server is started with
//! `SHOP_TEST_FAULTS=1`; otherwise the route does not exist.
//!
//! `POST /service/test/faults` with a JSON object sets the faults in force; every field is
//! optional and an absent field is "no fault", so each call replaces the whole set (`{}` clears
//! everything):
//!
//! | field | effect |
//! |---|---|
//! | `cartLoad`: CODE or null | `GET /service/cart/api/cart` answers 503 `{"error": CODE}`; the cart page says the cart cannot be shown |
//! | `cartChange`: CODE or null | cart changes answer 503 `{"error": CODE}` and change nothing |
//! | `navigation`: bool | `GET /jsonflyoutnavigation` answers 500 |
//! | `themeWorlds`: bool | the theme-world service answers 500 |
//! | `suggestionsFailures`: n | the next n suggestion requests answer 503, then they succeed |
//! | `suggestionsDelayMs`: ms | suggestions answer after this delay (at most [`MAX_DELAY_MS`]) |
//! | `personalData`: bool | `GET /service/customerfrontenddata/api/v1/psdata` answers 500 (after the CSRF check) |
//! | `promotions`: bool | `GET /service/promotion/api/promotion/{id}` answers 500 |
//! | `footer`: bool | `GET /service/promotion/api/promotion/SHOP_FOOTER` answers 500 (the other promotions still answer) |
//! | `newsletter`: bool | the newsletter sign-up (`POST .../newsletter-subscribers`) answers 500 `{"type": "urn:newsletter:unavailable"}` and stores nothing |
//! | `preview`: bool | the preview token call (`GET /service/preview/api/token`) answers 500 `{"status": "INTERNAL_ERROR"}` to staff and stores nothing |
//!
//! A body that is not such an object, or a delay above the maximum, is refused with 400 and
//! changes nothing.

use std::sync::{Arc, Mutex};

use axum::extract::State;
use axum::http::StatusCode;
use shop_core::cart::CartErrorCode;
use shop_core::json::{self, FromJson, Json};

use crate::app::AppState;

/// The longest suggestions delay a test may ask for, in milliseconds.
pub const MAX_DELAY_MS: u32 = 60_000;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Json)]
#[serde(rename_all = "camelCase", default)]
struct FaultSettings {
    cart_load: Option<CartErrorCode>,
    cart_change: Option<CartErrorCode>,
    navigation: bool,
    theme_worlds: bool,
    suggestions_failures: u32,
    suggestions_delay_ms: u32,
    personal_data: bool,
    promotions: bool,
    footer: bool,
    newsletter: bool,
    preview: bool,
}

/// The faults in force.
#[derive(Clone, Default)]
pub struct Faults {
    settings: Arc<Mutex<FaultSettings>>,
}

impl Faults {
    fn get(&self) -> FaultSettings {
        self.settings
            .lock()
            .map(|settings| *settings)
            .unwrap_or_default()
    }

    pub fn cart_load(&self) -> Option<CartErrorCode> {
        self.get().cart_load
    }

    pub fn cart_change(&self) -> Option<CartErrorCode> {
        self.get().cart_change
    }

    pub fn navigation(&self) -> bool {
        self.get().navigation
    }

    pub fn theme_worlds(&self) -> bool {
        self.get().theme_worlds
    }

    /// Whether this suggestions request fails; counts the failures down.
    pub fn take_suggestions_failure(&self) -> bool {
        match self.settings.lock() {
            Ok(mut settings) if settings.suggestions_failures > 0 => {
                settings.suggestions_failures -= 1;
                true
            }
            _ => false,
        }
    }

    /// The delay before a suggestions answer, in milliseconds.
    pub fn suggestions_delay(&self) -> Option<u64> {
        let delay = self.get().suggestions_delay_ms;
        (delay > 0).then_some(u64::from(delay))
    }

    pub fn personal_data(&self) -> bool {
        self.get().personal_data
    }

    pub fn promotions(&self) -> bool {
        self.get().promotions
    }

    pub fn footer(&self) -> bool {
        self.get().footer
    }

    pub fn newsletter(&self) -> bool {
        self.get().newsletter
    }

    pub fn preview(&self) -> bool {
        self.get().preview
    }
}

/// `POST /service/test/faults`.
pub async fn set_faults(State(state): State<AppState>, body: String) -> StatusCode {
    let Ok(settings) = json::parse(&body).and_then(|value| FaultSettings::from_json(&value)) else {
        return StatusCode::BAD_REQUEST;
    };
    if settings.suggestions_delay_ms > MAX_DELAY_MS {
        return StatusCode::BAD_REQUEST;
    }
    if let Ok(mut current) = state.faults.settings.lock() {
        *current = settings;
    }
    StatusCode::NO_CONTENT
}
