//! The shell origin's routes: the services the specs call, same origin as the page.

use std::path::PathBuf;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};

use crate::cart_api::{self, MAX_BODY_BYTES};
use crate::faults::{self, Faults};
use crate::store::{Store, StoreError};

/// How the server is set up (environment variables, see `Config::from_env`).
#[derive(Clone, Debug)]
pub struct Config {
    /// The shell origin's port (`PORT`, default 8080).
    pub port: u16,
    /// Where the database lives (`SHOP_DATA_DIR`, default `data/`).
    pub data_dir: PathBuf,
    /// Whether tests may switch failures on (`SHOP_TEST_FAULTS=1`).
    pub test_faults: bool,
}

impl Config {
    pub fn from_env() -> Result<Config, String> {
        let port = match std::env::var("PORT") {
            Ok(text) => text
                .parse()
                .map_err(|_| format!("PORT must be a port number, got {text:?}"))?,
            Err(_) => 8080,
        };
        Ok(Config {
            port,
            data_dir: std::env::var_os("SHOP_DATA_DIR")
                .map(PathBuf::from)
                .unwrap_or_else(|| PathBuf::from("data")),
            test_faults: std::env::var("SHOP_TEST_FAULTS").is_ok_and(|value| value == "1"),
        })
    }
}

/// What every handler shares.
#[derive(Clone)]
pub struct AppState {
    pub store: Store,
    pub faults: Faults,
}

/// The shell origin's router.
pub fn router(config: &Config) -> Result<Router, StoreError> {
    let state = AppState {
        store: Store::open(&config.data_dir)?,
        faults: Faults::default(),
    };
    let mut router = Router::new().route(
        shop_core::cart::CART_SERVICE_PATH,
        get(cart_api::get_cart)
            .put(cart_api::change_cart)
            .post(cart_api::change_cart)
            .layer(DefaultBodyLimit::max(MAX_BODY_BYTES)),
    );
    if config.test_faults {
        router = router.route("/service/test/faults", post(faults::set_faults));
    }
    Ok(router.with_state(state))
}
