#!/usr/bin/env python3
"""Usage: pty_play.py TAPIS  Plays `tapis play` in a pseudo-terminal, as a person at a terminal
would, and checks what only a terminal gets: the hot-seat screen clearing, Ctrl-D asking before
an unsaved game is left, and a thinking bot's line. Exits 1 at the first check that fails."""
import os
import pty
import select
import sys
import time


class Terminal:
    def __init__(self, args):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: tapis, with the pseudo-terminal as its stdin and stdout
            os.execv(args[0], args)
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
    t.wait_for("your hand: JH JD 9C JS")
    t.type("choose 7C\r")
    t.wait_for("you may draw")
    t.type("draw\r")
    t.wait_for("stock → your hand: AD")
    t.type("discard 9C\r")
    before = t.wait_for("hand the terminal to player 2, who presses Enter")
    check(b"\x1b[H\x1b[2J\x1b[3J" in before, "the screen and its scrollback are cleared before player 2 takes it")
    t.type("\r")
    shown = t.wait_for("your hand: 8C QC 7D 10H")
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
    _, status = os.waitpid(t.pid, 0)
    check(os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, "a second Ctrl-D leaves, exit code 0")

    # A bot that searches says so while it thinks, then the line goes.
    t = Terminal([tapis, "play", "oh_hell", "--players", "3", "--seat", "human", "--seat", "ismcts:300",
                  "--seat", "greedy", "--seed", "2"])
    seen = t.wait_for("player 1, your turn")
    check(b"player 2 (ismcts:300) is thinking\xe2\x80\xa6" in seen and b"\r\x1b[K" in seen,
          "a searching bot's thinking line shows, then goes")
    t.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]) if len(sys.argv) == 2 else __doc__)
