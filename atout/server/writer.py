"""The server's only writer to the store: a thread, so that the event loop never
waits on a disk or a database.

Tables hand it jobs and await their outcome. Actions of many tables waiting at
once are committed in one transaction (group commit); any other job is its own
transaction, in the order those came, and the actions waiting go before each.
A table awaits each of its writes, so no two jobs of one table ever wait
together: the order only decides who waits, and a game's end (three
transactions of a few milliseconds) holds up no other table's next action.
Every transaction first checks that the server still owns what it writes (a
fencing check): the whole database (``lease.fence``, renewing its lease), or in
a cluster each table whose jobs it holds (``table_lease.fence``); a job whose
table another node took over fails and writes nothing. A write that fails
raises StorageError and leaves the store as it was: the table keeps its state
as stored and tries again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache, partial
from typing import Any, Final, TypeVar

from sqlalchemy import Connection, insert, select
from sqlalchemy.engine import Dialect
from sqlalchemy.exc import DBAPIError, IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session

from atout.server import lease
from atout.server.metrics import Metrics
from atout.server.store import ActionRow, Store
from atout.server.table_lease import TableLease, current

log = logging.getLogger(__name__)
T = TypeVar("T")
BATCH: Final = 500
"""Most actions committed in one transaction."""
_INSERT: Final = insert(ActionRow)
"""Built once, as the fences' statements: building costs more than running."""
_COLUMNS: Final = ("game_id", "index", "text", "at")
Fence = Callable[[Connection, list[TableLease]], set[str]]
"""Checks, inside a write transaction, that this server owns what it writes:
returns the tables among the leases it no longer owns (or raises LeaseLost
when it owns nothing any more)."""


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
    lease: TableLease | None = None
    """The lease of the table the job writes for, when it is fenced per table."""
    submitted: float = field(default_factory=time.perf_counter)


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
        self.fence: Fence = fence or partial(_whole_database, owner=owner)
        self.renew_every = renew_every
        self.metrics = metrics or Metrics()
        """The server's metrics: the writer measures its jobs' latency and batches."""
        self._jobs: queue.SimpleQueue[list[_Job] | None] = queue.SimpleQueue()
        self._gathered: list[_Job] = []
        """Jobs submitted in this turn of the event loop, not yet handed over."""
        self._thread: threading.Thread | None = None
        self._db: Connection | None = None
        """The thread's connection (``_connection``)."""
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
            self._hand_over()
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
        """Queue a job, fenced by the lease of the table whose task submits it, if any."""
        assert self._loop is not None, "the writer is not started"
        future: asyncio.Future[Any] = self._loop.create_future()
        if not self._gathered:
            self._loop.call_soon(self._hand_over)
        self._gathered.append(_Job(work, future, current.get()))
        return future

    def _hand_over(self) -> None:
        """Give the thread the jobs of this turn of the event loop at once: waking
        it (and, later, the loop with their outcomes) costs more than a small
        transaction, and the jobs of one turn are committed together."""
        if self._gathered:
            self._jobs.put(self._gathered)
            self._gathered = []

    # ----- the thread -------------------------------------------------------------

    def _work(self) -> None:
        """Take what was given, commit the appends, then the oldest other job;
        again until nothing is left (after ``None``, the last, stop)."""
        others: deque[tuple[_Job, Callable[[Session], Any]]] = deque()
        stopping = False
        while True:
            if others or stopping:
                given = self._given()
            else:
                try:
                    given = [self._jobs.get(timeout=self.renew_every), *self._given()]
                except queue.Empty:
                    self._transaction(lambda db, held: None, [])  # keeps the lease alive
                    continue
            stopping = stopping or None in given
            appends: list[_Job] = []
            for job in [job for jobs in given if jobs is not None for job in jobs]:
                if isinstance(job.work, _Append):
                    appends.append(job)
                else:
                    others.append((job, job.work))
            for start in range(0, len(appends), BATCH):
                self._appends(appends[start : start + BATCH])
            if others:
                job, work = others.popleft()
                self._transaction(partial(_in_session, work), [job])
            elif stopping:
                self._give_back()
                return

    def _given(self) -> list[list[_Job] | None]:
        """What was handed over since the last look, without waiting."""
        given: list[list[_Job] | None] = []
        while not self._jobs.empty():
            given.append(self._jobs.get_nowait())
        return given

    def _appends(self, jobs: list[_Job]) -> None:
        if not jobs:
            return
        self.metrics.batch_actions.observe(len(jobs))
        now = time.time()
        try:
            held = self._transaction(partial(_insert, at=now), jobs, raising=True)
        except IntegrityError:
            # One action is already stored (a commit that reported failure but
            # happened): store the others alone, and accept the one found equal.
            for job in jobs:
                assert isinstance(job.work, _Append)
                self._transaction(partial(_append_once, action=job.work, at=now), [job])
            return
        except Exception as error:  # each waiting table is told
            self._fail(jobs, error)
            return
        self._succeed(held, [None] * len(held))

    def _transaction(
        self, work: Callable[[Connection, list[_Job]], Any], jobs: list[_Job], raising: bool = False
    ) -> Any:
        """Run ``work`` on the jobs that pass the fence, in one transaction (those
        that do not fail at once). Raising: errors are raised and the jobs that
        passed returned, for the caller to settle; else the futures of ``jobs``
        get the outcome, one job's result or error."""
        try:
            db = self._connection()
            with db.begin():
                held = self._fenced(db, jobs)
                result = work(db, held) if held or not jobs else None
        except IntegrityError:
            if raising:
                raise
            self._fail(jobs, StorageError("conflicting write"))
            return None
        except Exception as error:
            self._give_back()
            if raising:
                raise
            self._fail(jobs, error)
            return None
        if self.failing:
            log.warning("store writes work again")
            self.failing = False
        if raising:
            return held
        if held:
            self._succeed(held, [result])
        return result

    def _connection(self) -> Connection:
        """The thread's connection, kept from one transaction to the next: taking
        it from the pool and giving it back cost a third of a small group
        commit. A transaction that failed otherwise than by a conflict gives it
        back, so that the next one starts on a fresh connection."""
        if self._db is None:
            self._db = self.store.engine.connect()
        return self._db

    def _give_back(self) -> None:
        if self._db is not None:
            with contextlib.suppress(Exception):  # a broken connection is dropped all the same
                self._db.close()
            self._db = None

    def _fenced(self, db: Connection, jobs: list[_Job]) -> list[_Job]:
        """The jobs whose table this server still owns; the others fail now,
        having written nothing."""
        leases = {job.lease.table: job.lease for job in jobs if job.lease is not None}
        lost = self.fence(db, list(leases.values()))
        if not lost:
            return jobs
        dropped = [job for job in jobs if job.lease is not None and job.lease.table in lost]
        log.warning("writes refused: tables %s are no longer this node's", sorted(lost))
        taken_over = StorageError("the table's lease was taken over")
        # not a failing store: the node stays ready for its other tables
        self._settle([(job, None, taken_over) for job in dropped])
        return [job for job in jobs if job not in dropped]

    def _succeed(self, jobs: list[_Job], results: list[Any]) -> None:
        self._settle([(job, result, None) for job, result in zip(jobs, results, strict=True)])

    def _fail(self, jobs: list[_Job], error: Exception) -> None:
        if isinstance(error, SQLAlchemyError | lease.LeaseLost | OSError):
            if not self.failing:
                log.error("store write failed: %s", str(error).splitlines()[0])
            self.failing = True
            error = StorageError(str(error).splitlines()[0])
        self._settle([(job, None, error) for job in jobs])

    def _settle(self, outcomes: list[tuple[_Job, Any, Exception | None]]) -> None:
        """Give jobs their outcomes on the event loop, waking it once for them all."""
        assert self._loop is not None
        if not outcomes:
            return
        write_seconds = self.metrics.write_seconds

        def settle() -> None:
            now = time.perf_counter()
            for job, result, error in outcomes:
                write_seconds.observe(now - job.submitted)
                if job.future.cancelled():
                    continue
                if error is not None:
                    job.future.set_exception(error)
                else:
                    job.future.set_result(result)

        self._loop.call_soon_threadsafe(settle)


