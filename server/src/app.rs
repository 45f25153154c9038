//! The shell origin's routes: the pages, the shell's files, and the services the specs call,
//! same origin as the page. The fragments' origins are in `fragments.rs`.

use std::path::PathBuf;
use std::sync::Arc;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};

use crate::abtest::{self, ASSIGNMENT_PATH, TESTS_AT_PATH};
use crate::account::{self, MAX_FORM_BYTES, NEWSLETTER_STATUS_PATH, PERSONAL_DATA_PATH};
use crate::cart_api::{self, MAX_BODY_BYTES};
use crate::faults::{self, Faults};
use crate::fragments::{self, Remote};
use crate::hosts::AllowedHosts;
use crate::navigation::{self, NAVIGATION_PATH};
use crate::newsletter;
use crate::pages;
use crate::preview;
use crate::promotions::{self, PROMOTION_ROUTE};
use crate::search_api;
use crate::store::{Store, StoreError};
use crate::themeworlds::{self, THEMEWORLDS_PATH};
use shop_core::header::links::NEWSLETTER_SIGNUP_PATH;

/// How the server is set up (environment variables, see `Config::from_env`).
#[derive(Clone, Debug)]
pub struct Config {
    /// The shell origin's port (`PORT`, default 8080); fragment origins follow it.
    pub port: u16,
    /// Where the database lives (`SHOP_DATA_DIR`, default `data/`).
    pub data_dir: PathBuf,
    /// Where the build outputs are (`SHOP_ROOT`, default the working directory).
    pub root: PathBuf,
    /// Whether tests may switch failures on (`SHOP_TEST_FAULTS=1`).
    pub test_faults: bool,
    /// Fragment origins not to start (`SHOP_STOPPED_FRAGMENTS=minicart,...`), so tests can
    /// show a page with a remote that is down.
    pub stopped_fragments: Vec<String>,
    /// The remotes the page is told about.
    pub remotes: Vec<Remote>,
    /// Whether the pages switch the mini cart on (`SHOP_MINICART_ENABLED=0` switches it off).
    pub minicart_enabled: bool,
    /// A fixed "now" for the promotion schedules, in seconds since 1970-01-01T00:00 UTC
    /// (`SHOP_TEST_NOW=YYYY-MM-DDTHH:MM`, UTC, only with `SHOP_TEST_FAULTS=1`): tests that do
    /// not change with the date they run on. `None`: the system clock.
    pub fixed_now: Option<i64>,
    /// The names the shop origin answers for besides local ones (`SHOP_HOSTS`, see
    /// [`crate::hosts`]).
    pub allowed_hosts: AllowedHosts,
}

impl Config {
    pub fn from_env() -> Result<Config, String> {
        let port = match std::env::var("PORT") {
            Ok(text) => text
                .parse()
                .map_err(|_| format!("PORT must be a port number, got {text:?}"))?,
            Err(_) => 8080,
        };
        let test_faults = std::env::var("SHOP_TEST_FAULTS").is_ok_and(|value| value == "1");
        Ok(Config {
            port,
            data_dir: std::env::var_os("SHOP_DATA_DIR")
                .map(PathBuf::from)
                .unwrap_or_else(|| PathBuf::from("data")),
            root: fragments::root_from_env(),
            test_faults,
            stopped_fragments: std::env::var("SHOP_STOPPED_FRAGMENTS")
                .unwrap_or_default()
                .split(',')
                .map(str::trim)
                .filter(|name| !name.is_empty())
                .map(str::to_owned)
                .collect(),
            remotes: fragments::remotes(port, |name| std::env::var(name).ok()),
            minicart_enabled: std::env::var("SHOP_MINICART_ENABLED")
                .map_or(true, |value| value != "0"),
            fixed_now: match std::env::var("SHOP_TEST_NOW") {
                Ok(text) if test_faults => {
                    Some(crate::abtest::parse_date_time(&text, false).ok_or_else(|| {
                        format!("SHOP_TEST_NOW must be YYYY-MM-DDTHH:MM, got {text:?}")
                    })?)
                }
                Ok(_) => return Err("SHOP_TEST_NOW needs SHOP_TEST_FAULTS=1".to_owned()),
                Err(_) => None,
            },
            allowed_hosts: AllowedHosts::from_list(
                &std::env::var("SHOP_HOSTS").unwrap_or_default(),
            )?,
        })
    }
}

/// What the pages need to know of the setup.
#[derive(Debug)]
pub struct ShellSetup {
    pub port: u16,
    pub root: PathBuf,
    pub remotes: Vec<Remote>,
    pub minicart_enabled: bool,
    /// The search service's cache key: the version and the start time of this server.
    pub cache_key: String,
    /// [`Config::fixed_now`].
    pub fixed_now: Option<i64>,
}

