#!/usr/bin/python3
"""clients: "a 4-seat game played with real clients gives one highlight per turn to
the right person", decided by the clients' own highlight logic rather than a regex.

Four seats in one `!durak classic` game in #durak: irssi (nick irene, run in tmux on a private
socket in the test's temp dir, its own --home there) and weechat-headless (nick wanda, --dir in
the temp dir) play their own seats through a small script each (irssi: Perl, autorun; weechat:
Python, autoload): on a private line from durakbot `Your turn in #durak: TASK — m1 | m2 ... ·
hand: ...` (PRIVMSG or NOTICE) they send `/msg durakbot m1` (for a lead, "lead any card, e.g.
play 6♥", that example), `moves` when the line lists no moves (and the first move of the "Your
moves:" answer), and `!join` when a game opens. Two
harness clients (hank, hugo, tests/integration/play.py's Player) play the other seats.

Each client logs every channel line it receives with its own verdict on it: irssi the level of
the 'print text' of that message (MSGLEVEL_HILIGHT set or not), weechat the `highlight` argument
of hook_print. Between the start line and the "Game over" line (both excluded), for each real
client: a line of durakbot's is highlighted if and only if it starts with that client's nick and
": " (so one highlight per turn, to the right person), and the client saw as many of durakbot's
lines as a harness client did. Prints per client: its turns announced in the channel, its
highlights, wrong highlights and missed ones (0 and 0 expected).

Two games, both with weechat at its defaults, which highlight its nick anywhere in a line, as a
word: weechat.look.highlight is empty and each channel buffer's highlight_words is "$nick" (the
own nick); the script logs both as weechat reports them, and the test checks them.
Game 1 with irssi at its defaults; irssi decides in fe-common/core/fe-messages.c
sig_message_public: `hilight_nick_matches` (default ON) highlights a public message "meant for"
the own nick, which nick_match_msg() (src/core/nicklist.c) takes to be a message starting with
the nick; `hilight_nick_matches_everywhere` (default OFF, since irssi 0.8.18) switches that to
nick_match_msg_everywhere(), the nick anywhere as a word. Game 2 with irssi set to
`/set hilight_nick_matches_everywhere ON` (typed into irssi through tmux), which makes irssi as
strict as weechat, and `/msg durakbot set notice`, so that its turn lines come by NOTICE. The
script logs both settings as irssi reports them, and the test checks them.

Game 3 is Russian, with three seats (weechat has left): irssi types `/msg durakbot set language
ru`, the harness players `set language en`, and hank opens it with `!дурак` in #durak, a channel
with no language configured. irssi joins on the lobby line (English `!join` or Russian
`!играть`), plays its Russian prompts ("Ваш ход в #durak: … — m1 | m2 · на руках: …", "Ваш ход в
#durak: ходите с любой карты, например хожу 6♥ · на руках: …", "В #durak
можно подкинуть: m1 или пас · на руках: …", "Ваши ходы: …") and logs every private line of the bot.
Checked: every private line irssi got in game 3 is Russian, with no English word, and it had a
Russian turn line; every channel line from the lobby line to the last one is Russian: the
channel has no language of its own, and the game speaks that of the words that opened it.

Skipped (77) when irssi, weechat-headless, its Python plugin (weechat-python) or tmux is missing:
apt-get install irssi weechat-headless weechat-python tmux. HOME of the clients is the temp dir;
every process started is stopped by pid (tmux server, irssi, weechat), also on failure.
"""
import glob
import os
import random
import re
import shutil
import signal
import subprocess
import time

import harness as h
import play
import servers

CH = "#durak"
IRSSI_NICK = "irene"
WEECHAT_NICK = "wanda"
HARNESS_NICKS = ["hank", "hugo"]
SILENCE = 3.0          # seconds without a public line: the harness players ask `moves`
GAME_TIME = 35         # one game, seconds
CYRILLIC = re.compile("[\u0400-\u04ff]")
ENGLISH = re.compile(r"\b(Your|turn|trump|hand|take|beat|play|pass|moves|Game over|picks up|"
                     r"leads|throws|wins|durak is|may|throw|joins|opens|starts)\b")
