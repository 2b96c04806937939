#!/usr/bin/python3
"""sighup: the bot reloads its config file on SIGHUP. With irc.channels = [#a] and a game running in
#a (mode +nt, as networks set by default: no messages from outside), the file is rewritten to [#b]
and the bot gets SIGHUP: it ends the game in #a with "I no longer serve this channel ..." (which
must therefore come before its PART), parts #a, joins #b (a client waiting there sees the JOIN, !help answers)
and the players of the ended game are free to open a new one in #b. Then the file gets a value out
of range (game.turn_timeout = 1), and then a syntax error: each SIGHUP logs the error with
FILE:LINE (and the key) and "SIGHUP: the new configuration is not used"; the bot stays in #b, the
lobby there is kept, and it goes on answering and starts the game. Last, site.dir set, another
state.database, another server password and irc.encoding: the pages are written from the database
in use, the new one waits for the next start, the password and the encoding for the next
connection, as the log says (the cards keep their suit symbols meanwhile)."""
import os
import re
import signal
import time

import harness as h

CHA, CHB = "#a", "#b"


def public(channel):
    return lambda m: h.from_bot(m) and m.command == "PRIVMSG" and m.target.lower() == channel


def command(client, channel, text, pred, what, timeout=8):
    """Sends text to channel until the bot's answer satisfying pred comes, in the channel or to
    the client (!help answers by NOTICE); the bot's per-user command limit may drop one."""
    end = time.monotonic() + timeout
    while True:
        client.privmsg(channel, text)
        try:
            return client.wait_for(lambda m: h.from_bot(m) and pred(m) and m.target.lower()
                                   in (channel, client.nick.lower()), 2.5, what=what)
        except h.TestFailure:
            if time.monotonic() > end:
                raise


def config_for(env, bot, channels, turn_timeout=10):
    return h.bot_config(env.ngircd.port, channels=channels, burst=20, rate=20,
                        turn_timeout=turn_timeout) \
        + 'state = {{ database = "{}"; }};\n'.format(bot.database)


def write_config(bot, text):
    with open(bot.conf + ".new", "w") as f:
        f.write(text)
    os.replace(bot.conf + ".new", bot.conf)


def still_serving(bot, cid, ana, lobby_pred, since, log_at, what):
    """After a refused reload: the bot answers in #b, still holds the lobby there, and has not
    parted #b or gone back to #a."""
    time.sleep(0.3)
    command(cid, CHB, "!help commands", lambda m: m.plain.startswith("Commands:"), "!help after %s" % what)
    command(cid, CHB, "!table", lobby_pred, "the lobby in #b after %s" % what)
    for c in (cid, ana):
        for m in c.all_msgs():
            h.check(not (m.nick.lower() == h.BOT_NICK and m.command in ("PART", "KICK", "QUIT")
                         and m.t > since and (m.params[:1] or [""])[0].lower() == CHB),
                    "the bot left #b after %s: %r" % (what, m))
    h.check(bot.alive(), "the bot died after %s" % what)
    log = bot.log_text()
    h.check("SIGHUP: configuration reloaded" not in log[log_at:],
            "the bot says it reloaded the broken config")


