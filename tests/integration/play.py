"""play.py — test clients that play Durak against durakbot by private message.

The contract they rely on (README.md, "Playing"): `!durak VARIANT` opens a lobby and seats
its creator, `!join`, `!start`; when it becomes a player's turn the bot tells them privately
"Your turn in #chan: TASK — m1 | m2 | ... · hand: ..." (each move the exact command to send; a
lead, where any card goes, is "Your turn in #chan: lead any card, e.g. play 6♥ · hand: ..."), or
for a decision that may be passed "In #chan you may throw in: m1 | m2 or pass · hand: ..." ("In
#chan bob takes; you may add: ..." while bob takes; OPTION, `prompt`); a public line that
needs someone to act starts with their nick ("bob: beat 7♦ or take · ...");
`moves` in private is answered "Your moves: m1 | m2 | ..." or a line starting "No moves"; the end
is announced in the channel with "Game over:", the word "durak" and the durak's nick, or "draw".

Strategy: a player plays a random move of its turn line, preferring anything but `take`. After
SILENCE without a public line everybody asks `moves` again; the bot limits commands per user, and
a `moves` it drops is not answered: after ANSWER_WAIT without an answer the player assumes it is
throttled for a while and makes a "blind" move that is always legal for its role in the last
public line naming it (take as the defender, its first card when leading).
"""
import random
import re
import time

import harness as h

TURN = re.compile(r"^Your turn in (\S+): .*? \u2014 (.*) \u00b7 hand: (.*)$")
LEAD = re.compile(r"^Your turn in (\S+): lead any card, e\.g\. (\S+) \S+ \u00b7 hand: (.*)$")
OPTION = re.compile(r"^In (\S+) (?:\S+ takes; )?you may (?:throw in|add): (.*) or pass "
                    r"\u00b7 hand: (.*)$")
ANSWER_WAIT = 0.5   # seconds without an answer to `moves`: assume the bot dropped it
THROTTLE = 2.0      # then make blind moves for this long before asking again
SILENCE = 2.5       # seconds without a public line before every player asks
CARD = re.compile(r"(?:10|[2-9JQKA])[\u2660\u2663\u2666\u2665]")


def lead_moves(word, hand):
    """"m1 | m2 | ..." of a lead line: the example's move word with each card of the hand."""
    return " | ".join(word + " " + card for card in CARD.findall(hand.split("(", 1)[0]))


def prompt(text):
    """(channel, "m1 | m2 | ...", hand) of a private line asking for a move, else None."""
    turn = TURN.match(text)
    if turn:
        return turn.group(1), turn.group(2), turn.group(3)
    lead = LEAD.match(text)
    if lead:
        return lead.group(1), lead_moves(lead.group(2), lead.group(3)), lead.group(3)
    option = OPTION.match(text)
    if option:
        return option.group(1), option.group(2) + " | pass", option.group(3)
    return None


def start_two(channel, opener, joiner):
    """opener opens a game in channel, joiner sits, opener starts it (both Clients in it with the
    bot); returns (the client whose turn it is, the public line naming them)."""
    opener.privmsg(channel, "!durak")
    opener.wait_for(lambda m: h.from_bot(m) and "!join" in m.text, 10, what="the lobby")
    joiner.privmsg(channel, "!join")
    opener.wait_for(lambda m: h.from_bot(m) and joiner.nick in m.text, 10, what="a second seat")
    opener.privmsg(channel, "!start")
    m = opener.wait_for(lambda m: h.from_bot(m) and m.target == channel
                        and parse_status(m.plain), 10, what="the first turn")
    return (opener if parse_status(m.plain)[0] == opener.nick else joiner), m


