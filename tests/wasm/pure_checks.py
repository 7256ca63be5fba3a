# Checks of the firmware's pure-logic modules, written to run unchanged under the real
# MicroPython VM (tests/wasm/run.mjs) and under CPython. Prints one line per check and a
# final "RESULT passed=N failed=M"; the pytest side judges by that output.
import json
import sys
import time

try:
    import framebuf
except ImportError:   # CPython: the soft seat's fake (tests run this with the checkout on the path)
    from hub.softseat import framebuf
    sys.modules["framebuf"] = framebuf

import backoff
import buttons
import config
import feedback
import font
import outbox
import pn532frame
import presence
import screen
import seat
from pn532 import ReaderError

results = []
heap_keep = []   # measured by run.mjs after this script


def check_encode_sam_configuration():
    frame = pn532frame.encode(b"\x14\x01\x14\x01")
    assert frame == bytes([0, 0, 0xFF, 5, 0xFB, 0xD4, 0x14, 1, 0x14, 1, 2, 0]), frame


def check_decode_ack_then_data_across_chunks():
    reader = pn532frame.FrameReader()
    stream = pn532frame.ACK + bytes([0, 0, 0xFF, 6, 0xFA, 0xD5, 0x03, 0x32, 1, 6, 7, 0xE8, 0])
    for i in range(len(stream)):
        reader.feed(stream[i:i + 1])
    assert reader.next() == ("ack", b"")
    kind, payload = reader.next()
    assert kind == "data" and payload == bytes([0x03, 0x32, 1, 6, 7]), payload
    assert reader.next() is None


def check_corrupt_frame_is_skipped_then_stream_resyncs():
    reader = pn532frame.FrameReader()
    bad = bytes([0, 0, 0xFF, 6, 0xFA, 0xD5, 0x03, 0x32, 1, 6, 7, 0xE9, 0])   # DCS off by one
    reader.feed(b"\x13\x37" + bad + pn532frame.ACK)
    try:
        reader.next()
        raise AssertionError("corrupt frame accepted")
    except pn532frame.FrameError:
        pass
    assert reader.next() == ("ack", b"")
    assert reader.corrupt == 1


def check_bad_length_checksum_and_error_frame():
    reader = pn532frame.FrameReader()
    reader.feed(bytes([0, 0, 0xFF, 5, 0xFA]) + bytes([0, 0, 0xFF, 1, 0xFF, 0x7F, 0x81, 0]))
    try:
        reader.next()
        raise AssertionError("bad LCS accepted")
    except pn532frame.FrameError:
        pass
    assert reader.next() == ("error", b"")
    reader.feed(pn532frame.NACK)
    assert reader.next() == ("nack", b"")


def check_parse_targets_uid_upper_hex():
    payload = bytes([0x4B, 1, 1, 0x00, 0x44, 0x00, 7, 0x04, 0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0x80])
    assert pn532frame.parse_targets(payload) == ["04A1B2C3D4E580"]
    assert pn532frame.parse_targets(bytes([0x4B, 0])) == []
    two = bytes([0x4B, 2, 1, 0, 4, 8, 4, 1, 2, 3, 4, 2, 0, 4, 8, 4, 0xAA, 0xBB, 0xCC, 0xDD])
    assert pn532frame.parse_targets(two) == ["01020304", "AABBCCDD"]
    try:
        pn532frame.parse_targets(bytes([0x4B, 1, 1, 0, 4, 8, 9, 1, 2]))
        raise AssertionError("truncated target accepted")
    except pn532frame.FrameError:
        pass


def check_resting_card_with_missed_polls_never_flaps():
    tracker = presence.Presence(remove_after_ms=400, remove_after_misses=3)
    edges = []
    now = 0
    for i in range(400):   # a card seen on only some polls (every 3rd missed pair)
        now += 50
        seen = [] if i % 3 else ["04A1"]
        edges += tracker.update(seen, now)
    assert edges == [("added", "04A1")], edges
    for _ in range(20):
        now += 50
        edges += tracker.update([], now)
    assert edges == [("added", "04A1"), ("removed", "04A1")], edges


