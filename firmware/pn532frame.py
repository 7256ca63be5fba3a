"""PN532 frame codec (pure logic): builds host frames and splits the reader's byte
stream into ACK / NACK / error / data frames, resynchronising after corrupt bytes.

Kept free of hardware so it runs unchanged under CPython, the MicroPython VM and the board.
"""

ACK = b"\x00\x00\xff\x00\xff\x00"
NACK = b"\x00\x00\xff\xff\x00\x00"
HOST_TO_PN532 = 0xD4
PN532_TO_HOST = 0xD5

KIND_ACK = "ack"
KIND_NACK = "nack"
KIND_ERROR = "error"   # application-level error frame (TFI 0x7F)
KIND_DATA = "data"


class FrameError(Exception):
    """A frame whose length or data checksum is wrong; the reader skips it."""


def encode(command):
    """Wrap command bytes (command code first) in a normal information frame."""
    length = len(command) + 1
    if length > 255:
        raise ValueError("command too long")
    total = HOST_TO_PN532
    for byte in command:
        total += byte
    return (bytes((0x00, 0x00, 0xFF, length, (-length) & 0xFF, HOST_TO_PN532))
            + bytes(command) + bytes(((-total) & 0xFF, 0x00)))


class FrameReader:
    """Incremental decoder: feed() raw bytes, then call next() until it returns None.

    next() returns (kind, payload) where payload is the bytes after the TFI for data
    frames (response code first) and b"" otherwise. Corrupt frames raise FrameError once
    and are dropped, so the stream stays usable.
    """

    def __init__(self, limit=512):
        self._buf = bytearray()
        self._limit = limit
        self.corrupt = 0

    def feed(self, data):
        if data:
            self._buf.extend(data)
            if len(self._buf) > self._limit:   # garbage with no frame in it: keep the tail
                self._buf = self._buf[-self._limit:]

    def clear(self):
        self._buf = bytearray()

    def _drop(self, count):
        self._buf = self._buf[count:]

    def next(self):
        buf = self._buf
        start = -1
        for i in range(len(buf) - 1):
            if buf[i] == 0x00 and buf[i + 1] == 0xFF:
                start = i
                break
        if start < 0:
            if len(buf) > 1:   # keep a possible trailing 0x00 of a start code
                self._drop(len(buf) - 1)
            return None
        if start:
            self._drop(start)
            buf = self._buf
        if len(buf) < 4:
            return None
        length, lcs = buf[2], buf[3]
        if length == 0x00 and lcs == 0xFF:
            self._drop(4)
            return (KIND_ACK, b"")
        if length == 0xFF and lcs == 0x00:
            self._drop(4)
            return (KIND_NACK, b"")
        if (length + lcs) & 0xFF:
            self._drop(2)
            self.corrupt += 1
            raise FrameError("bad length checksum")
        if len(buf) < 5 + length:
            return None
        body = bytes(buf[4:4 + length])
        dcs = buf[4 + length]
        self._drop(5 + length)
        if (sum(body) + dcs) & 0xFF:
            self.corrupt += 1
            raise FrameError("bad data checksum")
        if body[0] == 0x7F:
            return (KIND_ERROR, b"")
        if body[0] != PN532_TO_HOST:
            self.corrupt += 1
            raise FrameError("unexpected frame identifier")
        return (KIND_DATA, body[1:])


def parse_targets(payload):
    """UIDs (upper-case hex) from an InListPassiveTarget (ISO 14443-A) response payload.

    payload starts with the response code 0x4B, then NbTg and per target:
    Tg, SENS_RES (2), SEL_RES (1), NFCIDLength, NFCID1...; the ATS that may follow is
    skipped using its own length byte.
    """
    if len(payload) < 2 or payload[0] != 0x4B:
        raise FrameError("not an InListPassiveTarget response")
    count = payload[1]
    uids = []
    pos = 2
    for _ in range(count):
        if pos + 5 > len(payload):
            raise FrameError("truncated target")
        sel_res = payload[pos + 3]
        uid_len = payload[pos + 4]
        end = pos + 5 + uid_len
        if uid_len not in (4, 7, 10) or end > len(payload):
            raise FrameError("bad UID length")
        uids.append(hexlify_upper(payload[pos + 5:end]))
        pos = end
        if sel_res & 0x20 and pos < len(payload):   # ISO 14443-4 target: ATS follows
            pos += payload[pos]
    return uids


def hexlify_upper(data):
    return "".join("%02X" % b for b in data)
