"""Load and check config.json: every problem is named at once, with the key's path.

Defaults fill optional keys so the rest of the firmware reads one complete dict.
"""

import json


class ConfigError(Exception):
    pass


TIMING_DEFAULTS = {"poll_ms": 50, "remove_after_ms": 400, "remove_after_misses": 3,
                   "debounce_ms": 30, "long_press_ms": 800, "watchdog_ms": 8000,
                   "reader_failures": 3, "loop_ms": 10}


def _get(cfg, path):
    node = cfg
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            return None
        node = node[part]
    return node


def _need(cfg, path, kind, problems):
    value = _get(cfg, path)
    if value is None:
        problems.append("missing key '%s'" % path)
    elif not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        problems.append("'%s' must be %s" % (path, "a number" if kind is int else "text"))
    return value


def validate(cfg):
    """Return cfg completed with defaults, or raise ConfigError listing every problem."""
    if not isinstance(cfg, dict):
        raise ConfigError("config must be a JSON object")
    problems = []  # type: list[str]
    _need(cfg, "wifi.ssid", str, problems)
    _need(cfg, "broker.host", str, problems)
    _need(cfg, "table", str, problems)
    seat = _need(cfg, "seat", int, problems)
    if isinstance(seat, int) and not 1 <= seat <= 7:
        problems.append("'seat' must be 1..7")
    mode = _need(cfg, "reader.mode", str, problems)
    if mode == "hsu":
        for key in ("uart", "tx", "rx"):
            _need(cfg, "reader." + key, int, problems)
    elif mode == "i2c":
        for key in ("i2c", "sda", "scl"):
            _need(cfg, "reader." + key, int, problems)
    elif mode is not None:
        problems.append("'reader.mode' must be 'hsu' or 'i2c'")
    for button in ("a", "b", "ok"):
        _need(cfg, "buttons." + button, int, problems)
    led = _need(cfg, "led.type", str, problems)
    if led == "neopixel":
        _need(cfg, "led.pin", int, problems)
    elif led == "rgb":
        pins = _get(cfg, "led.pins")
        if not (isinstance(pins, list) and len(pins) == 3):
            problems.append("'led.pins' must list 3 pin numbers (r, g, b)")
    elif led is not None:
        problems.append("'led.type' must be 'neopixel' or 'rgb'")
    tls = _get(cfg, "broker.tls")
    if tls is not None and not isinstance(tls, bool):
        problems.append("'broker.tls' must be true or false")
    ca = _get(cfg, "broker.ca")
    if tls and ca is not None and not isinstance(ca, str):
        problems.append("'broker.ca' must be a file name or null")
    if cfg.get("display"):
        for key in ("i2c", "sda", "scl"):
            _need(cfg, "display." + key, int, problems)
    if problems:
        raise ConfigError("config.json: " + "; ".join(problems))
    timing = dict(TIMING_DEFAULTS)
    timing.update(cfg.get("timing") or {})
    cfg["timing"] = timing
    cfg.setdefault("buzzer", None)
    cfg.setdefault("display", None)
    cfg.setdefault("queue", 64)
    return cfg


def load(path="config.json"):
    try:
        with open(path) as handle:
            text = handle.read()
    except OSError:
        raise ConfigError("%s not found: copy config.example.json there and edit it" % path)
    try:
        raw = json.loads(text)
    except ValueError:
        raise ConfigError("%s is not valid JSON" % path)
    cfg = validate(raw)
    broker = cfg["broker"]
    if broker.get("tls"):
        broker["ca"] = _ca_path(path, broker.get("ca", "ca.crt"))
    return cfg


def _ca_path(config_path, ca):
    """The CA file next to config.json; it must be there (never fall back to no check).
    `"ca": null` asks for encryption without checking the broker, on purpose."""
    if not ca:
        return ""
    if not ca.startswith("/") and "/" in config_path:
        ca = config_path.rsplit("/", 1)[0] + "/" + ca
    try:
        with open(ca, "rb"):
            pass
    except OSError:
        raise ConfigError("broker.ca: %s not found: copy the table's CA certificate there "
                          "(or set \"ca\": null to skip the broker check)" % ca)
    return ca
