//! `webclip serve`: the HTTP service (crate `webclip-serve`) on a Tokio runtime.

use crate::flags::LayoutArgs;
use clap::Args;
use std::process::ExitCode;
use webclip_fetch::FetchConfig;
use webclip_serve::Config;

#[derive(Args)]
pub struct ServeArgs {
    /// Address to listen on (loopback by default; 0.0.0.0:8080 for every interface).
    #[arg(long, default_value = "127.0.0.1:8080", value_name = "ADDR")]
    pub listen: String,
    /// Largest request body, in bytes.
    #[arg(long, default_value_t = 10 * 1024 * 1024, value_name = "BYTES")]
    pub body_limit: usize,
    /// Seconds one request may take (fetch and extraction).
    #[arg(long, default_value_t = Config::default().timeout.as_secs_f64(), value_name = "S", value_parser = crate::flags::seconds)]
    pub timeout: f64,
    /// Extractions at once; requests over it get 503 with Retry-After.
    #[arg(long, default_value_t = 32, value_name = "N")]
    pub concurrency: usize,
    /// Seconds a connection may take to send a request's head (and stay idle between requests).
    #[arg(long, default_value_t = Config::default().header_timeout.as_secs_f64(), value_name = "S", value_parser = crate::flags::seconds)]
    pub header_timeout: f64,
    /// Seconds an answer may wait on a client that reads none of it; then its connection is closed.
    #[arg(long, default_value_t = Config::default().write_timeout.as_secs_f64(), value_name = "S", value_parser = crate::flags::seconds)]
    pub write_timeout: f64,
    /// Open connections at once; more are answered 503 and closed. Keep the process's file
    /// limit (ulimit -n, LimitNOFILE) above it.
    #[arg(long, default_value_t = Config::default().max_connections, value_name = "N")]
    pub max_connections: usize,
    /// Open connections at once from one client address; more are answered 503 and closed.
    #[arg(long, default_value_t = Config::default().max_connections_per_client, value_name = "N")]
    pub max_connections_per_client: usize,
    /// Memory the extractions under way may take together, in MiB: each request is admitted by
    /// the most its page can cost (400 bytes per byte of the page, plus 8 MiB, or 64 MiB with
    /// layout), else 503 with Retry-After. Keep it below the process's memory limit.
    #[arg(long, default_value_t = Config::default().memory_budget >> 20, value_name = "MIB")]
    pub memory_budget: u64,
    /// Fetch pages by URL (off by default); only public addresses unless --allow-private.
    #[arg(long)]
    pub fetch: bool,
    /// Let --fetch reach loopback, private and link-local addresses.
    #[arg(long, requires = "fetch")]
    pub allow_private: bool,
    /// Redirects followed when fetching.
    #[arg(long, default_value_t = 5, value_name = "N")]
    pub max_redirects: usize,
    /// Largest fetched page, in bytes after decompression.
    #[arg(long, default_value_t = 10 * 1024 * 1024, value_name = "BYTES")]
    pub fetch_limit: usize,
    /// Require `Authorization: Bearer TOKEN` on /v1/ requests (also from WEBCLIP_TOKEN).
    #[arg(long, env = "WEBCLIP_TOKEN", hide_env_values = true, value_name = "TOKEN")]
    pub token: Option<String>,
    /// No layout engine: no overlays, text view only.
    #[arg(long)]
    pub no_layout: bool,
    #[command(flatten)]
    pub layout: LayoutArgs,
}

pub fn run(args: ServeArgs) -> ExitCode {
    let config = Config {
        body_limit: args.body_limit,
        timeout: crate::flags::duration(args.timeout.max(0.001)),
        concurrency: args.concurrency.max(1),
        fetch: args.fetch.then(|| FetchConfig {
            allow_private: args.allow_private,
            max_redirects: args.max_redirects,
            max_bytes: args.fetch_limit,
            ..Default::default()
        }),
        token: args.token.filter(|t| !t.is_empty()),
        // A webclip built without the engine has none to give: the service then says so
        // (/v1/info, refusals) instead of taking layout requests it cannot do.
        layout: (cfg!(feature = "layout") && !args.no_layout).then(|| args.layout.engine()),
        header_timeout: crate::flags::duration(args.header_timeout.max(0.001)),
        max_connections: args.max_connections.max(1),
        max_connections_per_client: args.max_connections_per_client.max(1),
        write_timeout: crate::flags::duration(args.write_timeout.max(0.001)),
        memory_budget: args.memory_budget.max(1).saturating_mul(1 << 20),
    };
    #[cfg(unix)]
    raise_file_limit(config.max_connections);
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("webclip: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(async move {
        let listener = match tokio::net::TcpListener::bind(&args.listen).await {
            Ok(l) => l,
            Err(e) => {
                eprintln!("webclip: cannot listen on {}: {e}", args.listen);
                return ExitCode::FAILURE;
            }
        };
        let addr = listener.local_addr().map_or(args.listen.clone(), |a| a.to_string());
        eprintln!(
            "webclip: serving on http://{addr}/ (API /v1/extract, page /, metrics /metrics; fetch {}, layout {}, auth {})",
            if config.fetch.is_some() { "on" } else { "off" },
            layout_state(cfg!(feature = "layout"), args.no_layout),
            if config.token.is_some() { "on" } else { "off" },
        );
        match webclip_serve::serve(listener, config, webclip_serve::shutdown_signal()).await {
            Ok(()) => {
                eprintln!("webclip: stopped");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("webclip: server error: {e}");
                ExitCode::FAILURE
            }
        }
    })
}

/// The service's layout as its start line says it: on, or off and why.
fn layout_state(built: bool, no_layout: bool) -> &'static str {
    match (built, no_layout) {
        (false, _) => "off (built without the cargo feature \"layout\")",
        (true, true) => "off (--no-layout)",
        (true, false) => "on",
    }
}

/// Raises the soft open-file limit towards the hard one, as Go's runtime does: every
/// connection is a file, and the usual soft limit (1024, 256 on some systems) can be below
/// --max-connections, when accepting fails before the bound is reached. Warns when even the
/// raised limit leaves too little room.
#[cfg(unix)]
fn raise_file_limit(max_connections: usize) {
    let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit and setrlimit only read or write the struct they are given.
    if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } != 0 {
        return;
    }
    let wanted = limit.rlim_max.min(1 << 16);
    if limit.rlim_cur < wanted {
        let raised = libc::rlimit { rlim_cur: wanted, rlim_max: limit.rlim_max };
        // SAFETY: as above.
        if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &raised) } == 0 {
            limit = raised;
        }
    }
    let needed = (max_connections as libc::rlim_t).saturating_add(64);
    if limit.rlim_cur < needed {
        eprintln!(
            "webclip: warning: the open-file limit is {}, below --max-connections {max_connections} plus 64 for the \
             service's own files; raise it (ulimit -n, LimitNOFILE) or lower --max-connections",
            limit.rlim_cur
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_line_says_layout_is_off_when_it_is_not_built_in() {
        assert_eq!(layout_state(true, false), "on");
        assert_eq!(layout_state(true, true), "off (--no-layout)");
        assert!(layout_state(false, false).starts_with("off (built without"));
        assert!(layout_state(false, true).starts_with("off (built without"));
    }
}
