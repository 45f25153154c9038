//! The reference services' data: one SQLite file in the data directory, holding each site's
//! catalogue offers, every visitor's cart on each site (each site is its own shop, ADR 0017), the
//! local logins, the newsletter subscribers and the staff's
//! preview sessions (`staff_sessions`: the token of the staff auth cookie, its expiry and the
//! preview settings of the session, see `preview.rs`). Carts are
//! stored as the JSON the cart service answers with, written and read by `shop_core::json`, so
//! they survive restarts unchanged; the subscribers' salutations, consents, origins and
//! statuses are stored as the codes the core writes (`MRS`, `["DNE"]`, `NEWSLETTER`,
//! `WAITING_FOR_DOI`).

use std::path::Path;
use std::sync::{Arc, Mutex, MutexGuard};

use rusqlite::{Connection, OptionalExtension, params};
use shop_core::cart::Cart;
use shop_core::cart::service::Offer;
use shop_core::content::NewsletterStatus;
use shop_core::forms::{
    Consent, NewsletterCategory, NewsletterSubscriptionType, Origin, SignupRequest, Subscriber,
    distinct_categories,
};
use shop_core::json;
use shop_core::site::Site;

use crate::api::{code, from_code};
use crate::catalogue;

/// The database file inside the data directory.
pub const DATABASE_FILE: &str = "shop.sqlite3";

/// How long a login without "remember me" lasts, in seconds (one day).
pub const LOGIN_SECONDS: i64 = 24 * 60 * 60;
/// How long a remembered login lasts, in seconds (30 days; the cookie's Max-Age too).
pub const REMEMBERED_LOGIN_SECONDS: i64 = 30 * 24 * 60 * 60;

/// How long a staff session lasts after the staff login or its last renewal, in seconds (30
/// minutes; the preview panel renews it every 5 minutes, newsletter spec section 9).
pub const STAFF_SESSION_SECONDS: i64 = 30 * 60;

/// A current staff session's preview settings (`None` until the preview token call sets them).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StaffSession {
    /// `YYYY-MM-DDTHH:MM`, as the preview token call received it.
    pub date_time: Option<String>,
    pub ab_test: Option<String>,
    pub ab_group: Option<String>,
}

/// A stored newsletter subscriber: what the subscriber call answers, and the origin of the
/// sign-up, which an update keeps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredSubscriber {
    pub subscriber: Subscriber,
    pub origin: Origin,
    pub origin_addition: String,
}

impl StoredSubscriber {
    /// The subscriber as the sign-up request it would have been.
    pub fn as_signup_request(&self) -> SignupRequest {
        SignupRequest {
            email: self.subscriber.email.clone(),
            salutation: self.subscriber.salutation,
            first_name: self.subscriber.first_name.clone(),
            last_name: self.subscriber.last_name.clone(),
            consents: self.subscriber.consents.clone(),
            origin: self.origin,
            origin_addition: self.origin_addition.clone(),
        }
    }
}

/// A failure of the store: the service answers 500 and changes nothing.
#[derive(Debug)]
pub struct StoreError(pub String);

impl From<rusqlite::Error> for StoreError {
    fn from(error: rusqlite::Error) -> Self {
        StoreError(error.to_string())
    }
}

/// Adds a column to `newsletter_subscribers` of a database made before it existed (SQLite adds
/// a column with a constant default only: `fill` then sets the rows it already has).
fn read_offers(connection: &Connection, site: Site) -> Result<Vec<Offer>, StoreError> {
    let mut statement =
        connection.prepare("SELECT offer FROM site_offers WHERE site = ?1 ORDER BY position")?;
    let texts = statement
        .query_map(params![site.code()], |row| row.get::<_, String>(0))?
        .collect::<Result<Vec<_>, _>>()?;
    texts
        .iter()
        .map(|text| json::from_str(text).map_err(|error| StoreError(error.to_string())))
        .collect()
}

fn read_cart(connection: &Connection, visitor: &str, site: Site) -> Result<Cart, StoreError> {
    let text: Option<String> = connection
        .query_row(
            "SELECT cart FROM site_carts WHERE visitor = ?1 AND site = ?2",
            params![visitor, site.code()],
            |row| row.get(0),
        )
        .optional()?;
    match text {
        Some(text) => json::from_str(&text).map_err(|error| StoreError(error.to_string())),
        None => {
            let mut cart = Cart::default();
            shop_core::cart::service::recalculate(
                &mut cart,
                shop_core::cart::service::Shop {
                    site,
                    offers: &[],
                    card_member: false,
                },
            );
            Ok(cart)
        }
    }
}