def check_removal_needs_misses_and_time():
    tracker = presence.Presence(remove_after_ms=400, remove_after_misses=3)
    assert tracker.update(["A"], 0) == [("added", "A")]
    assert tracker.update([], 1000) == []     # long gap (a fault) but one miss: no removal
    assert tracker.update([], 1001) == []
    assert tracker.update([], 1002) == []     # 3 misses, but only 2 ms of them
    assert tracker.update([], 1399) == []
    assert tracker.update([], 1400) == [("removed", "A")]
    assert tracker.update(["A", "B"], 1403) == [("added", "A"), ("added", "B")]


def check_outbox_drops_oldest_counts_and_resends_unacked():
    box = outbox.Outbox(3)
    for seq in range(1, 6):
        box.push(seq, "topic", "e%d" % seq)
    assert box.keys() == [3, 4, 5] and box.dropped == 2 and box.unreported == 2
    entry = box.due(1000, 3000)
    assert entry[0] == 3
    box.mark_sent(entry, 1000)
    assert box.due(1001, 3000) is None and box.in_flight() == 1   # one in flight: order kept
    assert box.due(3999, 3000) is None
    assert box.due(4000, 3000)[0] == 3                            # unanswered 3 s: again
    assert box.answered(4)
    assert box.keys() == [3, 5]   # an answer to a later event forgets it too
    box.requeue()
    assert box.due(4001, 3000)[0] == 3 and box.in_flight() == 0
    assert box.answered(3) and not box.answered(3)                 # a repeated answer: nothing
    assert box.due(4002, 3000)[0] == 5


def check_backoff_jitter_doubles_and_caps():
    draws = []

    def rand_below(n):
        draws.append(n)
        return n - 1
    wait = backoff.Backoff(rand_below, base_ms=500, max_ms=2000)
    assert wait.ready(0)
    waits = [wait.fail(0) for _ in range(5)]
    assert waits == [500, 1000, 2000, 2000, 2000], waits
    assert not wait.ready(1999) and wait.ready(2000)
    low = backoff.Backoff(lambda n: 0, base_ms=500, max_ms=2000)
    assert [low.fail(0) for _ in range(3)] == [250, 500, 1000]
    wait.reset()
    assert wait.ready(0) and wait.failures == 0


def check_button_debounce_short_and_long():
    button = buttons.Button("a", debounce_ms=30, long_ms=800)
    got = []
    for t, level in ((0, True), (5, False), (10, True), (20, False)):   # contact bounce
        got.append(button.update(level, t))
    assert [g for g in got if g] == []
    for t in range(20, 200, 10):
        got.append(button.update(t < 100, t))
    assert [g for g in got if g] == ["short"], got
    got = [button.update(True, t) for t in range(300, 1300, 10)]
    got += [button.update(False, t) for t in range(1300, 1400, 10)]
    assert [g for g in got if g] == ["long"], got


def check_a_press_between_two_samples_is_told_by_its_edges():
    button = buttons.Button("ok", debounce_ms=30, long_ms=800)
    assert button.update(False, 0) is None
    button.edge(True, 1000)            # the whole press falls between two samples
    button.edge(False, 1120)
    assert [button.update(False, 1500), button.update(False, 1510)] == ["short", None]
    button.edge(True, 2000)            # contact bounce only: no press
    button.edge(False, 2004)
    assert button.update(False, 2500) is None
    button.edge(True, 3000)            # held past the long press, all while the loop was away
    button.edge(False, 4000)
    assert button.update(False, 4500) == "long"
    button.edge(True, 5000)            # a press the samples see too is one press
    got = [button.update(True, t) for t in range(5000, 5100, 10)]
    button.edge(False, 5100)
    got += [button.update(False, t) for t in range(5100, 5300, 10)]
    assert [g for g in got if g] == ["short"], got
    if hasattr(time, "ticks_add"):   # MicroPython: across the ticks' wrap-around
        button.edge(True, time.ticks_add(0, -10))
        button.edge(False, 50)
        assert button.update(False, 6000) == "short"


