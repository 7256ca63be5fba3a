"""A stoppable background thread shared by the serial readers."""

from __future__ import annotations

import logging
import threading
from typing import Self

log = logging.getLogger(__name__)


class ReaderThread:
    """Runs `self._run_until_stopped()` in a daemon thread; `stop()` ends it and waits."""

    thread_name = "serial-reader"

    def __init__(self) -> None:
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        """Start reading in the background (once)."""
        if self._thread is not None:
            raise RuntimeError("reader already started")
        self._thread = threading.Thread(target=self._guarded_run, name=self.thread_name, daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 2.0) -> None:
        """Ask the thread to finish and wait up to `timeout` seconds for it."""
        self._stopping.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)

    @property
    def running(self) -> bool:
        """True while the background thread is alive."""
        return self._thread is not None and self._thread.is_alive()

    @property
    def stopping(self) -> bool:
        return self._stopping.is_set()

    def __enter__(self) -> Self:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _guarded_run(self) -> None:
        try:
            self._run_until_stopped()
        except Exception:  # a reader must never die silently
            log.exception("%s crashed", self.thread_name)
        finally:
            self._close()

    def _run_until_stopped(self) -> None:
        raise NotImplementedError

    def _close(self) -> None:
        """Release the port; called once when the thread ends."""
