#!/usr/bin/env bash
# demo.sh — try durakbot on this machine: installs the Debian packages that are missing, builds
# the bot and durak-cli (build-demo/, Release), starts a private ngircd on 127.0.0.1:6667 and the
# bot in #durak, and prints how to connect with an IRC client. Ctrl-C stops both; then it prints,
# for every game played, the commands that check its deal was fair (durak-cli deals its hands).
#
#   deploy/demo.sh                 port 6667, or the next free one if 6667 is taken
#   deploy/demo.sh --port 6670     another port for the private ngircd
#   deploy/demo.sh --use-running   no private ngircd: the bot joins the server already on 6667
#   deploy/demo.sh --bot PATH      run this durakbot instead of building one (nothing is built;
#                                  durak-cli is the one beside it, or ../engine/durak-cli)
#
# Everything the demo makes (the configs, ngircd's log, the bot's database) is in one temporary
# directory, $TMPDIR/durakbot-demo.XXXXXX (TMPDIR defaults to /tmp), removed when the demo stops;
# the build is in build-demo/. It writes nowhere else: not into the service's /var/lib/durakbot.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
port=6667
use_running=false
bot=""
while [ $# -gt 0 ]; do
  case "$1" in
    --port) port="${2-}"; shift $(( $# > 1 ? 2 : 1 )) ;;
    --use-running) use_running=true; shift ;;
    --bot) bot="${2-}"; shift $(( $# > 1 ? 2 : 1 ))
           [ -n "$bot" ] || { echo "demo.sh: --bot needs the path of a durakbot binary" >&2; exit 2; } ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed -n 's/^# \{0,1\}//p'; exit 0 ;;
    *) echo "demo.sh: unknown option $1 (try --help)" >&2; exit 2 ;;
  esac
done
case "$port" in ''|*[!0-9]*) echo "demo.sh: --port needs a number${port:+, not $port}" >&2; exit 2 ;; esac
asked_port=$port
if [ -n "$bot" ]; then
  [ -x "$bot" ] || { echo "demo.sh: --bot $bot is not an executable file" >&2; exit 2; }
  bot="$(cd "$(dirname "$bot")" && pwd)/$(basename "$bot")"
fi

say() { printf '\033[1m%s\033[0m\n' "$*"; }

# What a fresh Debian 12 lacks: to build (the libraries CMakeLists.txt requires, cmocka included,
# as tests/run.sh installs them) and to run (ngircd; ss, in iproute2, names who holds a port).
build_packages=(build-essential cmake pkg-config libircclient-dev libconfig-dev libcmocka-dev
                libsqlite3-dev libssl-dev)
run_packages=(ngircd iproute2)

install_missing() {
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  say "Installing the missing Debian packages: ${missing[*]}"
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "demo.sh: run it as root once, or install sudo:" \
                                         "apt-get install ${missing[*]}" >&2; exit 1; }
    sudo="sudo"
  fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
}

build() {
  say "Building durakbot in $root/build-demo (Release) ..."
  cmake -S "$root" -B "$root/build-demo" -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$root/build-demo" --target durakbot durak-cli -j"$(nproc)" >/dev/null
}

# durak-cli for the fairness check: the demo's build, else the one beside --bot's durakbot (in
# its directory, or in a build tree's engine/), else one on PATH; empty when there is none.
find_cli() {
  local c
  for c in "$root/build-demo/engine/durak-cli" "$(dirname "$bot")/durak-cli" \
           "$(dirname "$bot")/../engine/durak-cli"; do
    if [ -x "$c" ] && [ -f "$c" ]; then
      (cd "$(dirname "$c")" && printf '%s/durak-cli' "$(pwd)")
      return 0
    fi
  done
  command -v durak-cli || true
}

# For every game the demo recorded: the commands a player runs to check its deal (the bot says
# them at the end of each game and in !last too). The database goes with the demo; these don't.
print_checks() {
  local conf="$tmp/durakbot.conf" ids id session commit print new cli
  [ -n "$bot" ] && [ -f "$tmp/durakbot.db" ] || return 0
  ids="$("$bot" -c "$conf" --export-games 2>/dev/null | sed -n 's/^{"id":\([0-9]*\),.*/\1/p')"
  [ -n "$ids" ] || return 0
  cli="$(find_cli)"
  say "The fairness check of the demo's games (run it anywhere; the demo's database goes now):"
  for id in $ids; do
    session="$("$bot" -c "$conf" --export-game "$id" 2>/dev/null)" || continue
    print="$(printf '%s\n' "$session" | sed -n 's/^# deal: .*fingerprint=\([0-9a-f]*\) .*/\1/p')"
    commit="$(printf '%s\n' "$session" | sed -n 's/^# deal: .*(sha256 of \(.*\))$/\1/p')"
    new="$(printf '%s\n' "$session" | grep -m1 '^new ')"
    echo "  Game #$id: the fingerprint said at its deal, $print, is"
    echo "    printf '%s' '$commit' | sha256sum"
    echo "  and its hands as dealt are"
    echo "    printf '$new\\nstate\\n' | ${cli:-durak-cli}"
  done
  [ -n "$cli" ] || echo "  (durak-cli is built with: cmake --build build-demo --target durak-cli)"
}