def check_config_names_every_problem():
    try:
        config.validate({"wifi": {}, "table": "t1", "seat": 0, "reader": {"mode": "spi"},
                         "buttons": {"a": 1, "b": 2}, "led": {"type": "neopixel", "pin": 4}})
        raise AssertionError("bad config accepted")
    except config.ConfigError as exc:
        text = str(exc)
    for part in ("'wifi.ssid'", "'broker.host'", "'seat' must be 1..7", "'reader.mode'",
                 "'buttons.ok'"):
        assert part in text, text
    example = json.loads(open("/fw/config.example.json").read()) if "/fw" in sys.path else None
    if example is not None:
        assert config.validate(example)["timing"]["poll_ms"] == 50


def check_heap_for_a_full_outbox():
    """Keeps a full outbox + tracker + frame reader in heap_keep; run.mjs measures what
    freeing them returns, in a second VM call (a collection inside the call that made
    them cannot reclaim the temporaries the C stack still points at)."""
    box = outbox.Outbox(64)
    tracker = presence.Presence()
    reader = pn532frame.FrameReader()
    for seq in range(200):
        event = {"v": 1, "device": "esp32-a1b2c3", "boot": 123456789, "seq": seq,
                 "t": seq * 50, "type": "tag", "edge": "added", "uid": "04A1B2C3D4E580"}
        box.push(seq, "citadels/t1/seat/3/event", json.dumps(event))
        tracker.update(["04A1B2C3D4E580"] if seq % 2 else [], seq * 50)
        reader.feed(pn532frame.ACK)
        reader.next()
    assert len(box) == 64 and box.dropped == 136
    heap_keep.extend((box, tracker, reader))


def check_feedback_good_and_bad_commands():
    leds = []
    tones = []
    logs = []
    out = feedback.Feedback(leds.append, tones.append, None, logs.append)
    assert out.apply(b'{"v":1,"id":7,"led":"amber","beep":"turn","text":["x"]}', 0)
    for now in range(0, 600, 10):
        out.tick(now)
    assert leds == [(70, 30, 0)], leds
    assert [t for t in tones if t] == [1200, 1600, 2000] and tones[-1] == 0, tones
    assert not out.apply(b"\xff\xfe", 0) and not out.apply(b"[]", 0)
    out.apply(b'{"v":1,"id":8,"led":"pink","blink":true}', 0)
    assert out.bad_commands == 3 and out.blink and out.colour == "amber"


class StubReader:
    class transport:  # noqa: N801 - the driver's attribute it stands in for
        name = "pn532-hsu"

    def __init__(self):
        self.script = []   # per scan: list of uids or an exception
        self.begins = 0

    def begin(self):
        self.begins += 1

    def scan(self):
        step = self.script.pop(0) if self.script else []
        if isinstance(step, Exception):
            raise step
        return step


class StubOutbox:
    dropped = 0

    def __init__(self):
        self.waiting = []   # keys not yet acknowledged

    def keys(self):
        return list(self.waiting)


class StubLink:
    def __init__(self):
        self.sent = []
        self.connected = True
        self.hub_online = True
        self.connected_ms = 0
        self.outbox = StubOutbox()
        self.on_connect = None
        self.alive_s = 5

    def queue(self, key, payload):
        self.sent.append(json.loads(payload))
        self.outbox.waiting.append(key)

    def service(self, now):
        pass

    def wants_alive(self, now):
        return False

    def reconnect(self, acknowledged=True):
        """What Link does on a connect: the hook runs after online + hello."""
        if acknowledged:
            self.outbox.waiting = []
        self.on_connect()


class StubClock:
    def __init__(self):
        self.ms = 0

    def now(self):
        return self.ms


