# webclip serve in a small image: build with the Rust toolchain, run on Debian slim as an
# unprivileged user. Build: docker build -t webclip . ; run: docker run -p 8080:8080 webclip
FROM rust:1-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release --locked -p webclip-cli && strip target/release/webclip

FROM debian:bookworm-slim
RUN useradd --system --no-create-home --shell /usr/sbin/nologin webclip
COPY --from=build /src/target/release/webclip /usr/local/bin/webclip
USER webclip
EXPOSE 8080
# The service's own /healthz, over bash's /dev/tcp (the slim image has no HTTP client).
HEALTHCHECK CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/8080 && printf 'GET /healthz HTTP/1.0\\r\\n\\r\\n' >&3 && grep -q '^ok' <&3"]
ENTRYPOINT ["webclip", "serve", "--listen", "0.0.0.0:8080"]