port_busy() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# Waits up to 10 s for port $1 to open; gives up at once if process $2 (when given) has ended.
wait_port() {
  local tries=100
  while [ $tries -gt 0 ]; do
    port_busy "$1" && return 0
    [ -z "${2-}" ] || kill -0 "$2" 2>/dev/null || return 1
    sleep 0.1
    tries=$((tries - 1))
  done
  return 1
}

# "NAME PID" of the process listening on port $1, from ss -ltnp; empty when ss cannot tell
# (run by another user than root, ss names only that user's own processes).
port_holder() {
  ss -ltnpH "sport = :$1" 2>/dev/null |
    sed -n 's/.*users:(("\([^"]*\)",pid=\([0-9]*\),.*/\1 \2/p' | head -1
}

# Is pid $1 Debian's system ngircd, the one `systemctl stop ngircd` stops? Under systemd every
# process of a service is in that service's cgroup, so /proc/PID/cgroup ends in
# /ngircd.service however it was started, and no private ngircd (another demo's, a test's, one
# started by hand) is in it. Without systemd (sysvinit, a container) Debian's init script starts
# it with /etc/ngircd/ngircd.conf, whose PidFile is /run/ngircd/ngircd.pid: then that file holds
# its pid. Its parent being PID 1 would prove nothing: every daemon that forked away has PID 1
# (or a container's init) as its parent, a private `ngircd -f my.conf` too.
is_system_ngircd() {
  grep -qs '/ngircd\.service$' "/proc/$1/cgroup" && return 0
  [ "$(cat /run/ngircd/ngircd.pid 2>/dev/null)" = "$1" ]
}

# Says who holds port $1 and what can be done; pick_port then says which port the demo takes.
explain_busy_port() {
  local holder name pid use_it="deploy/demo.sh --use-running"
  [ "$1" = 6667 ] || use_it="$use_it --port $1"
  holder="$(port_holder "$1")"
  name="${holder% *}" pid="${holder##* }"
  if [ -z "$holder" ]; then
    if [ "$(id -u)" -eq 0 ]; then
      say "127.0.0.1:$1 is already taken; ss names no process for it."
    else
      say "127.0.0.1:$1 is already taken by a process of another user."
    fi
    echo "  To see which:      sudo ss -ltnp 'sport = :$1'"
    if [ -f /run/ngircd/ngircd.pid ] || systemctl is-active --quiet ngircd 2>/dev/null; then
      echo "  Debian's system ngircd is running; if it is the one on port $1:"
      echo "    to use it:       $use_it"
      echo "    to stop it:      sudo systemctl stop ngircd"
      echo "    to keep it off:  sudo systemctl disable ngircd"
    fi
  elif [ "$name" = "ngircd" ] && is_system_ngircd "$pid"; then
    say "127.0.0.1:$1 is already taken by Debian's system ngircd (pid $pid)."
    echo "  Debian's ngircd package starts it when it is installed."
    echo "  To use it instead: $use_it"
    echo "  To stop it:        sudo systemctl stop ngircd    (or: sudo service ngircd stop)"
    echo "  To keep it off:    sudo systemctl disable ngircd"
  else
    say "127.0.0.1:$1 is already taken by $name (pid $pid)."
  fi
}

pick_port() {
  if ! port_busy "$port"; then
    [ "$port" = "$asked_port" ] || say "The demo runs its private ngircd on port $port instead."
    return 0
  fi
  explain_busy_port "$port"
  local p
  for p in $(seq $((port + 1)) $((port + 20))); do
    if ! port_busy "$p"; then
      say "The demo runs its private ngircd on port $p instead."
      port=$p
      return 0
    fi
  done
  echo "demo.sh: no free port in $port..$((port + 20)); pass one with --port N" >&2
  exit 1
}

write_ngircd_conf() {
  cat > "$1" <<EOF
# The demo's private IRC server (written by deploy/demo.sh).
[Global]
Name = durak.demo
Info = durakbot demo server
Listen = 127.0.0.1
Ports = $port
MotdPhrase = "durakbot demo: /join #durak, then !durak"
AdminInfo1 = durakbot demo
AdminEMail = nobody@localhost
[Limits]
MaxConnectionsIP = 0
MaxNickLength = 30
# no penalty time: ngircd would otherwise hold back anyone (the bot too) who sends more than
# 3 lines or 256 bytes a second; fine for a demo on loopback, not for a public server
MaxPenaltyTime = 0
[Options]
DNS = no
Ident = no
PAM = no
EOF
}