def make_seat(script):
    cfg = config.validate({"wifi": {"ssid": "s"}, "broker": {"host": "h"}, "table": "t1",
                           "seat": 2, "reader": {"mode": "hsu", "uart": 1, "tx": 1, "rx": 2},
                           "buttons": {"a": 1, "b": 2, "ok": 3},
                           "led": {"type": "neopixel", "pin": 4}})
    reader, link, clock = StubReader(), StubLink(), StubClock()
    reader.script = script
    quiet = feedback.Feedback(lambda rgb: None, None, None, lambda m: None)
    unit = seat.Seat(cfg, "rp2-abcdef", 4242, reader, [("a", lambda: False)], quiet, link,
                     clock, lambda m: None)
    return unit, reader, link, clock


def run_polls(unit, clock, count):
    for _ in range(count):
        clock.ms += 50
        unit.step()


def summary(link):
    return [(e["seq"], e["type"], e.get("edge") or e.get("what") or e.get("uids"))
            for e in link.sent]


def check_seat_numbers_events_and_reports_reader_fault_once():
    unit, reader, link, clock = make_seat(
        [[], ["04A1B2C3"]] + [ReaderError("no ACK from PN532")] * 6 + [["04A1B2C3"]] * 3 + [[]] * 12)
    run_polls(unit, clock, 60)
    assert summary(link) == [(1, "inventory", []), (2, "tag", "added"), (3, "fault", "reader"),
                             (4, "recovered", "reader"), (5, "tag", "removed")], summary(link)
    added = link.sent[1]
    assert added["v"] == 1 and added["device"] == "rp2-abcdef" and added["boot"] == 4242
    assert added["uid"] == "04A1B2C3" and added["t"] == 100
    assert link.sent[2]["detail"] == "no ACK from PN532" and reader.begins >= 2
    hello = unit.hello()
    assert hello["display"] is None and hello["reader"] == "pn532-hsu" and hello["inventory"] is True


def check_cards_lying_on_the_reader_at_boot_are_an_inventory_never_added():
    unit, reader, link, clock = make_seat([["04A1B2C3"]] * 10 + [[]] * 10)
    run_polls(unit, clock, 20)
    assert summary(link) == [(1, "inventory", ["04A1B2C3"]), (2, "tag", "removed")], summary(link)


def check_every_connect_queues_an_inventory_behind_the_backlog():
    unit, reader, link, clock = make_seat([[]] * 4 + [["AABBCCDD"]] * 30)
    run_polls(unit, clock, 2)
    link.reconnect(acknowledged=False)   # boot inventory still waiting: it is current
    run_polls(unit, clock, 2)
    assert summary(link) == [(1, "inventory", [])], summary(link)
    run_polls(unit, clock, 3)            # card placed while offline: queued
    link.reconnect(acknowledged=False)   # backlog first, then a fresh inventory
    run_polls(unit, clock, 1)
    link.reconnect(acknowledged=True)    # acknowledged inventory: a new connect needs one
    run_polls(unit, clock, 1)
    assert summary(link) == [(1, "inventory", []), (2, "tag", "added"),
                             (3, "inventory", ["AABBCCDD"]), (4, "inventory", ["AABBCCDD"])], summary(link)


def check_two_cards_on_one_antenna_are_a_fault_without_edges():
    two = ["04A1B2C3", "11223344"]
    unit, reader, link, clock = make_seat([[]] + [["04A1B2C3"]] * 3 + [two] * 5 + [["04A1B2C3"], two]
                                          + [["11223344"]] * 12)
    run_polls(unit, clock, 30)
    assert summary(link) == [(1, "inventory", []), (2, "tag", "added"), (3, "fault", "multiple_cards"),
                             (4, "recovered", "multiple_cards"), (5, "tag", "added"),
                             (6, "tag", "removed")], summary(link)
    assert link.sent[2]["detail"] == "2 cards"
    assert [(e["edge"], e["uid"]) for e in link.sent if e["type"] == "tag"][1:] == [
        ("added", "11223344"), ("removed", "04A1B2C3")]