/// Stores a visitor's cart; carts untouched for longer than the visitor cookie lasts go on the
/// way: no browser can name them any more (the cookie was set before their last change), and a
/// client that never keeps the cookie (a script posting to the cart service) would otherwise
/// leave a cart behind with every call.
fn write_cart(
    connection: &Connection,
    visitor: &str,
    site: Site,
    cart: &Cart,
) -> Result<(), StoreError> {
    connection.execute(
        "DELETE FROM site_carts WHERE updated_at <= unixepoch() - ?1",
        params![crate::visitor::VISITOR_COOKIE_SECONDS],
    )?;
    connection.execute(
        "INSERT INTO site_carts (visitor, site, cart) VALUES (?1, ?2, ?3)
         ON CONFLICT (visitor, site) DO UPDATE SET cart = excluded.cart, updated_at = unixepoch()",
        params![visitor, site.code(), json::to_string(cart)],
    )?;
    Ok(())
}

fn add_missing_column(
    connection: &Connection,
    table: &str,
    name: &str,
    definition: &str,
    fill: Option<&str>,
) -> Result<(), StoreError> {
    let present: i64 = connection.query_row(
        "SELECT count(*) FROM pragma_table_info(?1) WHERE name = ?2",
        params![table, name],
        |row| row.get(0),
    )?;
    if present == 0 {
        connection.execute(
            &["ALTER TABLE ", table, " ADD COLUMN ", definition].concat(),
            [],
        )?;
        if let Some(fill) = fill {
            connection.execute(fill, [])?;
        }
    }
    Ok(())
}

/// A database from before each site was its own shop: its one catalogue (the DE offers of that
/// time) is dropped, so every site is seeded from its own; its carts, all filled on DE's
/// catalogue, become the DE carts.
fn move_to_site_tables(connection: &Connection) -> Result<(), StoreError> {
    let old_tables: i64 = connection.query_row(
        "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('offers', 'carts')",
        [],
        |row| row.get(0),
    )?;
    if old_tables > 0 {
        connection.execute_batch(
            "BEGIN;
             DROP TABLE IF EXISTS offers;
             CREATE TABLE IF NOT EXISTS carts (visitor TEXT PRIMARY KEY, cart TEXT NOT NULL,
                 updated_at INTEGER NOT NULL DEFAULT (unixepoch()));
             INSERT OR IGNORE INTO site_carts (visitor, site, cart, updated_at)
                 SELECT visitor, 'DE', cart, updated_at FROM carts;
             DROP TABLE carts;
             COMMIT;",
        )?;
    }
    Ok(())
}

/// The clean-ups that run before a call adds a row any visitor can cause (a sign-up, a login, a
/// staff login): each finds what it deletes through an index (`Store::open`), never by reading
/// every row while it holds the one connection.
const DELETE_UNCONFIRMED_SUBSCRIBERS: &str = "DELETE FROM newsletter_subscribers
     WHERE site = ?1 AND status = ?2 AND signed_up_at <= unixepoch() - ?3";
const DELETE_UNCONFIRMED_VISITOR_SIGNUPS: &str = "DELETE FROM visitor_signups
     WHERE site = ?1 AND confirmed = 0 AND signed_up_at <= unixepoch() - ?2";
const DELETE_ENDED_LOGINS: &str =
    "DELETE FROM logins WHERE remembered = ?1 AND created_at <= unixepoch() - ?2";
const DELETE_ENDED_STAFF_SESSIONS: &str =
    "DELETE FROM staff_sessions WHERE expires_at <= unixepoch()";

/// The shared handle on the database. SQLite serialises writers; one connection behind a mutex
/// is all a reference service needs.
#[derive(Clone)]
pub struct Store {
    connection: Arc<Mutex<Connection>>,
}

/// Runs a call on the database where it keeps no request waiting: on the server's multi-thread
/// runtime its worker hands its other tasks to another thread first (`block_in_place`), so a
/// write that waits for SQLite's lock (up to the busy timeout) or for the one connection holds
/// up only its own request. Elsewhere (a test's single-thread runtime, no runtime) it just runs.
fn off_the_workers<T>(call: impl FnOnce() -> T) -> T {
    match tokio::runtime::Handle::try_current() {
        Ok(runtime) if runtime.runtime_flavor() == tokio::runtime::RuntimeFlavor::MultiThread => {
            tokio::task::block_in_place(call)
        }
        _ => call(),
    }
}

