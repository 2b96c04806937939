#!/usr/bin/python3
"""private: a private game against computer players over IRC. anna, in no
channel, sends `/msg durakbot play normal 3` and plays to the end by private message (a random
move of each "Your turn in your private game: ..." line, `moves` after a silence) while the two
computer players move on their own (game.bot_delay = 0.2). zoe sits in #durak with the bot all
along and must receive no PRIVMSG or NOTICE of the bot during the game; every line of the bot
anna gets is addressed to her; the bot logs no unrouted private line. With site.url set, the
game's page address reaches anna after the end (said once the record is saved), and the page says
"a private game", never the game's key. Then: a second `play`
while one runs says so and names `stop`; `stop` ends it as a forfeit; `!top solo` in the channel
lists anna, `!top` does not. Before that stop, the bot is killed with SIGKILL and started again:
the game only asks anna's nick to speak (`I am back after a restart, and your private game
waits: ...`, nothing of the game: the nick may be someone else's now), and once she writes says
`I am back after a restart; the game goes on.` and her hand."""
import os
import random
import re
import time

import harness as h

CH = "#durak"
# the question, after what happened since anna's last line ("Normal[bot] leads 7♦ · Your turn …")
TURN = re.compile(r"(?:^|\u00b7 )Your turn in your private game: .*? \u2014 (.*) \u00b7 hand: ")
OPTION = re.compile(r"(?:^|\u00b7 )In your private game (?:\S+ takes; )?you may (?:throw in|add): "
                    r"(.*) or pass \u00b7 hand: ")
LEAD = re.compile(r"(?:^|\u00b7 )Your turn in your private game: lead any card, e\.g\. (\S+) \S+ "
                  r"\u00b7 hand: (.*?) \(")
SILENCE = 2.5


def pick(listing, rng):
    moves = [m.strip() for m in listing.split(" | ") if m.strip()]
    return rng.choice([m for m in moves if m != "take"] or moves) if moves else None


def play_to_end(anna, rng, timeout):
    """anna's moves until "Game over"; returns (the end line, moves sent)."""
    end = time.monotonic() + timeout
    last = time.monotonic()
    moves = 0
    while time.monotonic() < end:
        for m in anna.next_msgs():
            if not h.from_bot(m):
                continue
            last = time.monotonic()
            h.check(m.target.lower() == anna.nick.lower(),
                    "a line of the private game went to %s: %r" % (m.target, m.raw))
            if m.plain.startswith("Game over"):
                return m.plain, moves
            turn, option, lead = TURN.search(m.plain), OPTION.search(m.plain), LEAD.search(m.plain)
            listing = turn.group(1) if turn else option.group(1) + " | pass" if option else (
                m.plain[len("Your moves:"):] if m.plain.startswith("Your moves:") else None)
            if lead:
                listing = " | ".join(lead.group(1) + " " + c for c in lead.group(2).split()
                                     if c != "\u00b7")
            move = pick(listing, rng) if listing else None
            if move:
                anna.privmsg(h.BOT_NICK, move)
                moves += 1
        if time.monotonic() - last > SILENCE:
            anna.privmsg(h.BOT_NICK, "moves")
            last = time.monotonic()
        time.sleep(0.01)
    raise h.TestFailure("the private game did not end within %d s (%d moves)" % (timeout, moves))


def bot_lines(client):
    return [m for m in client.all_msgs() if h.from_bot(m)]


def answer(client, target, text, needle, what):
    client.privmsg(target, text)
    return client.wait_for(lambda m: h.from_bot(m) and needle in m.plain, 5, what=what)