def check_two_cards_at_boot_delay_the_inventory_until_one_remains():
    two = ["04A1B2C3", "11223344"]
    unit, reader, link, clock = make_seat([two] * 4 + [["11223344"]] * 12)
    run_polls(unit, clock, 16)
    assert summary(link) == [(1, "fault", "multiple_cards"), (2, "recovered", "multiple_cards"),
                             (3, "inventory", ["11223344"])], summary(link)


def check_link_down_pattern_hides_the_hub_colour_until_the_link_is_back():
    leds = []
    out = feedback.Feedback(leds.append, None, None, lambda m: None)
    out.apply(b'{"v":1,"id":1,"led":"green"}', 0)
    out.set_offline(True)
    for now in range(0, 1000, 10):
        out.tick(now)
    out.apply(b'{"v":1,"id":2,"led":"red","blink":true}', 1000)   # remembered, not shown
    for now in range(1000, 1500, 10):
        out.tick(now)
    assert set(leds) == {feedback.COLOURS["white"], feedback.COLOURS["amber"]}, leds
    assert feedback.COLOURS["off"] not in leds
    out.set_offline(False)
    out.tick(1600)
    assert leds[-1] == feedback.COLOURS["red"], leds



def check_the_display_says_the_hub_is_away_and_gives_its_lines_back():
    unit, reader, link, clock = make_seat([[]] * 10)
    unit.feedback.apply(b'{"v":1,"id":1,"text":["Your turn: King","Take 2 gold"]}', 0)
    run_polls(unit, clock, 2)
    assert unit.feedback.shown() == ["Your turn: King", "Take 2 gold"], unit.feedback.shown()
    link.hub_online = False                   # the hub's will: offline
    run_polls(unit, clock, 2)
    assert unit.feedback.shown() == seat.HUB_OFFLINE, unit.feedback.shown()
    link.connected = False                    # and now the broker too
    run_polls(unit, clock, 2)
    assert unit.feedback.shown() == seat.HUB_UNREACHABLE, unit.feedback.shown()
    link.connected, link.hub_online, link.connected_ms = True, None, clock.ms   # back: no status yet
    run_polls(unit, clock, 2)
    assert unit.feedback.shown() == ["Your turn: King", "Take 2 gold"], unit.feedback.shown()
    run_polls(unit, clock, 80)                # still none after seconds: no hub on this broker
    assert unit.feedback.shown() == seat.HUB_WAITING, unit.feedback.shown()
    link.hub_online = True
    run_polls(unit, clock, 1)
    assert unit.feedback.shown() == ["Your turn: King", "Take 2 gold"], unit.feedback.shown()
    assert all(len(line) <= feedback.LINE_CHARS for line in seat.HUB_OFFLINE + seat.HUB_UNREACHABLE)


# ---- the display's own font: pixels, read back (real framebuf under MicroPython) ------

class Panel(framebuf.FrameBuffer):
    """What micropython-lib's SSD1306 driver is: a MONO_VLSB FrameBuffer with width/height."""

    def __init__(self, width=128, height=64):
        self.width = width
        self.height = height
        self.buffer = bytearray(height // 8 * width)
        self.shows = 0
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)

    def show(self):
        self.shows += 1

    def lit(self):
        return [(x, y) for y in range(self.height) for x in range(self.width) if self.pixel(x, y)]

    def columns(self, x, y):
        """The glyph-wide block of 8-px columns at (x, y), as font.GLYPHS stores them."""
        return bytes([sum(self.pixel(x + c, y + r) << r for r in range(8)) for c in range(font.WIDTH)])


def glyph_bytes(char):
    table, start = font.glyph(char)
    return bytes(table[start:start + font.WIDTH])


