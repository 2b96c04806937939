#!/usr/bin/python3
"""limits: the server's ISUPPORT limits against a scripted server (FakeServer of test_protocol).
Its 005 says TARGMAX=...,JOIN:2 and LINELEN=300: the bot's five channels are joined two to a JOIN
line, after the 005 burst; every line the bot sends stays within 298 bytes, and a help text
longer than that comes in more, shorter pieces (texts of at most 300 - 112 bytes, the room a
512-byte line leaves its 400 bytes of text). Its JOINs come back with a 63-byte host: each help
line to a 30-byte nick is cut so that the line zoe receives, ":bot!user@host NOTICE nick :text",
fits 298 bytes too."""

import harness as h
from test_protocol import FakeServer

CHANNELS = ("#durak", "#two", "#three", "#four", "#five")
HOST = "a-rather-long-reverse-dns-name-for-this-bot.dsl1.example.net.uk"  # 63 bytes, the most
ZOE = "zoe_plays_durak_every_evening_"  # 30 bytes


def test(env):
    srv = FakeServer()
    try:
        bot = env.bot(h.bot_config(srv.port, channels=CHANNELS))
        bot.start()
        srv.accept(10)
        nick = srv.register(nick_taken=False)
        early = srv.lines_for(1.0)
        h.check(not [l for l in early if l.startswith(b"JOIN")],
                "JOIN before the 005 burst was over: %r" % early)
        srv.send(":fake.server 005 %s LINELEN=300 TARGMAX=PRIVMSG:4,JOIN:2,NOTICE:4 "
                 ":are supported" % nick)
        srv.send(":fake.server 251 %s :There are 3 users" % nick)
        srv.send(":fake.server 376 %s :End of MOTD" % nick)
        joins = [l.decode() for l in srv.lines_for(2.0) if l.startswith(b"JOIN ")]
        h.log("JOIN lines: %r" % joins)
        named = [ch for l in joins for ch in l.split()[1].split(",")]
        h.check(sorted(named) == sorted(CHANNELS), "channels joined: %r" % named)
        h.check(all(len(l.split()[1].split(",")) <= 2 for l in joins),
                "a JOIN names more than TARGMAX's 2 channels: %r" % joins)
        for ch in CHANNELS:
            srv.send(":%s!durak@%s JOIN :%s" % (nick, HOST, ch))
        srv.send(":%s!z@zoe.host PRIVMSG #durak :!help" % ZOE)
        srv.send(":%s!z@zoe.host PRIVMSG #durak :!help commands" % ZOE)
        sent = srv.lines_for(3.0)
        notices = [l for l in sent if l.startswith(b"NOTICE %s :" % ZOE.encode())]
        h.check(notices, "no help reply: %r" % sent)
        longest = max(len(l) for l in sent)
        h.log("%d lines, %d of them help to zoe, the longest %d bytes"
              % (len(sent), len(notices), longest))
        h.check(longest <= 298, "a line of %d bytes under LINELEN=300" % longest)
        texts = [len(l.split(b" :", 1)[1]) for l in notices]
        h.check(max(texts) <= 188, "a text of %d bytes: more than 300 - 112" % max(texts))
        h.check(max(texts) > 150, "no help line near the limit: %r" % texts)
        source = len(":%s!durak@%s " % (nick, HOST))
        relayed = max(source + len(l) for l in notices)
        h.log("the longest help line as zoe receives it: %d bytes" % relayed)
        h.check(relayed <= 298, "zoe receives a line of %d bytes under LINELEN=300" % relayed)
        srv.stop_bot(bot)
    finally:
        srv.close()


if __name__ == "__main__":
    h.run(test, ngircd=False)
