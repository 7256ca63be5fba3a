"""FakePN532: frame codec, command behaviour and faults, at the byte level."""

from __future__ import annotations


import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.fakes.pn532 import (
    ACK_FRAME,
    CMD_GET_FIRMWARE_VERSION,
    CMD_IN_LIST_PASSIVE_TARGET,
    CMD_IN_RELEASE,
    CMD_RF_CONFIGURATION,
    CMD_SAM_CONFIGURATION,
    GARBAGE_BYTES,
    NACK_FRAME,
    SYNTAX_ERROR_FRAME,
    FakePN532,
    FrameError,
    Timing,
    checksum,
    decode_frame,
    encode_frame,
)


pytestmark = pytest.mark.timeout(10)  # fail instead of hanging: no test here may take more than 10 s


def command(code: int, params: bytes = b"") -> bytes:
    return encode_frame(0xD4, bytes([code]) + params)


def drain(chip: FakePN532) -> bytes:
    return chip.read(10_000)


def ready_chip(max_retries: int | None = None) -> FakePN532:
    """A chip past SAMConfiguration (and with a finite retry budget if given)."""
    chip = FakePN532(instant=True)
    chip.write(command(CMD_SAM_CONFIGURATION, b"\x01\x14\x01"))
    if max_retries is not None:
        chip.write(command(CMD_RF_CONFIGURATION, bytes([0x05, 0xFF, 0x01, max_retries])))
    drain(chip)
    return chip


def poll(chip: FakePN532) -> bytes:
    """Send InListPassiveTarget(1, 106A); return the response data after D5 4B, or b"" if none yet."""
    chip.write(command(CMD_IN_LIST_PASSIVE_TARGET, b"\x01\x00"))
    out = drain(chip)
    assert out.startswith(ACK_FRAME)
    if len(out) == len(ACK_FRAME):
        return b""
    tfi, data = decode_frame(out[len(ACK_FRAME) :])
    assert (tfi, data[0]) == (0xD5, 0x4B)
    return data[1:]


def release(chip: FakePN532) -> None:
    chip.write(command(CMD_IN_RELEASE, b"\x00"))
    out = drain(chip)
    assert out[len(ACK_FRAME) :] == encode_frame(0xD5, b"\x53\x00")


# ----- codec --------------------------------------------------------------------------


def test_get_firmware_version_frame_matches_the_user_manual_bytes() -> None:
    assert command(CMD_GET_FIRMWARE_VERSION) == bytes.fromhex("0000ff02fed4022a00")


@given(st.sampled_from([0xD4, 0xD5]), st.binary(min_size=0, max_size=254))
def test_frames_round_trip_and_both_checksums_sum_to_zero(tfi: int, data: bytes) -> None:
    frame = encode_frame(tfi, data)
    assert decode_frame(frame) == (tfi, data)
    length, lcs = frame[3], frame[4]
    assert (length + lcs) & 0xFF == 0
    assert (sum(frame[5:-1])) & 0xFF == 0
    assert frame[-1] == 0x00


@given(st.binary(min_size=1, max_size=40), st.integers(min_value=3, max_value=200))
def test_any_single_byte_corruption_after_the_preamble_is_rejected(data: bytes, where: int) -> None:
    frame = bytearray(encode_frame(0xD5, data))
    index = 3 + where % (len(frame) - 4)  # LEN .. DCS, not the postamble
    frame[index] ^= 0x01
    with pytest.raises(FrameError):
        decode_frame(bytes(frame))


def test_truncated_frames_and_ack_are_rejected() -> None:
    frame = encode_frame(0xD5, b"\x03\x32\x01\x06\x07")
    for cut in range(len(frame) - 1):
        with pytest.raises(FrameError):
            decode_frame(frame[:cut])
    with pytest.raises(FrameError):
        decode_frame(ACK_FRAME)


def test_checksum_complements_to_256() -> None:
    assert checksum(b"\xd4\x02") == 0x2A
    assert checksum(b"") == 0


def test_encode_refuses_oversized_frames() -> None:
    with pytest.raises(FrameError):
        encode_frame(0xD4, bytes(255))


# ----- power-up, wake-up and framing ---------------------------------------------------


def test_commands_before_sam_configuration_get_no_answer_at_all() -> None:
    chip = FakePN532(instant=True)
    chip.write(command(CMD_GET_FIRMWARE_VERSION))
    chip.write(command(CMD_IN_LIST_PASSIVE_TARGET, b"\x01\x00"))
    assert chip.in_waiting == 0 and chip.read(64) == b""
    assert chip.counters.ignored_before_sam == 2
    assert not chip.sam_configured


def test_wakeup_preamble_then_sam_configuration_then_firmware_version() -> None:
    chip = FakePN532(instant=True)
    chip.write(b"\x55\x55" + bytes(15) + command(CMD_SAM_CONFIGURATION, b"\x01\x14\x01"))
    assert drain(chip) == ACK_FRAME + encode_frame(0xD5, b"\x15")
    chip.write(command(CMD_GET_FIRMWARE_VERSION))
    assert drain(chip) == ACK_FRAME + encode_frame(0xD5, b"\x03\x32\x01\x06\x07")
    assert chip.counters.commands[CMD_GET_FIRMWARE_VERSION] == 1


