"""Board bring-up from config: reader transport, buttons, LED, buzzer, display, Wi-Fi,
watchdog. The only module that touches machine/network/neopixel directly.
"""

import os
import sys
import time

import machine
import network

from pn532 import I2CTransport, UartTransport
from screen import Screen


def device_id():
    """Stable id from the board's unique id, e.g. 'esp32-a1b2c3'."""
    uid = machine.unique_id()
    return "%s-%s" % (sys.platform, "".join("%02x" % b for b in uid[-3:]))


def boot_number():
    """Random 30-bit number: differs at every start without writing to flash."""
    raw = os.urandom(4)
    return (raw[0] << 22 | raw[1] << 14 | raw[2] << 6 | raw[3] >> 2) or 1


def rand_below(limit):
    raw = os.urandom(2)
    return (raw[0] << 8 | raw[1]) % limit if limit > 0 else 0


def reader_transport(reader):
    if reader["mode"] == "hsu":
        uart = machine.UART(reader["uart"], baudrate=reader.get("baudrate", 115200),
                            tx=machine.Pin(reader["tx"]), rx=machine.Pin(reader["rx"]),
                            timeout=0)
        return UartTransport(uart)
    i2c = machine.I2C(reader["i2c"], sda=machine.Pin(reader["sda"]),
                      scl=machine.Pin(reader["scl"]), freq=reader.get("freq", 100000))
    return I2CTransport(i2c)


def reader_reset_pin(reader):
    """PN532 RSTPDN pin if wired (`reader.reset`), held high (= running)."""
    if reader.get("reset") is None:
        return None
    return machine.Pin(reader["reset"], machine.Pin.OUT, value=1)


def button_readers(buttons):
    """(name, read, watch) triples; buttons pull the pin to ground, so pressed == level 0.
    watch(on_edge) has the pin's interrupt call on_edge(pressed, time.ticks_ms()) at every
    change, so a press shorter than a slow loop pass is still counted."""
    out = []
    for name in ("a", "b", "ok"):
        pin = machine.Pin(buttons[name], machine.Pin.IN, machine.Pin.PULL_UP)
        out.append((name, lambda pin=pin: not pin.value(), lambda on_edge, pin=pin: _watch(pin, on_edge)))
    return out


def _watch(pin, on_edge):
    """A hard interrupt on both edges (it runs even while the loop blocks in a socket call;
    on_edge must be bound beforehand, as a hard handler may not allocate)."""
    def handler(changed):
        on_edge(not changed.value(), time.ticks_ms())
    trigger = machine.Pin.IRQ_FALLING | machine.Pin.IRQ_RISING
    try:
        pin.irq(handler=handler, trigger=trigger, hard=True)
    except (TypeError, ValueError):   # a port without hard pin interrupts: a soft one
        pin.irq(handler=handler, trigger=trigger)


def held_at_boot(pin_number):
    """True if this button is pressed now (maintenance: start without the watchdog)."""
    return not machine.Pin(pin_number, machine.Pin.IN, machine.Pin.PULL_UP).value()


def led_writer(led):
    if led["type"] == "neopixel":
        import neopixel
        strip = neopixel.NeoPixel(machine.Pin(led["pin"]), 1)

        def write_neopixel(rgb):
            strip[0] = rgb
            strip.write()
        return write_neopixel
    pins = [machine.Pin(number, machine.Pin.OUT) for number in led["pins"]]

    def write_rgb(rgb):
        for pin, level in zip(pins, rgb):
            pin.value(1 if level else 0)
    return write_rgb


def buzzer_writer(pin_number):
    if pin_number is None:
        return None
    pwm = machine.PWM(machine.Pin(pin_number))
    pwm.duty_u16(0)

    def tone(freq):
        if freq:
            pwm.freq(freq)
            pwm.duty_u16(32768)
        else:
            pwm.duty_u16(0)
    return tone


def display(cfg, log):
    """SSD1306 over I2C if configured and the ssd1306 driver is installed, as a Screen
    (text in the firmware's 6-px font: 21 characters a line), else None."""
    spec = cfg.get("display")
    if not spec:
        return None
    try:
        import ssd1306  # type: ignore[import-not-found]  # micropython-lib, installed by mip
        i2c = machine.I2C(spec["i2c"], sda=machine.Pin(spec["sda"]), scl=machine.Pin(spec["scl"]))
        return Screen(ssd1306.SSD1306_I2C(spec.get("width", 128), spec.get("height", 64), i2c))
    except (ImportError, OSError) as exc:
        log("display unavailable: %r" % (exc,))
        return None


def wlan():
    station = network.WLAN(network.STA_IF)
    station.active(True)
    if sys.platform == "rp2":
        try:   # the Pico W's default power saving delays incoming packets by 100s of ms
            station.config(pm=0xA11140)
        except (ValueError, OSError, TypeError):
            pass
    return station


def watchdog(timeout_ms):
    return machine.WDT(timeout=timeout_ms)