impl ShellSetup {
    /// Now, in seconds since 1970-01-01T00:00 UTC: the fixed time of a test, else the clock.
    pub fn now_seconds(&self) -> i64 {
        self.fixed_now.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |elapsed| {
                    i64::try_from(elapsed.as_secs()).unwrap_or(i64::MAX)
                })
        })
    }
}

/// What every handler shares.
#[derive(Clone)]
pub struct AppState {
    pub store: Store,
    pub faults: Faults,
    pub shell: Arc<ShellSetup>,
}

/// The shell origin's router.
pub fn router(config: &Config) -> Result<Router, StoreError> {
    let state = AppState {
        store: Store::open(&config.data_dir)?,
        faults: Faults::default(),
        shell: Arc::new(ShellSetup {
            port: config.port,
            root: config.root.clone(),
            remotes: config.remotes.clone(),
            minicart_enabled: config.minicart_enabled,
            fixed_now: config.fixed_now,
            cache_key: format!(
                "{}-{}",
                env!("CARGO_PKG_VERSION"),
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map(|elapsed| elapsed.as_millis())
                    .unwrap_or_default()
            ),
        }),
    };
    let mut router = Router::new()
        .route(
            shop_core::cart::CART_SERVICE_PATH,
            get(cart_api::get_cart)
                .put(cart_api::change_cart)
                .post(cart_api::add_to_cart)
                .layer(DefaultBodyLimit::max(MAX_BODY_BYTES)),
        )
        .route(NAVIGATION_PATH, get(navigation::get_navigation))
        .route(THEMEWORLDS_PATH, get(themeworlds::get_theme_worlds))
        .route(
            shop_core::search::SUGGESTIONS_PATH,
            get(search_api::get_suggestions),
        )
        .route(
            shop_core::search::CACHEKEY_PATH,
            get(search_api::get_cache_key),
        )
        .route(PERSONAL_DATA_PATH, get(account::get_personal_data))
        .route(NEWSLETTER_STATUS_PATH, get(account::get_newsletter_status))
        .route(
            "/signin",
            get(pages::page)
                .post(account::sign_in)
                .layer(DefaultBodyLimit::max(MAX_FORM_BYTES)),
        )
        .route(PROMOTION_ROUTE, get(promotions::get_promotion))
        .route(ASSIGNMENT_PATH, get(abtest::get_assignment))
        .route(TESTS_AT_PATH, get(abtest::get_tests_at))
        .merge(newsletter::routes())
        .merge(preview::routes())
        .nest_service(
            "/shell",
            fragments::static_files(&config.root.join("shell/dist")),
        )
        .nest_service(
            "/img",
            fragments::static_files(&config.root.join("server/static/img")),
        )
        // The reference consent manager (`server/static/consent/cmp.js`): the folder of the
        // core's CONSENT_SCRIPT_PATH.
        .nest_service(
            "/service/consent",
            fragments::static_files(&config.root.join("server/static/consent")),
        )
        // Pages take GET (and HEAD); another method gets the services' 405 as JSON.
        .fallback(get(pages::page).fallback(crate::api::method_not_allowed));
    // The plain host page, on every site.
    for path in pages::on_every_site("/embed") {
        router = router.route(&path, get(pages::embed_page));
    }
    // The cart page's remove forms.
    for path in pages::on_every_site(pages::REMOVE_FROM_CART_FORM_PATH) {
        router = router.route(
            &path,
            post(pages::post_remove_from_cart).layer(DefaultBodyLimit::max(MAX_FORM_BYTES)),
        );
    }
    // The product tiles' add-to-cart form without JavaScript.
    for path in pages::on_every_site(pages::ADD_TO_CART_FORM_PATH) {
        router = router.route(
            &path,
            post(pages::post_add_to_cart).layer(DefaultBodyLimit::max(MAX_FORM_BYTES)),
        );
    }
    // The sign-up page's form without JavaScript posts to the page itself.
    for path in pages::on_every_site(NEWSLETTER_SIGNUP_PATH) {
        router = router.route(
            &path,
            get(pages::page)
                .post(pages::post_signup_form)
                .layer(DefaultBodyLimit::max(MAX_FORM_BYTES)),
        );
    }
    if config.test_faults {
        router = router
            .route("/service/test/faults", post(faults::set_faults))
            .route("/service/test/outbox", get(crate::newsletter::outbox));
    }
    // Pages and service answers go out gzip-compressed when the browser accepts it; a request
    // for a host the shop does not answer for goes no further than the host check.
    let allowed_hosts = config.allowed_hosts.clone();
    Ok(router
        .method_not_allowed_fallback(crate::api::method_not_allowed)
        .layer(axum::middleware::map_response(crate::api::no_sniffing))
        .layer(tower_http::compression::CompressionLayer::new().gzip(true))
        .layer(axum::middleware::from_fn(move |request, next| {
            crate::hosts::only_allowed_hosts(allowed_hosts.clone(), request, next)
        }))
        .with_state(state))
}
