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
        layout: (!args.no_layout).then(|| args.layout.engine()),
    };
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
            if config.layout.is_some() { "on" } else { "off" },
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