def _whole_database(db: Connection, leases: list[TableLease], *, owner: str) -> set[str]:
    """The one-server fence: the whole database's lease, renewed (LeaseLost if not ours)."""
    lease.fence(db, owner)
    return set()


def _insert(db: Connection, held: list[_Job], *, at: float) -> None:
    """Store the actions of the appends that passed the fence in one statement
    of many rows, run on the driver's own cursor. One statement, not one per
    row (``executemany``): the driver lets go of the interpreter's lock at every
    statement it runs, and while the event loop is busy each time it takes the
    lock back waits up to the switch interval, so a batch of a hundred actions
    took 50-90 ms at 1,000 tables (1-5 ms as one statement). SQLAlchemy's work around a
    statement cost a fifth of a small group commit. Its errors are SQLAlchemy's
    as usual (an IntegrityError for an action already stored)."""
    rows = [(w.game_id, w.index, w.text, at) for j in held if isinstance(w := j.work, _Append)]
    if not rows:
        return
    text = _insert_text(db.dialect, len(rows))
    values = [value for row in rows for value in row]
    cursor = db.connection.cursor()
    try:
        cursor.execute(text, values)
    except db.dialect.loaded_dbapi.Error as error:
        raise DBAPIError.instance(
            text, values, error, db.dialect.loaded_dbapi.Error, dialect=db.dialect
        ) from error
    finally:
        cursor.close()


@lru_cache(maxsize=128)  # batches of a few actions, mostly
def _insert_text(dialect: Dialect, rows: int) -> str:
    """The insert of ``rows`` actions in the driver's words: its placeholders,
    names quoted (``BATCH`` rows of 4 values stay below every driver's limit on
    parameters: SQLite's 32,766, PostgreSQL's 65,535)."""
    quote = dialect.identifier_preparer.quote
    mark = "?" if dialect.paramstyle == "qmark" else "%s"
    columns = ", ".join(map(quote, _COLUMNS))
    row = "(" + ", ".join([mark] * len(_COLUMNS)) + ")"
    return f"INSERT INTO {quote(ActionRow.__tablename__)} ({columns}) VALUES " + ", ".join(
        [row] * rows
    )


def _in_session(work: Callable[[Session], T], db: Connection, held: list[_Job]) -> T:
    """Run ORM work inside the writer's transaction (the session joins it)."""
    session = Session(bind=db, expire_on_commit=False)
    result = work(session)
    session.flush()
    return result


def _append_once(db: Connection, held: list[_Job], *, action: _Append, at: float) -> None:
    """Store an action unless the same one is stored already; a different one
    there would be a fork, which the lease makes impossible: refused."""
    stored = db.scalar(
        select(ActionRow.text).where(
            ActionRow.game_id == action.game_id, ActionRow.index == action.index
        )
    )
    if stored is None:
        db.execute(_INSERT, [action.row(at)])
    elif stored != action.text:
        raise StorageError(f"game {action.game_id} holds another action {action.index}")
