//! Serving a router on a listener, with the timeouts that keep a slow or stalled client from
//! holding a connection for ever (a request head sent a byte at a time, a body that never
//! comes): axum's own `serve` sets none. Stops accepting when `stop` turns true and lets the
//! requests in progress finish (at most [`SHUTDOWN_GRACE`]).

use std::time::Duration;

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tower_http::timeout::RequestBodyTimeoutLayer;

/// How long a client has for a request's line and headers, from its first byte: then the
/// connection closes (hyper answers 408 where it can). A browser sends them at once.
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a client has for a request's body once its head is in: then the body is unreadable
/// and the request is refused like any other unreadable body (400), changing nothing.
pub const BODY_READ_TIMEOUT: Duration = Duration::from_secs(10);
/// How long the requests in progress may still take once the server is asked to stop.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

/// The limits [`serve`] applies; the tests make them short.
#[derive(Clone, Copy, Debug)]
pub struct Timeouts {
    pub header_read: Duration,
    pub body_read: Duration,
}

impl Default for Timeouts {
    fn default() -> Self {
        Timeouts {
            header_read: HEADER_READ_TIMEOUT,
            body_read: BODY_READ_TIMEOUT,
        }
    }
}

/// Serves `router` on `listener` (HTTP/1.1) until `stop` turns true.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    stop: watch::Receiver<bool>,
    timeouts: Timeouts,
) -> Result<(), String> {
    let mut stop = stop;
    let router = router.layer(RequestBodyTimeoutLayer::new(timeouts.body_read));
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(timeouts.header_read);
    let graceful = GracefulShutdown::new();
    loop {
        tokio::select! {
            accepted = listener.accept() => {
                let stream = match accepted {
                    Ok((stream, _)) => stream,
                    // Out of file descriptors and the like: wait a moment, as axum's serve does.
                    Err(_) => {
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                };
                let service = TowerToHyperService::new(router.clone());
                let connection = graceful.watch(http.serve_connection(TokioIo::new(stream), service));
                tokio::spawn(async move {
                    // A client that went away or broke the protocol ends its connection only.
                    let _ = connection.await;
                });
            }
            () = async {
                let _ = stop.wait_for(|stopped| *stopped).await;
            } => break,
        }
    }
    drop(listener);
    let _ = tokio::time::timeout(SHUTDOWN_GRACE, graceful.shutdown()).await;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Bytes;
    use axum::routing::{get, post};
    use std::time::Instant;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::TcpStream;

    const SHORT: Timeouts = Timeouts {
        header_read: Duration::from_millis(400),
        body_read: Duration::from_millis(400),
    };

    /// A server on a free localhost port with a page and an echoing post; its address and the
    /// switch that stops it.
    async fn started() -> Option<(std::net::SocketAddr, watch::Sender<bool>)> {
        let listener = TcpListener::bind("127.0.0.1:0").await.ok()?;
        let address = listener.local_addr().ok()?;
        let router = Router::new()
            .route("/", get(|| async { "the page" }))
            .route(
                "/echo",
                post(
                    |body: Result<Bytes, axum::extract::rejection::BytesRejection>| async move {
                        match body {
                            Ok(body) => (axum::http::StatusCode::OK, body.to_vec()),
                            Err(_) => (axum::http::StatusCode::BAD_REQUEST, b"unreadable".to_vec()),
                        }
                    },
                ),
            );
        let (stop_sender, stop) = watch::channel(false);
        tokio::spawn(serve(listener, router, stop, SHORT));
        Some((address, stop_sender))
    }

    /// Writes `sent`, then reads until the server closes the connection (at most 5 s): what it
    /// answered and how long it took.
    async fn exchange(address: std::net::SocketAddr, sent: &str) -> (String, Duration) {
        let started = Instant::now();
        let Ok(mut stream) = TcpStream::connect(address).await else {
            return (String::from("no connection"), started.elapsed());
        };
        let _ = stream.write_all(sent.as_bytes()).await;
        let mut answer = Vec::new();
        let _ = tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut answer)).await;
        (
            String::from_utf8_lossy(&answer).into_owned(),
            started.elapsed(),
        )
    }

    #[tokio::test]
    async fn a_whole_request_is_answered() {
        let Some((address, _stop)) = started().await else {
            panic!("no server");
        };
        let (answer, _) = exchange(
            address,
            "GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
        )
        .await;
        assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
        assert!(answer.ends_with("the page"), "{answer}");
    }

    #[tokio::test]
    async fn a_request_head_that_never_ends_closes_its_connection() {
        let Some((address, _stop)) = started().await else {
            panic!("no server");
        };
        let (answer, took) =
            exchange(address, "GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ").await;
        assert!(took < Duration::from_secs(3), "open for {took:?}");
        assert!(!answer.contains("the page"), "{answer}");
    }

    #[tokio::test]
    async fn a_body_that_never_comes_is_refused() {
        let Some((address, _stop)) = started().await else {
            panic!("no server");
        };
        let (answer, took) = exchange(
            address,
            "POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Length: 50\r\nConnection: close\r\n\r\n{\"em",
        )
        .await;
        assert!(took < Duration::from_secs(3), "open for {took:?}");
        assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    }

    #[tokio::test]
    async fn a_stopped_server_accepts_no_more() {
        let Some((address, stop)) = started().await else {
            panic!("no server");
        };
        let _ = stop.send(true);
        tokio::time::sleep(Duration::from_millis(100)).await;
        let (answer, _) = exchange(
            address,
            "GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
        )
        .await;
        assert!(!answer.contains("the page"), "{answer}");
    }
}
