//! The reference shop server: the shell origin (pages, shell files, services) on `PORT` and
//! each fragment's origin on the ports after it (see `fragments::FRAGMENTS`), all on SQLite.
//! Listens on localhost only. Stops on Ctrl-C or SIGTERM, and, with `SHOP_STOP_WITH_STDIN=1`,
//! when its standard input closes (the test run that started it has ended).

use shop_server::serve::{Timeouts, serve};
use shop_server::{app, fragments};
use std::net::{Ipv4Addr, SocketAddr};
use tokio::sync::watch;

#[tokio::main]
async fn main() {
    if let Err(error) = run().await {
        eprintln!("shop-server: {error}");
        std::process::exit(1);
    }
}

/// How many connections may wait to be accepted: a burst of shoppers (or a test's 500 at once)
/// beyond the system's default of 128 would wait a second for the kernel's retry.
const ACCEPT_QUEUE: u32 = 1024;

/// Binds a localhost port: once this returns, connections to it are accepted (queued until the
/// server runs), so a test that waits for the "at http://..." line never finds it closed.
async fn listen(port: u16) -> Result<tokio::net::TcpListener, String> {
    let address = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
    let cannot = |error: std::io::Error| format!("cannot listen on {address}: {error}");
    let socket = tokio::net::TcpSocket::new_v4().map_err(cannot)?;
    // As the standard library's bind: a restarted server gets its port back at once.
    socket.set_reuseaddr(true).map_err(cannot)?;
    socket.bind(address).map_err(cannot)?;
    socket.listen(ACCEPT_QUEUE).map_err(cannot)
}

async fn run() -> Result<(), String> {
    let config = app::Config::from_env()?;
    let router = app::router(&config).map_err(|error| error.0)?;
    let (stop_sender, stop) = watch::channel(false);
    let mut servers = tokio::task::JoinSet::new();
    // Every port is bound before the shop says it is there.
    let mut origins = Vec::new();
    for fragment in fragments::FRAGMENTS {
        if config
            .stopped_fragments
            .iter()
            .any(|name| name == fragment.name)
        {
            println!(
                "shop-server: {} not started (SHOP_STOPPED_FRAGMENTS)",
                fragment.name
            );
            continue;
        }
        let port = config.port.saturating_add(fragment.port_offset);
        let origin = fragments::fragment_origin(&config.root, &fragment);
        origins.push((fragment.name, port, listen(port).await?, origin));
    }
    let shop = listen(config.port).await?;
    for (name, port, listener, origin) in origins {
        servers.spawn(serve(listener, origin, stop.clone(), Timeouts::default()));
        println!("shop-server: {name} at http://localhost:{port}");
    }
    servers.spawn(serve(shop, router, stop.clone(), Timeouts::default()));
    println!("shop-server: shop at http://localhost:{}", config.port);
    tokio::spawn(async move {
        shutdown().await;
        let _ = stop_sender.send(true);
    });
    while let Some(result) = servers.join_next().await {
        result.map_err(|error| error.to_string())??;
    }
    Ok(())
}

/// Resolves on Ctrl-C, SIGTERM, or (when asked for) the end of standard input.
async fn shutdown() {
    let stdin_closed = async {
        if std::env::var("SHOP_STOP_WITH_STDIN").is_ok_and(|value| value == "1") {
            let _ = tokio::task::spawn_blocking(|| {
                let mut sink = Vec::new();
                std::io::Read::read_to_end(&mut std::io::stdin(), &mut sink)
            })
            .await;
        } else {
            std::future::pending::<()>().await;
        }
    };
    let interrupt = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut terminate =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(signal) => signal,
                Err(_) => {
                    tokio::select! {
                        _ = interrupt => {}
                        _ = stdin_closed => {}
                    }
                    return;
                }
            };
        tokio::select! {
            _ = interrupt => {}
            _ = terminate.recv() => {}
            _ = stdin_closed => {}
        }
    }
    #[cfg(not(unix))]
    tokio::select! {
        _ = interrupt => {}
        _ = stdin_closed => {}
    }
}
