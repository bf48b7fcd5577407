#!/usr/bin/env bash
# The Dockerfile's two stages checked where no Docker engine runs (this machine has only the
# client): stage 1 is `cargo build --release --locked -p webclip-cli` (what CI builds from a
# clean clone); stage 2 is reproduced as a Debian bookworm minbase root (what
# debian:bookworm-slim is) made by debootstrap, with the image's unprivileged user, the
# binary copied in, `webclip serve` started there as that user, and the API and page asked.
# Needs root and debootstrap (apt-get install debootstrap).
#
#   scripts/check_image_without_docker.sh [ROOT_DIR]
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
root="${1:-/tmp/bookworm-slim}"
port=18080
cargo build --release --locked -p webclip-cli --manifest-path "$here/Cargo.toml"
[ -x "$root/bin/sh" ] || debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian
install -m 0755 "$here/target/release/webclip" "$root/usr/local/bin/webclip"
strip "$root/usr/local/bin/webclip"
chroot "$root" id webclip >/dev/null 2>&1 ||
    chroot "$root" useradd --system --no-create-home --shell /usr/sbin/nologin webclip
chroot --userspec=webclip:webclip "$root" /usr/local/bin/webclip serve --listen "127.0.0.1:$port" &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
for _ in $(seq 50); do curl -sf "localhost:$port/healthz" >/dev/null && break; sleep 0.1; done
echo "debian $(cat "$root/etc/debian_version"), image binary $(du -h "$root/usr/local/bin/webclip" | cut -f1)"
echo "healthz: $(curl -sf "localhost:$port/healthz")"
zcat "$here/examples/sample.html.gz" | curl -sf --data-binary @- "localhost:$port/v1/extract" |
    python3 -c 'import json,sys; a=json.load(sys.stdin); print("extract:", a["metadata"]["title"], "/", len(a["body"]), "chars")'
page="$(curl -sf "localhost:$port/")"
[[ "$page" == *"<title>"* ]] && echo "page at /: served ($(printf %s "$page" | wc -c) bytes)"