def test(env):
    env.ngircd.start()
    cfg = h.bot_config(env.ngircd.port, channels=(CH,), burst=20, rate=20, turn_timeout=15)
    h.check("first5 = false;" in cfg, "unexpected generated config")
    cfg = cfg.replace("first5 = false;", "first5 = false; bot_delay = 0.2;")
    site = os.path.join(env.dir, "site")
    cfg += 'site = { dir = "%s"; url = "http://127.0.0.1:8080/durak/"; };\n' % site
    bot = env.bot(cfg)
    bot.start()
    zoe = env.client("zoe")
    zoe.join_with_bot(CH)
    anna = env.client("anna")
    h.log("zoe and the bot are in %s; anna is in no channel" % CH)

    t0 = time.monotonic()
    anna.privmsg(h.BOT_NICK, "play normal 3")
    m = anna.wait_for(lambda m: h.from_bot(m) and "starts:" in m.plain, 10, what="the start line")
    h.log(m.plain)
    h.check(m.target.lower() == "anna", "the start line went to %s" % m.target)
    h.check("anna, Normal[bot], Normal2[bot]" in m.plain, "unexpected seats: %r" % m.plain)
    result, moves = play_to_end(anna, random.Random(14), 60)
    h.log("game over after %d moves by anna in %.1f s: %s" % (moves, time.monotonic() - t0,
                                                             result))
    h.check("another: /msg %s play" % h.BOT_NICK in result, "no offer of another: %r" % result)
    end = time.monotonic() + 5  # it may have come with the end line, which play_to_end read
    pages = []
    while not pages and time.monotonic() < end:
        pages = [x.plain for x in bot_lines(anna) if x.plain.startswith("Page: ")]
        time.sleep(0.1)
    h.check(pages == ["Page: http://127.0.0.1:8080/durak/g/1.html"],
            "the game's page address did not reach anna after the end: %r" % pages)
    page = os.path.join(site, "g", "1.html")
    end = time.monotonic() + 5
    while not os.path.exists(page) and time.monotonic() < end:
        time.sleep(0.1)
    with open(page, encoding="utf-8") as f:
        text = f.read()
    h.check("a private game" in text and "~solo" not in text and "^solo" not in text,
            "the private game's page does not say \"a private game\" or shows its key")
    time.sleep(0.5)
    got = [x.raw for x in bot_lines(zoe)]
    h.check(not got, "zoe in %s received %d line(s) of the bot during the private game: %r"
            % (CH, len(got), got[:3]))
    to_others = [x.raw for x in bot_lines(anna) if x.target.lower() != "anna"]
    h.check(not to_others, "anna saw lines addressed elsewhere: %r" % to_others[:3])
    h.log("anna received %d lines, all to her; zoe received none" % len(bot_lines(anna)))

    anna.privmsg(h.BOT_NICK, "play easy")
    anna.wait_for(lambda m: h.from_bot(m) and "starts:" in m.plain, 10, what="a second game")
    time.sleep(0.6)
    bot.proc.kill()     # no chance to save anything more: the game was saved at each change
    bot.proc.wait(5)
    time.sleep(0.3)
    anna.next_msgs()    # what the first run said
    bot.start()
    zoe.wait_for(lambda m: m.command == "JOIN" and m.nick == h.BOT_NICK, 15,
                 what="the bot back in %s" % CH)
    asked = anna.wait_for(lambda m: h.from_bot(m), 10, what="anna asked to speak")
    h.check(asked.plain == "I am back after a restart, and your private game waits: type hand "
            "(or your move) to me to go on.", "the restored game told anna: %s" % asked.plain)
    time.sleep(0.5)
    h.check(not [x for x in anna.next_msgs() if h.from_bot(x)],
            "the restored private game said more to anna before she was seen")
    m = answer(anna, h.BOT_NICK, "hand", "I am back after a restart; the game goes on.",
               "the restored private game")
    h.log("after kill -9 and a restart: %s" % m.plain)
    anna.wait_for(lambda m: h.from_bot(m) and m.plain.startswith("Your hand in your private game"),
                  5, what="her hand after the restart")
    time.sleep(0.6)
    m = answer(anna, h.BOT_NICK, "play transfer 4", "already have a private game",
               "a refusal of a second game")
    h.check("/msg %s stop" % h.BOT_NICK in m.plain, "the refusal does not name stop: %r" % m.plain)
    time.sleep(0.6)
    answer(anna, h.BOT_NICK, "stop", "Stopping now counts as a loss", "stop asked about")
    m = answer(anna, h.BOT_NICK, "stop", "you leave the private game and forfeit",
               "the end of the stopped game")
    h.log("stop: %s" % m.plain)
    time.sleep(0.5)
    got = [x.raw for x in bot_lines(zoe)]
    h.check(not got, "zoe received %d line(s) of the bot: %r" % (len(got), got[:3]))
    h.check("1 saved game(s) restored" in bot.log_text(), "the private game was not restored")

    m = answer(zoe, CH, "!top solo", "Top players alone", "an answer to !top solo")
    h.log("!top solo: %s" % m.plain)
    h.check(re.search(r"\b1\. anna \d+ \(2\)", m.plain), "!top solo does not list anna with 2 "
            "games: %r" % m.plain)
    time.sleep(0.6)
    m = answer(zoe, CH, "!top", "recorded", "an answer to !top")
    h.check("anna" not in m.plain, "!top lists anna's private games: %r" % m.plain)
    log = bot.log_text()
    h.check("was not routed" not in log, "the bot logged an unrouted private line")
    h.check("~solo" not in log or "refused a line" not in log, "the send queue saw a private key")
    rc, took = bot.stop()
    h.check(rc == 0, "durakbot exited with status %s after SIGTERM" % rc)


if __name__ == "__main__":
    h.run(test)