LETTER = re.compile(r"[^\W\d_]")
START = ("Durak (", "Игра в дурака (")
END = ("Game over", "Игра окончена")

# The players' shared contract (play.py's docstring): the turn line and the "Your moves:" answer.
PERL_PLAYER = r"""# durakplay.pl - plays a durakbot seat, logs irssi's highlight verdicts
use strict;
use warnings;
use utf8;
use IO::Handle;
use Irssi;

our $VERSION = '1';
our %IRSSI = (name => 'durakplay', description => 'durakbot integration test player');

my $dir = Irssi::get_irssi_dir();
sub open_log {
    open(my $fh, '>>:encoding(UTF-8)', "$dir/$_[0]") or die "$dir/$_[0]: $!";
    $fh->autoflush(1);
    return $fh;
}
my ($lines, $moves, $settings, $private) = (open_log('lines.log'), open_log('moves.log'),
                                            open_log('settings.log'), open_log('private.log'));

sub text { my $t = shift; utf8::decode($t) unless utf8::is_utf8($t); $t =~ tr/\t\r\n/   /; $t }
sub plain {
    my $t = shift;
    $t =~ s/\x03(\d{1,2}(,\d{1,2})?)?|[\x02\x0f\x16\x1d\x1e\x1f]|\x{200b}//g;
    return $t;
}
sub log_settings {
    printf $settings "hilight_nick_matches=%d hilight_nick_matches_everywhere=%d\n",
        Irssi::settings_get_bool('hilight_nick_matches'),
        Irssi::settings_get_bool('hilight_nick_matches_everywhere');
}

# the channel message being printed: its 'print text' carries irssi's verdict in the level
my $pending;
Irssi::signal_add_first('message public', sub {
    my ($server, $msg, $nick, $address, $target) = @_;
    $pending = { nick => $nick, text => text($msg) };
    if (lc $nick eq 'durakbot' && plain($pending->{text}) =~ /opens a game of Durak .*!join/) {
        $server->command("msg $target !join");
    } elsif (lc $nick eq 'durakbot' && plain($pending->{text}) =~ /собирает игру в дурака .*!играть/) {
        $server->command("msg $target !играть");
    }
});
Irssi::signal_add('print text', sub {
    my ($dest) = @_;
    return unless $pending && ($dest->{level} & MSGLEVEL_PUBLIC);
    my $lit = ($dest->{level} & MSGLEVEL_HILIGHT) ? 'H' : '-';
    print $lines "$lit\t$pending->{nick}\t$pending->{text}\n";
    undef $pending;
});

# a decision that may be passed, in Russian: its head, then the moves but the pass
my $ru_option = qr/^В \S+ (?:\S+ берёт \x{2014} )?можно подкинуть(?: вдогонку)?: /;
sub first_move { my @m = grep { length } map { s/^\s+|\s+$//gr } split /\|/, shift; $m[0] }
sub private_line {
    my ($kind, $server, $msg, $nick) = @_;
    return unless lc $nick eq 'durakbot';
    my $t = plain(text($msg));
    print $private "$kind\t$t\n";
    my $move;
    if ($t =~ /^Your turn in \S+: .*? \x{2014} (.*?) \x{00b7} hand: /) {
        $move = first_move($1);
    } elsif ($t =~ /^Your turn in \S+: lead any card, e\.g\. (\S+ \S+) \x{00b7} hand: /) {
        $move = $1;
    } elsif ($t =~ /^In \S+ (?:\S+ takes; )?you may (?:throw in|add): (.*?) or pass \x{00b7} hand: /) {
        $move = first_move($1);
    } elsif ($t =~ /^Your turn in /) {
        $move = 'moves';
    } elsif ($t =~ /^Your moves: (.*)$/) {
        $move = first_move($1);
    } elsif ($t =~ /^Ваш ход в \S+: .*? \x{2014} (.*?) \x{00b7} на руках: /) {
        $move = first_move($1);
    } elsif ($t =~ /^Ваш ход в \S+: ходите с любой карты, например (\S+ \S+) \x{00b7} на руках: /) {
        $move = $1;
    } elsif ($t =~ /$ru_option(.*?) или пас \x{00b7} на руках: /) {
        $move = first_move($1);
    } elsif ($t =~ /^Ваш ход в /) {
        $move = 'ходы';
    } elsif ($t =~ /^Ваши ходы: (.*)$/) {
        $move = first_move($1);
    }
    return unless defined $move;
    print $moves "$kind\t$move\n";
    $server->command("msg durakbot $move");
}
Irssi::signal_add('message private', sub { private_line('PRIVMSG', @_) });
Irssi::signal_add('message irc notice', sub {
    my ($server, $msg, $nick, $address, $target) = @_;
    private_line('NOTICE', $server, $msg, $nick) unless $target =~ /^[#&]/;
});
Irssi::signal_add('setup changed', \&log_settings);
log_settings();
"""

