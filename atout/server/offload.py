"""Long HTTP work in worker processes, never on the event loop.

Replaying a long record costs seconds of CPU: on the loop it froze every
table's pings for that long, and in a thread the GIL slowed them nearly as
much. A small pool of worker processes takes such jobs instead; a bounded
number may wait for a worker, and one more is refused at once (Busy, answered
503) rather than queued without end.

The jobs anyone may ask for without an account (``public``: a record replayed,
a game exported) have that bound to themselves: a client replaying records in a
loop made every other job 503, an organiser's tournament refused for as long as
it went on. The others (a tournament's, an avatar's) have as many places again:
public jobs may delay them, never refuse them. Among the public jobs, each
``holder`` (a client's address) has one place at a time (``JobsAtOnce`` beyond
it): a client replaying in a loop, or many at once, held them all, and every
other reader of a replay was told the server was busy.

One server runs per process, so the pool is one per process (``workers``), as
the robots' helper processes are: the app's lifespan starts and stops it, and
the first job starts it if nothing did.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import resource_tracker
from multiprocessing.process import BaseProcess
from typing import Final, TypeVar

from atout.refusals import Refusal

Argument = TypeVar("Argument")
Result = TypeVar("Result")


class Busy(Refusal):
    """No worker can take the job now; the refusal says to try again."""


class JobsAtOnce(Busy):
    """The job's holder already has its public job running or waiting."""


PUBLIC_JOBS_PER_HOLDER: Final = 1
"""Public jobs one holder may have running or waiting at once: a reader's page
asks for one at a time, and a job takes a fraction of a second."""


class Workers:
    """A pool of ``processes`` worker processes, with at most ``waiting`` jobs
    waiting for one of them."""

    def __init__(self, processes: int = 1, waiting: int = 2) -> None:
        self.processes = processes
        self.waiting = waiting
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self._jobs = 0
        self._public = 0
        self._holders: dict[str, int] = {}

    @property
    def jobs(self) -> int:
        """Jobs running or waiting for a worker."""
        return self._jobs

    async def start(self) -> None:
        """Start the worker processes (if not yet started) and wait until each runs,
        off the loop: starting a process blocks."""
        await asyncio.to_thread(self._start)

    async def stop(self, kill: bool = False) -> None:
        """Cancel the waiting jobs, let the running ones end (or, with ``kill``, end
        the workers at once: a job minutes long must not hold up a shutdown), and
        stop the workers."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            if kill:  # the executor has no public way to end its processes before 3.14
                for process in list(pool._processes.values()):
                    process.terminate()
            await asyncio.to_thread(pool.shutdown, wait=not kill, cancel_futures=True)

    async def run(
        self,
        work: Callable[[Argument], Result],
        argument: Argument,
        *,
        refusable: bool = True,
        public: bool = False,
        holder: str | None = None,
    ) -> Result:
        """``work(argument)`` computed in a worker (``work`` must be a module's
        top-level function, and both picklable).

        Busy when ``processes + waiting`` jobs of its kind (``public`` or not)
        already run or wait, unless the job is not ``refusable`` (the server's
        own, which waits its turn), or when the worker died (a new pool is
        started for the next job); JobsAtOnce when a public job's ``holder``
        (None: nobody to count) already has ``PUBLIC_JOBS_PER_HOLDER``.
        """
        places = self.processes + self.waiting
        if refusable and (self._public if public else self._jobs - self._public) >= places:
            raise Busy("server_busy")
        counted = holder if public else None
        if counted is not None:
            if self._holders.get(counted, 0) >= PUBLIC_JOBS_PER_HOLDER:
                raise JobsAtOnce("jobs_at_once")
            self._holders[counted] = self._holders.get(counted, 0) + 1
        self._jobs += 1
        self._public += public
        pool = self._pool
        try:
            if pool is None:
                pool = await asyncio.to_thread(self._start)
            # a job is cancelled by the pool alone (``stop``), never from the loop:
            # CPython 3.11's pool, finding a worker killed, set an error on a job
            # the loop had just cancelled and raised in its own thread (3.12 checks)
            return await asyncio.shield(asyncio.wrap_future(pool.submit(work, argument)))
        except BrokenProcessPool:
            if pool is not None:
                with self._lock:
                    if self._pool is pool:
                        self._pool = None
                pool.shutdown(wait=False)
            raise Busy("worker_stopped") from None
        finally:
            self._jobs -= 1
            self._public -= public
            if counted is not None:
                self._release(counted)

    def _release(self, holder: str) -> None:
        left = self._holders.pop(holder) - 1
        if left:
            self._holders[holder] = left

    def _start(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                context = multiprocessing.get_context("spawn")
                pool = ProcessPoolExecutor(
                    self.processes, mp_context=context, initializer=end_with_parent
                )
                try:
                    with deaf_to_ctrl_c():  # the workers start at these jobs
                        jobs = [pool.submit(_ready) for _ in range(self.processes)]
                    for started in jobs:
                        started.result()
                except BaseException:
                    pool.shutdown(wait=False, cancel_futures=True)
                    raise
                self._pool = pool
            return self._pool


workers = Workers()
"""This process's workers for long HTTP work."""


WORKER_NICENESS: Final = 10
"""How much less CPU priority a worker has than the server: on a small machine a
replay shares the cores with the serving process, whose pings must not wait."""


@contextlib.contextmanager
def deaf_to_ctrl_c() -> Iterator[None]:
    """Processes started within, from any thread, hold Ctrl-C back from their first
    instruction, their imports included: this thread blocks SIGINT meanwhile, and a
    child keeps the blocked mask across exec, as CPython's resource tracker is
    started. A terminal sends Ctrl-C to every process of the server, which stops its
    own; one still importing printed a traceback. A Ctrl-C meant for the server
    meanwhile goes to one of its other threads, or waits for this one's end.

    The resource tracker every such process uses is started first: starting it
    unblocks SIGINT in the thread that does."""
    resource_tracker.ensure_running()
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def end_with_parent() -> None:
    """Yield the CPU to the server first; end this worker once the server's
    process is gone, even killed without a chance to stop its pool: an orphaned
    worker would wait for jobs for ever. A Ctrl-C, which a terminal sends to every
    process of the server, stops the server, which stops its workers: a worker
    interrupted itself printed a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.nice(WORKER_NICENESS)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_exit_after, args=(parent,), daemon=True).start()


def _exit_after(parent: BaseProcess) -> None:
    parent.join()  # a spawned process's parent sentinel: returns when the parent ends
    os._exit(0)


def _ready() -> bool:
    return True
