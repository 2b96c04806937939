#!/usr/bin/env bash
# demo.sh — try durakbot on this machine: installs the Debian packages that are missing, builds
# the bot (build-demo/, Release), starts a private ngircd on 127.0.0.1:6667 and the bot in #durak,
# and prints how to connect with an IRC client. Ctrl-C stops both.
#
#   deploy/demo.sh                 port 6667, or the next free one if 6667 is taken
#   deploy/demo.sh --port 6670     another port for the private ngircd
#   deploy/demo.sh --use-running   no private ngircd: the bot joins the server already on 6667
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
port=6667
use_running=false
while [ $# -gt 0 ]; do
  case "$1" in
    --port) port="${2:?--port needs a number}"; shift 2 ;;
    --use-running) use_running=true; shift ;;
    -h|--help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "demo.sh: unknown option $1 (try --help)" >&2; exit 2 ;;
  esac
done

say() { printf '\033[1m%s\033[0m\n' "$*"; }

install_missing() {
  local packages=(build-essential cmake pkg-config ngircd libircclient-dev libconfig-dev
                  libcmocka-dev)
  local missing=() p
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  say "Installing the missing Debian packages: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
}

build() {
  say "Building durakbot in $root/build-demo (Release) ..."
  cmake -S "$root" -B "$root/build-demo" -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$root/build-demo" --target durakbot -j"$(nproc)" >/dev/null
}

port_busy() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

wait_port() {
  local tries=100
  while [ $tries -gt 0 ]; do
    port_busy "$1" && return 0
    sleep 0.1
    tries=$((tries - 1))
  done
  return 1
}

# Debian's ngircd package starts a system-wide ngircd on port 6667 when it is installed.
explain_busy_port() {
  local holder
  holder="$(ss -ltnpH "sport = :$1" 2>/dev/null | grep -o 'users:(("[^"]*"' | cut -d'"' -f2 | head -1)"
  say "127.0.0.1:$1 is already taken${holder:+ by $holder}."
  if [ "$holder" = "ngircd" ] || [ -z "$holder" ]; then
    echo "  Debian's ngircd package starts a system ngircd on port 6667 when it is installed."
    echo "  To stop it:        sudo systemctl stop ngircd    (or: sudo service ngircd stop)"
    echo "  To keep it off:    sudo systemctl disable ngircd"
    echo "  Or use it instead: deploy/demo.sh --use-running"
  fi
}

pick_port() {
  if ! port_busy "$port"; then return 0; fi
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
  if [ -n "$tmp" ]; then rm -rf "$tmp"; fi
  say "Demo stopped."
}

main() {
  install_missing
  build
  tmp="$(mktemp -d /tmp/durakbot-demo.XXXXXX)"
  chmod 755 "$tmp"
  trap cleanup INT TERM EXIT
  if $use_running; then
    port_busy "$port" || { echo "demo.sh: no IRC server on 127.0.0.1:$port" >&2; exit 1; }
    say "Using the IRC server already running on 127.0.0.1:$port."
  else
    pick_port
    write_ngircd_conf "$tmp/ngircd.conf"
    ngircd -n -f "$tmp/ngircd.conf" >"$tmp/ngircd.log" 2>&1 &
    ngircd_pid=$!
    wait_port "$port" || { echo "demo.sh: ngircd did not start; its log:" >&2;
                           cat "$tmp/ngircd.log" >&2; exit 1; }
    say "Private ngircd on 127.0.0.1:$port (log: $tmp/ngircd.log)."
  fi
  write_bot_conf "$tmp/durakbot.conf"
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
     !help and !rules in the channel tell the rest.

Press Ctrl-C to stop the bot and the server. The bot's log follows.

EOF
  "$root/build-demo/bot/durakbot" -c "$tmp/durakbot.conf" &
  bot_pid=$!
  wait "$bot_pid"
}

main
