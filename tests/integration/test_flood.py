#!/usr/bin/python3
"""flood: a game between anna and a computer player runs in #durak (flood.burst = 3,
flood.rate = 2) while sixty other clients in the channel each send one `!help` at the same
moment (`!help moves`: two private notices each and a pointer in the channel): a minute of the
bucket's time. The game's lines go first: anna plays on, taking a person's THINK seconds over
each move (answering at once, she would make the game's own lines outrun the bucket, whatever
the flood), until three of her moves are told in the channel (a pass makes no public line); each
is told within the bucket's own pace (four tokens, 2 s, and the computer player's pause, plus
0.7 s of margin) of her sending that move (lines of her moves from before the flood, still queued
then, are not counted), while most of the sixty are still waiting for their answer; once anna
stops playing, the answers come. Without the game's priority a line would wait behind the
flood's, a minute and more.
The bot has a NickServ password (the test server has no NickServ: 401, and the bot joins at
once), and its log never holds it.

ngircd limits connections per IP address with MaxConnectionsIP (default 5): the harness's
server sets it to 0 (no limit), which sixty-two clients from 127.0.0.1 need."""
import re
import threading
import time

import harness as h
import play

CH = "#durak"
BURST, RATE = 3, 2.0
FLOODERS = 60
BOT_DELAY = 0.2      # the computer player's pause (game.bot_delay)
# a game line waits for its own token, at most one other game line, at most one of the bot's own
# fake-lag probes (a raw PING, sent ahead of game lines, every 10 s while lines go out) and, once a
# reply has starved for OUTQ_REPLY_STARVE (5 s), the one reply in OUTQ_REPLY_SHARE (4) lines that
# it is owed; a take is told together with the computer player's throw-ins, after its pause
PACE = 4 / RATE + BOT_DELAY
MARGIN = 0.7         # scheduling slack on a shared machine (the pace itself comes in 0.5 s steps)
PASSWORD = "Hunter2-Super"
ANNA_MOVE = re.compile(r"\banna (leads|adds|throws in|beats|takes|picks up|passes|transfers)")
THINK = 1.5          # a person's time over a move, once the flood has begun


class TimedPlayer(play.Player):
    """A player that remembers when it sent each move and what it was; with think set, it takes
    that long over each."""

    def __init__(self, client):
        super().__init__(client)
        self.sent = []
        self.think = 0

    def send_move(self, move):
        time.sleep(self.think)
        self.sent.append((time.monotonic(), move))
        super().send_move(move)


def reports(line, move):
    """Whether a channel line tells this move of anna's: its cards, or the take."""
    words = move.split()
    return words[0] != "pass" and all(w in line for w in words[1:]) and (
        words[0] != "take" or "anna takes" in line or "anna picks up" in line)


def answers(client):
    """The bot's lines to the client itself (not those to the channel)."""
    return [m for m in client.all_msgs() if h.from_bot(m) and m.target.lower() == client.nick]


def pump(table, done, timeout, what):
    """Plays (as play.Table.run does) until done() holds or the game ends."""
    end = time.monotonic() + timeout
    while not done() and table.result is None:
        now = time.monotonic()
        if now > end:
            raise h.TestFailure("%s: not within %d s (%d moves)" % (what, timeout, table.moves))
        for p in table.players:
            table._process(p, now)
        table._fallbacks(now)
        time.sleep(0.005)


def connect_all(clients):
    errors = []

    def one(c):
        try:
            c.connect(timeout=20)
            c.join(CH)
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append("%s: %s" % (c.nick, e))

    threads = [threading.Thread(target=one, args=(c,)) for c in clients]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    h.check(not errors, "flooders could not connect: %s" % errors[:3])