IRSSI_CONFIG = """servers = ( {{ address = "127.0.0.1"; chatnet = "test"; port = "{port}";
             use_tls = "no"; autoconnect = "yes"; }} );
chatnets = {{ test = {{ type = "IRC"; }}; }};
channels = ( {{ name = "{ch}"; chatnet = "test"; autojoin = "yes"; }} );
settings = {{
  core = {{ real_name = "irssi player"; user_name = "{nick}"; nick = "{nick}";
           settings_autosave = "no"; }};
  "irc/core" = {{ cmd_queue_speed = "10msec"; cmds_max_at_once = "100"; }};
}};
"""

PYTHON_PLAYER = r'''# durakplay.py - plays a durakbot seat, logs weechat's highlight verdicts
import os
import re

import weechat

weechat.register("durakplay", "durakbot tests", "1", "GPL3", "durakbot integration test player",
                 "", "")
DIR = weechat.info_get("weechat_data_dir", "")
LINES = open(os.path.join(DIR, "lines.log"), "a", encoding="utf-8", buffering=1)
MOVES = open(os.path.join(DIR, "moves.log"), "a", encoding="utf-8", buffering=1)
SETTINGS = os.path.join(DIR, "settings.log")
CODES = re.compile(r"\x03(\d{1,2}(,\d{1,2})?)?|[\x02\x0f\x16\x1d\x1e\x1f]|\u200b")
TURN = re.compile(r"^Your turn in \S+: .*? \u2014 (.*?) \u00b7 hand: ")
OPTION = re.compile(r"^In \S+ (?:\S+ takes; )?you may (?:throw in|add): (.*?) or pass \u00b7 hand: ")
LEAD = re.compile(r"^Your turn in \S+: lead any card, e\.g\. (\S+ \S+) \u00b7 hand: ")


def on_print(data, buffer, date, tags, displayed, highlight, prefix, message):
    tags = tags.split(",")
    if "irc_privmsg" not in tags or weechat.buffer_get_string(buffer, "localvar_type") != "channel":
        return weechat.WEECHAT_RC_OK
    if not os.path.exists(SETTINGS):     # what decides its highlights, once
        with open(SETTINGS, "w") as f:
            f.write("weechat.look.highlight=%r highlight_words=%r\n"
                    % (weechat.config_string(weechat.config_get("weechat.look.highlight")),
                       weechat.buffer_get_string(buffer, "highlight_words")))
    nick = next((t[5:] for t in tags if t.startswith("nick_")), "")
    text = re.sub(r"[\t\r\n]", " ", message)
    LINES.write("%s\t%s\t%s\n" % ("H" if int(highlight) else "-", nick, text))
    if nick == "durakbot" and re.search(r"opens a game of Durak .*!join", CODES.sub("", text)):
        weechat.command(buffer, "/msg %s !join" % weechat.buffer_get_string(buffer,
                                                                            "localvar_channel"))
    return weechat.WEECHAT_RC_OK


def first_move(listing):
    moves = [m.strip() for m in listing.split("|") if m.strip()]
    return moves[0] if moves else None


def on_message(data, signal, signal_data):
    msg = weechat.info_get_hashtable("irc_message_parse", {"message": signal_data})
    if msg["nick"].lower() != "durakbot" or msg["channel"][:1] in "#&":
        return weechat.WEECHAT_RC_OK
    text = CODES.sub("", msg["text"])
    turn = TURN.match(text) or OPTION.match(text) or LEAD.match(text)
    if turn:
        move = first_move(turn.group(1))
    elif text.startswith("Your turn in "):
        move = "moves"
    elif text.startswith("Your moves: "):
        move = first_move(text[len("Your moves: "):])
    else:
        return weechat.WEECHAT_RC_OK
    if move:
        MOVES.write("%s\t%s\n" % (signal.rsplit("_", 1)[1].upper(), move))
        server = signal.split(",", 1)[0]
        weechat.command(weechat.buffer_search("irc", "server." + server), "/msg durakbot " + move)
    return weechat.WEECHAT_RC_OK


weechat.hook_print("", "", "", 1, "on_print", "")
weechat.hook_signal("*,irc_in2_privmsg", "on_message", "")
weechat.hook_signal("*,irc_in2_notice", "on_message", "")
'''


