//! The reference services' data: one SQLite file in the data directory, holding the catalogue's
//! offers, every visitor's cart and the local logins. Carts are stored as the JSON the cart
//! service answers with, written and read by `shop_core::json`, so they survive restarts
//! unchanged.

use std::path::Path;
use std::sync::{Arc, Mutex, MutexGuard};

use rusqlite::{Connection, OptionalExtension, params};
use shop_core::cart::Cart;
use shop_core::cart::service::Offer;
use shop_core::json;

use crate::catalogue;

/// The database file inside the data directory.
pub const DATABASE_FILE: &str = "shop.sqlite3";

/// How long a login without "remember me" lasts, in seconds (one day).
pub const LOGIN_SECONDS: i64 = 24 * 60 * 60;
/// How long a remembered login lasts, in seconds (30 days; the cookie's Max-Age too).
pub const REMEMBERED_LOGIN_SECONDS: i64 = 30 * 24 * 60 * 60;

/// A failure of the store: the service answers 500 and changes nothing.
#[derive(Debug)]
pub struct StoreError(pub String);

impl From<rusqlite::Error> for StoreError {
    fn from(error: rusqlite::Error) -> Self {
        StoreError(error.to_string())
    }
}

/// The shared handle on the database. SQLite serialises writers; one connection behind a mutex
/// is all a reference service needs.
#[derive(Clone)]
pub struct Store {
    connection: Arc<Mutex<Connection>>,
}

impl Store {
    /// Opens (or creates) the database in `data_dir` and seeds the catalogue on first use.
    pub fn open(data_dir: &Path) -> Result<Store, StoreError> {
        std::fs::create_dir_all(data_dir)
            .map_err(|error| StoreError(format!("data directory {data_dir:?}: {error}")))?;
        let connection = Connection::open(data_dir.join(DATABASE_FILE))?;
        connection.execute_batch(
            "PRAGMA journal_mode = WAL;
             CREATE TABLE IF NOT EXISTS offers (
                 position INTEGER PRIMARY KEY,
                 offer TEXT NOT NULL
             );
             CREATE TABLE IF NOT EXISTS carts (
                 visitor TEXT PRIMARY KEY,
                 cart TEXT NOT NULL,
                 updated_at INTEGER NOT NULL DEFAULT (unixepoch())
             );
             CREATE TABLE IF NOT EXISTS logins (
                 token TEXT PRIMARY KEY,
                 account TEXT NOT NULL,
                 remembered INTEGER NOT NULL,
                 created_at INTEGER NOT NULL DEFAULT (unixepoch())
             );",
        )?;
        let seeded: i64 =
            connection.query_row("SELECT count(*) FROM offers", [], |row| row.get(0))?;
        if seeded == 0 {
            let transaction = connection.unchecked_transaction()?;
            for (position, offer) in catalogue::offers().iter().enumerate() {
                transaction.execute(
                    "INSERT INTO offers (position, offer) VALUES (?1, ?2)",
                    params![position as i64, json::to_string(offer)],
                )?;
            }
            transaction.commit()?;
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

    /// Every offer of the catalogue, in catalogue order.
    pub fn offers(&self) -> Result<Vec<Offer>, StoreError> {
        let connection = self.lock()?;
        let mut statement = connection.prepare("SELECT offer FROM offers ORDER BY position")?;
        let texts = statement
            .query_map([], |row| row.get::<_, String>(0))?
            .collect::<Result<Vec<_>, _>>()?;
        texts
            .iter()
            .map(|text| json::from_str(text).map_err(|error| StoreError(error.to_string())))
            .collect()
    }

    /// The visitor's cart; an unknown visitor has an empty one.
    pub fn cart(&self, visitor: &str) -> Result<Cart, StoreError> {
        let connection = self.lock()?;
        let text: Option<String> = connection
            .query_row(
                "SELECT cart FROM carts WHERE visitor = ?1",
                params![visitor],
                |row| row.get(0),
            )
            .optional()?;
        match text {
            Some(text) => json::from_str(&text).map_err(|error| StoreError(error.to_string())),
            None => {
                let mut cart = Cart::default();
                shop_core::cart::service::recalculate(&mut cart);
                Ok(cart)
            }
        }
    }

    /// Stores the visitor's cart.
    pub fn save_cart(&self, visitor: &str, cart: &Cart) -> Result<(), StoreError> {
        self.lock()?.execute(
            "INSERT INTO carts (visitor, cart) VALUES (?1, ?2)
             ON CONFLICT (visitor) DO UPDATE SET cart = excluded.cart, updated_at = unixepoch()",
            params![visitor, json::to_string(cart)],
        )?;
        Ok(())
    }

    /// Records a login: the token of the `LoginToken` cookie names the account.
    pub fn save_login(
        &self,
        token: &str,
        account: &str,
        remembered: bool,
    ) -> Result<(), StoreError> {
        self.lock()?.execute(
            "INSERT INTO logins (token, account, remembered) VALUES (?1, ?2, ?3)",
            params![token, account, remembered],
        )?;
        Ok(())
    }

    /// The account and the remembered flag of a login token, while the login lasts
    /// ([`LOGIN_SECONDS`] / [`REMEMBERED_LOGIN_SECONDS`] after it began).
    pub fn login(&self, token: &str) -> Result<Option<(String, bool)>, StoreError> {
        Ok(self
            .lock()?
            .query_row(
                "SELECT account, remembered FROM logins WHERE token = ?1
                 AND created_at > unixepoch() - CASE remembered WHEN 1 THEN ?2 ELSE ?3 END",
                params![token, REMEMBERED_LOGIN_SECONDS, LOGIN_SECONDS],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .optional()?)
    }

    /// Ends a login.
    pub fn delete_login(&self, token: &str) -> Result<(), StoreError> {
        self.lock()?
            .execute("DELETE FROM logins WHERE token = ?1", params![token])?;
        Ok(())
    }
}
