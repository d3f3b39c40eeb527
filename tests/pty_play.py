#!/usr/bin/env python3
"""Usage: pty_play.py TAPIS  Plays `tapis play` in a pseudo-terminal, as a person at a terminal
would, three games, and checks what the screen shows: the hot-seat screen clearing, Ctrl-D
asking before an unsaved game is left, a thinking bot's line, suit symbols and colours, a
refused move's reason, `score`, Tab completion and the arrows' history, a trick's winner and a
round's end; then a hand laid on Relance's board and its score as it stands. Exits 1 at the
first check that fails."""
import glob
import os
import pty
import select
import sys
import tempfile
import time

# Games left unsaved are kept here, not among the recent games of whoever runs the tests.
STATE = tempfile.mkdtemp(prefix="tapis_pty_state_")


# What the terminal says it is, whatever the environment running the tests says: a colour
# terminal in a UTF-8 locale, or (`plain`) one where NO_COLOR asks for the codes as typed.
def environment(plain):
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "LC_ALL", "LC_CTYPE", "LANG")}
    env.update({"TERM": "xterm", "LANG": "C.UTF-8", "XDG_STATE_HOME": STATE})
    if plain:
        env["NO_COLOR"] = "1"
    return env


class Terminal:
    def __init__(self, args, plain=True):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: tapis, with the pseudo-terminal as its stdin and stdout
            os.execve(args[0], args, environment(plain))
        self.screen = b""

    def wait_for(self, text, seconds=30):  # reads until `text` shows, or fails
        want, deadline = text.encode(), time.time() + seconds
        while want not in self.screen:
            ready, _, _ = select.select([self.fd], [], [], max(0.0, deadline - time.time()))
            if not ready:
                sys.exit(f"FAIL: waited {seconds} s for {text!r}; the screen ends with {self.screen[-400:]!r}")
            try:
                self.screen += os.read(self.fd, 4096)
            except OSError:  # the child is gone
                sys.exit(f"FAIL: tapis ended before {text!r}; the screen ends with {self.screen[-400:]!r}")
        at = self.screen.index(want) + len(want)
        seen, self.screen = self.screen[:at], self.screen[at:]
        return seen

    def type(self, keys):
        # As a person types: not in the instant the prompt shows, when the terminal may not yet
        # be switched to line editing (a Ctrl-D there is lost to the switch, as libedit does).
        time.sleep(0.05)
        os.write(self.fd, keys.encode())

    def close(self):
        os.kill(self.pid, 9)
        os.waitpid(self.pid, 0)


def check(condition, what):
    if not condition:
        sys.exit(f"FAIL: {what}")
    print(f"ok: {what}")