impl Store {
    /// Opens (or creates) the database in `data_dir` and seeds the catalogue on first use.
    pub fn open(data_dir: &Path) -> Result<Store, StoreError> {
        std::fs::create_dir_all(data_dir)
            .map_err(|error| StoreError(format!("data directory {data_dir:?}: {error}")))?;
        let connection = Connection::open(data_dir.join(DATABASE_FILE))?;
        connection.execute_batch(
            "PRAGMA journal_mode = WAL;
             CREATE TABLE IF NOT EXISTS site_offers (
                 site TEXT NOT NULL,
                 position INTEGER NOT NULL,
                 offer TEXT NOT NULL,
                 PRIMARY KEY (site, position)
             );
             CREATE TABLE IF NOT EXISTS site_carts (
                 visitor TEXT NOT NULL,
                 site TEXT NOT NULL,
                 cart TEXT NOT NULL,
                 updated_at INTEGER NOT NULL DEFAULT (unixepoch()),
                 PRIMARY KEY (visitor, site)
             );
             CREATE INDEX IF NOT EXISTS site_carts_by_age ON site_carts (updated_at);
             CREATE TABLE IF NOT EXISTS logins (
                 token TEXT PRIMARY KEY,
                 account TEXT NOT NULL,
                 remembered INTEGER NOT NULL,
                 created_at INTEGER NOT NULL DEFAULT (unixepoch())
             );
             CREATE TABLE IF NOT EXISTS newsletter_subscribers (
                 id INTEGER PRIMARY KEY,
                 token TEXT NOT NULL UNIQUE,
                 site TEXT NOT NULL,
                 email TEXT NOT NULL,
                 salutation TEXT,
                 first_name TEXT,
                 last_name TEXT,
                 consents TEXT NOT NULL,
                 origin TEXT NOT NULL,
                 origin_addition TEXT NOT NULL,
                 status TEXT NOT NULL,
                 created_at INTEGER NOT NULL DEFAULT (unixepoch()),
                 updated_at INTEGER NOT NULL DEFAULT (unixepoch()),
                 confirmed_at INTEGER,
                 categories TEXT NOT NULL DEFAULT '[]',
                 signed_up_at INTEGER NOT NULL DEFAULT (unixepoch()),
                 UNIQUE (site, email)
             );
             CREATE TABLE IF NOT EXISTS visitor_signups (
                 visitor TEXT NOT NULL,
                 site TEXT NOT NULL,
                 email TEXT NOT NULL,
                 confirmed INTEGER NOT NULL DEFAULT 0,
                 signed_up_at INTEGER NOT NULL DEFAULT (unixepoch()),
                 PRIMARY KEY (visitor, site)
             );
             CREATE TABLE IF NOT EXISTS staff_sessions (
                 token TEXT PRIMARY KEY,
                 created_at INTEGER NOT NULL DEFAULT (unixepoch()),
                 expires_at INTEGER NOT NULL,
                 date_time TEXT,
                 ab_test TEXT,
                 ab_group TEXT
             );",
        )?;
        // A database from before these columns gets them.
        add_missing_column(
            &connection,
            "newsletter_subscribers",
            "categories",
            "categories TEXT NOT NULL DEFAULT '[]'",
            None,
        )?;
        add_missing_column(
            &connection,
            "newsletter_subscribers",
            "signed_up_at",
            "signed_up_at INTEGER NOT NULL DEFAULT 0",
            Some("UPDATE newsletter_subscribers SET signed_up_at = updated_at"),
        )?;
        add_missing_column(
            &connection,
            "visitor_signups",
            "signed_up_at",
            "signed_up_at INTEGER NOT NULL DEFAULT 0",
            // From the address's own last sign-up: a browser's sign-up from before the column
            // expires when it would have (none left: at once, as its status is gone anyway).
            Some(
                "UPDATE visitor_signups SET signed_up_at = coalesce((SELECT s.signed_up_at
                     FROM newsletter_subscribers s
                     WHERE s.site = visitor_signups.site AND s.email = visitor_signups.email), 0)",
            ),
        )?;
        move_to_site_tables(&connection)?;
        // What the clean-ups delete, found without reading every row: any visitor can add rows
        // to these tables (a sign-up, a login, a staff login), and each such call cleans up
        // first while it holds the one connection.
        connection.execute_batch(
            "CREATE INDEX IF NOT EXISTS newsletter_subscribers_unconfirmed
                 ON newsletter_subscribers (site, status, signed_up_at);
             CREATE INDEX IF NOT EXISTS visitor_signups_unconfirmed
                 ON visitor_signups (site, confirmed, signed_up_at);
             CREATE INDEX IF NOT EXISTS logins_by_age ON logins (remembered, created_at);
             CREATE INDEX IF NOT EXISTS staff_sessions_by_end ON staff_sessions (expires_at);",
        )?;
        for site in Site::ALL {
            let seeded: i64 = connection.query_row(
                "SELECT count(*) FROM site_offers WHERE site = ?1",
                params![site.code()],
                |row| row.get(0),
            )?;
            if seeded == 0 {
                let transaction = connection.unchecked_transaction()?;
                for (position, offer) in catalogue::offers(site).iter().enumerate() {
                    transaction.execute(
                        "INSERT INTO site_offers (site, position, offer) VALUES (?1, ?2, ?3)",
                        params![site.code(), position as i64, json::to_string(offer)],
                    )?;
                }
                transaction.commit()?;
            }
        }
        Ok(Store {
            connection: Arc::new(Mutex::new(connection)),
        })
    }

    fn lock(&self) -> Result<MutexGuard<'_, Connection>, StoreError> {
        self.connection
            .lock()
            .map_err(|_| StoreError("the database lock is poisoned".into()))
    }

    /// The connection for the newsletter subscribers, after the sign-ups a site no longer keeps
    /// unconfirmed are deleted (the core's `unconfirmed_signup_days`: TR after 14 days without a
    /// confirmation, counted from the address's last sign-up, which sent a new link; an update
    /// does not extend it). What a browser remembers of its own unconfirmed sign-up goes after
    /// the same days, whether or not the address's owner confirmed meanwhile: otherwise the
    /// browser's status would outlive an unconfirmed address and not a confirmed one, and tell a
    /// stranger which it was.
    fn subscribers(&self) -> Result<MutexGuard<'_, Connection>, StoreError> {
        let connection = self.lock()?;
        for site in Site::ALL {
            if let Some(days) = shop_core::forms::unconfirmed_signup_days(site) {
                let kept_seconds = i64::from(days) * 86_400;
                connection.execute(
                    DELETE_UNCONFIRMED_SUBSCRIBERS,
                    params![
                        site.code(),
                        code(&NewsletterStatus::WaitingForDoi),
                        kept_seconds
                    ],
                )?;
                connection.execute(
                    DELETE_UNCONFIRMED_VISITOR_SIGNUPS,
                    params![site.code(), kept_seconds],
                )?;
            }
        }
        Ok(connection)
    }

    /// Every offer of a site's catalogue, in catalogue order.
    pub fn offers(&self, site: Site) -> Result<Vec<Offer>, StoreError> {
        off_the_workers(|| read_offers(&*self.lock()?, site))
    }

    /// The visitor's cart on a site; a visitor without one there has an empty one.
    pub fn cart(&self, visitor: &str, site: Site) -> Result<Cart, StoreError> {
        off_the_workers(|| read_cart(&*self.lock()?, visitor, site))
    }

    /// Stores the visitor's cart on a site.
    pub fn save_cart(&self, visitor: &str, site: Site, cart: &Cart) -> Result<(), StoreError> {
        off_the_workers(|| write_cart(&*self.lock()?, visitor, site, cart))
    }

    /// Changes the visitor's cart on a site as one step: `change` gets the stored cart and the
    /// site's offers and answers the cart to store (`Ok(Some)`), no change (`Ok(None)`) or a
    /// refusal (`Err`), which stores nothing. No other call reads or writes in between, so two
    /// changes sent at once both count (one after the other), and neither undoes the other.
    pub fn change_cart<E>(
        &self,
        visitor: &str,
        site: Site,
        change: impl FnOnce(Cart, &[Offer]) -> Result<Option<Cart>, E>,
    ) -> Result<Result<Option<Cart>, E>, StoreError> {
        off_the_workers(|| {
            let connection = self.lock()?;
            let offers = read_offers(&connection, site)?;
            let cart = read_cart(&connection, visitor, site)?;
            let changed = change(cart, &offers);
            if let Ok(Some(next)) = &changed {
                write_cart(&connection, visitor, site, next)?;
            }
            Ok(changed)
        })
    }

    /// Records a login: the token of the `LoginToken` cookie names the account. Logins that
    /// have run out ([`LOGIN_SECONDS`] / [`REMEMBERED_LOGIN_SECONDS`]) are deleted on the way, as
    /// staff sessions are: [`Store::login`] no longer reads them.
    pub fn save_login(
        &self,
        token: &str,
        account: &str,
        remembered: bool,
    ) -> Result<(), StoreError> {
        off_the_workers(|| {
            let connection = self.lock()?;
            for (remembered, seconds) in [(true, REMEMBERED_LOGIN_SECONDS), (false, LOGIN_SECONDS)]
            {
                connection.execute(DELETE_ENDED_LOGINS, params![remembered, seconds])?;
            }
            connection.execute(
                "INSERT INTO logins (token, account, remembered) VALUES (?1, ?2, ?3)",
                params![token, account, remembered],
            )?;
            Ok(())
        })
    }

    /// The account and the remembered flag of a login token, while the login lasts
    /// ([`LOGIN_SECONDS`] / [`REMEMBERED_LOGIN_SECONDS`] after it began).
    pub fn login(&self, token: &str) -> Result<Option<(String, bool)>, StoreError> {
        off_the_workers(|| {
            Ok(self
                .lock()?
                .query_row(
                    "SELECT account, remembered FROM logins WHERE token = ?1
                 AND created_at > unixepoch() - CASE remembered WHEN 1 THEN ?2 ELSE ?3 END",
                    params![token, REMEMBERED_LOGIN_SECONDS, LOGIN_SECONDS],
                    |row| Ok((row.get(0)?, row.get(1)?)),
                )
                .optional()?)
        })
    }

    /// Ends a login.
    pub fn delete_login(&self, token: &str) -> Result<(), StoreError> {
        off_the_workers(|| {
            self.lock()?
                .execute("DELETE FROM logins WHERE token = ?1", params![token])?;
            Ok(())
        })
    }

    /// Starts a staff session under `token`, lasting [`STAFF_SESSION_SECONDS`]; sessions that
    /// have run out are deleted on the way.
    pub fn create_staff_session(&self, token: &str) -> Result<(), StoreError> {
        off_the_workers(|| {
            let connection = self.lock()?;
            connection.execute(DELETE_ENDED_STAFF_SESSIONS, [])?;
            connection.execute(
                "INSERT INTO staff_sessions (token, expires_at) VALUES (?1, unixepoch() + ?2)",
                params![token, STAFF_SESSION_SECONDS],
            )?;
            Ok(())
        })
    }

    /// The preview settings of a token's staff session, while it lasts.
    pub fn staff_session(&self, token: &str) -> Result<Option<StaffSession>, StoreError> {
        off_the_workers(|| {
            Ok(self
                .lock()?
                .query_row(
                    "SELECT date_time, ab_test, ab_group FROM staff_sessions
                 WHERE token = ?1 AND expires_at > unixepoch()",
                    params![token],
                    |row| {
                        Ok(StaffSession {
                            date_time: row.get(0)?,
                            ab_test: row.get(1)?,
                            ab_group: row.get(2)?,
                        })
                    },
                )
                .optional()?)
        })
    }

    /// Extends a current staff session to [`STAFF_SESSION_SECONDS`] from now; `false` when the
    /// token names none (unknown or run out: nothing changes then).
    pub fn renew_staff_session(&self, token: &str) -> Result<bool, StoreError> {
        off_the_workers(|| {
            let changed = self.lock()?.execute(
                "UPDATE staff_sessions SET expires_at = unixepoch() + ?2
             WHERE token = ?1 AND expires_at > unixepoch()",
                params![token, STAFF_SESSION_SECONDS],
            )?;
            Ok(changed > 0)
        })
    }

    /// Stores the preview settings on a current staff session (an absent test and group clear
    /// the stored ones); `false` when the token names none.
    pub fn set_preview(&self, token: &str, settings: &StaffSession) -> Result<bool, StoreError> {
        off_the_workers(|| {
            let changed = self.lock()?.execute(
                "UPDATE staff_sessions SET date_time = ?2, ab_test = ?3, ab_group = ?4
             WHERE token = ?1 AND expires_at > unixepoch()",
                params![
                    token,
                    settings.date_time,
                    settings.ab_test,
                    settings.ab_group
                ],
            )?;
            Ok(changed > 0)
        })
    }

    /// Ends a staff session.
    pub fn delete_staff_session(&self, token: &str) -> Result<(), StoreError> {
        off_the_workers(|| {
            self.lock()?.execute(
                "DELETE FROM staff_sessions WHERE token = ?1",
                params![token],
            )?;
            Ok(())
        })
    }

    /// Records a newsletter sign-up (a request already judged and written as the core writes it,
    /// its e-mail address lowercased) under `token`, and returns the token the address has. An
    /// address already signed up on the site keeps its one row and its token (its confirmation
    /// link stays valid, whoever signs it up again), takes the salutation and names the request
    /// carries (absent ones stay), the union of the consents and the request's origin, and
    /// stays `WAITING_FOR_DOI`. A confirmed (`SUBSCRIBED`) address is left exactly as it is:
    /// anyone may send a sign-up for any address, and only its owner's confirmation may change
    /// what the owner confirmed (double opt-in); the answer does not tell the difference.
    ///
    /// The browser that sent it (`visitor`, the visitor id it came with; none for a call without
    /// the cookie, such as another service's) is remembered with the address, so its visitor
    /// data tells it that it signed up ([`Store::visitor_newsletter_status`]).
    pub fn sign_up(
        &self,
        token: &str,
        site: Site,
        request: &SignupRequest,
        visitor: Option<&str>,
    ) -> Result<String, StoreError> {
        off_the_workers(|| {
            let connection = self.subscribers()?;
            let transaction = connection.unchecked_transaction()?;
            // The same address again keeps what this browser saw confirmed; another one has not been.
            if let Some(visitor) = visitor {
                transaction.execute(
                    "INSERT INTO visitor_signups (visitor, site, email, signed_up_at)
                 VALUES (?1, ?2, ?3, unixepoch())
                 ON CONFLICT (visitor, site) DO UPDATE SET
                     confirmed = CASE WHEN email = excluded.email THEN confirmed ELSE 0 END,
                     email = excluded.email,
                     signed_up_at = excluded.signed_up_at",
                    params![visitor, site.code(), request.email],
                )?;
            }
            let stored: Option<(String, String, String)> = transaction
                .query_row(
                    "SELECT token, consents, status FROM newsletter_subscribers
                 WHERE site = ?1 AND email = ?2",
                    params![site.code(), request.email],
                    |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
                )
                .optional()?;
            let stored = match stored {
                Some((kept, _, status)) if status == code(&NewsletterStatus::Subscribed) => {
                    transaction.commit()?;
                    return Ok(kept);
                }
                other => other.map(|(_, consents, _)| consents),
            };
            let mut consents: Vec<Consent> = stored
                .and_then(|text| json::from_str(&text).ok())
                .unwrap_or_default();
            for consent in &request.consents {
                if !consents.contains(consent) {
                    consents.push(*consent);
                }
            }
            let kept: String = transaction.query_row(
                "INSERT INTO newsletter_subscribers (token, site, email, salutation, first_name,
                 last_name, consents, origin, origin_addition, status)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
             ON CONFLICT (site, email) DO UPDATE SET
                 salutation = coalesce(excluded.salutation, salutation),
                 first_name = coalesce(excluded.first_name, first_name),
                 last_name = coalesce(excluded.last_name, last_name),
                 consents = excluded.consents,
                 origin = excluded.origin,
                 origin_addition = excluded.origin_addition,
                 status = excluded.status,
                 updated_at = unixepoch(),
                 signed_up_at = unixepoch()
             RETURNING token",
                params![
                    token,
                    site.code(),
                    request.email,
                    request.salutation.as_ref().map(code),
                    request.first_name,
                    request.last_name,
                    json::to_string(&consents),
                    code(&request.origin),
                    request.origin_addition,
                    code(&NewsletterStatus::WaitingForDoi),
                ],
                // The address's token: the new one, or the one it kept (see above).
                |row| row.get(0),
            )?;
            transaction.commit()?;
            Ok(kept)
        })
    }

    /// The token of an address signed up on a site (the reference server's "outbox": the
    /// confirmation link it would e-mail).
    pub fn subscriber_token(&self, site: Site, email: &str) -> Result<Option<String>, StoreError> {
        off_the_workers(|| {
            Ok(self
                .subscribers()?
                .query_row(
                    "SELECT token FROM newsletter_subscribers WHERE site = ?1 AND email = ?2",
                    params![site.code(), email.trim().to_lowercase()],
                    |row| row.get(0),
                )
                .optional()?)
        })
    }

    /// The subscriber of a token.
    pub fn subscriber(&self, token: &str) -> Result<Option<StoredSubscriber>, StoreError> {
        off_the_workers(|| read_subscriber(&*self.subscribers()?, token))
    }

    /// Changes a token's subscriber as one step: `change` gets the stored subscriber and answers
    /// the salutation, names and consents (already judged and written as the core writes them)
    /// and the categories to store, or a refusal (`Err`), which stores nothing. No other call
    /// reads or writes in between, so two updates sent at once both count, one after the other
    /// (a field one of them does not name keeps what the other stored). `None` for an unknown
    /// token.
    pub fn change_subscriber<E>(
        &self,
        token: &str,
        change: impl FnOnce(StoredSubscriber) -> Result<(SignupRequest, Vec<NewsletterCategory>), E>,
    ) -> Result<Option<Result<(), E>>, StoreError> {
        off_the_workers(|| {
            let connection = self.subscribers()?;
            let Some(stored) = read_subscriber(&connection, token)? else {
                return Ok(None);
            };
            let (request, categories) = match change(stored) {
                Ok(changed) => changed,
                Err(refused) => return Ok(Some(Err(refused))),
            };
            connection.execute(
                "UPDATE newsletter_subscribers
             SET salutation = ?2, first_name = ?3, last_name = ?4, consents = ?5,
                 categories = ?6, updated_at = unixepoch()
             WHERE token = ?1",
                params![
                    token,
                    request.salutation.as_ref().map(code),
                    request.first_name,
                    request.last_name,
                    json::to_string(&request.consents),
                    json::to_string(&distinct_categories(&categories)),
                ],
            )?;
            Ok(Some(Ok(())))
        })
    }

    /// Confirms the double opt-in of a token's subscriber (status `SUBSCRIBED`); the
    /// subscriber's site, or `None` for an unknown token (nothing changes then).
    pub fn confirm_subscriber(&self, token: &str) -> Result<Option<Site>, StoreError> {
        off_the_workers(|| {
            let site: Option<String> = self
                .subscribers()?
                .query_row(
                    "UPDATE newsletter_subscribers
                 SET status = ?2, confirmed_at = coalesce(confirmed_at, unixepoch()),
                     updated_at = unixepoch()
                 WHERE token = ?1 RETURNING site",
                    params![token, code(&NewsletterStatus::Subscribed)],
                    |row| row.get(0),
                )
                .optional()?;
            Ok(site.map(|site| Site::from_code_or_default(&site)))
        })
    }

    /// Remembers that a browser (`visitor`) opened the confirmation link of a token: its visitor
    /// data tells it that it is subscribed. Nothing for an unknown token.
    pub fn remember_visitor_confirmation(
        &self,
        visitor: &str,
        token: &str,
    ) -> Result<(), StoreError> {
        off_the_workers(|| {
            self.lock()?.execute(
                "INSERT INTO visitor_signups (visitor, site, email, confirmed, signed_up_at)
                 SELECT ?1, site, email, 1, unixepoch() FROM newsletter_subscribers WHERE token = ?2
             ON CONFLICT (visitor, site) DO UPDATE SET email = excluded.email, confirmed = 1",
                params![visitor, token],
            )?;
            Ok(())
        })
    }

    /// The newsletter status a browser (`visitor`) knows of on a site from what it did itself:
    /// `SUBSCRIBED` when it opened the confirmation link of the address it last signed up,
    /// `WAITING_FOR_DOI` when it signed the address up (even one its owner had confirmed
    /// before: a sign-up's answer does not tell, and neither does this), `None` when it signed
    /// up nothing there or the sign-up is gone (unconfirmed for too long).
    pub fn visitor_newsletter_status(
        &self,
        visitor: &str,
        site: Site,
    ) -> Result<Option<NewsletterStatus>, StoreError> {
        off_the_workers(|| {
            let confirmed: Option<bool> = self
                .subscribers()?
                .query_row(
                    "SELECT v.confirmed FROM visitor_signups v
                 JOIN newsletter_subscribers s ON s.site = v.site AND s.email = v.email
                 WHERE v.visitor = ?1 AND v.site = ?2",
                    params![visitor, site.code()],
                    |row| row.get(0),
                )
                .optional()?;
            Ok(confirmed.map(|confirmed| {
                if confirmed {
                    NewsletterStatus::Subscribed
                } else {
                    NewsletterStatus::WaitingForDoi
                }
            }))
        })
    }

    /// The newsletter status of an address (lowercase) on a site, if it is signed up.
    pub fn newsletter_status(
        &self,
        site: Site,
        email: &str,
    ) -> Result<Option<NewsletterStatus>, StoreError> {
        off_the_workers(|| {
            let status: Option<String> = self
                .subscribers()?
                .query_row(
                    "SELECT status FROM newsletter_subscribers WHERE site = ?1 AND email = ?2",
                    params![site.code(), email],
                    |row| row.get(0),
                )
                .optional()?;
            Ok(status.map(|status| from_code(&status).unwrap_or(NewsletterStatus::Other)))
        })
    }
}

