#!/usr/bin/python3
"""games: three clients play a complete classic game and a complete transfer game against the bot
by private message; in each game one of them changes nick mid-game and plays on under the new nick,
and another parts the channel and joins again within rejoin_grace and plays on. No time-outs, no
forfeits; the end is announced with the durak's nick or a draw; the bot exits 0 on SIGTERM."""
import time

import harness as h
import play

CH = "#durak"


def change_nick(player, new):
    def hook(table):
        h.log("%s changes nick to %s (after %d moves)" % (player.nick, new, table.moves))
        player.c.send("NICK %s" % new)
    return hook


def part_and_rejoin(player, channel):
    def hook(table):
        h.log("%s parts %s and joins again (after %d moves)" % (player.nick, channel, table.moves))
        player.c.part(channel)
        table.after(table.moves + 3, lambda t: rejoin(player, channel))
    return hook


def rejoin(player, channel):
    h.log("%s joins %s again" % (player.nick, channel))
    player.c.join(channel)


def play_game(players, variant, seed, new_nick):
    table = play.Table(CH, players, seed)
    t0 = time.monotonic()
    table.open(variant)
    h.check(variant in table.lobby_line.lower(),
            "the lobby line does not name the variant %s: %r" % (variant, table.lobby_line))
    nick_player, part_player = players[1], players[2]
    table.after(6, change_nick(nick_player, new_nick))
    table.after(12, part_and_rejoin(part_player, CH))
    moves_before = dict(nick_player.moves_by_nick)
    result = table.run(timeout=60)
    h.log("%s game over after %d moves in %.1f s: %s" % (variant, table.moves,
                                                       time.monotonic() - t0, result))
    h.log(table.summary())
    h.log("the bot sent %.2f lines per move (%.2f without the answers to `moves`)"
          % table.lines_per_move(t0))
    table.check_clean()
    h.check(nick_player.nick == new_nick, "%s never became %s" % (nick_player.nick, new_nick))
    h.check(nick_player.moves_by_nick.get(new_nick, 0) > moves_before.get(new_nick, 0),
            "%s played no move under the new nick %s" % (nick_player.nick, new_nick))
    return table


def test(env):
    env.ngircd.start()
    bot = env.bot(h.bot_config(env.ngircd.port, channels=(CH,), burst=20, rate=20,
                               turn_timeout=10, rejoin_grace=30))
    bot.start()
    players = [play.Player(env.client(n)) for n in ("anna", "boris", "clara")]
    for p in players:
        p.c.join_with_bot(CH)
    h.log("three players and the bot are in %s" % CH)

    play_game(players, "classic", 1, "boris2")
    play_game(players, "transfer", 2, "boris3")

    rc, took = bot.stop()
    h.check(rc == 0, "durakbot exited with status %s after SIGTERM" % rc)
    h.check(took < 2.0, "durakbot took %.2f s to exit" % took)


if __name__ == "__main__":
    h.run(test)
