"""What the hub tells the seat to show: LED colour/blink, buzzer tune, display text.

A command that is not valid JSON, or a field with an unknown value, is logged and
counted; the other fields of the command still apply and nothing raises.

While the link to the hub is down the LED alternates white and amber (never dark, so it
differs from every pattern a hub command can ask for); the hub's last colour comes back
with the link. Commands still update that colour meanwhile, they just are not shown.
While the hub is away (no link, or the hub's status says `offline`) the display says so
(`set_notice`); the hub's lines come back with it.
"""

import json

COLOURS = {"off": (0, 0, 0), "green": (0, 60, 0), "red": (70, 0, 0),
           "amber": (70, 30, 0), "blue": (0, 0, 70), "white": (45, 45, 45)}
# (frequency Hz or 0 for silence, duration ms)
TUNES = {"none": (), "ok": ((1800, 80),),
         "error": ((440, 160), (0, 60), (330, 220)),
         "turn": ((1200, 70), (0, 40), (1600, 70), (0, 40), (2000, 100))}
BLINK_MS = 400
OFFLINE_MS = 250
OFFLINE_COLOURS = ("white", "amber")
MAX_LINES = 4
LINE_CHARS = 21


class Feedback:
    def __init__(self, led, buzzer, display, log):
        self.led = led            # f((r, g, b))
        self.buzzer = buzzer      # f(freq) with 0 = silent, or None
        self.display = display    # framebuf-like object with fill/text/show, or None
        self.log = log
        self.bad_commands = 0
        self.last_id = None
        self.colour = "off"
        self.blink = False
        self.lines = []
        self._tune = []
        self._tune_until = 0
        self._lit = None
        self.offline = False
        self.notice = None        # seat-side lines shown over the hub's while the hub is away

    def _bad(self, why):
        self.bad_commands += 1
        self.log("bad cmd: " + why)

    def apply(self, payload, now_ms=0):
        """Apply one cmd message; returns True if it was a usable command object."""
        try:
            cmd = json.loads(payload)
        except (ValueError, UnicodeError):
            self._bad("not JSON")
            return False
        if not isinstance(cmd, dict) or cmd.get("v") != 1:
            self._bad("not a v1 command object")
            return False
        self.last_id = cmd.get("id")
        if "led" in cmd:
            if cmd["led"] in COLOURS:
                self.colour = cmd["led"]
            else:
                self._bad("unknown led %r" % (cmd["led"],))
        if "blink" in cmd:
            if isinstance(cmd["blink"], bool):
                self.blink = cmd["blink"]
            else:
                self._bad("blink must be true/false")
        if "beep" in cmd:
            if cmd["beep"] in TUNES:
                self._tune = list(TUNES[cmd["beep"]])
                self._tune_until = now_ms
            else:
                self._bad("unknown beep %r" % (cmd["beep"],))
        if "text" in cmd:
            text = cmd["text"]
            if isinstance(text, list) and all(isinstance(line, str) for line in text):
                self.lines = [line[:LINE_CHARS] for line in text[:MAX_LINES]]
                self._draw()
            else:
                self._bad("text must be a list of strings")
        return True

    def show_local(self, colour, blink=False):
        """Seat-side state (booting, bad config) before the hub takes over."""
        self.colour = colour
        self.blink = blink

    def show_text(self, lines):
        """Seat-side text (e.g. why the broker cannot be reached) until the hub sends its own."""
        self.lines = [line[:LINE_CHARS] for line in lines[:MAX_LINES]]
        self._draw()

    def set_offline(self, offline):
        """Link state: True shows the link-down pattern instead of the hub's colour."""
        self.offline = offline

    def set_notice(self, lines):
        """Seat-side lines ("Hub offline") shown instead of the hub's until None: the
        hub's last lines come back with it (a restarted hub sends them anew)."""
        if lines is not None:
            lines = [line[:LINE_CHARS] for line in lines[:MAX_LINES]]
        if lines != self.notice:
            self.notice = lines
            self._draw()

    def shown(self):
        """The lines the display shows now."""
        return self.notice if self.notice is not None else self.lines

    def _draw(self):
        if self.display is None:
            return
        self.display.fill(0)
        for row, line in enumerate(self.shown()):
            self.display.text(line, 0, row * 12)
        self.display.show()

    def tick(self, now_ms):
        lit = COLOURS[self.colour]
        if self.offline:
            lit = COLOURS[OFFLINE_COLOURS[(now_ms // OFFLINE_MS) % 2]]
        elif self.blink and (now_ms // BLINK_MS) % 2:
            lit = COLOURS["off"]
        if lit != self._lit:
            self._lit = lit
            self.led(lit)
        if self.buzzer is not None and (self._tune or self._tune_until) and now_ms >= self._tune_until:
            if self._tune:
                freq, duration = self._tune.pop(0)
                self.buzzer(freq)
                self._tune_until = now_ms + duration
            else:
                self.buzzer(0)
                self._tune_until = 0