/// The subscriber of a token, read on a connection the caller holds.
fn read_subscriber(
    connection: &Connection,
    token: &str,
) -> Result<Option<StoredSubscriber>, StoreError> {
    Ok(connection
        .query_row(
            "SELECT token, site, email, status, salutation, first_name, last_name, consents,
                 origin, origin_addition, categories
             FROM newsletter_subscribers WHERE token = ?1",
            params![token],
            |row| {
                let site: String = row.get(1)?;
                let status: String = row.get(3)?;
                let salutation: Option<String> = row.get(4)?;
                let consents: String = row.get(7)?;
                let origin: String = row.get(8)?;
                let categories: String = row.get(10)?;
                Ok(StoredSubscriber {
                    subscriber: Subscriber {
                        subscriber_token: row.get(0)?,
                        site: Site::from_code_or_default(&site),
                        email: row.get(2)?,
                        status: from_code(&status).unwrap_or(NewsletterStatus::Other),
                        salutation: salutation.and_then(|code| from_code(&code)),
                        first_name: row.get(5)?,
                        last_name: row.get(6)?,
                        consents: json::from_str(&consents).unwrap_or_default(),
                        subscription_type: NewsletterSubscriptionType::Newsletter,
                        categories: json::from_str(&categories).unwrap_or_default(),
                    },
                    origin: from_code(&origin).unwrap_or_default(),
                    origin_addition: row.get(9)?,
                })
            },
        )
        .optional()?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shop_core::forms::{Origin, Salutation};

    #[test]
    fn codes_are_the_cores() {
        assert_eq!(code(&NewsletterStatus::WaitingForDoi), "WAITING_FOR_DOI");
        assert_eq!(code(&NewsletterStatus::Subscribed), "SUBSCRIBED");
        assert_eq!(code(&Salutation::Mrs), "MRS");
        assert_eq!(code(&Origin::ShoppingCart), "SHOPPING_CART");
        assert_eq!(
            from_code::<NewsletterStatus>("SUBSCRIBED"),
            Some(NewsletterStatus::Subscribed)
        );
        assert_eq!(from_code::<Salutation>("KING"), None);
    }

    /// Every clean-up finds its rows through an index: SQLite's plan for it searches, and
    /// scans no table.
    #[test]
    fn clean_ups_search_an_index_instead_of_reading_every_row() {
        let directory = std::env::temp_dir().join(format!(
            "shop-store-plans-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        let store = Store::open(&directory).expect("store");
        let connection = store.lock().expect("lock");
        for statement in [
            DELETE_UNCONFIRMED_SUBSCRIBERS,
            DELETE_UNCONFIRMED_VISITOR_SIGNUPS,
            DELETE_ENDED_LOGINS,
            DELETE_ENDED_STAFF_SESSIONS,
        ] {
            let mut plan = connection
                .prepare(&format!("EXPLAIN QUERY PLAN {statement}"))
                .expect("plan");
            let parameters = plan.parameter_count();
            let steps: Vec<String> = plan
                .query_map(rusqlite::params_from_iter(vec![1; parameters]), |row| {
                    row.get(3)
                })
                .expect("steps")
                .collect::<Result<_, _>>()
                .expect("steps");
            assert!(
                steps.iter().all(|step| !step.starts_with("SCAN"))
                    && steps.iter().any(|step| step.contains("INDEX")),
                "{statement}: {steps:?}"
            );
        }
        drop(connection);
        let _ = std::fs::remove_dir_all(directory);
    }
}
