"""A small asyncio client for the Switchboard daemon (standard library only).

It spawns ``switchboard serve`` with pipes and speaks newline-delimited JSON-RPC 2.0 (see
protocol.md):

- ``await client.call(method, params)`` sends a request and returns its result, matching
  responses to requests by id; an error response raises :class:`RpcError`.
- ``client.on_output(callback, vm=..., output=...)`` receives ``output`` notifications, all of
  them or only those of one instance and/or one output.
- ``client.serve(method, handler)`` plays a service the daemon delegates to the client (create
  an instance with ``{"service": "client"}``): the daemon's requests (ids ``sb-1``, ``sb-2``…)
  are answered with the handler's result, or with an error if it raises.
- ``await client.close()`` closes the daemon's stdin, waits for it to exit and returns the
  exit status.

Example::

    async with await Client.start() as client:
        client.on_output(lambda o: print(o.vm, o.output, o.value))
        await client.call("signup.nameChanged", ["Lisa"])

Threading: everything runs on the event loop that called :meth:`Client.start`. One reader task
reads the daemon's stdout; output callbacks run on it, in the order the daemon wrote them.
"""

from __future__ import annotations

import asyncio
import inspect
import itertools
import json
import logging
import os
import shutil
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Optional, Union

__all__ = ["Client", "Output", "RpcError", "find_binary"]

log = logging.getLogger("switchboard_client")

#: JSON-RPC "method not found", used when the daemon calls a service nobody serves.
METHOD_NOT_FOUND = -32601
#: The error code sent when a service handler raises something other than :class:`RpcError`.
SERVICE_FAILED = -32000

OutputCallback = Callable[["Output"], Union[None, Awaitable[None]]]
ServiceHandler = Callable[[Any], Awaitable[Any]]


class RpcError(Exception):
    """A JSON-RPC error: raised by :meth:`Client.call` for an error response, and raised by a
    service handler to answer the daemon with this error instead of a result."""

    def __init__(self, code: int, message: str, data: Any = None):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.data = data

    def to_json(self) -> dict:
        """The ``error`` member of a response."""
        error = {"code": self.code, "message": self.message}
        if self.data is not None:
            error["data"] = self.data
        return error


@dataclass(frozen=True)
class Output:
    """One ``output`` notification: instance ``vm`` sent ``value`` on ``output``.

    ``seq`` numbers notifications from 1 in each daemon; ``cause`` says what produced this one
    (a request, a timer, a reply to a delegated call, a disconnect).
    """

    vm: str
    output: str
    value: Any
    seq: int
    cause: dict = field(default_factory=dict)


def find_binary(explicit: Optional[str] = None) -> str:
    """The switchboard executable: ``explicit``, else ``$SWITCHBOARD``, else the repository's
    ``.build/release`` then ``.build/debug`` build, else ``switchboard`` on ``PATH``."""
    if explicit:
        return explicit
    if os.environ.get("SWITCHBOARD"):
        return os.environ["SWITCHBOARD"]
    root = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
    for configuration in ("release", "debug"):
        candidate = os.path.join(root, ".build", configuration, "switchboard")
        if os.access(candidate, os.X_OK):
            return candidate
    found = shutil.which("switchboard")
    if found:
        return found
    raise FileNotFoundError("no switchboard binary: run 'swift build' or set SWITCHBOARD")