def test_frames_arriving_one_byte_at_a_time_are_assembled() -> None:
    chip = ready_chip()
    frame = command(CMD_GET_FIRMWARE_VERSION)
    for byte in frame[:-2]:
        chip.write(bytes([byte]))
        assert chip.in_waiting == 0
    chip.write(frame[-2:])  # DCS completes the frame; the postamble is not waited for
    assert drain(chip).endswith(encode_frame(0xD5, b"\x03\x32\x01\x06\x07"))


def test_read_returns_what_is_available_possibly_less() -> None:
    chip = ready_chip()
    chip.write(command(CMD_GET_FIRMWARE_VERSION))
    total = chip.in_waiting
    assert chip.read(4) == ACK_FRAME[:4]
    assert chip.in_waiting == total - 4
    rest = chip.read(1000)
    assert len(rest) == total - 4
    assert chip.read(1) == b""


def test_host_frame_with_bad_checksum_is_dropped_without_ack() -> None:
    chip = ready_chip()
    frame = bytearray(command(CMD_GET_FIRMWARE_VERSION))
    frame[-2] ^= 0xFF
    chip.write(bytes(frame))
    assert chip.read(64) == b""
    assert chip.counters.dropped_frames == 1
    chip.write(command(CMD_GET_FIRMWARE_VERSION))  # the stream resynchronises
    assert drain(chip).startswith(ACK_FRAME)


def test_unknown_command_is_acked_then_answered_with_syntax_error() -> None:
    chip = ready_chip()
    chip.write(command(0x7E))
    assert drain(chip) == ACK_FRAME + SYNTAX_ERROR_FRAME


def test_host_nack_makes_the_chip_resend_its_last_response() -> None:
    chip = ready_chip()
    chip.write(command(CMD_GET_FIRMWARE_VERSION))
    first = drain(chip)[len(ACK_FRAME) :]
    chip.write(NACK_FRAME)
    assert drain(chip) == first
    assert chip.counters.nacks_from_host == 1


# ----- InListPassiveTarget ------------------------------------------------------------


@pytest.mark.parametrize(
    ("uid", "sens_res", "sel_res"),
    [("04A1B2C3", "0004", 0x08), ("04A1B2C3D4E580", "0044", 0x00), ("04A1B2C3D4E5F6A7B8C9", "0084", 0x00)],
)
def test_one_target_is_reported_with_uid_sens_res_and_sel_res(uid: str, sens_res: str, sel_res: int) -> None:
    chip = ready_chip(max_retries=0)
    chip.place(uid)
    data = poll(chip)
    uid_bytes = bytes.fromhex(uid)
    assert data == b"\x01\x01" + bytes.fromhex(sens_res) + bytes([sel_res, len(uid_bytes)]) + uid_bytes


def test_finite_retries_and_no_card_answer_zero_targets() -> None:
    chip = ready_chip(max_retries=0)
    assert poll(chip) == b"\x00"


def test_default_infinite_retries_wait_for_a_card_then_answer() -> None:
    chip = ready_chip()
    assert poll(chip) == b""
    assert chip.poll_pending
    chip.place("04A1B2C3")
    tfi, data = decode_frame(drain(chip))
    assert data[:3] == b"\x4b\x01\x01" and data[-4:] == bytes.fromhex("04A1B2C3")


def test_host_ack_aborts_the_waiting_poll() -> None:
    chip = ready_chip()
    poll(chip)
    chip.write(ACK_FRAME)
    chip.place("04A1B2C3")
    assert chip.read(64) == b""
    assert chip.counters.aborted == 1 and not chip.poll_pending


def test_a_new_command_replaces_the_waiting_poll() -> None:
    chip = ready_chip()
    poll(chip)
    chip.write(command(CMD_GET_FIRMWARE_VERSION))
    assert decode_frame(drain(chip)[len(ACK_FRAME) :])[1][0] == 0x03
    chip.place("04A1B2C3")
    assert chip.read(64) == b""


def field_off(chip: FakePN532) -> None:
    chip.write(command(CMD_RF_CONFIGURATION, b"\x01\x00"))
    assert drain(chip) == ACK_FRAME + encode_frame(0xD5, b"\x33")


def test_a_released_card_stays_halted_until_the_field_is_cycled_or_it_is_lifted() -> None:
    chip = ready_chip(max_retries=2)
    chip.place("04A1B2C3")
    assert poll(chip)[0] == 1
    release(chip)
    assert chip.card_state("04A1B2C3") == "halt"
    assert [poll(chip) for _ in range(3)] == [b"\x00"] * 3    # a resting card looks lifted
    field_off(chip)
    assert chip.card_state("04A1B2C3") == "idle" and not chip.field_on
    assert poll(chip)[0] == 1 and chip.field_on                # the poll switches it back on
    release(chip)
    chip.lift()
    chip.place("04A1B2C3")                                     # lifted and put back: awake
    assert poll(chip)[0] == 1


