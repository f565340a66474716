"""The server's only writer to the store, as tables use it: jobs handed to a
process of its own (``writer_process``), so that the event loop never waits on
a disk or a database, nor shares the interpreter's lock with their work.

Tables hand it jobs and await their outcome; what players are told is stored
by then. The jobs of one turn of the event loop travel together, in one write
to the process's socket; its reports come back on the same socket, read by the
event loop like any client's. A job's work must travel too: a function of a
module and its arguments (``call``). When the process dies, the jobs it held
fail with StorageError (their tables try again) and another one starts.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import multiprocessing
import pickle
import socket
import time
from collections.abc import Callable
from functools import partial
from multiprocessing import forkserver
from multiprocessing.process import BaseProcess
from typing import Any, Final, TypeVar

from atout.server import lease, writer_process
from atout.server.metrics import Metrics
from atout.server.offload import deaf_to_ctrl_c
from atout.server.store import Store
from atout.server.table_lease import current
from atout.server.writer_process import Append, Call, Fence, Frames, Job, Report, StorageError

__all__ = ["Fence", "StorageError", "Writer"]

log = logging.getLogger(__name__)
T = TypeVar("T")
KILL_SECONDS: Final = 5.0
"""How long a stopping writer's process may take to end once its jobs are done."""
_FORKSERVER: Final = multiprocessing.get_context("forkserver")
# The writer's process is forked from a server process that imported the
# store's modules once (a second of imports), so that one per server (and per
# test) starts at once. The fork server is one per process, started by whoever
# needs it first (the robots' helpers too): it is told before anyone can.
_FORKSERVER.set_forkserver_preload(["__main__", writer_process.__name__])


