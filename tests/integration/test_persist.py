#!/usr/bin/python3
"""persist: running games survive the bot's death. Three clients play a classic game; after a few
moves the bot is killed with SIGKILL (no chance to save anything more) and started again with the
same config and database: it says in the channel that the game goes on, with the same table as
before, sends each player their hand, every hand is exactly what `hand` answered before the kill,
and the same game is then played to its end. Then a transfer game, stopped with SIGTERM (exit 0
within 2 s, QUIT seen in the channel) and started again: the same. ngircd and the clients stay up
all along. At the end `!stats` counts each finished game once, and the log told once, at the first
start, that the database was created."""
import re
import signal
import time

import harness as h
import play

CH = "#durak"
RESTORED = "I am back after a restart; the game goes on."
HAND = "Your hand in %s:" % CH
TURN_HAND = " \u00b7 hand: "
SETTLE = 0.6          # seconds without a move before the snapshot of the hands


def peek(client, since_index, pred):
    """The first line received at or after index since_index that satisfies pred, or None; the
    client's read cursor is left alone, so the players still see every line afterwards."""
    for m in client.all_msgs()[since_index:]:
        if pred(m):
            return m
    return None


def wait_peek(client, since_index, pred, timeout, what):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        m = peek(client, since_index, pred)
        if m is not None:
            return m
        time.sleep(0.02)
    raise h.TestFailure("%s: no %s within %.1f s" % (client.nick, what, timeout))


def private_hand(p):
    return lambda m: h.from_bot(m) and m.target.lower() == p.nick.lower() \
        and m.plain.startswith(HAND)


def hand_shown(p):
    """Their hand as the bot shows it: a hand line, or (the player to move) the turn line."""
    return lambda m: h.from_bot(m) and m.target.lower() == p.nick.lower() \
        and (m.plain.startswith(HAND) or TURN_HAND in m.plain)


def hand_of(text):
    """"6♣ J♣ · 6♥ (trump 7♦)" of a hand line or a turn line."""
    return text.split(TURN_HAND, 1)[1] if TURN_HAND in text else text.split(": ", 1)[1]


def table_line(client):
    """The answer to !table: whose turn it is and the whole status."""
    for attempt in range(3):      # the bot's per-user limit may drop one
        mark = len(client.all_msgs())
        client.privmsg(CH, "!table")
        try:
            m = wait_peek(client, mark, lambda m: h.from_bot(m) and m.target.lower() == CH
                          and " stock " in m.plain, 2.2, "answer to !table")
            return m.plain
        except h.TestFailure:
            if attempt == 2:
                raise
    return None


def snapshot_hands(table):
    """Lets the moves in flight settle, then asks every player for `hand`: {nick: hand text}."""
    players = table.players
    for p in players:
        p.asked_at = None              # answers to `moves` from now on are not acted upon
    time.sleep(SETTLE)
    hands = {}
    for p in players:
        for attempt in range(3):      # the bot's per-user limit may drop one (2 s a command)
            mark = len(p.c.all_msgs())
            p.c.privmsg(h.BOT_NICK, "hand")
            try:
                m = wait_peek(p.c, mark, private_hand(p), 2.2, "answer to `hand`")
                break
            except h.TestFailure:
                if attempt == 2:
                    raise
        hands[p.nick] = m.plain
    return hands


