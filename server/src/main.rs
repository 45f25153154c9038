//! The reference shop server: serves the shell origin and the services the specs call, on
//! SQLite. Listens on localhost only and stops on Ctrl-C or SIGTERM.

use shop_server::app;
use std::net::{Ipv4Addr, SocketAddr};

#[tokio::main]
async fn main() {
    if let Err(error) = run().await {
        eprintln!("shop-server: {error}");
        std::process::exit(1);
    }
}

async fn run() -> Result<(), String> {
    let config = app::Config::from_env()?;
    let router = app::router(&config).map_err(|error| error.0)?;
    let address = SocketAddr::from((Ipv4Addr::LOCALHOST, config.port));
    let listener = tokio::net::TcpListener::bind(address)
        .await
        .map_err(|error| format!("cannot listen on {address}: {error}"))?;
    println!("shop-server: http://localhost:{}", config.port);
    axum::serve(listener, router)
        .with_graceful_shutdown(shutdown())
        .await
        .map_err(|error| error.to_string())
}

/// Resolves on Ctrl-C or SIGTERM.
async fn shutdown() {
    let interrupt = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut terminate =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(signal) => signal,
                Err(_) => return interrupt.await.unwrap_or_default(),
            };
        tokio::select! {
            _ = interrupt => {}
            _ = terminate.recv() => {}
        }
    }
    #[cfg(not(unix))]
    interrupt.await.unwrap_or_default();
}