class Player:
    def __init__(self, client, from_channel=False):
        self.c = client
        self.from_channel = from_channel  # plays from the public lines and its hand, never asks
        self.asked_at = None     # an unanswered `moves` was sent then
        self.last_ask = 0.0
        self.throttled_until = 0.0
        self.role = None         # "lead", "take" or "pass" from the last line naming us
        self.uncovered = None    # the first uncovered card on the table then
        self.trump = None        # the trump suit symbol
        self.hand = []
        self.moves = 0           # every move sent
        self.listed = 0          # moves taken from a "Your moves" answer
        self.moves_by_nick = {}

    @property
    def nick(self):
        return self.c.nick

    def ask(self, now):
        if self.c.closed.is_set():
            return
        self.c.privmsg(h.BOT_NICK, "moves")
        self.asked_at = self.last_ask = now

    def send_move(self, move):
        self.c.privmsg(h.BOT_NICK, move)
        words = move.split()
        if len(words) >= 2 and words[1] in self.hand:
            self.hand.remove(words[1])
        self.moves += 1
        self.moves_by_nick[self.nick] = self.moves_by_nick.get(self.nick, 0) + 1
        self.asked_at = None
        self.role = None

    def play_listed(self, listing, rng):
        moves = [m.strip() for m in listing.split(" | ") if m.strip()]
        if moves:
            self.send_move(rng.choice([m for m in moves if m != "take"] or moves))
            self.listed += 1

    def play_blind(self, rng):
        """A move legal for the role from what the public line and our hand show: beat the
        first uncovered card if a card does, else take; pass; lead a random card."""
        if self.role == "take":
            card = beater(self.hand, self.uncovered, self.trump)
            self.send_move("beat %s %s" % (card, self.uncovered) if card else "take")
        elif self.role == "pass":
            self.send_move("pass")
        elif self.role == "lead" and self.hand:
            card = rng.choice(self.hand)
            self.send_move("play " + card)
        else:
            return False
        return True

    def my_turn(self, status, now, rng):
        self.role, self.uncovered = status[1:3]
        self.trump = status[3] or self.trump
        if (self.from_channel or now < self.throttled_until) and self.play_blind(rng):
            return
        self.ask(now)


RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def beater(hand, target, trump):
    """The lowest card of hand that beats target (same suit higher, or a trump), or None."""
    if not target or not trump:
        return None
    def key(c):
        return (c[-1] == trump, RANKS.index(c[:-1]))
    ok = [c for c in hand if (c[-1] == target[-1] and RANKS.index(c[:-1]) > RANKS.index(target[:-1]))
          or (c[-1] == trump and target[-1] != trump)]
    return min(ok, key=key) if ok else None


def parse_status(text):
    """(actor, role, first uncovered card, trump suit) from a public line that needs someone to
    act, "NICK: beat 7♠ or take · ... · trump 8♥ · ...", or None."""
    m = re.match(r"^(?:The connection is back; the game goes on\. )?(?:Last move: .*?\. )?"
                 r"(\S+): (.*?)(?: \u00b7 |$)", text)
    if not m or m.group(1).startswith("["):
        return None
    head = m.group(2)
    uncovered = re.search(r"beat (%s)" % CARD.pattern, head)
    trump = re.search(r"trump (%s)" % CARD.pattern, text)
    if head == "lead a card":
        role = "lead"
    elif head.endswith(", or pass"):   # a decision that may be passed, asked in public (PENALTY)
        role = "pass"
    elif re.match(r"beat .*(?: or take|, take or transfer)$", head):
        role = "take"
    else:   # e.g. the one-line !help ("zoe: !durak opens a game, !join takes a seat, ...")
        return None
    return (m.group(1), role, uncovered.group(1) if uncovered else None,
            trump.group(1)[-1] if trump else None)


