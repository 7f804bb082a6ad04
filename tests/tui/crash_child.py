"""Run by test_crash_exit.py: ``companion tui`` whose Diamant screen raises on the N-th event sent.

    python -m tests.tui.crash_child N [companion tui arguments...]

The error is injected into ``DiamantScreen.send`` (reached from the card field's message handler, as a
real bug would be): the first N-1 events are recorded as usual, the N-th raises before it is applied.
"""

import sys

from companion.cli import main
from companion.tui.screens.diamant import DiamantScreen


def inject(at: int) -> None:
    original = DiamantScreen.send
    sent = 0

    def send(self, event, **options):
        nonlocal sent
        sent += 1
        if sent >= at:
            raise RuntimeError("injected fault for the crash test")
        return original(self, event, **options)

    DiamantScreen.send = send


if __name__ == "__main__":
    inject(int(sys.argv[1]))
    sys.exit(main(["tui", *sys.argv[2:]]))