def client_env(home):
    env = dict(os.environ, HOME=home, LANG="C.UTF-8", LC_ALL="C.UTF-8", TERM="screen",
               SHELL="/bin/sh", TMUX_TMPDIR=home)
    env.pop("TMUX", None)
    return env


def pid_alive(pid):
    try:
        os.kill(pid, 0)
        return True
    except OSError:
        return False


def end_pid(pid, wait=3.0):
    """SIGTERM, then SIGKILL after `wait` seconds; for processes that are not our children."""
    if not pid or not pid_alive(pid):
        return
    os.kill(pid, signal.SIGTERM)
    end = time.monotonic() + wait
    while pid_alive(pid) and time.monotonic() < end:
        time.sleep(0.05)
    if pid_alive(pid):
        os.kill(pid, signal.SIGKILL)


def read_moves(path):
    """{"PRIVMSG": n, "NOTICE": n}: the moves a client sent, by how the line it answered came."""
    kinds = {"PRIVMSG": 0, "NOTICE": 0}
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                kind = line.split("\t", 1)[0]
                kinds[kind] = kinds.get(kind, 0) + 1
    except OSError:
        pass
    return kinds


def read_log(path):
    """[(highlighted, nick, text)] from a client's lines.log."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            rows = [line.rstrip("\n").split("\t", 2) for line in f]
    except OSError:
        return []
    return [(r[0] == "H", r[1], r[2]) for r in rows if len(r) == 3]


class Irssi:
    """irssi in a tmux session on a socket of its own (tmux -S, in the temp dir)."""

    name = "irssi"

    def __init__(self, workdir, port, nick):
        self.nick = nick
        self.home = os.path.join(workdir, "irssi")
        os.makedirs(os.path.join(self.home, "scripts", "autorun"))
        with open(os.path.join(self.home, "config"), "w") as f:
            f.write(IRSSI_CONFIG.format(port=port, ch=CH, nick=nick))
        with open(os.path.join(self.home, "scripts", "autorun", "durakplay.pl"), "w") as f:
            f.write(PERL_PLAYER)
        self.socket = os.path.join(workdir, "tmux.sock")
        self.env = client_env(self.home)
        self.server_pid = self.pane_pid = None
        self.lines = os.path.join(self.home, "lines.log")

    def moves_sent(self):
        return read_moves(os.path.join(self.home, "moves.log"))

    def private_lines(self):
        """Every private line of durakbot's irssi got (PRIVMSG or NOTICE), as read."""
        try:
            with open(os.path.join(self.home, "private.log"), encoding="utf-8",
                      errors="replace") as f:
                return [line.rstrip("\n").split("\t", 1)[-1] for line in f]
        except OSError:
            return []

    def tmux(self, *args):
        return subprocess.run(["tmux", "-S", self.socket, "-f", "/dev/null"] + list(args),
                              env=self.env, stdin=subprocess.DEVNULL, capture_output=True,
                              text=True, timeout=10)

    def start(self):
        r = self.tmux("new-session", "-d", "-s", "irssi", "-x", "160", "-y", "48",
                      "irssi", "--home=" + self.home)
        h.check(r.returncode == 0, "tmux new-session failed: %s" % r.stderr.strip())
        r = self.tmux("display-message", "-p", "-t", "irssi", "#{pid} #{pane_pid}")
        h.check(r.returncode == 0, "tmux display-message failed: %s" % r.stderr.strip())
        self.server_pid, self.pane_pid = (int(x) for x in r.stdout.split())

    def type(self, line):
        """Types a line into irssi's active window, as a user would."""
        self.tmux("send-keys", "-t", "irssi", "-l", line)
        self.tmux("send-keys", "-t", "irssi", "Enter")

    def settings(self):
        try:
            with open(os.path.join(self.home, "settings.log")) as f:
                return f.read().splitlines()
        except OSError:
            return []

    def screen(self):
        r = self.tmux("capture-pane", "-p", "-t", "irssi")
        return r.stdout if r.returncode == 0 else r.stderr

    def stop(self):
        if self.pane_pid and pid_alive(self.pane_pid):
            self.type("/quit")
            end = time.monotonic() + 3
            while pid_alive(self.pane_pid) and time.monotonic() < end:
                time.sleep(0.05)
        end_pid(self.pane_pid)
        end_pid(self.server_pid)
        self.server_pid = self.pane_pid = None


