"""One server's measurements in the Prometheus text format (``GET /metrics``).

Each server has its own registry, not the library's global one: tests run many
servers in one process. Counts of tables, sockets and clients are read from the
hub when scraped (nothing to keep in step); what happens per action or per
write is counted where it happens, by the tables and the writer.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Final

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    PlatformCollector,
    ProcessCollector,
    generate_latest,
)
from prometheus_client.core import CounterMetricFamily
from prometheus_client.registry import Collector

if TYPE_CHECKING:
    from collections.abc import Iterator

    from atout.server.bus import Bus
    from atout.server.hub import Hub

LATENCY_BUCKETS: Final = (
    0.0005,
    0.001,
    0.0025,
    0.005,
    0.01,
    0.025,
    0.05,
    0.1,
    0.25,
    0.5,
    1.0,
    2.5,
    5.0,
    10.0,
)
"""Seconds: a commit on a local disk takes a few milliseconds; a held lock, seconds."""

LAG_TICK: Final = 0.1
BATCH_BUCKETS: Final = (1, 2, 5, 10, 20, 50, 100, 200, 500)
"""Actions per group commit, up to the writer's ``BATCH``."""


class Metrics:
    """The metrics of one server process, in their own registry."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        registry = self.registry
        ProcessCollector(registry=registry)  # CPU, memory, open files of this process
        PlatformCollector(registry=registry)
        self.actions = Counter(
            "atout_actions",
            "Game actions stored and applied by the tables (players', robots' and deals).",
            registry=registry,
        )
        self.update_seconds = Histogram(
            "atout_update_seconds",
            "From a table taking an action to its updates being queued for every viewer "
            "(checking, storing, applying, encoding).",
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )
        self.write_seconds = Histogram(
            "atout_store_write_seconds",
            "From a job's submission to the store's writer until its outcome is known "
            "on the event loop (waiting in line included).",
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )
        self.loop_lag_seconds = Histogram(
            "atout_loop_lag_seconds",
            "How late the event loop woke a timer, every tenth of a second: what every "
            "message waited besides its own work (a long callback, a collection, a busy loop).",
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )
        self.batch_actions = Histogram(
            "atout_store_batch_actions",
            "Actions committed together in one transaction (group commit).",
            buckets=BATCH_BUCKETS,
            registry=registry,
        )

    def applied(self, started: float) -> None:
        """A table applied an action it took at ``started`` (``time.perf_counter``)
        and queued its updates."""
        self.actions.inc()
        self.update_seconds.observe(time.perf_counter() - started)

    async def watch_loop(self) -> None:
        """Measure the event loop's lag, for as long as the server serves (a task)."""
        while True:
            asked = time.perf_counter()
            await asyncio.sleep(LAG_TICK)
            self.loop_lag_seconds.observe(max(0.0, time.perf_counter() - asked - LAG_TICK))

    def watch(self, hub: Hub) -> None:
        """Gauges read from ``hub`` at each scrape (on the event loop, which owns it)."""
        gauges = (
            ("atout_tables_open", "Open tables.", lambda: len(hub.tables)),
            (
                "atout_tables_playing",
                "Open tables with a game under way.",
                lambda: sum(t.state is not None for t in hub.tables.values()),
            ),
            ("atout_websockets_open", "Open websockets.", lambda: sum(hub.sockets.values())),
            (
                "atout_clients_connected",
                "Clients that said hello.",
                lambda: hub.clients_connected(),
            ),
            (
                "atout_store_failing",
                "1 while the store's last write transaction failed.",
                lambda: float(hub.writer.failing),
            ),
        )
        for name, documentation, read in gauges:
            Gauge(name, documentation, registry=self.registry).set_function(read)

    def watch_bus(self, bus: Bus) -> None:
        """A cluster node's link to the others, read at each scrape."""
        Gauge(
            "atout_redis_hearing",
            "1 while this node hears the other nodes over Redis; 0 from a loss of "
            "messages (Redis restarted, hung or vanished) until its link hears again.",
            registry=self.registry,
        ).set_function(lambda: float(bus.hearing))
        self.registry.register(_BusReplaced(bus))

    def exposition(self) -> bytes:
        """Every metric in the Prometheus text format."""
        return generate_latest(self.registry)


class _BusReplaced(Collector):
    """The bus's count of listening links replaced, read at each scrape (a
    counter kept by the bus, which knows nothing of the registry)."""

    def __init__(self, bus: Bus) -> None:
        self.bus = bus

    def collect(self) -> Iterator[CounterMetricFamily]:
        yield CounterMetricFamily(
            "atout_bus_reconnects",
            "Times this node's link listening to Redis was taken for dead (nothing "
            "heard for 5 s of listening) or found broken, and replaced.",
            value=self.bus.replaced,
        )
