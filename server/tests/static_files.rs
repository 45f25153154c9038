//! The fragments' and the shell's files: the build's precompressed copies go out by the
//! browser's Accept-Encoding, Brotli first, with the caching rules of content-hashed files.

// Test code: a failed set-up is a failed test.
#![allow(clippy::panic, clippy::unwrap_used, clippy::expect_used)]

use std::sync::OnceLock;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use shop_server::fragments::static_files;
use tower::ServiceExt;

/// A file whose name has the most bytes a file system allows (255).
const LONGEST_NAME: &str = concat!(
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.txt"
);

const SCRIPT: &str = "console.log('the header fragment');\n";
const EDITED: &str = "console.log('edited after the build');\n";

/// A build folder as `scripts/precompress.mjs` leaves it: `app.0123456789.js` with both copies
/// (their contents are markers, so the test sees which file was sent), `plain.css` without.
/// Made once for the whole suite (its tests run in parallel).
fn build_folder() -> &'static std::path::Path {
    static FOLDER: OnceLock<std::path::PathBuf> = OnceLock::new();
    FOLDER.get_or_init(|| {
        let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
            .join("shop-server-test-static-files");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("app.0123456789.js"), SCRIPT).unwrap();
        std::fs::write(dir.join("app.0123456789.js.br"), "brotli copy").unwrap();
        std::fs::write(dir.join("app.0123456789.js.gz"), "gzip copy").unwrap();
        std::fs::write(dir.join("plain.css"), "body { margin: 0 }\n".repeat(200)).unwrap();
        // A file edited after the build wrote its copies: the copies are an hour older.
        std::fs::write(dir.join("edited.js"), EDITED).unwrap();
        let an_hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
        for copy in ["edited.js.br", "edited.js.gz"] {
            std::fs::write(dir.join(copy), "stale copy").unwrap();
            std::fs::File::options()
                .write(true)
                .open(dir.join(copy))
                .unwrap()
                .set_modified(an_hour_ago)
                .unwrap();
        }
        std::fs::write(dir.join(LONGEST_NAME), "the longest name").unwrap();
        std::fs::create_dir_all(dir.join("pictures")).unwrap();
        std::fs::write(dir.join("pictures/logo.svg"), "<svg/>").unwrap();
        dir
    })
}

struct Sent {
    status: StatusCode,
    location: Option<String>,
    encoding: Option<String>,
    vary: String,
    cache: String,
    body: Vec<u8>,
}

async fn fetch(path: &str, accept_encoding: Option<&str>) -> Sent {
    let mut request = Request::get(path);
    if let Some(value) = accept_encoding {
        request = request.header(header::ACCEPT_ENCODING, value);
    }
    let response = static_files(build_folder())
        .oneshot(request.body(Body::empty()).unwrap())
        .await
        .unwrap();
    let text = |name| {
        response
            .headers()
            .get(name)
            .and_then(|value| value.to_str().ok())
            .map(str::to_owned)
    };
    Sent {
        status: response.status(),
        location: text(header::LOCATION),
        encoding: text(header::CONTENT_ENCODING),
        vary: text(header::VARY).unwrap_or_default(),
        cache: text(header::CACHE_CONTROL).unwrap_or_default(),
        body: response
            .into_body()
            .collect()
            .await
            .unwrap()
            .to_bytes()
            .to_vec(),
    }
}

#[tokio::test]
async fn a_browser_that_accepts_brotli_gets_the_brotli_copy() {
    // Chromium's own header, on plain http as well.
    let sent = fetch("/app.0123456789.js", Some("gzip, deflate, br, zstd")).await;
    assert_eq!(sent.status, StatusCode::OK);
    assert_eq!(sent.encoding.as_deref(), Some("br"));
    assert_eq!(sent.body, b"brotli copy");
    assert_eq!(sent.vary, "accept-encoding");
    assert_eq!(sent.cache, "public, max-age=31536000, immutable");
}

#[tokio::test]
async fn gzip_only_browsers_get_the_gzip_copy_and_the_rest_the_file_itself() {
    let gzip = fetch("/app.0123456789.js", Some("gzip")).await;
    assert_eq!(gzip.encoding.as_deref(), Some("gzip"));
    assert_eq!(gzip.body, b"gzip copy");

    let plain = fetch("/app.0123456789.js", None).await;
    assert_eq!(plain.encoding, None);
    assert_eq!(plain.body, SCRIPT.as_bytes());
    assert_eq!(plain.vary, "accept-encoding");
}

#[tokio::test]
async fn copies_older_than_their_file_are_not_sent_the_file_is() {
    let brotli_only = fetch("/edited.js", Some("br")).await;
    assert_eq!(brotli_only.status, StatusCode::OK);
    assert_eq!(brotli_only.encoding, None);
    assert_eq!(brotli_only.body, EDITED.as_bytes());
    // With gzip accepted, the file is compressed on the way out, not taken from the copy.
    let chromium = fetch("/edited.js", Some("gzip, deflate, br, zstd")).await;
    assert_eq!(chromium.encoding.as_deref(), Some("gzip"));
    assert_ne!(chromium.body, b"stale copy");
    let mut text = String::new();
    std::io::Read::read_to_string(
        &mut flate2::read::GzDecoder::new(&chromium.body[..]),
        &mut text,
    )
    .unwrap();
    assert_eq!(text, EDITED);
}