class Weechat:
    """weechat-headless in the foreground, its --dir in the temp dir, connected by -r commands."""

    name = "weechat"

    def __init__(self, workdir, port, nick):
        self.nick = nick
        self.dir = os.path.join(workdir, "weechat")
        os.makedirs(os.path.join(self.dir, "python", "autoload"))
        with open(os.path.join(self.dir, "python", "autoload", "durakplay.py"), "w") as f:
            f.write(PYTHON_PLAYER)
        self.port = port
        self.proc = None
        self.logpath = os.path.join(self.dir, "stdout.log")
        self.lines = os.path.join(self.dir, "lines.log")

    def moves_sent(self):
        return read_moves(os.path.join(self.dir, "moves.log"))

    def start(self):
        commands = ("/set irc.server_default.anti_flood_prio_high 0;"
                    "/set irc.server_default.anti_flood_prio_low 0;"
                    "/server add test 127.0.0.1/{port} -notls -nicks={nick} -username={nick} "
                    "-realname=weechat_player -autojoin={ch};"
                    "/connect test").format(port=self.port, nick=self.nick, ch=CH)
        with open(self.logpath, "a") as logf:
            self.proc = subprocess.Popen(["weechat-headless", "--dir", self.dir, "--stdout",
                                          "-r", commands],
                                         stdin=subprocess.DEVNULL, stdout=logf,
                                         stderr=subprocess.STDOUT, env=client_env(self.dir))

    def stop(self):
        servers.stop_process(self.proc, 3)
        self.proc = None

    def settings(self):
        try:
            with open(os.path.join(self.dir, "settings.log")) as f:
                return f.read().strip()
        except OSError:
            return ""

    def log_tail(self):
        try:
            with open(self.logpath, errors="replace") as f:
                return f.read().splitlines()[-30:]
        except OSError:
            return []


def skip(args):
    missing = [p for p in ("irssi", "weechat-headless", "tmux") if shutil.which(p) is None]
    if not glob.glob("/usr/lib/*/weechat/plugins/python.so") + \
            glob.glob("/usr/lib/weechat/plugins/python.so"):
        missing.append("weechat-python")
    if missing:
        return "%s not installed (apt-get install irssi weechat-headless weechat-python tmux)" \
            % ", ".join(missing)
    return None


