//! The fragments: each is served from its own origin (its own port), as independently deployed
//! teams would serve them, with CORS and `application/wasm`; the shell finds them at run time
//! through the configuration the page carries (their `mf-manifest.json` URLs).

use std::path::{Path, PathBuf};

use axum::Router;
use axum::extract::State;
use axum::http::{HeaderValue, Method, Request, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use tower_http::compression::CompressionLayer;
use tower_http::cors::{Any, CorsLayer};
use tower_http::services::ServeDir;

/// One fragment: its Module Federation name and its build output folder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fragment {
    pub name: &'static str,
    pub dist: &'static str,
    /// Its port is the shell's port plus this offset.
    pub port_offset: u16,
}

/// The header fragment's Module Federation name: every shop page with a header loads it at once.
pub const HEADER_REMOTE: &str = "header";

/// Every fragment this server serves.
pub const FRAGMENTS: [Fragment; 5] = [
    Fragment {
        name: "minicart",
        dist: "mfe-minicart/dist",
        port_offset: 1,
    },
    Fragment {
        name: HEADER_REMOTE,
        dist: "mfe-header/dist",
        port_offset: 2,
    },
    Fragment {
        name: "footer",
        dist: "mfe-footer/dist",
        port_offset: 3,
    },
    Fragment {
        name: "newsletter",
        dist: "mfe-newsletter/dist",
        port_offset: 4,
    },
    Fragment {
        name: "preview",
        dist: "mfe-preview/dist",
        port_offset: 5,
    },
];

/// Where the page finds a remote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RemoteLocation {
    /// Served by this server on the page's host at this port.
    Port(u16),
    /// A manifest URL from the configuration (`SHOP_REMOTE_<NAME>`), e.g. another team's CDN.
    Url(String),
}

/// A remote as the shell's configuration names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Remote {
    pub name: &'static str,
    pub location: RemoteLocation,
}

impl Remote {
    /// The remote's manifest URL for a page served on `host` (no port).
    pub fn manifest_url(&self, host: &str) -> String {
        match &self.location {
            RemoteLocation::Port(port) => format!("http://{host}:{port}/mf-manifest.json"),
            RemoteLocation::Url(url) => url.clone(),
        }
    }

    /// The URL of one of the remote's files, which lie beside its manifest.
    pub fn file_url(&self, host: &str, file: &str) -> String {
        let manifest = self.manifest_url(host);
        let folder = manifest
            .rfind('/')
            .map_or(manifest.as_str(), |slash| &manifest[..=slash]);
        [folder, file].concat()
    }

    /// The origin (scheme, host, port) the remote's files come from, for the page's CSP.
    pub fn origin(&self, host: &str) -> String {
        let url = self.manifest_url(host);
        let after_scheme = url.find("://").map_or(0, |i| i + 3);
        let end = url[after_scheme..]
            .find('/')
            .map_or(url.len(), |i| after_scheme + i);
        url[..end].to_owned()
    }
}

/// Cache rules: content-hashed files forever, the entry points (manifest, remoteEntry.js,
/// entries.json) always revalidated so a deployment shows at once. Only a file that was found
/// is kept: a hashed name asked for while a deployment is under way (the new entry already
/// there, its chunk not yet) must be asked again, not remembered as missing for a year.
async fn cache_headers(request: Request<axum::body::Body>, next: Next) -> Response {
    let hashed = request.uri().path().rsplit('/').next().is_some_and(|file| {
        file.split('.')
            .any(|part| part.len() == 10 && part.bytes().all(|b| b.is_ascii_hexdigit()))
    });
    let mut response = next.run(request).await;
    let found = response.status().is_success() || response.status() == StatusCode::NOT_MODIFIED;
    let value = match (found, hashed) {
        (false, _) => "no-store",
        (true, true) => "public, max-age=31536000, immutable",
        (true, false) => "no-cache",
    };
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    // The same URL answers in Brotli, gzip or plain by the request's Accept-Encoding.
    response
        .headers_mut()
        .insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    response
}

/// The longest file name a build folder's file has (and most file systems allow).
const MAX_FILE_NAME_BYTES: usize = 255;
/// The longest path below a build folder that can name a file (well under the system's limit).
const MAX_FILE_PATH_BYTES: usize = 1024;

/// The length of a URL path's part once percent-decoded (`%41` is one byte).
fn decoded_len(part: &str) -> usize {
    let escapes = part
        .as_bytes()
        .windows(3)
        .filter(|window| matches!(window, [b'%', high, low] if high.is_ascii_hexdigit() && low.is_ascii_hexdigit()))
        .count();
    part.len().saturating_sub(2 * escapes)
}

/// A path too long to name a file is "not found" at once: the file system would answer "name
/// too long", which the file service passes on as a server error.
async fn names_a_file(request: Request<axum::body::Body>, next: Next) -> Response {
    let path = request.uri().path();
    if decoded_len(path) > MAX_FILE_PATH_BYTES
        || path
            .split('/')
            .any(|segment| decoded_len(segment) > MAX_FILE_NAME_BYTES)
    {
        return StatusCode::NOT_FOUND.into_response();
    }
    next.run(request).await
}

/// A precompressed copy older than its file (the file edited after the build wrote its copies,
/// and the server run without a build) is not sent: the request reaches the file server without
/// `Accept-Encoding`, which then sends the file itself, compressed on the way out.
async fn stale_copies_unsent(
    State(dir): State<PathBuf>,
    mut request: Request<axum::body::Body>,
    next: Next,
) -> Response {
    if has_stale_copy(&dir, request.uri().path()).await {
        request.headers_mut().remove(header::ACCEPT_ENCODING);
    }
    next.run(request).await
}

