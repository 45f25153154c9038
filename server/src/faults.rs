//! Failures on purpose, for the end-to-end tests: only when the server is started with
//! `SHOP_TEST_FAULTS=1`; otherwise the route does not exist.
//!
//! `POST /service/test/faults` with `{"cartLoad": CODE | null, "cartChange": CODE | null}` makes
//! the cart service answer 503 with that error code until cleared with `null`.

use std::sync::{Arc, Mutex};

use axum::extract::State;
use axum::http::StatusCode;
use shop_core::cart::CartErrorCode;
use shop_core::json::{self, FromJson, Json};

use crate::app::AppState;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Json)]
#[serde(rename_all = "camelCase", default)]
struct FaultSettings {
    cart_load: Option<CartErrorCode>,
    cart_change: Option<CartErrorCode>,
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
}

/// `POST /service/test/faults`.
pub async fn set_faults(State(state): State<AppState>, body: String) -> StatusCode {
    let Ok(settings) = json::parse(&body).and_then(|value| FaultSettings::from_json(&value)) else {
        return StatusCode::BAD_REQUEST;
    };
    if let Ok(mut current) = state.faults.settings.lock() {
        *current = settings;
    }
    StatusCode::NO_CONTENT
}
