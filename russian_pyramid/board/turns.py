"""Suggestions taken in turn, device by device (issue 26: several phones at one AI).

The one AI process answers one suggestion at a time.  Requests wait here, not in its pool:
the next turn goes to the waiting device that has had the fewest turns since the AI was last
idle (ties: the one whose request came first) -- a device's first request before anybody's
second --, each device's own requests in the order they came, so that no phone sending many
requests holds the others back; a device may have at most :data:`MAX_WAITING_PER_DEVICE`
waiting (more: :class:`QueueFull`, HTTP 429).  :meth:`Turns.where` says how many requests
will be answered before a device's next one (the page shows it while it waits).

A device is the address a request comes from (a phone on the club's network; every tab on
the club's own computer is one device, 127.0.0.1)."""
from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections import Counter, deque
from dataclasses import dataclass

MAX_WAITING_PER_DEVICE = 4  # a page sends one at a time; a few more for a script's batch
QUEUE_FULL_RETRY_S = 5


class QueueFull(Exception):
    """A device with :data:`MAX_WAITING_PER_DEVICE` requests already waiting: HTTP 429."""

    def __init__(self, device: str) -> None:
        super().__init__(f"{device} has {MAX_WAITING_PER_DEVICE} suggestions waiting already: "
                         "wait for their answers")
        self.retry_after = QUEUE_FULL_RETRY_S


@dataclass(frozen=True)
class Place:
    """Where a device's next request stands: ``ahead`` requests are answered before it (the
    one being answered included); ``waiting`` of the device's own are waiting; ``total``
    requests are waiting in all."""
    ahead: int
    waiting: int
    total: int
    busy: bool

    def to_json(self) -> dict:
        return {"ahead": self.ahead, "waiting": self.waiting, "total": self.total,
                "busy": self.busy}


class Turns:
    """The fair queue (see the module).  Use from one event loop."""

    def __init__(self) -> None:
        self._waiting: dict[str, deque[tuple[int, asyncio.Future]]] = {}
        self._served: Counter[str] = Counter()  # turns since the AI was last idle
        self._running: str | None = None
        self._arrivals = itertools.count()

    @contextlib.asynccontextmanager
    async def turn(self, device: str):
        """Wait for ``device``'s turn; the body of the ``async with`` is the turn."""
        queue = self._waiting.get(device, deque())
        if len(queue) >= MAX_WAITING_PER_DEVICE:
            raise QueueFull(device)
        ticket = asyncio.get_running_loop().create_future()
        queue.append((next(self._arrivals), ticket))
        self._waiting[device] = queue
        self._next()
        try:
            await ticket
        except asyncio.CancelledError:  # the client left while waiting: out of the queue
            self._forget(device, ticket)
            raise
        try:
            yield
        finally:
            self._running = None
            self._next()

    def _forget(self, device: str, ticket: asyncio.Future) -> None:
        queue = self._waiting.get(device, deque())
        for entry in list(queue):
            if entry[1] is ticket:
                queue.remove(entry)
        if not queue:
            self._waiting.pop(device, None)
        if ticket.done() and not ticket.cancelled() and self._running == device:
            self._running = None  # its turn had come as it left: give the turn on
            self._next()

    @staticmethod
    def _pick(waiting, served) -> str:
        """The device whose turn is next: the fewest turns, then the earliest request."""
        return min(waiting, key=lambda d: (served[d], waiting[d][0][0]))

    def _next(self) -> None:
        if self._running is not None:
            return
        if not self._waiting:
            self._served.clear()  # idle: every device starts even again
            return
        device = self._pick(self._waiting, self._served)
        queue = self._waiting[device]
        _, ticket = queue.popleft()
        if not queue:
            del self._waiting[device]
        self._served[device] += 1
        self._running = device
        ticket.set_result(None)

    def where(self, device: str) -> Place:
        """Where ``device``'s first waiting request stands: the turns the queue would give
        before it, if nothing else came (the picking rule played forward)."""
        busy = self._running is not None
        total = sum(len(q) for q in self._waiting.values())
        mine = len(self._waiting.get(device, ()))
        ahead = int(busy)
        if mine:
            waiting = {d: deque(q) for d, q in self._waiting.items()}
            served = Counter(self._served)
            while (d := self._pick(waiting, served)) != device:
                waiting[d].popleft()
                if not waiting[d]:
                    del waiting[d]
                served[d] += 1
                ahead += 1
        return Place(ahead=ahead, waiting=mine, total=total, busy=busy)
