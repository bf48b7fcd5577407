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
HEALTHCHECK CMD ["webclip", "--version"]
ENTRYPOINT ["webclip", "serve", "--listen", "0.0.0.0:8080"]
