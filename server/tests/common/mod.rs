//! The test client of the service suites: drives the shell origin's router against a real
//! SQLite file in a temporary directory, keeping cookies as a browser would.

// Test code: a failed set-up is a failed test; not every suite uses every helper.
#![allow(clippy::panic, dead_code)]

use std::collections::BTreeMap;
use std::path::PathBuf;

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderMap, Request, StatusCode, header};
use http_body_util::BodyExt;
use shop_core::json::Value;
use shop_server::app::{Config, router};
use shop_server::hosts::AllowedHosts;
use tower::ServiceExt;

/// A fresh data directory for one test, under this build's own `target/tmp`: two checkouts (or
/// target directories) running the suites at once never share one.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("shop-server-test-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The configuration the suites run with.
pub fn config(data_dir: PathBuf, test_faults: bool) -> Config {
    Config {
        port: 0,
        data_dir,
        root: PathBuf::from(".."),
        test_faults,
        stopped_fragments: Vec::new(),
        remotes: Vec::new(),
        minicart_enabled: true,
        // The day these tests were written: schedules judged on any other day give the same.
        fixed_now: shop_server::abtest::parse_date_time("2026-11-25T10:00", false),
        // The public names the suites send (the consent's public host, the account's referer
        // checks); a name not listed is refused (tests/hosts.rs).
        allowed_hosts: AllowedHosts::from_list("www.shop.example,shop-backend,shop.test")
            .unwrap_or_else(|error| panic!("{error}")),
    }
}

/// One answer.
pub struct Answer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: String,
}

impl Answer {
    /// The body as JSON (fails the test when it is not).
    pub fn json(&self) -> Value {
        shop_core::json::parse(&self.body).unwrap_or_else(|error| panic!("{error}: {}", self.body))
    }

    pub fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .and_then(|value| value.to_str().ok())
            .unwrap_or_default()
    }

    /// Every `Set-Cookie` header.
    pub fn set_cookies(&self) -> Vec<String> {
        self.headers
            .get_all(header::SET_COOKIE)
            .iter()
            .filter_map(|value| value.to_str().ok())
            .map(str::to_owned)
            .collect()
    }

    /// The `Set-Cookie` header of one cookie.
    pub fn set_cookie(&self, name: &str) -> Option<String> {
        self.set_cookies()
            .into_iter()
            .find(|cookie| cookie.starts_with(&format!("{name}=")))
    }
}

/// A browser on the shop: the router and a cookie jar.
pub struct Shop {
    pub router: Router,
    pub data_dir: PathBuf,
    pub cookies: BTreeMap<String, String>,
}

impl Shop {
    pub fn open(name: &str, test_faults: bool) -> Shop {
        Shop::with_config(config(temp_dir(name), test_faults))
    }

    pub fn with_config(config: Config) -> Shop {
        let data_dir = config.data_dir.clone();
        let router = router(&config).unwrap_or_else(|error| panic!("{error:?}"));
        Shop {
            router,
            data_dir,
            cookies: BTreeMap::new(),
        }
    }

    /// Another browser on the same shop: the same server and database, no cookies.
    pub fn another_browser(&self) -> Shop {
        Shop {
            router: self.router.clone(),
            data_dir: self.data_dir.clone(),
            cookies: BTreeMap::new(),
        }
    }

    /// Sends a request with the jar's cookies and keeps the cookies the answer sets
    /// (`Max-Age=0` or an empty value removes one).
    pub async fn send(
        &mut self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &str,
    ) -> Answer {
        let mut request = Request::builder().method(method).uri(path);
        if !self.cookies.is_empty() {
            let jar: Vec<String> = self
                .cookies
                .iter()
                .map(|(name, value)| format!("{name}={value}"))
                .collect();
            request = request.header(header::COOKIE, jar.join("; "));
        }
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let request = request
            .body(Body::from(body.to_owned()))
            .unwrap_or_else(|error| panic!("{error}"));
        let response = self
            .router
            .clone()
            .oneshot(request)
            .await
            .unwrap_or_else(|error| match error {});
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = response
            .into_body()
            .collect()
            .await
            .map(|body| body.to_bytes())
            .unwrap_or_default();
        let answer = Answer {
            status,
            headers,
            body: String::from_utf8_lossy(&bytes).into_owned(),
        };
        for cookie in answer.set_cookies() {
            let first = cookie.split(';').next().unwrap_or_default();
            let Some((name, value)) = first.split_once('=') else {
                continue;
            };
            if value.is_empty() || cookie.contains("Max-Age=0") {
                self.cookies.remove(name);
            } else {
                self.cookies.insert(name.to_owned(), value.to_owned());
            }
        }
        answer
    }

    pub async fn get(&mut self, path: &str) -> Answer {
        self.send("GET", path, &[], "").await
    }

    pub async fn get_with(&mut self, path: &str, headers: &[(&str, &str)]) -> Answer {
        self.send("GET", path, headers, "").await
    }

    /// Sets the test faults (the server must run with them).
    pub async fn faults(&mut self, body: &str) {
        let answer = self.send("POST", "/service/test/faults", &[], body).await;
        assert_eq!(answer.status, StatusCode::NO_CONTENT, "{body}");
    }
}

/// The value at a path of object keys.
pub fn at<'a>(value: &'a Value, path: &[&str]) -> &'a Value {
    path.iter().fold(value, |current, key| {
        current
            .get(key)
            .unwrap_or_else(|| panic!("no {key} in {current:?}"))
    })
}

/// The string at a path.
pub fn text<'a>(value: &'a Value, path: &[&str]) -> &'a str {
    at(value, path)
        .as_str()
        .unwrap_or_else(|| panic!("{path:?} is not a string"))
}

/// The array at a path.
pub fn list<'a>(value: &'a Value, path: &[&str]) -> &'a [Value] {
    at(value, path)
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_else(|| panic!("{path:?} is not an array"))
}

/// The `<h1>` text of a page.
pub fn h1(html: &str) -> &str {
    html.split_once("<h1")
        .and_then(|(_, rest)| rest.split_once('>'))
        .and_then(|(_, rest)| rest.split_once("</h1>"))
        .map_or("", |(heading, _)| heading)
}

/// A page's `<title>` text ("" without one).
pub fn title(html: &str) -> &str {
    html.split_once("<title>")
        .and_then(|(_, rest)| rest.split_once("</title>"))
        .map_or("", |(title, _)| title)
}

/// A page's shell configuration island.
pub fn shell_config(html: &str) -> Value {
    let island = html
        .split_once("id=\"shell-config\">")
        .and_then(|(_, rest)| rest.split_once("</script>"))
        .map_or("", |(island, _)| island);
    shop_core::json::parse(island).unwrap_or_else(|error| panic!("{error}: {island}"))
}