def main(tapis):
    # Hot seat: two humans and a bot; player 2's hand shows only after the screen is cleared
    # and Enter is pressed.
    t = Terminal([tapis, "play", "unisson", "--players", "3", "--seat", "human", "--seat", "human",
                  "--seat", "greedy", "--seed", "4"])
    t.wait_for("hand the terminal to player 1, who presses Enter")
    t.type("\r")
    t.wait_for("your hand: JS JH JD 9C")
    t.type("choose 7C\r")
    t.wait_for("you may draw")
    t.type("draw\r")
    t.wait_for("stock → your hand: AD")
    t.type("discard 9C\r")
    before = t.wait_for("hand the terminal to player 2, who presses Enter")
    check(b"\x1b[H\x1b[2J\x1b[3J" in before, "the screen and its scrollback are cleared before player 2 takes it")
    t.type("\r")
    shown = t.wait_for("your hand: 10H 7D QC 8C")
    check(b"stock \xe2\x86\x92 gamme: QH" in shown, "player 2 is told what they missed")
    # Ctrl-D with moves unsaved: asked first; Ctrl-D again leaves.
    t.wait_for("> ")
    t.type("\x04")
    t.wait_for("leave anyway? [y/N]")
    t.type("n\r")
    t.wait_for("the game goes on")
    t.type("\x04")
    t.wait_for("leave anyway? [y/N]")
    t.type("\x04")
    left = t.wait_for("brings it back)")
    check(b"the game is kept in " + STATE.encode() in left, "a game left unsaved is kept among the recent games")
    _, status = os.waitpid(t.pid, 0)
    check(os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, "a second Ctrl-D leaves, exit code 0")

    # Ctrl-C clears the line typed, as a shell does; on an empty line it asks, as quit does.
    t = Terminal([tapis, "play", "hearts", "--seed", "5"])
    t.wait_for("you must pass: 3 more")
    t.wait_for("> ")
    t.type("pass 2")
    t.type("\x03")
    t.wait_for("> ")
    t.type("pass 2H\r")
    check(b"illegal" not in t.wait_for("you must pass: 2 more"), "Ctrl-C clears what was typed, and play goes on")
    t.wait_for("> ")
    t.type("\x03")
    t.wait_for("leave anyway? [y/N]")
    t.type("n\r")
    t.wait_for("the game goes on")
    t.type("\x03")
    t.wait_for("leave anyway? [y/N]")
    t.type("y\r")
    kept = t.wait_for("brings it back)")
    _, status = os.waitpid(t.pid, 0)
    check(os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0 and b"left; the game is kept" in kept,
          "Ctrl-C on an empty line asks first, then leaves, the game kept")
    t = Terminal([tapis, "play", "--resume", "last"])
    check(b"you must pass: 2 more" in t.wait_for("> "), "play --resume last brings the game back where it was left")
    t.type("\x03")
    t.wait_for("leave the game? [y/N]")
    t.type("y\r")
    _, status = os.waitpid(t.pid, 0)
    check(os.WIFEXITED(status) and len(glob.glob(STATE + "/tapis/recent/*_hearts.jsonl")) == 1,
          "a game resumed and left with no move is not kept again")

    # A bot that searches says so while it thinks, then the line goes.
    t = Terminal([tapis, "play", "oh_hell", "--players", "3", "--seat", "human", "--seat", "ismcts:300",
                  "--seat", "greedy", "--seed", "2"])
    seen = t.wait_for("player 1, your turn")
    check(b"player 2 (ismcts:300) is thinking\xe2\x80\xa6" in seen and b"\r\x1b[K" in seen,
          "a searching bot's thinking line shows, then goes")
    t.close()

    # Le huit américain in colour: symbols, a refusal that names its rule, Tab, the arrows,
    # score, and the card just drawn in bold.
    t = Terminal([tapis, "play", "huit_americain", "--players", "3", "--seat", "human", "--seat", "random",
                  "--seat", "random", "--seed", "5"], plain=False)
    red = lambda card: "\x1b[31m" + card + "\x1b[0m"
    t.wait_for("your hand: 6♠ " + red("3♥") + " " + red("J♥") + " " + red("6♦") + " 2♣ 4♣ 6♣ Q♣")
    check(True, "cards show with their suit symbols, hearts and diamonds in red, the hand sorted")
    t.wait_for("> ")
    t.type("play 2♣\r")
    t.wait_for("illegal: 2♣ does not follow " + red("9♦") + " on top: play a card of suit " + red("♦"))
    check(True, "a refused move, typed with a symbol, says which rule it breaks")
    t.wait_for("> ")
    t.type("pl\t")
    t.wait_for("play ")
    t.type("\t")
    t.wait_for("6D ")
    check(True, "Tab completes the move, then the one card that may be played")
    t.type("\r")
    t.wait_for("player 3: play K♠")
    t.wait_for("> ")
    t.type("\x1b[A")
    t.wait_for("play 6D")
    check(True, "the up arrow recalls the last line typed")
    t.type("\x15score\r")  # Ctrl-U: the line recalled goes
    t.wait_for("this round so far:")
    check(True, "score shows the totals and this round")
    t.wait_for("> ")
    t.type("draw\r")
    t.wait_for("stock → your hand: 10♠")
    t.wait_for("your hand: ")
    shown = t.wait_for("\n")
    check("\x1b[1;4m10♠\x1b[0m".encode() in shown, "the card just drawn shows in bold in the hand, once")
    t.wait_for("> ")
    t.type("board\r")
    t.wait_for("your hand: ")
    check(b"\x1b[1;4" not in t.wait_for("\n"), "the table shown again has nothing in bold")
    t.close()

    # Le rikiki: a bid, then the last trick of the round is told, and the round's end.
    t = Terminal([tapis, "play", "rikiki", "--players", "3", "--seat", "human", "--seed", "3"])
    t.wait_for("> ")
    t.type("bid 0\r")
    t.wait_for("player 3: bid 0")
    t.wait_for("> ")
    t.type("play 3H\r")
    t.wait_for("player 2 wins the trick: 3H 10C 9D")
    t.wait_for("round 1 is over: scores +10, -15, +10; totals 10, -15, 10")
    check(True, "the round's last trick is told with its winner, then the round's scores")
    t.wait_for("you: bid made 10")
    t.wait_for("player 2: bid missed -10 - difference 5 = -15")
    check(True, "each player's round score is told in the parts the rules named")
    t.close()

    # L'Unisson: a Seven taken, its rule named as it fires, to the seat as "you".
    t = Terminal([tapis, "play", "unisson", "--players", "3", "--seat", "human", "--seed", "4"])
    t.wait_for("> ")
    t.type("choose 7C\r")
    t.wait_for("a Seven taken: you may draw 1 more card")
    check(True, "a rule is named as it fires, the seat told as you")
    t.close()

    # Zigity: the board says what the card on top asks for.
    t = Terminal([tapis, "play", "zigity", "--players", "3", "--seat", "human", "--seed", "5"])
    shown = t.wait_for("> ")
    check(b"the top card, S7p2V, asks for cards of instrument p (band)" in shown,
          "the board says what the card on top asks for")
    t.close()

    # Relance: a hand laid is told with its kind, and `score` shows who owns what now.
    t = Terminal([tapis, "play", "relance", "--players", "2", "--seat", "human", "--seat", "greedy",
                  "--seed", "11"])
    t.wait_for("> ")
    t.type("lay 3C@a1 6S@c3 5D@e5 a1-e5\r")
    t.wait_for("straight on a1-e5: your token on 5 cards")
    check(True, "a line laid says the hand it makes and the cards it marks")
    t.wait_for("> ")
    t.type("score\r")
    t.wait_for("this round, as it stands:")
    shown = t.wait_for("player 2 (greedy): ")
    check(b"player 1 (you): stacks held 5" in shown,
          "score shows the round as it stands, in named parts, where the ruleset says it means something")
    t.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]) if len(sys.argv) == 2 else __doc__)
