"""How ``atout serve`` logs: uvicorn's usual text, or one JSON object per line
for a log collector (``--log-format json``), for the server's own loggers and
uvicorn's alike."""

from __future__ import annotations

import copy
import json
import logging
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any


class LogFormat(StrEnum):
    TEXT = "text"
    JSON = "json"


class JsonFormatter(logging.Formatter):
    """A record as one line of JSON: time (UTC, ISO 8601), level, logger,
    message and, when there is one, the exception's traceback."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return json.dumps(entry, ensure_ascii=False)


def logging_config(log_format: LogFormat) -> dict[str, Any]:
    """A ``logging.config.dictConfig`` for the server: uvicorn's own with the
    ``atout`` loggers beside it, or everything as JSON lines on stderr (warnings
    of other libraries included)."""
    if log_format is LogFormat.JSON:
        return {
            "version": 1,
            "disable_existing_loggers": False,
            "formatters": {"json": {"()": JsonFormatter}},
            "handlers": {
                "stderr": {
                    "class": "logging.StreamHandler",
                    "formatter": "json",
                    "stream": "ext://sys.stderr",
                }
            },
            "root": {"handlers": ["stderr"], "level": "WARNING"},
            "loggers": {
                name: {"level": "INFO", "handlers": [], "propagate": True}
                for name in ("atout", "uvicorn", "uvicorn.error", "uvicorn.access")
            },
        }
    from uvicorn.config import LOGGING_CONFIG  # the server extra: `atout serve` checks for it

    config: dict[str, Any] = copy.deepcopy(LOGGING_CONFIG)
    config["formatters"]["named"] = {
        "()": "uvicorn.logging.DefaultFormatter",
        "fmt": "%(levelprefix)s %(name)s: %(message)s",
    }
    config["handlers"]["named"] = {
        "formatter": "named",
        "class": "logging.StreamHandler",
        "stream": "ext://sys.stderr",
    }
    config["loggers"]["atout"] = {"handlers": ["named"], "level": "INFO", "propagate": False}
    return config
