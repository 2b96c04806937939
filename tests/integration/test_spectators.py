#!/usr/bin/python3
"""spectators: vera types !watch in #durak and leaves the channel, so the game's lines come to her
privately; then she quits. The bot shares no channel with her and does not see the QUIT: its next
copy to "vera" gets the server's 401, and it stops. A stranger (another user@host) who then takes
the nick vera gets no line of the game, which ends normally."""
import time

import harness as h
import play

CH = "#durak"


def copies(client):
    return [m.plain for m in client.next_msgs() if h.from_bot(m)
            and m.target.lower() == "vera" and m.plain.startswith("[#durak] ")]


def test(env):
    env.ngircd.start()
    bot = env.bot(h.bot_config(env.ngircd.port, channels=(CH,)))
    bot.start()
    players = [play.Player(env.client(n)) for n in ("anna", "boris")]
    for p in players:
        p.c.join_with_bot(CH)
    vera = env.client("vera")
    vera.join_with_bot(CH)
    table = play.Table(CH, players, 7)
    table.open("classic")
    vera.privmsg(CH, "!watch")
    vera.wait_for(lambda m: h.from_bot(m) and m.plain.startswith("You watch the game"), 5,
                  what="the answer to !watch")
    vera.part(CH)
    state = {}

    def vera_quits(t):
        got = copies(vera)
        h.log("vera got %d copies out of the channel" % len(got))
        h.check(got, "vera got no copy after leaving #durak")
        vera.quit()
        state["quit"] = t.moves

    def stranger_comes(t):
        # once the server's 401 to a copy has ended her watching: a copy still in the bot's queue
        # when the stranger took the nick would reach them, which is the nick's nature, not a bug
        bot.wait_log(r"#durak: vera no longer watches: gone from IRC", 30,
                     what="the 401 ending vera's watching")
        state["stranger"] = env.client("vera", user="mallory")
        h.log("a stranger holds the nick vera after %d moves" % t.moves)

    table.after(3, vera_quits)
    table.after(6, stranger_comes)
    result = table.run(timeout=60)
    h.log("game over: %s" % result)
    h.check("stranger" in state, "the game ended before the stranger came")
    time.sleep(1.0)
    got = copies(state["stranger"])
    h.check(not got, "the stranger holding vera's nick got %d lines of the game: %r"
            % (len(got), got[:2]))
    rc, _ = bot.stop()
    h.check(rc == 0, "durakbot exited with status %s after SIGTERM" % rc)


if __name__ == "__main__":
    h.run(test)
