#!/usr/bin/python3
"""trust: a nick is not a person. On a real ngircd, with the nick taken by a stranger (another
user@host), each take-over of a seat by a stranger is refused with a clear line to the stranger:
1. the creator quits, the stranger takes the nick and types !stop: refused, the game goes on;
2. a player quits, the stranger takes the nick and types !leave: refused, no forfeit;
3. the nick Normal[bot] gets no computer player's cards and makes none of its moves;
4. a finished game's player quits, the stranger takes the nick and renames it: the record stays
   with the nick and does not move to the new nick;
5. after a restart the restored hands go to the seated persons (seen by the WHO after joining),
   never to a stranger holding a seated nick."""
import time

import harness as h
import play

HELD = "held for its player"


def notice_to(c, needle, timeout=5):
    return c.wait_for(lambda m: h.from_bot(m) and needle in m.plain, timeout,
                      what="a line with %r" % needle)


def quiet_for(c, pred, seconds, what):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        bad = [m.plain for m in c.all_msgs() if h.from_bot(m) and pred(m)]
        h.check(not bad, "%s: %r" % (what, bad[:2]))
        time.sleep(0.05)


def two_player_game(env, ch, a, b):
    pa, pb = env.client(a, user=a), env.client(b, user=b)
    pa.join_with_bot(ch)
    pb.join_with_bot(ch)
    pa.privmsg(ch, "!durak")
    notice_to(pa, "opens")
    pb.privmsg(ch, "!join")
    notice_to(pa, b + " joins")
    pa.privmsg(ch, "!start")
    notice_to(pa, "starts:")
    return pa, pb


def stranger(env, nick, ch, wait=True):
    m = env.client(nick, user="mallory")
    if wait:
        m.join_with_bot(ch)
    else:
        m.join(ch)
    return m


def take_over_stop_and_leave(env):
    ch = "#stop"
    alice, bob = two_player_game(env, ch, "alice", "bob")
    alice.quit()
    notice_to(bob, "alice left")
    mal = stranger(env, "alice", ch)
    mal.privmsg(ch, "!stop")
    m = notice_to(mal, HELD)
    h.log("1. !stop by the nick taker: %s" % m.plain)
    quiet_for(bob, lambda m: "stops the game" in m.plain, 1.0, "the stranger stopped the game")
    bob.quit()
    notice_to(mal, "bob left")
    mal2 = stranger(env, "bob", ch)
    mal2.privmsg(ch, "!leave")
    m = notice_to(mal2, HELD)
    h.log("2. !leave by the nick taker: %s" % m.plain)
    # the channel's "bob leaves the game and forfeits", or the notice to the nick, which says "you"
    # ("You leave the game and forfeit (#durak)")
    quiet_for(mal2, lambda m: "forfeit" in m.plain, 1.0,
              "the stranger forfeited a held seat")
    mal2.privmsg("durakbot", "hand")
    notice_to(mal2, HELD)


def take_over_bot_name(env):
    ch = "#bots"
    erin = env.client("erin", user="erin")
    erin.join_with_bot(ch)
    for cmd, ok in (("!durak", "opens"), ("!bot normal", "Normal[bot] joins"), ("!start", "starts:")):
        erin.privmsg(ch, cmd)
        notice_to(erin, ok)
    spy = env.client("Normal[bot]", user="mallory")
    for text in ("moves", "hand", "take"):
        spy.privmsg("durakbot", text)
        m = notice_to(spy, "not in a game")
    h.log("3. the nick Normal[bot]: %s" % m.plain)
    h.check(not [x for x in spy.all_msgs() if h.from_bot(x) and "Your " in x.plain],
            "the nick Normal[bot] got a computer player's cards or moves")


def take_over_rating(env):
    ch = "#rating"
    frank = play.Player(env.client("frank", user="frank"))
    frank.c.join_with_bot(ch)
    table = play.Table(ch, [frank], 41)
    table._command(frank, "!durak classic", "frank opens", 10)
    table._command(frank, "!bot easy", "Easy[bot] joins", 10)
    frank.c.privmsg(ch, "!start")
    table.start_sent = table.last_public = time.monotonic()
    table.run(timeout=40)
    frank.c.quit()
    mal = stranger(env, "frank", ch)
    mal.change_nick("evelyn")
    time.sleep(0.5)
    mal.privmsg(ch, "!stats evelyn")
    m = notice_to(mal, "evelyn")
    h.check("No games recorded" in m.plain, "the record moved with the nick: %r" % m.plain)
    time.sleep(0.3)
    mal.privmsg(ch, "!stats frank")
    m = notice_to(mal, "frank:")
    h.check("1 game," in m.plain, "frank's record is gone: %r" % m.plain)
    h.log("4. stats after the nick was taken and renamed: %s" % m.plain)


def take_over_restored_hand(env, bot):
    ch = "#restore"
    gina, hank = two_player_game(env, ch, "gina", "hank")
    time.sleep(0.5)
    bot.proc.kill()
    bot.proc.wait(5)
    hank.quit()
    mal = stranger(env, "hank", ch, wait=False)  # while the bot is down
    time.sleep(0.3)
    n_mal, n_gina = len(mal.all_msgs()), len(gina.all_msgs())
    bot.start()
    notice_to(gina, "the game goes on", timeout=15)
    m = gina.wait_for(lambda m: h.from_bot(m) and (m.plain.startswith("Your hand in " + ch)
                                                   or "\u00b7 hand: " in m.plain), 5,
                      what="gina's hand (or her turn line, which shows it) after the restart")
    h.log("5. gina, seen again after the restart, gets: %s" % m.plain)
    time.sleep(1.0)
    got = [x.plain for x in mal.all_msgs()[n_mal:]
           if h.from_bot(x) and ("Your hand" in x.plain or "\u00b7 hand: " in x.plain)]
    h.check(not got, "the stranger holding hank's nick got the hand: %r" % got[:1])
    mal.privmsg("durakbot", "hand")
    notice_to(mal, HELD)
    h.check(len(gina.all_msgs()) > n_gina, "gina heard nothing after the restart")


def test(env):
    env.ngircd.start()
    bot = env.bot(h.bot_config(env.ngircd.port, channels=("#stop", "#bots", "#rating", "#restore"),
                               burst=20, rate=20, turn_timeout=20, rejoin_grace=60)
                  .replace("first5 = false;", "first5 = false; bot_delay = 0.2;"))
    bot.start()
    take_over_stop_and_leave(env)
    take_over_bot_name(env)
    take_over_rating(env)
    take_over_restored_hand(env, bot)
    rc, _ = bot.stop()
    h.check(rc == 0, "durakbot exited with status %s after SIGTERM" % rc)


if __name__ == "__main__":
    h.run(test)