/// Whether the file at `path` under `dir` has a Brotli or gzip copy older than itself. A path
/// this cannot map plainly (escapes, `.` or `..`) is left to the file server as it is.
async fn has_stale_copy(dir: &Path, path: &str) -> bool {
    let mut file = dir.to_path_buf();
    for segment in path.split('/').filter(|segment| !segment.is_empty()) {
        if segment.contains('%') || segment == "." || segment == ".." {
            return false;
        }
        file.push(segment);
    }
    let modified = |path: PathBuf| async move {
        tokio::fs::metadata(path)
            .await
            .and_then(|meta| meta.modified())
            .ok()
    };
    let Some(written) = modified(file.clone()).await else {
        return false;
    };
    for extension in ["br", "gz"] {
        let mut copy = file.clone().into_os_string();
        copy.push(".");
        copy.push(extension);
        if modified(PathBuf::from(copy))
            .await
            .is_some_and(|copied| copied < written)
        {
            return true;
        }
    }
    false
}

/// Files are only read: any other method gets 405 in the services' error shape with
/// `Allow: GET, HEAD` (the file server's own 405 is empty and names no method). A fragment
/// origin's CORS preflight is answered before this.
async fn files_are_read(request: Request<axum::body::Body>, next: Next) -> Response {
    let method = request.method().clone();
    if method == Method::GET || method == Method::HEAD {
        return next.run(request).await;
    }
    let mut refused = crate::api::method_not_allowed(method).await;
    refused
        .headers_mut()
        .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
    refused
}

/// Static files of a build folder. The build writes a Brotli and a gzip copy beside each text and
/// WebAssembly file (`scripts/precompress.mjs`, ADR 0009); those go out as they are when the
/// browser accepts them, Brotli first, unless the file is newer than its copy. Anything without
/// a (current) copy is gzip-compressed per request.
pub fn static_files(dir: &Path) -> Router {
    Router::new()
        // A folder is not a file: no index page, and no redirect to the folder with a slash
        // (built without the prefix the router mounted this under, it left the prefix out, and
        // `///name` made it `//name/`, another host).
        .fallback_service(
            ServeDir::new(dir)
                .append_index_html_on_directories(false)
                .precompressed_br()
                .precompressed_gzip(),
        )
        .layer(middleware::from_fn_with_state(
            dir.to_path_buf(),
            stale_copies_unsent,
        ))
        .layer(middleware::from_fn(names_a_file))
        .layer(middleware::from_fn(files_are_read))
        .layer(middleware::from_fn(cache_headers))
        .layer(middleware::map_response(crate::api::no_sniffing))
        .layer(CompressionLayer::new().gzip(true))
}

/// A fragment's origin: its build folder with CORS for every page that embeds it.
pub fn fragment_origin(root: &Path, fragment: &Fragment) -> Router {
    static_files(&root.join(fragment.dist)).layer(
        CorsLayer::new()
            .allow_origin(Any)
            .allow_methods([Method::GET, Method::HEAD]),
    )
}

/// The remotes of a shell on `port`, each overridable by `SHOP_REMOTE_<NAME>` (a manifest URL).
pub fn remotes(port: u16, overrides: impl Fn(&str) -> Option<String>) -> Vec<Remote> {
    FRAGMENTS
        .iter()
        .map(|fragment| Remote {
            name: fragment.name,
            location: match overrides(&format!("SHOP_REMOTE_{}", fragment.name.to_uppercase())) {
                Some(url) => RemoteLocation::Url(url),
                None => RemoteLocation::Port(port.saturating_add(fragment.port_offset)),
            },
        })
        .collect()
}

/// The folder the build outputs are found under (`SHOP_ROOT`, default the working directory).
pub fn root_from_env() -> PathBuf {
    std::env::var_os("SHOP_ROOT").map_or_else(|| PathBuf::from("."), PathBuf::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remotes_by_port_or_configured_url() {
        let remotes = remotes(8080, |_| None);
        assert_eq!(
            remotes[0].manifest_url("localhost"),
            "http://localhost:8081/mf-manifest.json"
        );
        assert_eq!(remotes[0].origin("localhost"), "http://localhost:8081");
        let moved = super::remotes(8080, |name| {
            (name == "SHOP_REMOTE_MINICART")
                .then(|| "https://cdn.example/minicart/mf-manifest.json".into())
        });
        assert_eq!(moved[0].origin("localhost"), "https://cdn.example");
        // A remote's other files lie beside its manifest, wherever that is.
        assert_eq!(
            remotes[0].file_url("localhost", "texts.cart.pl-PL.js"),
            "http://localhost:8081/texts.cart.pl-PL.js"
        );
        assert_eq!(
            moved[0].file_url("localhost", "texts.cart.pl-PL.js"),
            "https://cdn.example/minicart/texts.cart.pl-PL.js"
        );
    }

    #[test]
    fn each_fragment_has_its_own_port_after_the_shell_s() {
        let ports: Vec<(&str, String)> = remotes(8080, |_| None)
            .iter()
            .map(|remote| (remote.name, remote.origin("localhost")))
            .collect();
        assert_eq!(
            ports,
            [
                ("minicart", "http://localhost:8081".to_owned()),
                ("header", "http://localhost:8082".to_owned()),
                ("footer", "http://localhost:8083".to_owned()),
                ("newsletter", "http://localhost:8084".to_owned()),
                ("preview", "http://localhost:8085".to_owned()),
            ]
        );
    }
}
