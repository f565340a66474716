"""The server's only writer to the store: a thread, so that the event loop never
waits on a disk or a database.

Tables hand it jobs and await their outcome. Actions of many tables waiting at
once are committed in one transaction (group commit); any other job is its own
transaction, in the order jobs came. Every transaction first renews the
server's lease and checks it is still the owner (``lease.fence``). A write that
fails raises StorageError and leaves the store as it was: the table keeps its
state as stored and tries again.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Final, TypeVar

from sqlalchemy import Connection, insert, select
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session

from atout.server import lease
from atout.server.metrics import Metrics
from atout.server.store import ActionRow, Store

log = logging.getLogger(__name__)
T = TypeVar("T")
BATCH: Final = 500
"""Most actions committed in one transaction."""


class StorageError(Exception):
    """A write that did not happen: the store is as it was before it."""


@dataclass(frozen=True, slots=True)
class _Append:
    game_id: int
    index: int
    text: str

    def row(self, at: float) -> dict[str, Any]:
        return {"game_id": self.game_id, "index": self.index, "text": self.text, "at": at}


@dataclass(frozen=True, slots=True)
class _Job:
    work: _Append | Callable[[Session], Any]
    future: asyncio.Future[Any]
    submitted: float = field(default_factory=time.perf_counter)


class Writer:
    """Writes for one server process, holding its lease while it runs."""

    def __init__(
        self,
        store: Store,
        owner: str,
        renew_every: float = lease.RENEW_MOST,
        metrics: Metrics | None = None,
    ) -> None:
        self.store = store
        self.owner = owner
        self.renew_every = renew_every
        self.metrics = metrics or Metrics()
        """The server's metrics: the writer measures its jobs' latency and batches."""
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self.failing = False
        """Whether the last transaction failed (for health checks and logs)."""

    def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._thread = threading.Thread(target=self._work, name="store-writer", daemon=True)
        self._thread.start()

    async def stop(self) -> None:
        """Finish the jobs already given, then stop."""
        if self._thread is not None:
            self._jobs.put(None)
            await asyncio.to_thread(self._thread.join)
            self._thread = None

    @property
    def running(self) -> bool:
        """Whether the writer's thread is there to take jobs."""
        return self._thread is not None and self._thread.is_alive()

    async def append(self, game_id: int, index: int, text: str) -> None:
        """Store action ``index`` of a game; StorageError if it was not stored."""
        await self._submit(_Append(game_id, index, text))

    async def call(self, work: Callable[[Session], T]) -> T:
        """Run ``work`` in its own transaction and return its result; StorageError
        if the store failed, or the exception ``work`` raised (nothing written)."""
        result: T = await self._submit(work)
        return result

    def _submit(self, work: _Append | Callable[[Session], Any]) -> asyncio.Future[Any]:
        assert self._loop is not None, "the writer is not started"
        future: asyncio.Future[Any] = self._loop.create_future()
        self._jobs.put(_Job(work, future))
        return future

    # ----- the thread -------------------------------------------------------------

    def _work(self) -> None:
        while True:
            try:
                first = self._jobs.get(timeout=self.renew_every)
            except queue.Empty:
                self._transaction(lambda db: None, [])  # keeps the lease alive
                continue
            jobs = [first]
            while len(jobs) < BATCH and not self._jobs.empty():
                jobs.append(self._jobs.get_nowait())
            stop = None in jobs
            self._run([job for job in jobs if job is not None])
            if stop:
                return

    def _run(self, jobs: list[_Job]) -> None:
        """Commit consecutive appends together, any other job alone, in order."""
        appends: list[_Job] = []
        for job in jobs:
            if isinstance(job.work, _Append):
                appends.append(job)
                continue
            self._appends(appends)
            appends = []
            self._transaction(partial(_in_session, job.work), [job])
        self._appends(appends)

    def _appends(self, jobs: list[_Job]) -> None:
        if not jobs:
            return
        rows = [job.work for job in jobs if isinstance(job.work, _Append)]
        self.metrics.batch_actions.observe(len(rows))
        now = time.time()
        try:
            self._transaction(lambda db: db.execute(insert(ActionRow), [r.row(now) for r in rows]))
        except IntegrityError:
            # One action is already stored (a commit that reported failure but
            # happened): store the others alone, and accept the one found equal.
            for job, row in zip(jobs, rows, strict=True):
                self._transaction(partial(_append_once, action=row, at=now), [job])
            return
        except Exception as error:  # each waiting table is told
            self._fail(jobs, error)
            return
        self._succeed(jobs, [None] * len(jobs))

    def _transaction(
        self, work: Callable[[Connection], Any], jobs: list[_Job] | None = None
    ) -> Any:
        """Run ``work`` with the lease checked in one transaction. With ``jobs``,
        their futures get the outcome; without, errors are raised."""
        try:
            with self.store.engine.begin() as db:
                lease.fence(db, self.owner)
                result = work(db)
        except IntegrityError:
            if jobs is None:
                raise
            self._fail(jobs, StorageError("conflicting write"))
            return None
        except Exception as error:
            if jobs is None:
                raise
            self._fail(jobs, error)
            return None
        if self.failing:
            log.warning("store writes work again")
            self.failing = False
        if jobs:
            self._succeed(jobs, [result])
        return result

    def _succeed(self, jobs: list[_Job], results: list[Any]) -> None:
        for job, result in zip(jobs, results, strict=True):
            self._settle(job, result, None)

    def _fail(self, jobs: list[_Job], error: Exception) -> None:
        if isinstance(error, SQLAlchemyError | lease.LeaseLost | OSError):
            if not self.failing:
                log.error("store write failed: %s", str(error).splitlines()[0])
            self.failing = True
            error = StorageError(str(error).splitlines()[0])
        for job in jobs:
            self._settle(job, None, error)

    def _settle(self, job: _Job, result: Any, error: Exception | None) -> None:
        assert self._loop is not None
        future, write_seconds = job.future, self.metrics.write_seconds

        def settle() -> None:
            write_seconds.observe(time.perf_counter() - job.submitted)
            if future.cancelled():
                return
            if error is not None:
                future.set_exception(error)
            else:
                future.set_result(result)

        self._loop.call_soon_threadsafe(settle)


def _in_session(work: Callable[[Session], T], db: Connection) -> T:
    """Run ORM work inside the writer's transaction (the session joins it)."""
    session = Session(bind=db, expire_on_commit=False)
    result = work(session)
    session.flush()
    return result


def _append_once(db: Connection, *, action: _Append, at: float) -> None:
    """Store an action unless the same one is stored already; a different one
    there would be a fork, which the lease makes impossible: refused."""
    stored = db.scalar(
        select(ActionRow.text).where(
            ActionRow.game_id == action.game_id, ActionRow.index == action.index
        )
    )
    if stored is None:
        db.execute(insert(ActionRow), [action.row(at)])
    elif stored != action.text:
        raise StorageError(f"game {action.game_id} holds another action {action.index}")