def test_cycling_the_field_after_every_poll_reports_a_resting_card_every_time() -> None:
    chip = ready_chip(max_retries=0)
    chip.place("04A1B2C3")
    for _ in range(10):
        assert poll(chip)[0] == 1
        field_off(chip)
    assert chip.counters.field_offs == 10


def test_two_cards_on_one_antenna_are_both_listed_with_max_tg_2() -> None:
    chip = ready_chip(max_retries=0)
    chip.place("04A1B2C3")
    chip.place("11223344", alongside=True)
    assert chip.card_uids == ["04A1B2C3", "11223344"]
    chip.write(command(CMD_IN_LIST_PASSIVE_TARGET, b"\x02\x00"))
    tfi, data = decode_frame(drain(chip)[len(ACK_FRAME):])
    assert data[:3] == b"\x4b\x02\x01" and bytes.fromhex("11223344") in data
    field_off(chip)
    assert poll(chip)[0] == 1                                   # MaxTg 1: the first placed only
    chip.lift("04A1B2C3")
    assert chip.card_uids == ["11223344"]


def test_answers_take_time_and_a_host_ack_aborts_the_command_in_progress() -> None:
    chip = FakePN532(timing=Timing(ack=0.01, response=0.05, activation_attempt=0.05))
    chip.write(command(CMD_SAM_CONFIGURATION, b"\x01\x14\x01"))
    assert chip.read(64) == b""                                 # nothing yet, not even the ACK
    assert chip.wait_readable(1.0) and chip.read(64) == ACK_FRAME
    assert chip.wait_readable(1.0) and chip.read(64) == encode_frame(0xD5, b"\x15")
    chip.place("04A1B2C3")
    chip.write(command(CMD_IN_LIST_PASSIVE_TARGET, b"\x01\x00"))
    assert chip.wait_readable(1.0) and chip.read(64) == ACK_FRAME
    chip.write(ACK_FRAME)                                       # host gives up before the answer
    assert not chip.wait_readable(0.2)
    assert chip.counters.aborted == 1


def test_missed_polls_hide_a_card_for_that_many_polls() -> None:
    chip = ready_chip(max_retries=0)
    chip.place("04A1B2C3")
    chip.miss_polls(2)
    found = []
    for _ in range(3):
        found.append(poll(chip)[0])
        field_off(chip)
    assert found == [0, 0, 1]


def test_polling_without_release_misses_the_still_selected_card_every_other_time() -> None:
    chip = ready_chip(max_retries=0)
    chip.place("04A1B2C3")
    found = [poll(chip)[0] for _ in range(6)]
    assert found == [1, 0, 1, 0, 1, 0]


def test_with_a_retry_left_the_selected_card_is_found_on_the_second_attempt() -> None:
    chip = ready_chip(max_retries=1)
    chip.place("04A1B2C3")
    assert [poll(chip)[0] for _ in range(4)] == [1, 1, 1, 1]


def test_lifted_card_is_no_longer_reported() -> None:
    chip = ready_chip(max_retries=0)
    chip.place("04A1B2C3")
    assert poll(chip)[0] == 1
    chip.lift()
    assert poll(chip) == b"\x00"
    assert chip.card_uid is None


def test_bad_parameters_get_a_syntax_error() -> None:
    chip = ready_chip(max_retries=0)
    chip.write(command(CMD_IN_LIST_PASSIVE_TARGET, b"\x05\x00"))
    assert drain(chip) == ACK_FRAME + SYNTAX_ERROR_FRAME


def test_place_rejects_impossible_uid_lengths_and_inject_unknown_faults() -> None:
    chip = FakePN532(instant=True)
    with pytest.raises(ValueError):
        chip.place("04A1B2")
    with pytest.raises(ValueError):
        chip.inject("fire")  # type: ignore[arg-type]


# ----- faults -------------------------------------------------------------------------


def test_missing_ack_swallows_the_command_once() -> None:
    chip = ready_chip()
    chip.inject("missing_ack")
    chip.write(command(CMD_GET_FIRMWARE_VERSION))
    assert chip.read(64) == b""
    chip.write(command(CMD_GET_FIRMWARE_VERSION))
    assert drain(chip).startswith(ACK_FRAME)


def test_bad_checksum_truncated_and_garbage_corrupt_only_the_next_responses() -> None:
    chip = ready_chip()
    chip.inject("bad_checksum")
    chip.inject("truncated")
    chip.inject("garbage", times=2)
    outcomes = []
    for _ in range(5):
        chip.write(command(CMD_GET_FIRMWARE_VERSION))
        out = drain(chip)
        assert out.startswith(ACK_FRAME)
        response = out[len(ACK_FRAME) :]
        try:
            decode_frame(response)
            outcomes.append("ok")
        except FrameError:
            outcomes.append("garbage" if response == GARBAGE_BYTES else "bad")
    assert outcomes == ["bad", "bad", "garbage", "garbage", "ok"]
    assert dict(chip.counters.faults_applied) == {"bad_checksum": 1, "truncated": 1, "garbage": 2}
