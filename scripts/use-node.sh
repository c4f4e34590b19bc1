#!/usr/bin/env bash
# Puts Node 24 LTS on PATH when the machine's own Node is older.
#
#   source scripts/use-node.sh          # this shell (and what it starts) runs Node 24
#   scripts/use-node.sh npm test        # one command under Node 24
#
# The binary comes from the npm registry's official `node-<os>-<arch>` package (the
# same build as nodejs.org, published by the Node.js project), fetched with `npm pack`
# so npm checks its integrity, and is cached in $WAYFINDER_NODE_CACHE (default
# ~/.cache/wayfinder/node) between runs. No other download source is used.
# npm itself stays the machine's (npm 11 runs on Node 24), with the machine's global npm
# config; native addons are built against the fetched Node's headers (npm_config_nodedir).

WAYFINDER_NODE_VERSION="${WAYFINDER_NODE_VERSION:-24.21.0}"

_wayfinder_use_node() {
  local want_major="${WAYFINDER_NODE_VERSION%%.*}"
  local have
  have="$(node -p 'process.versions.node' 2>/dev/null || true)"
  if [ -n "$have" ] && [ "${have%%.*}" -ge "$want_major" ]; then
    return 0
  fi

  local os arch
  case "$(uname -s)" in
    Linux) os=linux ;;
    Darwin) os=darwin ;;
    *) echo "use-node: no node package for $(uname -s); install Node $want_major yourself" >&2; return 1 ;;
  esac
  case "$(uname -m)" in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "use-node: no node package for $(uname -m); install Node $want_major yourself" >&2; return 1 ;;
  esac

  local cache="${WAYFINDER_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/wayfinder/node}"
  local dir="$cache/node-v$WAYFINDER_NODE_VERSION-$os-$arch"
  if [ ! -x "$dir/bin/node" ]; then
    local pkg="node-$os-$arch@$WAYFINDER_NODE_VERSION"
    echo "use-node: Node ${have:-none} is older than $want_major; fetching $pkg from the npm registry" >&2
    local tmp
    tmp="$(mktemp -d)" || return 1
    if ! (cd "$tmp" && npm pack "$pkg" --silent >/dev/null && tar -xzf ./*.tgz); then
      rm -rf "$tmp"
      echo "use-node: could not fetch $pkg (is the npm registry reachable?)" >&2
      return 1
    fi
    mkdir -p "$cache" && rm -rf "$dir" && mv "$tmp/package" "$dir"
    rm -rf "$tmp"
  fi
  # npm finds its global config (certificate authorities, for one) next to the Node it runs
  # on; keep the machine's, not the fetched Node's empty one.
  local globalconfig
  globalconfig="$(npm config get globalconfig 2>/dev/null || true)"
  if [ -n "$globalconfig" ] && [ -f "$globalconfig" ]; then
    export npm_config_globalconfig="$globalconfig"
  fi
  export PATH="$dir/bin:$PATH"
  export npm_config_nodedir="$dir"
  hash -r 2>/dev/null || true
}

# transformers.js (memory embeddings, extension only) depends on onnxruntime-node, whose install
# script would fetch optional CUDA files from nuget.org (npm 10 runs it; npm 11 runs no install
# script it was not told to): Wayfinder never uses them, and installs reach no network but npm.
# (An environment variable, not .npmrc: npm warns about keys it does not know there.)
export ONNXRUNTIME_NODE_INSTALL=skip

if [ "${BASH_SOURCE[0]}" != "$0" ]; then
  _wayfinder_use_node
else
  set -euo pipefail
  _wayfinder_use_node
  if [ "$#" -gt 0 ]; then
    exec "$@"
  fi
  node --version
fi