def check_a_21_character_line_is_drawn_whole_in_128_px():
    line = "Take 2 gold from the!"
    assert len(line) == feedback.LINE_CHARS == 21
    wide = Panel(160, 16)    # room past 128 px: nothing may land there
    screen.Screen(wide).text(line, 0, 0)
    assert max(x for x, y in wide.lit()) <= 127 - 2, max(x for x, y in wide.lit())
    panel = Panel()
    screen.Screen(panel).text(line, 0, 0)
    for index, char in enumerate(line):
        left = index * font.CELL
        assert panel.columns(left, 0) == glyph_bytes(char), (index, char)
        if char != " ":
            assert any(panel.pixel(left + c, y) for c in range(font.WIDTH) for y in range(8)), index
        assert not any(panel.pixel(left + font.WIDTH, y) for y in range(8)), index   # the gap column


def check_every_printable_glyph_differs_from_every_other_and_from_blank():
    panel = Panel(8, 8)
    out = screen.Screen(panel)
    drawn = {}
    for code in range(32, 127):
        panel.fill(0)
        out.text(chr(code), 0, 0)
        drawn[panel.columns(0, 0)] = chr(code)
        blank = not any(panel.pixel(x, y) for x in range(8) for y in range(8))
        assert blank == (code == 32), chr(code)
        assert not any(panel.pixel(font.WIDTH, y) or panel.pixel(x, 7) for x in range(8) for y in range(8)), chr(code)
    assert len(drawn) == 95, len(drawn)
    assert bytes(font.BOX) not in drawn


def check_four_lines_fit_64_px_without_overlap():
    panel = Panel()
    out = feedback.Feedback(lambda rgb: None, None, screen.Screen(panel), lambda m: None)
    lines = ["Your turn: King  (2)", "> 2/3 Take 2 gold W@", "Build Castle [4] {x}", "gjpqy|_~ OK: go on"]
    out.apply(json.dumps({"v": 1, "id": 1, "text": lines}), 0)
    assert panel.shows == 1
    rows = [y for x, y in panel.lit()]
    assert max(rows) < 64
    for row, line in enumerate(lines):
        top = row * 12
        for index, char in enumerate(line):
            assert panel.columns(index * font.CELL, top) == glyph_bytes(char), (row, index, char)
        assert not any(panel.pixel(x, y) for x in range(128) for y in range(top + 8, min(top + 12, 64)))


def check_a_character_outside_ascii_draws_a_box_in_its_own_cell():
    panel = Panel()
    screen.Screen(panel).text("a\u00e9b\tc\u4e2d", 0, 0)
    cells = [panel.columns(i * font.CELL, 0) for i in range(6)]
    assert cells == [glyph_bytes("a"), bytes(font.BOX), glyph_bytes("b"), bytes(font.BOX),
                     glyph_bytes("c"), bytes(font.BOX)], cells
    assert bytes(font.BOX) != glyph_bytes(" ") and any(font.BOX)


def check_text_clips_at_the_panel_edge():
    panel = Panel(128, 16)
    out = screen.Screen(panel)
    out.text("XYZ", 124, 4)          # X straddles the right edge, Y and Z are past it
    lit = panel.lit()
    assert lit and all(x in (124, 125, 126, 127) for x, y in lit), lit
    assert {x for x, y in lit} == {124, 125, 126, 127}
    panel.fill(0)
    out.text("H", -2, -1)            # off the top-left corner: the rest is drawn
    assert panel.pixel(0, 2) == 1 and panel.pixel(2, 0) == 1, panel.lit()

print("IMPL", sys.implementation.name)
CHECKS = [value for name, value in sorted(globals().items()) if name.startswith("check_")]
for check in CHECKS:
    try:
        check()
        results.append(True)
        print("PASS", check.__name__)
    except Exception as exc:  # noqa: BLE001 - every failing check is reported
        results.append(False)
        print("FAIL", check.__name__, repr(exc))
        if hasattr(sys, "print_exception"):
            sys.print_exception(exc)
print("RESULT passed=%d failed=%d" % (results.count(True), results.count(False)))