def test(env):
    env.ngircd.start()
    ana, ben, cid = env.client("ana"), env.client("ben"), env.client("cid")
    ana.join(CHA)                    # first in #a, so ana is its operator and can set +nt
    ana.wait_for(lambda m: m.command == "366", 5, what="end of NAMES for #a")
    ana.send("MODE %s +nt" % CHA)    # no messages from outside, as networks set by default
    ana.wait_for(lambda m: m.command == "MODE" and m.target.lower() == CHA, 5,
                 what="MODE #a +nt")
    bot = env.bot(h.bot_config(env.ngircd.port, channels=(CHA,), burst=20, rate=20))
    bot.start()
    ana.join_with_bot(CHA)
    ben.join_with_bot(CHA)
    cid.join(CHB)
    cid.wait_for(lambda m: m.command == "366", 5, what="end of NAMES for #b")
    h.log("ana and ben are in #a (+nt) with the bot; cid waits in #b")
    soft = []                        # failures that let the rest of the test run

    command(ana, CHA, "!durak", lambda m: "opens a game" in m.plain, "the lobby line")
    command(ben, CHA, "!join", lambda m: "ben joins" in m.plain, "ben's join line")
    command(ana, CHA, "!start", lambda m: "starts:" in m.plain, "the start line")
    h.log("a game runs in #a")

    # ---- [#a] -> [#b] ----
    write_config(bot, config_for(env, bot, (CHB,)))
    log_at = len(bot.log_text())
    t0 = time.monotonic()
    bot.proc.send_signal(signal.SIGHUP)
    order = []                     # the bot's end line and its PART, as ana sees them in #a
    end = time.monotonic() + 5
    while time.monotonic() < end and not ("part" in order and ("line" in order or
                                                                time.monotonic() > part_at + 1)):
        m = ana.next_msg()
        if m is None:
            time.sleep(0.02)
        elif public(CHA)(m) and "no longer serve" in m.plain:
            order.append("line")
            h.log("#a: %s" % m.plain)
            h.check(m.plain.startswith("I no longer serve this channel"),
                    "unexpected end line in #a: %r" % m.plain)
        elif m.command == "PART" and m.nick.lower() == h.BOT_NICK and m.target.lower() == CHA:
            order.append("part")
            part_at = time.monotonic()
    h.check("part" in order, "the bot did not part #a within 5 s of SIGHUP")
    if order != ["line", "part"]:
        soft.append("#a is +n (as on most networks): the game's end line 'I no longer serve this "
                    "channel ...' must come before the bot's PART, but ana saw %s" % (
                        "only the PART" if "line" not in order else "the PART first"))
    cid.wait_for(lambda m: m.command == "JOIN" and m.nick.lower() == h.BOT_NICK
                 and m.text.lower() == CHB, 5, what="the bot's JOIN of #b")
    h.log("the bot left #a and joined #b in %.2f s" % (time.monotonic() - t0))
    bot.wait_log(r"SIGHUP: configuration reloaded", 3, start=log_at, what="reload line")
    command(cid, CHB, "!help commands", lambda m: m.plain.startswith("Commands:"), "!help in #b")
    for c in (ana, ben):
        c.next_msgs()                # the hands and lines of the game are old news
        c.privmsg(h.BOT_NICK, "hand")
        m = c.wait_for(lambda m: h.from_bot(m) and m.target.lower() == c.nick, 5,
                       what="an answer to `hand` after the game ended")
        h.check("Your hand" not in m.plain, "%s still has a hand after #a was dropped: %r"
                % (c.nick, m.plain))
    ana.join_with_bot(CHB)
    ben.join_with_bot(CHB)
    command(ana, CHB, "!durak transfer", lambda m: "ana opens a game" in m.plain,
            "a new lobby by ana in #b")
    command(ben, CHB, "!join", lambda m: "ben joins" in m.plain, "ben's join line in #b")
    h.log("ana and ben sit in a lobby in #b")
    lobby = lambda m: m.plain.startswith("Waiting to start (") and "ana" in m.plain \
        and "ben" in m.plain  # noqa: E731

    # ---- a value out of range ----
    bad = config_for(env, bot, (CHB,), turn_timeout=1)
    bad_line = bad[:bad.index("turn_timeout = 1")].count("\n") + 1
    write_config(bot, bad)
    log_at = len(bot.log_text())
    t1 = time.monotonic()
    bot.proc.send_signal(signal.SIGHUP)
    m = bot.wait_log(r"^<3>%s:%d: game\.turn_timeout: .*$" % (re.escape(bot.conf), bad_line), 5,
                     start=log_at, what="FILE:LINE: game.turn_timeout error")
    h.log("log: %s" % m.group(0))
    bot.wait_log(r"^<3>SIGHUP: the new configuration is not used", 3, start=log_at,
                 what="refusal line")
    still_serving(bot, cid, ana, lobby, t1, log_at, "the bad value")
    h.log("after the bad value the bot still serves #b with its lobby")

    # ---- a syntax error ----
    text = config_for(env, bot, (CHB,))
    good = "flood = { burst = 20; rate = 20.00; };"
    h.check(good in text, "the generated config has no line %r" % good)
    syntax_line = text[:text.index(good)].count("\n") + 1
    write_config(bot, text.replace(good, "flood = { burst = 20; rate = ; };"))
    log_at = len(bot.log_text())
    t2 = time.monotonic()
    bot.proc.send_signal(signal.SIGHUP)
    m = bot.wait_log(r"^<3>%s:%d: .*syntax error.*$" % (re.escape(bot.conf), syntax_line), 5,
                     start=log_at, what="FILE:LINE: syntax error")
    h.log("log: %s" % m.group(0))
    bot.wait_log(r"^<3>SIGHUP: the new configuration is not used", 3, start=log_at,
                 what="refusal line")
    still_serving(bot, cid, ana, lobby, t2, log_at, "the syntax error")
    h.log("after the syntax error the bot still serves #b with its lobby")
    h.check(not any(m.command == "JOIN" and m.nick.lower() == h.BOT_NICK and m.t > t1
                    for m in ana.all_msgs() if m.text.lower() == CHA),
            "the bot went back to #a")

    # ---- web pages turned on, another state.database and another server password, which wait
    # for the next start or the next connection ----
    site = os.path.join(env.dir, "site")
    other = os.path.join(env.dir, "other.db")
    write_config(bot, config_for(env, bot, (CHB,)).replace(bot.database, other)
                 .replace('password = "";', 'password = "changed";', 1)
                 .replace('realname = "Durak card game";', 'realname = "Durak";', 1)
                 .replace('nick = ', 'tls_verify = false; nick = ', 1)
                 .replace('nickserv_password = "";', 'nickserv_password = ""; encoding = "cp1251";')
                 + 'site = {{ dir = "{}"; }};\n'.format(site))
    log_at = len(bot.log_text())
    bot.proc.send_signal(signal.SIGHUP)
    bot.wait_log(r"^<5>SIGHUP: state\.database changed; .*next start", 5, start=log_at,
                 what="state.database kept until the next start")
    bot.wait_log(r"^<5>site: every page written into %s$" % re.escape(site), 5, start=log_at,
                 what="the pages written from the database in use")
    h.check(not os.path.exists(other), "the new state.database was opened before the next start")
    bot.wait_log(r"^<5>SIGHUP: irc\.tls_verify, irc\.password, irc\.realname, irc\.encoding "
                 r"changed; that takes effect at the next connection$", 3, start=log_at,
                 what="the server's change deferred")
    h.log("a new state.database waits for the next start; the pages come from the one in use")

    start = command(ana, CHB, "!start", lambda m: "starts:" in m.plain, "the start line in #b")
    h.check(any(s in start.plain for s in "\u2660\u2663\u2665\u2666"),
            "the start line has no suit symbol while the connection is still UTF-8: %r"
            % start.plain)
    h.log("the game in #b starts, its suits as the connection still carries them")
    for what in soft:
        h.log("FAILED CHECK: " + what)
    h.check(not soft, "; ".join(soft))
    rc, took = bot.stop()
    h.check(rc == 0, "durakbot exited with status %s after SIGTERM" % rc)


if __name__ == "__main__":
    h.run(test)
