"""Seat firmware entry point: load config, bring the board up, run the loop forever
under a hardware watchdog. A bad config is reported and retried, never a crash loop.
"""

import time

import config
import hw
from clock import Uptime
from feedback import Feedback
from link import Link
from pn532 import PN532
from seat import Seat

current = None   # the running Seat, for inspection from the REPL or tests
config_errors = 0
step_errors = 0


def log(message):
    print("[seat] " + message)


def _wait_for_valid_config(path, should_stop):
    """Print what is wrong every few seconds until the file is fixed (no watchdog yet)."""
    global config_errors
    while True:
        try:
            return config.load(path)
        except config.ConfigError as exc:
            log("CONFIG ERROR: %s" % exc)
            config_errors += 1
        for _ in range(50):
            if should_stop():
                return None
            time.sleep_ms(100)


def main(path="config.json", should_stop=lambda: False):
    global current, step_errors
    cfg = _wait_for_valid_config(path, should_stop)
    if cfg is None:
        return
    timing = cfg["timing"]
    if hw.held_at_boot(cfg["buttons"]["ok"]):
        # The watchdog cannot be stopped once started, and it would reset the board in the
        # middle of an mpremote session: holding ok at power-up leaves the REPL free.
        log("maintenance mode (ok held at boot): firmware not started")
        return
    reader = PN532(hw.reader_transport(cfg["reader"]), reset_pin=hw.reader_reset_pin(cfg["reader"]))
    feedback = Feedback(hw.led_writer(cfg["led"]), hw.buzzer_writer(cfg["buzzer"]),
                        hw.display(cfg, log), log)
    feedback.show_local("blue")
    device = cfg.get("device") or hw.device_id()
    link = Link(hw.wlan(), cfg, device, hw.rand_below, None, None, log)
    seat = Seat(cfg, device, hw.boot_number(), reader, hw.button_readers(cfg["buttons"]),
                feedback, link, Uptime(), log)
    current = seat
    log("seat %d device %s boot %d" % (cfg["seat"], device, seat.boot))
    dog = hw.watchdog(timing["watchdog_ms"])
    try:
        while not should_stop():
            try:
                seat.step()
            except Exception as exc:  # noqa: BLE001 - a bug must not stop the seat: log, count, go on
                step_errors += 1
                log("step failed: %r" % (exc,))
            dog.feed()
            time.sleep_ms(timing["loop_ms"])
    finally:   # stop request or Ctrl-C from mpremote: say offline ourselves
        link.close()


if __name__ == "__main__":
    main()