class Writer:
    """Writes for one server process, holding its lease while it runs."""

    def __init__(
        self,
        store: Store,
        owner: str,
        renew_every: float = lease.RENEW_MOST,
        metrics: Metrics | None = None,
        fence: Fence | None = None,
    ) -> None:
        self.store = store
        self.owner = owner
        self.fence: Fence = fence or partial(writer_process.whole_database, owner=owner)
        """Run by the process in each transaction (set before ``start``)."""
        self.on_lost: Callable[[set[str]], None] = lambda tables: None
        """Told, before their jobs fail, of the tables the fence found taken over."""
        self.renew_every = renew_every
        self.metrics = metrics or Metrics()
        """The server's metrics: the writer measures its jobs' latency and batches."""
        self.failing = False
        """Whether the last transaction failed (for health checks and logs)."""
        self._numbers = itertools.count()
        self._gathered: list[Job] = []
        """Jobs submitted in this turn of the event loop, not yet handed over."""
        self._waiting: dict[int, tuple[asyncio.Future[Any], float]] = {}
        """Jobs handed over, by number: their future and when they were submitted."""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._process: BaseProcess | None = None
        self._channel: asyncio.Transport | None = None
        self._ended: asyncio.Future[None] | None = None
        """Done when the process closed its end of the socket."""
        self._stopping = False
        self._keeping: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Start the writer's process (off the loop: starting one blocks)."""
        with deaf_to_ctrl_c():  # the fork server, whose children the writers are
            forkserver.ensure_running()
        self._loop = asyncio.get_running_loop()
        self._stopping = False
        await self._launch()
        self._keeping = asyncio.create_task(self._keep_alive())

    async def stop(self) -> None:
        """Finish the jobs already given, then stop."""
        if self._keeping is not None:
            self._keeping.cancel()
            self._keeping = None
        if self._process is None:
            return
        self._stopping = True
        if self._channel is not None and self._ended is not None:
            self._hand_over()
            self._channel.write(writer_process.frame(None))
            await self._ended
        await self._end_process()

    @property
    def running(self) -> bool:
        """Whether the writer's process is there to take jobs."""
        return self._channel is not None and not self._channel.is_closing()

    async def append(self, game_id: int, index: int, text: str) -> None:
        """Store action ``index`` of a game; StorageError if it was not stored."""
        await self._submit((game_id, index, text))

    async def call(self, work: Callable[..., T], *args: Any) -> T:
        """Run ``work(session, *args)`` in its own transaction and return its
        result; StorageError if the store failed, or the exception ``work``
        raised (nothing written). ``work`` and ``args`` travel to the writer's
        process: a function of a module (or a ``partial`` of one), and values."""
        result: T = await self._submit(Call(work, args))
        return result

    def _submit(self, work: Append | Call) -> asyncio.Future[Any]:
        """Queue a job, fenced by the lease of the table whose task submits it, if any."""
        assert self._loop is not None, "the writer is not started"
        future: asyncio.Future[Any] = self._loop.create_future()
        if not self.running:
            future.set_exception(StorageError("the store's writer is not running"))
            return future
        number = next(self._numbers)
        self._waiting[number] = future, time.perf_counter()
        if not self._gathered:
            self._loop.call_soon(self._hand_over)
        self._gathered.append((number, work, current.get()))
        return future

    def _hand_over(self) -> None:
        """Give the process the jobs of this turn of the event loop at once: one
        write, and one transaction for their actions."""
        jobs, self._gathered = self._gathered, []
        if not jobs or self._channel is None:
            return
        try:
            data = writer_process.frame(jobs)
        except Exception:  # pickle's errors are of many kinds
            jobs = [job for job in jobs if self._travels(job)]
            data = writer_process.frame(jobs)
        self._channel.write(data)

    def _travels(self, job: Job) -> bool:
        """Whether a job can be handed over; a job that cannot fails (a lambda,
        an open file...: a mistake of the code that submitted it)."""
        try:
            pickle.dumps(job)
        except Exception as error:
            future, _ = self._waiting.pop(job[0])
            future.set_exception(TypeError(f"a writer's job must travel to its process: {error}"))
            return False
        return True

    async def _keep_alive(self) -> None:
        """Renew the lease every ``renew_every`` seconds, if only by a transaction
        of nothing. From the event loop: the lease says the server is alive,
        and a server whose loop stopped (a paused process, a frozen machine)
        must lose it, however well its writer's process runs."""
        while True:
            await asyncio.sleep(self.renew_every)
            with contextlib.suppress(StorageError):  # told by ``failing``
                await self.call(writer_process.keep_alive)

    # ----- the process ---------------------------------------------------------------

    async def _launch(self) -> None:
        assert self._loop is not None
        ours, theirs = socket.socketpair()
        url = self.store.engine.url.render_as_string(hide_password=False)
        process = _FORKSERVER.Process(
            target=writer_process.serve,
            args=(theirs, url, self.fence),
            name="store-writer",
            daemon=True,
        )
        try:
            await asyncio.to_thread(process.start)
        finally:
            theirs.close()
        self._process = process
        self._ended = self._loop.create_future()
        self._channel, _ = await self._loop.create_unix_connection(
            partial(_Reports, self, self._ended), sock=ours
        )

    async def _end_process(self) -> None:
        process, self._process = self._process, None
        if process is None:
            return
        await asyncio.to_thread(process.join, KILL_SECONDS)
        if process.is_alive():
            process.kill()
            await asyncio.to_thread(process.join)

    def _reported(self, report: Report) -> None:
        """A report: the batches measured, the tables lost told, the jobs settled."""
        for size in report.batches:
            self.metrics.batch_actions.observe(size)
        if report.lost:
            log.warning("writes refused: tables %s are no longer this node's", sorted(report.lost))
            self.on_lost(report.lost)
        if report.failing and not self.failing:
            log.error("store write failed: %s", report.failure)
        elif self.failing and not report.failing:
            log.warning("store writes work again")
        self.failing = report.failing
        now = time.perf_counter()
        write_seconds = self.metrics.write_seconds
        for number, result, error in report.outcomes:
            future, submitted = self._waiting.pop(number)
            write_seconds.observe(now - submitted)
            if future.cancelled():
                continue
            if error is not None:
                future.set_exception(error)
            else:
                future.set_result(result)

    def _process_ended(self) -> None:
        """The process closed its end: stopped as asked, or died. Its jobs then
        fail (their tables try again) and another process starts."""
        self._channel = None
        waiting, self._waiting = self._waiting, {}
        for future, _ in waiting.values():
            if not future.done():
                future.set_exception(StorageError("the store's writer stopped"))
        if self._stopping or self._loop is None:
            return
        log.error("the store's writer process ended; starting another")
        self.failing = True
        self._loop.create_task(self._relaunch())

    async def _relaunch(self) -> None:
        await self._end_process()
        if self._stopping:
            return
        try:
            await self._launch()
        except Exception:
            log.exception("the store's writer cannot start again")


class _Reports(asyncio.Protocol):
    """The server's end of the writer's socket: reports in, and the end."""

    def __init__(self, writer: Writer, ended: asyncio.Future[None]) -> None:
        self.writer, self.ended = writer, ended
        self.frames = Frames()

    def data_received(self, data: bytes) -> None:
        for report in self.frames.feed(data):
            self.writer._reported(report)

    def connection_lost(self, exc: Exception | None) -> None:
        self.writer._process_ended()
        if not self.ended.done():
            self.ended.set_result(None)
