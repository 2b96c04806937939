#!/usr/bin/python3
"""cprivmsg: CPRIVMSG/CNOTICE against a scripted server (FakeServer of test_protocol) whose 005
offers them. The bot is an operator in #durak (353 "@durakbot"), zoe is a member (WHO reply):
its private reply to zoe's !help goes out as "CNOTICE zoe #durak :...". After MODE #durak -o
durakbot the next reply is a plain NOTICE again; after MODE +o, CNOTICE again."""
import harness as h
from test_protocol import FakeServer

ZOE = ":zoe!z@zoe.host PRIVMSG #durak :!help commands"


def test(env):
    srv = FakeServer()
    try:
        bot = env.bot(h.bot_config(srv.port))
        bot.start()
        srv.accept(10)
        nick = srv.register(nick_taken=False)
        srv.send(":fake.server 005 %s CPRIVMSG CNOTICE PREFIX=(ov)@+ :are supported" % nick)
        srv.send(":fake.server 376 %s :End of MOTD" % nick)
        srv.expect("JOIN #durak")
        srv.send(":%s!durak@bot.host JOIN :#durak" % nick)
        srv.send(":fake.server 353 %s = #durak :@%s zoe" % (nick, nick))
        srv.send(":fake.server 366 %s #durak :End of /NAMES list." % nick)
        srv.expect("WHO #durak")
        srv.send(":fake.server 352 %s #durak z zoe.host fake.server zoe H :0 Zoe" % nick)
        srv.send(":fake.server 315 %s #durak :End of /WHO list." % nick)
        srv.send(ZOE)
        line = srv.expect("CNOTICE zoe #durak :", 5)
        h.log("operator in #durak: %s" % line[:60])
        srv.send(":op!o@op.host MODE #durak -o %s" % nick)
        srv.send(ZOE.replace("commands", "cards"))
        line = srv.expect("NOTICE zoe :", 5)
        h.log("after -o: %s" % line[:60])
        srv.send(":op!o@op.host MODE #durak +vo zoe %s" % nick)
        srv.send(ZOE.replace("commands", "play"))
        line = srv.expect("CNOTICE zoe #durak :", 5)
        h.log("after +o: %s" % line[:60])
        srv.stop_bot(bot)
    finally:
        srv.close()


if __name__ == "__main__":
    h.run(test)
