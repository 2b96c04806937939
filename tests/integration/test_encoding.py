#!/usr/bin/python3
"""encoding: irc.encoding through a real ngircd (ngircd passes bytes through as they
are). One bot configured "cp1251" and one "koi8-r", each in its own channel, with test clients
that send and read raw bytes in that encoding: Russian words (беру, !дурак, !играть, !старт, ходы,
хожу) are understood, and the bot's answers arrive in the same encoding, compared byte for byte:
a quoted Cyrillic word comes back as the very bytes sent, the suits ♥ ♠ ♦ ♣ the set lacks arrive
as the Russian letters ч п б т (the help names the suits by those letters alone, not the
symbols beside them again), and a card the bot listed, sent back with хожу, is announced in
the channel with the same bytes. No line of either bot holds UTF-8's bytes or a '?' stand-in
for what the set has. A third bot set to "auto" understands a UTF-8 client and a CP1251 one and
answers each privately in what it writes, the UTF-8 one still after the server restarts."""
import time

import harness as h

BOTS = [("cp1251", "durakcp", "#cp"), ("koi8-r", "durakkoi", "#koi")]


class EncClient(h.Client):
    """A client whose lines are bytes in a legacy encoding: m.bytes holds each as received."""

    def __init__(self, port, nick, encoding):
        super().__init__(port, nick)
        self.encoding = encoding

    def say(self, target, text):
        self.send_bytes(b"PRIVMSG " + target.encode() + b" :" + text.encode(self.encoding))


def valid_utf8(b):
    try:
        b.decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


def text_bytes(m):
    """The last parameter of a line as the bytes received."""
    return m.bytes.split(b" :", 1)[1] if b" :" in m.bytes else b""


def bot_conf(env, encoding, nick, channel):
    text = h.bot_config(env.ngircd.port, channels=(channel,), nick=nick)
    text = text.replace("ping_interval = 120;", 'ping_interval = 120; encoding = "%s";' % encoding)
    return text.replace("colors = true", "colors = false")


def reply(c, bot, what, timeout=10):
    return c.wait_for(lambda m: h.from_bot(m, bot) and m.target == c.nick, timeout, what=what)


def exact(m, want, what):
    got = text_bytes(m)
    h.check(got == want, "%s: got %r, want %r" % (what, got, want))


def one_bot(env, encoding, bot, channel):
    enc = encoding
    alice = EncClient(env.ngircd.port, "alice_" + bot[5:], enc)
    bob = EncClient(env.ngircd.port, "bob_" + bot[5:], enc)
    carol = EncClient(env.ngircd.port, "carol_" + bot[5:], enc)  # 4 commands at once per nick
    for c in (alice, bob, carol):
        env.clients.append(c)
        c.connect()
        c.join_with_bot(channel, bot_nick=bot)
    # беру before any game: recognised as take (not "is not a command"), answered in the words'
    # language, Russian
    carol.say(bot, "беру")
    exact(reply(carol, bot, "answer to беру"), legacy(NOT_IN_GAME_RU, enc), "%s: беру" % enc)
    # a Cyrillic word quoted back: the same bytes (in Russian: a line with Russian letters)
    carol.say(bot, "абырвалг")
    exact(reply(carol, bot, "answer to абырвалг"), legacy(UNKNOWN_RU, enc),
          "%s: quoted word" % enc)
    # the example card in the reader's suit letters only: the set has no ♥ (its stand-in made
    # "7ч или 7ч")
    carol.say(bot, "хожу 7х")
    exact(reply(carol, bot, "answer to хожу 7х"),
          legacy("«7х» — не карта: после достоинства — одна масть, например 7ч", enc),
          "%s: card error" % enc)
    # the help names the suits by their letters alone: the symbols beside them arrived as their
    # stand-ins, the same letters ("масть п т б ч или п т б ч")
    alice.say(bot, "помощь")
    want = legacy("затем масть п т б ч, например 7ч", enc)
    m = alice.wait_for(lambda m: h.from_bot(m, bot) and m.target == alice.nick
                       and want in text_bytes(m), 10, what="the help's suit letters")
    h.check(legacy("или п т б ч", enc) not in text_bytes(m), "%s: %r" % (enc, m.bytes))
    # !дурак, !играть, !старт in the channel: a game opened in Russian words speaks Russian
    alice.say(channel, "!дурак")
    alice.wait_for(lambda m: h.from_bot(m, bot) and m.target == channel
                   and "собирает игру" in m.text, 10, what="the lobby opened by !дурак")
    bob.say(channel, "!играть")
    alice.wait_for(lambda m: h.from_bot(m, bot) and m.target == channel
                   and m.text.startswith(bob.nick + " садится за стол"), 10,
                   what="bob seated by !играть")
    alice.say(channel, "!старт")
    alice.wait_for(lambda m: h.from_bot(m, bot) and m.target == channel
                   and "начинается" in m.text, 10, what="the game started by !старт")
    # ходы: the player to move gets the list; a card of it sent back with хожу
    actor, moves = None, None
    for c in (alice, bob):
        c.say(bot, "ходы")
        m = c.wait_for(lambda m: h.from_bot(m, bot) and m.target == c.nick
                       and ("Ваши ходы: " in m.text or "не ваш ход" in m.text), 10,
                       what="answer to ходы")
        if "Ваши ходы: " in m.text:
            actor, moves = c, text_bytes(m)
    h.check(actor is not None, "%s: nobody has moves after !старт" % enc)
    card = (moves.split("Ваши ходы: ".encode(enc), 1)[1].split("хожу ".encode(enc), 1)[1]
            .split(b" ")[0])
    h.check(card[-1:] in [s.encode(enc) for s in "птбч"],
            "%s: the card %r does not end in a Russian suit letter" % (enc, card))
    actor.send_bytes(b"PRIVMSG " + bot.encode() + b" :" + "хожу ".encode(enc) + card)
    m = alice.wait_for(lambda m: h.from_bot(m, bot) and m.target == channel
                       and " ходит " in m.text, 10, what="the lead announced")
    other = bob if actor is alice else alice  # the line's head asks the defender to act
    exact(m, other.nick.encode() + ": отбивайте ".encode(enc) + card + " или берите \u00b7 "
          .encode(enc) + actor.nick.encode() + " ходит ".encode(enc) + card, "%s: the lead" % enc)
    # nothing the bot sent holds UTF-8 or a stand-in '?'
    for c in (alice, bob, carol):
        for m in c.all_msgs():
            if not h.from_bot(m, bot):
                continue
            b = text_bytes(m)
            h.check(not any(x >= 0x80 for x in b) or not valid_utf8(b),
                    "%s: UTF-8 in %r" % (enc, m.bytes))
            h.check(b"?" not in b, "%s: a stand-in '?' in %r" % (enc, m.bytes))
            b.decode(enc)  # every byte is one of the set's characters
    h.log("%s: round trips byte-exact; %d lines from %s" % (
        enc, sum(1 for m in alice.all_msgs() if h.from_bot(m, bot)), bot))