#[tokio::test]
async fn a_file_without_copies_is_compressed_per_request() {
    let sent = fetch("/plain.css", Some("gzip, deflate, br, zstd")).await;
    assert_eq!(sent.status, StatusCode::OK);
    assert_eq!(sent.encoding.as_deref(), Some("gzip"));
    assert!(sent.body.len() < 200, "{} bytes", sent.body.len());
    assert_eq!(sent.cache, "no-cache");
}

#[tokio::test]
async fn the_copies_are_not_a_way_around_missing_files() {
    let sent = fetch("/missing.js", Some("br")).await;
    assert_eq!(sent.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_hashed_name_not_there_yet_is_not_remembered_as_missing() {
    // Asked while a deployment is under way: the new entry is there, its chunk not yet.
    let sent = fetch("/748.9876543210.js", Some("br")).await;
    assert_eq!(sent.status, StatusCode::NOT_FOUND);
    assert_eq!(sent.cache, "no-store");
}

#[tokio::test]
async fn a_name_too_long_for_any_file_is_not_found_rather_than_a_server_error() {
    // The file system answers "name too long" for a 256-byte segment or a path past its limit.
    let long_name = ["/", &"a".repeat(256), ".js"].concat();
    assert_eq!(fetch(&long_name, None).await.status, StatusCode::NOT_FOUND);
    let deep_path = ["/", &vec!["b".repeat(200); 25].join("/")].concat();
    assert_eq!(fetch(&deep_path, None).await.status, StatusCode::NOT_FOUND);
    let escaped = ["/", &"%C3%A4".repeat(130)].concat();
    assert_eq!(fetch(&escaped, None).await.status, StatusCode::NOT_FOUND);
    // The longest name is served, also written with escapes (which count as the byte each
    // stands for: 765 characters of URL, 255 bytes of name).
    assert_eq!(LONGEST_NAME.len(), 255);
    let longest = fetch(&["/", LONGEST_NAME].concat(), None).await;
    assert_eq!(longest.status, StatusCode::OK);
    assert_eq!(longest.body, b"the longest name");
    let escaped_longest: String = LONGEST_NAME
        .bytes()
        .map(|byte| format!("%{byte:02X}"))
        .collect();
    let sent = fetch(&["/", &escaped_longest].concat(), None).await;
    assert_eq!(sent.status, StatusCode::OK);
}

#[tokio::test]
async fn a_folder_is_not_found_and_never_redirected() {
    // Mounted under `/img`, a redirect to the folder with a slash lost the mount's prefix
    // (`/img/footer` -> `/footer/`), and `/img///footer` went to `//footer/`: another host.
    for path in ["/pictures", "/pictures/", "///pictures", "//pictures"] {
        let sent = fetch(path, None).await;
        assert_eq!(sent.status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(sent.location, None, "{path}");
    }
    assert_eq!(
        fetch("/pictures/logo.svg", None).await.status,
        StatusCode::OK
    );
}

/// A fragment's origin over a build folder with its entry points, as the build leaves them.
fn header_origin() -> axum::Router {
    static ROOT: OnceLock<std::path::PathBuf> = OnceLock::new();
    let root = ROOT.get_or_init(|| {
        let root = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
            .join("shop-server-test-static-files-origin");
        let _ = std::fs::remove_dir_all(&root);
        let dist = root.join("mfe-header/dist");
        std::fs::create_dir_all(&dist).unwrap();
        std::fs::write(dist.join("mf-manifest.json"), "{\"name\":\"header\"}\n").unwrap();
        std::fs::write(dist.join("remoteEntry.js"), SCRIPT).unwrap();
        root
    });
    let header = shop_server::fragments::FRAGMENTS
        .iter()
        .find(|fragment| fragment.name == shop_server::fragments::HEADER_REMOTE)
        .unwrap();
    shop_server::fragments::fragment_origin(root, header)
}

#[tokio::test]
async fn a_revalidated_entry_point_of_a_fragment_is_not_modified_and_still_revalidated() {
    for file in ["/mf-manifest.json", "/remoteEntry.js"] {
        let first = header_origin()
            .oneshot(Request::get(file).body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(first.status(), StatusCode::OK, "{file}");
        assert_eq!(first.headers()[header::CACHE_CONTROL], "no-cache", "{file}");
        let last_modified = first.headers().get(header::LAST_MODIFIED).cloned();
        let etag = first.headers().get(header::ETAG).cloned();
        // The browser asks again with what the first answer said (ServeDir gives a date; an
        // ETag, where a server gives one, counts the same).
        let mut revalidations = Vec::new();
        if let Some(date) = last_modified {
            revalidations.push((header::IF_MODIFIED_SINCE, date));
        }
        if let Some(tag) = etag {
            revalidations.push((header::IF_NONE_MATCH, tag));
        }
        assert!(
            !revalidations.is_empty(),
            "{file}: nothing to revalidate with"
        );
        for (name, value) in revalidations {
            let again = header_origin()
                .oneshot(
                    Request::get(file)
                        .header(name.clone(), value)
                        .body(Body::empty())
                        .unwrap(),
                )
                .await
                .unwrap();
            assert_eq!(again.status(), StatusCode::NOT_MODIFIED, "{file} {name}");
            // Still there, so still revalidated next time: not "no-store", which would make the
            // browser fetch the whole file every time.
            assert_eq!(
                again.headers()[header::CACHE_CONTROL],
                "no-cache",
                "{file} {name}"
            );
        }
    }
}