def restart(bot, how, log_state):
    def hook(table):
        players = table.players
        hands = snapshot_hands(table)
        status = table_line(players[0].c)
        h.log("after %d moves: %s" % (table.moves, status))
        for nick, hand in sorted(hands.items()):
            h.log("  %s: %s" % (nick, hand))
        marks = {p.nick: len(p.c.all_msgs()) for p in players}
        if how == "kill":
            bot.proc.send_signal(signal.SIGKILL)
            bot.proc.wait(5)
            h.log("durakbot killed with SIGKILL (status %s)" % bot.proc.returncode)
            bot.proc = None
        else:
            rc, took = bot.stop(timeout=5)
            h.log("durakbot stopped with SIGTERM: status %s in %.2f s" % (rc, took))
            h.check(rc == 0, "durakbot exited with status %s after SIGTERM" % rc)
            h.check(took < 2.0, "durakbot took %.2f s to exit after SIGTERM" % took)
            quit_seen = peek(players[0].c, marks[players[0].nick],
                             lambda m: m.command == "QUIT" and m.nick.lower() == h.BOT_NICK)
            h.check(quit_seen is not None, "no QUIT of the bot seen after SIGTERM")
        if how == "term":   # the config may name the channel in another case: same channel
            with open(bot.conf) as f:
                text = f.read()
            with open(bot.conf, "w") as f:
                f.write(text.replace('"%s"' % CH, '"%s"' % CH.upper()))
        t0 = time.monotonic()
        bot.start()
        back = wait_peek(players[0].c, marks[players[0].nick],
                         lambda m: h.from_bot(m) and m.target.lower() == CH
                         and RESTORED in m.plain, 15, "'%s' after the restart" % RESTORED)
        h.log("back after %.1f s: %s" % (time.monotonic() - t0, back.plain))
        restored = back.plain.split(RESTORED, 1)[1].strip()
        # the last move first, in case its line was lost with the bot; then the table as before
        last = re.match(r"Last move: (.*?)\. ", restored)
        h.check(last is not None, "the line after the restart does not tell the last move: %s"
                % restored)
        restored = restored[last.end():] if last else restored
        h.check(restored == status, "the table after the restart differs from before:\n  before: "
                "%s\n  after:  %s" % (status, restored))
        for p in players:
            m = wait_peek(p.c, marks[p.nick], hand_shown(p), 10, "hand sent after the restart")
            h.check(hand_of(m.plain) == hand_of(hands[p.nick]), "%s's hand changed across the "
                    "restart:\n  before: %s\n  after:  %s" % (p.nick, hands[p.nick], m.plain))
        h.log("every hand is the same after the restart")
        log_state["restarts"] += 1
        # the restore line names who acts; make sure everybody asks soon in case it was missed
        table.last_public = time.monotonic()
        for p in players:
            p.throttled_until = 0.0
    return hook


def play_game(bot, players, variant, seed, how, after_moves):
    table = play.Table(CH, players, seed)
    t0 = time.monotonic()
    table.open(variant)
    state = {"restarts": 0}
    table.after(after_moves, restart(bot, how, state))
    result = table.run(timeout=50)
    h.log("%s game over after %d moves in %.1f s: %s" % (variant, table.moves,
                                                       time.monotonic() - t0, result))
    h.log(table.summary())
    h.check(state["restarts"] == 1, "the game ended before the restart (after %d moves)"
            % table.moves)
    table.check_clean()
    return result


def test(env):
    env.ngircd.start()
    bot = env.bot(h.bot_config(env.ngircd.port, channels=(CH,), burst=20, rate=20,
                               turn_timeout=15, rejoin_grace=30))
    bot.start()
    players = [play.Player(env.client(n)) for n in ("petya", "rita", "sasha")]
    for p in players:
        p.c.join_with_bot(CH)
    h.log("three players and the bot are in %s" % CH)

    play_game(bot, players, "classic", 11, "kill", 7)
    play_game(bot, players, "transfer", 12, "term", 12)

    log = bot.log_text()
    h.check(len(re.findall(r"saved game\(s\) restored from", log)) == 2,
            "the bot's log does not report two restores")
    created = re.findall(r"^<5>created a new state database %s\b" % re.escape(bot.database), log,
                         re.M)
    h.check(len(created) == 1, "the log tells %d times, not once, that the database was created"
            % len(created))
    c = players[0].c
    c.next_msgs()
    c.privmsg(CH, "!stats")
    m = c.wait_for(lambda m: h.from_bot(m) and m.target.lower() == CH
                   and m.plain.startswith(c.nick + ":"), 5, what="an answer to !stats")
    h.log("!stats: %s" % m.plain)
    h.check(re.search(r"\b2 games\b", m.plain), "!stats does not count 2 games: %r" % m.plain)

    rc, took = bot.stop()
    h.check(rc == 0, "durakbot exited with status %s after SIGTERM" % rc)


if __name__ == "__main__":
    h.run(test)