write_bot_conf() {
  cat > "$1" <<EOF
# The demo bot (written by deploy/demo.sh); see config/durakbot.conf for every key.
irc = {
  server = "127.0.0.1"; port = $port;
  nick = "durakbot"; username = "durak"; realname = "Durak card game";
  channels = [ "#durak" ];
  ping_interval = 60;
};
flood = { burst = 8; rate = 3.0; };
game = { turn_timeout = 120; lobby_timeout = 1800; rejoin_grace = 120; };
# everyone on this machine may !start and !stop any game
admins = [ "*!*@127.0.0.1" ];
# the demo's own games and stats, gone with the demo (never the service's /var/lib/durakbot)
state = { database = "$tmp/durakbot.db"; };
EOF
}

tmp=""
ngircd_pid=""
bot_pid=""
cleanup() {
  trap - INT TERM EXIT
  local pid
  for pid in $bot_pid $ngircd_pid; do     # the bot first: it says QUIT to the server
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  if [ -n "$tmp" ]; then print_checks; rm -rf "$tmp"; fi
  say "Demo stopped."
}

main() {
  if [ -n "$bot" ]; then
    install_missing "${run_packages[@]}"
  else
    install_missing "${build_packages[@]}" "${run_packages[@]}"
    build
    bot="$root/build-demo/bot/durakbot"
  fi
  trap cleanup INT TERM EXIT
  tmp="$(mktemp -d "${TMPDIR:-/tmp}/durakbot-demo.XXXXXX")"
  case "$tmp" in
    *[\"\\]*) echo "demo.sh: $tmp has a quote or backslash in its name" >&2; exit 1 ;;
  esac
  chmod 755 "$tmp"
  # what ngircd, the bot and SQLite put in a temporary file goes here too
  export TMPDIR="$tmp"
  if $use_running; then
    port_busy "$port" || { echo "demo.sh: no IRC server on 127.0.0.1:$port" >&2; exit 1; }
    say "Using the IRC server already running on 127.0.0.1:$port."
  else
    tries=0
    while :; do
      pick_port
      write_ngircd_conf "$tmp/ngircd.conf"
      ngircd -n -f "$tmp/ngircd.conf" >"$tmp/ngircd.log" 2>&1 &
      ngircd_pid=$!
      wait_port "$port" "$ngircd_pid" && break
      # a port that no one listens on may still be bound (another program's connection): taken
      # between the check and ngircd's bind, it is the next one's turn
      if kill -0 "$ngircd_pid" 2>/dev/null || ! grep -q "Address already in use" "$tmp/ngircd.log" \
         || [ $((tries += 1)) -ge 5 ]; then
        echo "demo.sh: ngircd did not start; its log:" >&2
        cat "$tmp/ngircd.log" >&2
        exit 1
      fi
      say "127.0.0.1:$port was taken as ngircd started."
      port=$((port + 1))
    done
    say "Private ngircd on 127.0.0.1:$port (log: $tmp/ngircd.log)."
  fi
  write_bot_conf "$tmp/durakbot.conf"
  cli="$(find_cli)"
  say "The demo's files (configs, logs, its own database durakbot.db) are in $tmp;"
  say "they go when it stops."
  cat <<EOF

$(say "durakbot is joining #durak on 127.0.0.1:$port. Play with two or more IRC clients:")
  1. Start a client:         irssi -c 127.0.0.1 -p $port -n alice
                             (or weechat: /server add demo 127.0.0.1/$port, /connect demo)
  2. In it:                  /join #durak
                             !durak            (or: !durak transfer)
  3. In a second client:     irssi -c 127.0.0.1 -p $port -n bob
                             /join #durak
                             !join
  4. Back in the first:      !start
  5. Play by private message to the bot, for example:
                             /msg durakbot moves
                             /msg durakbot play 7h     /msg durakbot beat 9s 7s     /msg durakbot take
     !help and !rules in the channel tell the rest. In Russian: !дурак, !помощь, and
     /msg durakbot язык ru (French: langue fr, Spanish: idioma es).
  6. At the end of a game the bot says how to check that its deal was fair; durak-cli is
     ${cli:-not built (cmake --build build-demo --target durak-cli)}.

Press Ctrl-C to stop the bot and the server. The bot's log follows.

EOF
  "$bot" -c "$tmp/durakbot.conf" &
  bot_pid=$!
  wait "$bot_pid"
}

main