class Table:
    """One game in `channel` among `players` (Player objects; the first one opens it)."""

    def __init__(self, channel, players, seed):
        self.channel = channel
        self.players = players
        self.rng = random.Random(seed)
        self.result = None
        self.timeouts = []
        self.forfeits = []
        self.last_public = time.monotonic()
        self.hooks = []          # (after this many moves, function(table)), run once each
        self.lobby_line = ""
        self.base_moves = sum(p.moves for p in players)
        self.base_listed = {p.nick: p.listed for p in players}
        self.started = False     # a status line has been seen
        self.start_sent = 0.0

    @property
    def moves(self):
        """Moves sent in this game."""
        return sum(p.moves for p in self.players) - self.base_moves

    # ---- lobby ----

    def open(self, variant, timeout=15):
        """!durak VARIANT, !join by the others, !start. Commands the bot's per-user limit drops
        are sent again after SILENCE."""
        creator = self.players[0]
        m = self._command(creator, "!durak %s" % variant, creator.nick, timeout)
        self.lobby_line = m.plain
        for p in self.players[1:]:
            self._command(p, "!join", p.nick, timeout)
        creator.c.privmsg(self.channel, "!start")
        self.start_sent = self.last_public = time.monotonic()

    def _command(self, p, text, expect, timeout):
        end = time.monotonic() + timeout
        while True:
            p.c.privmsg(self.channel, text)
            try:
                return p.c.wait_for(lambda m: self._public(m) and expect in m.plain, SILENCE,
                                    what="an answer to %s" % text)
            except h.TestFailure:
                if time.monotonic() > end:
                    raise

    # ---- play ----

    def _public(self, m):
        return h.from_bot(m) and m.command == "PRIVMSG" and m.target.lower() == self.channel.lower()

    def _names_player(self, text):
        low = text.lower()
        return any(re.search(r"(?<![\w\[\]\\`^{|}-])%s(?![\w\[\]\\`^{|}-])" % re.escape(p.nick.lower()),
                             low) for p in self.players)

    def _is_end(self, text):
        if not text.startswith("Game over") or self.moves == 0:
            return False
        if re.search(r"\bdraw\b", text, re.I):
            return True
        if re.search(r"\bTeam \S+ lost\b", text):   # R19: a team game without a durak
            return True
        return re.search(r"\bdurak\b", text, re.I) is not None and self._names_player(text)

    def _on_public(self, p, m, now):
        text = m.plain
        if p is self.players[0]:           # each public line counted once, by the first player
            self.last_public = now
            if "time is up" in text.lower():
                self.timeouts.append(text)
            if "forfeit" in text.lower():
                self.forfeits.append(text)
            if self._is_end(text):
                self.result = text
        status = parse_status(text)
        if status and status[0].lower() not in [q.nick.lower() for q in self.players]:
            status = None
        if status:
            self.started = True
        if status and status[0].lower() == p.nick.lower() and (p.from_channel
                                                               or now < p.throttled_until):
            p.my_turn(status, now, self.rng)

    def _on_private(self, p, m):
        text = m.plain
        turn = prompt(text)
        if turn and turn[0].lower() == self.channel.lower():
            self.started = True
            p.hand = CARD.findall(turn[2].split("(trump", 1)[0])
            p.play_listed(turn[1], self.rng)
        elif text.startswith("Your moves:"):
            if p.asked_at is not None:
                p.play_listed(text[len("Your moves:"):], self.rng)
        elif text.startswith("No moves"):
            p.asked_at = None
        elif text.startswith("Your hand"):
            p.hand = CARD.findall(text.split("(trump", 1)[0])
            trump = CARD.findall(text.split("(trump", 1)[-1])
            p.trump = trump[0][-1] if trump else p.trump

    def _process(self, p, now):
        for m in p.c.next_msgs():
            if m.command == "NICK" and m.nick.lower() == p.nick.lower():
                p.c.nick = m.text
            elif self._public(m):
                self._on_public(p, m, now)
            elif h.from_bot(m) and m.target.lower() == p.nick.lower():
                self._on_private(p, m)

    def _fallbacks(self, now):
        if not self.started and now - self.start_sent >= SILENCE:
            self.players[0].c.privmsg(self.channel, "!start")
            self.start_sent = now
        for p in self.players:
            if p.asked_at is not None and now - p.asked_at >= ANSWER_WAIT:
                p.asked_at = None
                p.throttled_until = now + THROTTLE
                p.play_blind(self.rng)
        if now - self.last_public >= SILENCE:
            for p in self.players:
                if now - p.last_ask >= SILENCE:
                    p.ask(now)
            self.last_public = now

    def _run_hooks(self):
        for hook in list(self.hooks):
            if self.moves >= hook[0]:
                self.hooks.remove(hook)
                hook[1](self)

    def run(self, timeout, moves=None):
        """Plays until the end is announced (returns the result line) or, with `moves`, until
        that many moves were sent (returns None)."""
        end = time.monotonic() + timeout
        while self.result is None and (moves is None or self.moves < moves):
            now = time.monotonic()
            if now > end:
                raise h.TestFailure("the game did not end within %d s (%d moves played)"
                                    % (timeout, self.moves))
            for p in self.players:
                self._process(p, now)
            self._run_hooks()
            self._fallbacks(now)
            time.sleep(0.005)
        return self.result

    def after(self, moves, fn):
        self.hooks.append((moves, fn))

    def lines_per_move(self, since):
        """(bot lines per move, the same without the answers to `moves`) since `since`:
        channel lines counted once (as the first player saw them), private ones per recipient."""
        lines = [m for m in self.players[0].c.all_msgs()
                 if m.t >= since and self._public(m)]
        for p in self.players:
            lines += [m for m in p.c.all_msgs() if m.t >= since and h.from_bot(m)
                      and not m.target.startswith(("#", "&"))]
        answers = [m for m in lines if m.plain.startswith(("Your moves:", "No moves"))]
        n = max(1, self.moves)
        return len(lines) / n, (len(lines) - len(answers)) / n

    def summary(self):
        return ", ".join("%s %d moves (%d from the list)" % (p.nick, p.moves, p.listed)
                         for p in self.players) + " (totals over all games)"

    def check_clean(self):
        h.check(not self.timeouts, "a player timed out: %s" % self.timeouts[:2])
        h.check(not self.forfeits, "a player forfeited: %s" % self.forfeits[:2])
        for p in self.players:
            h.check(p.listed > 0, "%s never played a move from a `moves` answer" % p.nick)
