#!/usr/bin/python3
"""who_penalty: ngircd at its default penalties (no MaxPenaltyTime: it charges a client a second
for each WHO and reads its next line only once that second passed) and a bot in 30 channels, which
asks each channel's member list (WHO) on joining it. anna waits in the last channel and says
!durak as soon as the bot joined it: the answer comes within a few seconds, not after a WHO burst
of 30 seconds held at the server ahead of it."""
import time

import harness as h

CHANNELS = ["#who%02d" % i for i in range(1, 31)]
LAST = CHANNELS[-1]
ANSWER_WITHIN = 5.0


def test(env):
    with open(env.ngircd.conf) as f:
        conf = f.read()
    h.check("MaxPenaltyTime = 0\n" in conf, "the harness's ngircd config has no MaxPenaltyTime")
    with open(env.ngircd.conf, "w") as f:  # ngircd's own default: penalties on; 30 channels
        f.write(conf.replace("MaxPenaltyTime = 0\n", "MaxJoins = 0\n"))
    env.ngircd.start()
    anna = env.client("anna")
    anna.join(LAST)
    anna.wait_for(lambda m: m.command == "366", 10, what="the end of NAMES for " + LAST)
    bot = env.bot(h.bot_config(env.ngircd.port, channels=CHANNELS))
    bot.start()
    anna.wait_for(lambda m: m.command == "JOIN" and m.nick.lower() == h.BOT_NICK.lower(), 20,
                  what="the bot's JOIN in " + LAST)
    asked = time.monotonic()
    anna.privmsg(LAST, "!durak")
    answer = anna.wait_for(lambda m: h.from_bot(m), 60, what="the answer to !durak")
    took = answer.t - asked
    h.log("the answer to !durak came after %.1f s: %s" % (took, answer.plain))
    h.check(took < ANSWER_WITHIN, "the answer to !durak came after %.1f s, behind the WHOs (%d "
            "channels, a second each at the server); within %.0f s wanted"
            % (took, len(CHANNELS), ANSWER_WITHIN))


if __name__ == "__main__":
    h.run(test)