def wait_in_channel(c, nicks, timeout=20):
    """Waits until NAMES of CH lists every one of nicks."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        c.send("NAMES %s" % CH)
        seen = set()
        try:
            while True:
                m = c.wait_for(lambda m: m.command in ("353", "366"), 2, what="NAMES")
                if m.command == "366":
                    break
                seen |= {n.lstrip("~&@%+").lower() for n in m.text.split()}
        except h.TestFailure:
            pass
        if all(n in seen for n in nicks):
            return
        time.sleep(0.3)
    raise h.TestFailure("%s did not all join %s within %d s" % (nicks, CH, timeout))


def public(m):
    return h.from_bot(m) and m.command == "PRIVMSG" and m.target.lower() == CH


class Game:
    """One game: hank opens it, the real clients !join by themselves on the lobby line, hugo
    joins, hank starts; the harness players answer their own turn lines until "Game over"."""

    def __init__(self, players, seed, opening="!durak classic", seats=4):
        self.players = players
        self.rng = random.Random(seed)
        self.opening, self.seats = opening, seats
        self.lines = []          # durakbot's channel lines as hank got them, start to end
        self.every = []          # all of them, from the lobby line to the last one
        self.result = None

    def lobby(self, timeout=20):
        hank, hugo = self.players
        hank.c.privmsg(CH, self.opening)
        m = hank.c.wait_for(lambda m: public(m) and ("opens a game" in m.plain
                                                     or "собирает игру" in m.plain), 5,
                            what="the lobby line")
        self.every.append(m.plain)
        hugo.c.privmsg(CH, "!join")
        m = hank.c.wait_for(lambda m: public(m) and "(%d/6)" % self.seats in m.plain, timeout,
                            what="%d seats taken (the real clients joined)" % self.seats)
        self.every.append(m.plain)
        hank.c.privmsg(CH, "!start")

    def play(self):
        end = time.monotonic() + GAME_TIME
        last_public = time.monotonic()
        started = False
        while self.result is None:
            now = time.monotonic()
            if now > end:
                raise h.TestFailure("the game did not end within %d s" % GAME_TIME)
            for p in self.players:
                for m in p.c.next_msgs():
                    if public(m):
                        last_public = now
                        if p is self.players[0]:
                            self.every.append(m.plain)
                            started = started or m.plain.startswith(START)
                            h.check("time is up" not in m.plain.lower()
                                    and "время вышло" not in m.plain.lower(),
                                    "a player timed out: %s" % m.plain)
                            if m.plain.startswith(END):
                                self.result = m.plain
                            elif started and self.result is None:  # not the reveal after it
                                self.lines.append(m)
                    elif h.from_bot(m) and m.target.lower() == p.nick.lower():
                        self.private(p, m.plain)
            if now - last_public >= SILENCE:
                for p in self.players:
                    p.ask(now)
                last_public = now
            time.sleep(0.005)
        self.lines = self.lines[1:]     # the start line itself is excluded
        time.sleep(0.5)                 # the lines after the end (the deal's seed and salt)
        self.every += [m.plain for m in self.players[0].c.next_msgs() if public(m)]
        return self.result

    def private(self, p, text):
        turn = play.prompt(text)
        if turn and turn[0].lower() == CH:
            p.play_listed(turn[1], self.rng)
        elif text.startswith("Your moves:") and p.asked_at is not None:
            p.play_listed(text[len("Your moves:"):], self.rng)
        elif text.startswith("No moves"):
            p.asked_at = None


def segment(rows, game):
    """The bot's channel lines of game number `game` (0-based) in a client's log: after its
    start line, before its "Game over" line."""
    out, n, inside = [], -1, False
    for lit, nick, text in rows:
        if nick.lower() != h.BOT_NICK:
            continue
        plain = h.strip_codes(text)
        if plain.startswith(START):
            n += 1
            inside = n == game
            continue
        if plain.startswith(END):
            inside = False
            continue
        if inside:
            out.append((lit, plain))
    return out


def logged_end(client, game, timeout=10):
    """Waits until the client has logged game number `game`'s end line, so that every line before
    it is in its log (a fixed pause was once too short on a busy machine: one line short)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        n = -1
        for lit, nick, text in read_log(client.lines):
            plain = h.strip_codes(text) if nick.lower() == h.BOT_NICK else ""
            n += plain.startswith(START)
            if plain.startswith(END) and n == game:
                return
        time.sleep(0.1)