class Client:
    """A connection to one ``switchboard serve`` process. Make one with :meth:`start`."""

    def __init__(self, process: asyncio.subprocess.Process):
        """Wraps a started process; use :meth:`start` instead."""
        self._process = process
        self._ids = itertools.count(1)
        # Requests sent and not yet answered, by id.
        self._pending: dict[Any, asyncio.Future] = {}
        # (vm filter, output filter, callback); None matches anything.
        self._output_callbacks: list[tuple[Optional[str], Optional[str], OutputCallback]] = []
        self._services: dict[str, ServiceHandler] = {}
        # Handler and async-callback tasks still running, so close() can end them.
        self._tasks: set[asyncio.Task] = set()
        self._stdout_closed = False
        self._reader = asyncio.get_running_loop().create_task(self._read_loop())

    @classmethod
    async def start(
        cls,
        binary: Optional[str] = None,
        args: tuple[str, ...] | list[str] = (),
        stderr: Any = None,
    ) -> "Client":
        """Spawns ``<binary> serve <args…>``.

        ``binary`` defaults to :func:`find_binary`. ``args`` are daemon options such as
        ``["--clock", "virtual"]``. ``stderr`` is passed to the subprocess (``None`` shares
        ours, so the daemon's warnings show; ``asyncio.subprocess.DEVNULL`` hides them).
        """
        process = await asyncio.create_subprocess_exec(
            find_binary(binary),
            "serve",
            *args,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=stderr,
            limit=16 * 1024 * 1024,  # the daemon's default --max-line-bytes
        )
        return cls(process)

    async def __aenter__(self) -> "Client":
        return self

    async def __aexit__(self, *exc_info) -> None:
        await self.close()

    # MARK: Sending

    async def call(self, method: str, params: Any = None, timeout: Optional[float] = None) -> Any:
        """Sends a request and returns its result.

        Raises :class:`RpcError` for an error response, :class:`ConnectionError` if the daemon
        exits before answering, and :class:`asyncio.TimeoutError` after ``timeout`` seconds.
        Every output the request caused has been passed to the callbacks when this returns.
        """
        if self._stdout_closed:
            raise ConnectionError("switchboard has exited")
        request_id = next(self._ids)
        future = asyncio.get_running_loop().create_future()
        self._pending[request_id] = future
        try:
            await self._send(self._message(method, params, request_id))
            return await asyncio.wait_for(future, timeout)
        finally:
            self._pending.pop(request_id, None)

    async def notify(self, method: str, params: Any = None) -> None:
        """Sends a notification: no response comes back, even on failure (the daemon logs it)."""
        await self._send(self._message(method, params))

    @staticmethod
    def _message(method: str, params: Any, request_id: Any = None) -> dict:
        message: dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if request_id is not None:
            message["id"] = request_id
        if params is not None:
            message["params"] = params
        return message

    async def _send(self, message: dict) -> None:
        # One write per message: lines never interleave, whichever task sends.
        line = json.dumps(message, separators=(",", ":"), ensure_ascii=False) + "\n"
        stdin = self._process.stdin
        if stdin is None or stdin.is_closing():
            raise ConnectionError("the daemon's stdin is closed")
        stdin.write(line.encode("utf-8"))
        try:
            await stdin.drain()
        except (BrokenPipeError, ConnectionResetError) as error:
            raise ConnectionError("switchboard has exited") from error

    # MARK: Outputs

    def on_output(
        self,
        callback: OutputCallback,
        vm: Optional[str] = None,
        output: Optional[str] = None,
    ) -> Callable[[], None]:
        """Calls ``callback(Output)`` for each output notification, or only for those of
        instance ``vm`` and/or output ``output``. Returns a function that removes it.

        Callbacks run on the reader task in the daemon's order. A callback that returns an
        awaitable is run as a task of its own, so a slow one never delays reading.
        """
        entry = (vm, output, callback)
        self._output_callbacks.append(entry)

        def remove() -> None:
            if entry in self._output_callbacks:
                self._output_callbacks.remove(entry)

        return remove

    async def next_output(
        self,
        vm: Optional[str] = None,
        output: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Output:
        """Waits for the next output matching ``vm`` and ``output``. Call it (or create the
        task) before the request that causes the output, or the output may be missed."""
        future: asyncio.Future = asyncio.get_running_loop().create_future()

        def resolve(value: Output) -> None:
            if not future.done():
                future.set_result(value)

        remove = self.on_output(resolve, vm=vm, output=output)
        try:
            return await asyncio.wait_for(future, timeout)
        finally:
            remove()

    # MARK: Service delegation

    def serve(self, method: str, handler: ServiceHandler) -> None:
        """Answers the daemon's delegated calls of ``method`` (``"registerService/register"``…)
        with ``await handler(params)``.

        The handler's return value is sent as the result. If it raises :class:`RpcError`, that
        error is sent; any other exception is sent as error ``-32000`` with the exception's
        text as the message (the view model sees it as the failure's reason). Calls of a method
        without a handler are answered ``-32601``.
        """
        self._services[method] = handler

    async def _answer(self, request: dict) -> None:
        request_id = request.get("id")
        method = request.get("method")
        handler = self._services.get(method)
        try:
            if handler is None:
                raise RpcError(METHOD_NOT_FOUND, f"the client serves no method '{method}'")
            reply = {"jsonrpc": "2.0", "id": request_id, "result": await handler(request.get("params"))}
        except RpcError as error:
            reply = {"jsonrpc": "2.0", "id": request_id, "error": error.to_json()}
        except Exception as error:  # a handler's failure becomes the service's failure
            log.debug("service handler for %s raised", method, exc_info=True)
            reply = {"jsonrpc": "2.0", "id": request_id, "error": {"code": SERVICE_FAILED, "message": str(error)}}
        try:
            await self._send(reply)
        except ConnectionError:
            log.debug("could not answer %s: the daemon has gone", request_id)

    # MARK: Reading

    async def _read_loop(self) -> None:
        stdout = self._process.stdout
        assert stdout is not None
        try:
            while True:
                line = await stdout.readline()
                if not line:
                    break
                try:
                    message = json.loads(line)
                except ValueError:
                    log.warning("not JSON from switchboard: %r", line[:200])
                    continue
                for item in message if isinstance(message, list) else [message]:
                    self._dispatch(item)
        finally:
            self._stdout_closed = True
            for future in self._pending.values():
                if not future.done():
                    future.set_exception(ConnectionError("switchboard exited before answering"))

    def _dispatch(self, message: Any) -> None:
        if not isinstance(message, dict):
            log.warning("unexpected message from switchboard: %r", message)
        elif "method" in message and "id" in message:
            self._spawn(self._answer(message))
        elif message.get("method") == "output":
            self._deliver(message.get("params") or {})
        elif "method" in message:
            log.info("notification %s ignored", message["method"])
        else:
            future = self._pending.get(message.get("id"))
            if future is None or future.done():
                # For example a parse error, which has id null.
                log.warning("response matches no request: %s", message)
            elif "error" in message:
                error = message["error"]
                future.set_exception(RpcError(error.get("code"), error.get("message"), error.get("data")))
            else:
                future.set_result(message.get("result"))

    def _deliver(self, params: dict) -> None:
        output = Output(
            vm=params.get("vm"),
            output=params.get("output"),
            value=params.get("value"),
            seq=params.get("seq"),
            cause=params.get("cause") or {},
        )
        for vm, name, callback in list(self._output_callbacks):
            if (vm is None or vm == output.vm) and (name is None or name == output.output):
                try:
                    result = callback(output)
                except Exception:
                    log.exception("output callback failed")
                    continue
                if inspect.isawaitable(result):
                    self._spawn(result)

    def _spawn(self, awaitable: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(awaitable)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # MARK: Closing

    async def close(self) -> int:
        """Closes the daemon's stdin (end of input), reads what it still writes, waits for it to
        exit and returns its exit status (0 after a clean end).

        Delegated calls still unanswered then fail in the daemon ("the client disconnected
        before answering"), whose outputs the callbacks still receive; the handlers still
        running for them are cancelled, since nobody can use their answers.
        """
        stdin = self._process.stdin
        if stdin is not None and not stdin.is_closing():
            stdin.close()
            try:
                await stdin.wait_closed()
            except (BrokenPipeError, ConnectionResetError):
                pass
        await self._reader
        status = await self._process.wait()
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)
        return status

    @property
    def returncode(self) -> Optional[int]:
        """The daemon's exit status once it has exited, else ``None``."""
        return self._process.returncode