def auto_bot(env, bot):
    """"auto" (= "auto:cp1251"): a UTF-8 client and a CP1251 client are both understood, and
    each is answered privately in what it writes; the channel hears CP1251."""
    utf = EncClient(env.ngircd.port, "utf_auto", "utf-8")
    cp = EncClient(env.ngircd.port, "cp_auto", "cp1251")
    for c in (utf, cp):
        env.clients.append(c)
        c.connect()
    utf.join_with_bot("#auto", bot_nick=bot)  # the bot is there
    cp.join_with_bot("#auto", bot_nick=bot)
    for c in (utf, cp):
        c.say(bot, "беру")
        exact(reply(c, bot, "answer to беру"), NOT_IN_GAME_RU.encode(c.encoding),
              "auto, %s: беру" % c.encoding)
        c.say(bot, "абырвалг")
        exact(reply(c, bot, "answer to абырвалг"), UNKNOWN_RU.encode(c.encoding),
              "auto, %s: quoted word" % c.encoding)
    utf.say("#auto", "!дурак")
    m = cp.wait_for(lambda m: h.from_bot(m, bot) and m.target == "#auto", 10,
                    what="the lobby line in #auto")
    h.check(not valid_utf8(text_bytes(m)), "auto: the channel's line in UTF-8: %r" % m.bytes)
    text_bytes(m).decode("cp1251")
    h.log("auto: a UTF-8 and a CP1251 client understood, each answered in its own; the channel "
          "in CP1251")
    return utf


def auto_reconnect(env, bot, utf):
    """"auto" across a reconnect: one who wrote UTF-8 before it still gets private lines in UTF-8,
    though they have written only ASCII since."""
    utf.say(bot, "set language ru")
    reply(utf, bot, "answer to set language ru")
    env.ngircd.stop()
    utf.closed.wait(5)
    utf.close()
    time.sleep(1)
    env.ngircd.start()
    utf.connect()
    utf.join_with_bot("#auto", bot_nick=bot, timeout=20)  # the bot's first retry: about 5 s
    utf.say(bot, "help")
    m = utf.wait_for(lambda m: h.from_bot(m, bot) and m.target == utf.nick
                     and any(x >= 0x80 for x in text_bytes(m)), 10, what="the Russian help")
    h.check(valid_utf8(text_bytes(m)), "auto, after a reconnect: help not in UTF-8: %r" % m.bytes)
    h.log("auto: a reconnect keeps who writes UTF-8")


# What the bot writes for a character the legacy set lacks (bot/link_enc.c's stand-ins).
STAND_INS = {"«": '"', "»": '"', "—": "-", "·": "."}


def legacy(text, enc):
    out = b""
    for ch in text:
        try:
            out += ch.encode(enc)
        except UnicodeEncodeError:
            out += STAND_INS[ch].encode(enc)
    return out


# The answer to a Russian word from someone in no game: in Russian, the language of their words.
NOT_IN_GAME_RU = ("Вы не в игре: соберите её в канале командой !дурак, сядьте за стол командой "
                  "!играть или сыграйте здесь с компьютером: играю.")
# A word that is no command, in Russian letters, from one seated nowhere: quoted back in Russian,
# with how to play.
UNKNOWN_RU = ("«абырвалг» — не команда, а вы сейчас не в игре: соберите её в канале командой "
              "!дурак, сядьте за стол командой !играть или сыграйте здесь с компьютером: играю "
              "(«помощь» — все команды).")


def test(env):
    env.ngircd.start()
    for encoding, nick, channel in BOTS + [("auto", "durakauto", "#auto")]:
        env.bot(bot_conf(env, encoding, nick, channel), name=nick).start()
    for encoding, nick, channel in BOTS:
        one_bot(env, encoding, nick, channel)
    auto_reconnect(env, "durakauto", auto_bot(env, "durakauto"))


if __name__ == "__main__":
    h.run(test)