def check_client(client, game, expected):
    """Logs the client's figures for game number `game`; returns what is wrong (a list)."""
    lines = segment(read_log(client.lines), game)
    head = client.nick.lower() + ": "
    turns = [t for lit, t in lines if t.lower().startswith(head)]
    lit = [t for is_lit, t in lines if is_lit]
    wrong = [t for is_lit, t in lines if is_lit and not t.lower().startswith(head)]
    missed = [t for is_lit, t in lines if not is_lit and t.lower().startswith(head)]
    h.log("game %d, %s (%s): %d channel lines of durakbot, %d turns announced, %d highlights, "
          "%d wrong highlights, %d missed; moves sent so far: %d for PRIVMSG lines, %d for NOTICEs"
          % (game + 1, client.name, client.nick, len(lines), len(turns), len(lit), len(wrong),
             len(missed), client.moves_sent()["PRIVMSG"], client.moves_sent()["NOTICE"]))
    problems = []
    if len(lines) != expected:
        problems.append("%s logged %d of durakbot's lines during game %d, hank got %d"
                        % (client.name, len(lines), game + 1, expected))
    if wrong:
        problems.append("%s highlighted %d lines that are not its turn, e.g. %s"
                        % (client.name, len(wrong), wrong[:2]))
    if missed:
        problems.append("%s did not highlight %d of its turns, e.g. %s"
                        % (client.name, len(missed), missed[:2]))
    if not turns:
        problems.append("%s never had a turn announced in game %d" % (client.name, game + 1))
    return problems


def not_russian(lines):
    """The lines a Russian reader would not read as Russian: with a letter but no Cyrillic one,
    or with an English word. A piece of a long line cut at 400 bytes may hold only cards: no
    letter, nothing to check."""
    return [t for t in lines if LETTER.search(t) and (not CYRILLIC.search(t) or ENGLISH.search(t))]


def russian_game(irssi, weechat, players):
    """Game 3: opened with !дурак, irssi reading Russian; returns what is wrong (a list)."""
    weechat.stop()               # its games are over: three seats
    for p in players:            # the harness players read English whatever the game speaks
        p.c.privmsg(h.BOT_NICK, "set language en")
    irssi.type("/msg durakbot set language ru")
    end = time.monotonic() + 10
    while not any("язык личных сообщений" in t for t in irssi.private_lines()):
        h.check(time.monotonic() < end, "irssi's `set language ru` was not answered in Russian")
        time.sleep(0.1)
    mark = len(irssi.private_lines())
    g = Game(players, 302, opening="!дурак", seats=3)
    g.lobby()
    result = g.play()
    time.sleep(1.0)              # irssi shows the last private lines
    logged_end(irssi, 2)
    private = irssi.private_lines()[mark:]
    h.log("game 3 (!дурак): %d channel lines, %d private lines to irssi: %s"
          % (len(g.every), len(private), result))
    for t in private[:3] + [t for t in private if "можно подкинуть" in t][:2]:
        h.log("  (to %s) %s" % (irssi.nick, t))
    problems = []
    wrong = not_russian(private)
    if wrong:
        problems.append("irssi (set language ru) got %d lines that are not Russian, e.g. %s"
                        % (len(wrong), wrong[:2]))
    if not any(t.startswith("Ваш ход в %s: " % CH) for t in private):
        problems.append("irssi had no Russian turn line in game 3")
    if any(t.startswith(("Ваш ход", "Your turn")) and "подкин" in t.split("\u2014")[0]
           for t in private):
        problems.append("an optional throw-in was headed as a turn: %s"
                        % [t for t in private if "подкин" in t][:1])
    wrong = not_russian(g.every)
    for t in (g.every[:2] + g.every[-2:]) if wrong else ():
        h.log("  (in %s) %s" % (CH, t))
    if wrong:
        problems.append("%d of game 3's channel lines are not Russian, e.g. %s"
                        % (len(wrong), wrong[:2]))
    return problems + check_client(irssi, 2, len(g.lines))