def test(env):
    h.check("MaxConnectionsIP = 0" in h.NGIRCD_CONF, "the test server limits connections per IP")
    env.ngircd.start()
    cfg = h.bot_config(env.ngircd.port, channels=(CH,), burst=BURST, rate=RATE, turn_timeout=20)
    cfg = cfg.replace('nickserv_password = "";',
                      'nickserv_password = "%s"; nickserv_wait = 1;' % PASSWORD)
    cfg = cfg.replace("first5 = false;", "first5 = false; bot_delay = %g;" % BOT_DELAY)
    h.check(PASSWORD in cfg and "bot_delay" in cfg, "unexpected generated config")
    bot = env.bot(cfg)
    flooders = [env.client("f%02d" % i, connect=False) for i in range(FLOODERS)]
    connect_all(flooders)
    bot.start()
    anna = TimedPlayer(env.client("anna"))
    anna.c.join_with_bot(CH, timeout=20)
    h.log("anna, the bot and %d flooders are in %s" % (FLOODERS, CH))

    table = play.Table(CH, [anna], 7)
    table._command(anna, "!durak classic", "anna opens", 15)
    table._command(anna, "!bot easy", "Easy[bot] joins", 15)
    anna.c.privmsg(CH, "!start")
    table.start_sent = table.last_public = time.monotonic()
    pump(table, lambda: table.moves >= 2, 30, "two moves by anna before the flood")
    h.check(table.result is None, "the game ended before the flood")

    time.sleep(1.0)       # what is queued now goes out; the bucket is back to its burst
    t_flood = time.monotonic()
    for f in flooders:
        f.privmsg(CH, "!help moves")  # longer help: privately to each, a pointer in the channel
    h.log("%d flooders sent !help" % FLOODERS)
    base = table.moves
    anna.think = THINK

    def told():
        """(delay, line) for each channel line telling a move anna made since the flood (lines
        of moves from before it, still queued then, are not the flood's to answer for)."""
        out = []
        for m in anna.c.all_msgs():
            if table._public(m) and m.t > t_flood and ANNA_MOVE.search(m.plain):
                sent = [t for t, move in anna.sent if t_flood < t < m.t and reports(m.plain, move)]
                if sent:
                    out.append((m.t - sent[-1], m))
        return out

    pump(table, lambda: len(told()) >= 3 or table.moves >= base + 12, 60,
         "three of anna's moves told during the flood")
    anna.think = 0
    delays = told()
    h.check(len(delays) >= 2, "only %d of anna's moves were told during the flood" % len(delays))
    first_told = min(m.t for _, m in delays)
    answered = sum(1 for f in flooders if any(x.t < first_told for x in answers(f)))
    worst = max(d for d, _ in delays)
    h.log("anna's moves told in the channel %s s after she sent them (worst %.2f s, limit "
          "%.2f s); %d of %d flooders answered by the first"
          % (", ".join("%.2f" % d for d, _ in delays), worst, PACE + MARGIN, answered, FLOODERS))
    h.check(worst <= PACE + MARGIN, "a game line waited %.2f s behind the flood: %r"
            % (worst, [m.plain for d, m in delays if d == worst][0]))
    h.check(answered < FLOODERS // 2, "%d flooders were answered before the game's line: the "
            "flood did not wait" % answered)
    # game lines go first, so while anna and the computer player keep the bucket busy the
    # replies wait; anna stops playing, and they come
    # (the game lines already queued — moves, turn lines — go out first, at the bucket's pace)
    t_pause = time.monotonic()
    helped = 0
    while helped < 2 and time.monotonic() - t_pause < 15:
        time.sleep(0.2)
        helped = sum(1 for f in flooders if answers(f))
    h.log("%d flooders answered %.1f s after the game paused" % (helped, time.monotonic() - t_pause))
    h.check(helped >= 2, "the flooders got no answers to !help once the game paused")

    rc, took = bot.stop()
    h.check(rc == 0, "durakbot exited with status %s after SIGTERM" % rc)
    text = bot.log_text()
    h.check("NickServ: no such nick NickServ (401)" in text,
            "the bot did not notice that there is no NickServ")
    h.check(PASSWORD[:4] not in text, "the log holds the NickServ password: %r"
            % [x for x in text.splitlines() if PASSWORD[:4] in x][:2])


if __name__ == "__main__":
    h.run(test)