def wait_setting(irssi, want, timeout=10):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got = irssi.settings()
        if got and got[-1] == want:
            return
        time.sleep(0.1)
    raise h.TestFailure("irssi settings: %s, expected %s" % (irssi.settings()[-1:], want))


def test(env):
    env.ngircd.start()
    bot = env.bot(h.bot_config(env.ngircd.port, channels=(CH,), burst=20, rate=20,
                               turn_timeout=20, rejoin_grace=30))
    bot.start()
    players = [play.Player(env.client(n)) for n in HARNESS_NICKS]
    for p in players:
        p.c.join_with_bot(CH)
    irssi = Irssi(env.dir, env.ngircd.port, IRSSI_NICK)
    weechat = Weechat(env.dir, env.ngircd.port, WEECHAT_NICK)
    ok = False
    try:
        irssi.start()
        weechat.start()
        wait_in_channel(players[0].c, [IRSSI_NICK, WEECHAT_NICK])
        wait_setting(irssi, "hilight_nick_matches=1 hilight_nick_matches_everywhere=0")
        h.log("irssi %s, weechat %s in %s; irssi at its defaults: %s"
              % (IRSSI_NICK, WEECHAT_NICK, CH, irssi.settings()[-1]))
        problems = []            # both games are played and counted before the test fails
        sent = []                # irssi's moves_sent() after each game
        for game in range(2):
            if game == 1:
                # its private lines come by NOTICE now; typed first, so irssi has sent it
                # when the setting below shows, before the lobby opens
                irssi.type("/msg durakbot set notice")
                irssi.type("/set hilight_nick_matches_everywhere ON")
                wait_setting(irssi, "hilight_nick_matches=1 hilight_nick_matches_everywhere=1")
                h.log("irssi now: %s" % irssi.settings()[-1])
            g = Game(players, 300 + game)
            g.lobby()
            result = g.play()
            h.log("game %d: %d channel lines in play: %s" % (game + 1, len(g.lines), result))
            if game == 0:
                h.log("weechat at its defaults: %s" % weechat.settings())
                h.check(weechat.settings() == "weechat.look.highlight='' highlight_words='$nick'",
                        "weechat's highlight settings: %s" % weechat.settings())
            for client in (irssi, weechat):  # the clients log the last lines
                logged_end(client, game)
            problems += check_client(irssi, game, len(g.lines))
            problems += check_client(weechat, game, len(g.lines))
            sent.append(irssi.moves_sent())
        if sent[1]["PRIVMSG"] != sent[0]["PRIVMSG"] or sent[1]["NOTICE"] <= sent[0]["NOTICE"]:
            problems.append("irssi after `set notice`: moves sent %s, before %s: its turn lines "
                            "did not all come by NOTICE" % (sent[1], sent[0]))
        problems += russian_game(irssi, weechat, players)
        h.check(not problems, "; ".join(problems))
        ok = True
    finally:
        if not ok:
            screen = [line for line in irssi.screen().splitlines() if line.strip()]
            print("---- irssi screen (last 12 lines) ----\n%s" % "\n".join(screen[-12:]))
            print("---- weechat output ----\n%s" % "\n".join(weechat.log_tail()))
        irssi.stop()
        weechat.stop()
    rc, _ = bot.stop()
    h.check(rc == 0, "durakbot exited with status %s after SIGTERM" % rc)


if __name__ == "__main__":
    h.run(test, skip=skip)
