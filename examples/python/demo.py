#!/usr/bin/env python3
"""Drives Switchboard from Python: the signup form, then a registration whose backend is this
script.

1. Signup: fill the form and submit; every output is printed as it arrives.
2. Register with ``{"service": "client"}``: the daemon delegates ``registerService/register``
   to us. Our handler plays the backend, answers after a short sleep, and meanwhile the view
   model keeps ``isRegistering`` true.

Usage: python3 examples/python/demo.py [path/to/switchboard]
(or set SWITCHBOARD). Exits 0 if every expected output was seen, 1 otherwise.
"""

import asyncio
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from switchboard_client import Client, Output, RpcError  # noqa: E402

BACKEND_DELAY = 0.3  # seconds the pretend backend takes to answer
TOKEN = "token-from-python"


def show(output: Output) -> None:
    cause = output.cause.get("kind")
    if cause == "request":
        cause = f"request {output.cause.get('id')} ({output.cause.get('method')})"
    elif cause == "reply":
        cause = f"reply to {output.cause.get('call')}"
    print(f"  #{output.seq:<2} {output.vm}.{output.output} = {output.value!r}   <- {cause}")


async def signup(client: Client) -> list:
    print("== signup")
    seen = []
    client.on_output(lambda o: seen.append((o.output, o.value)), vm="signup")
    await client.call("signup.viewDidLoad")
    await client.call("signup.nameChanged", ["Lisa"])
    await client.call("signup.emailChanged", {"email": "lisa@rules.com"})
    await client.call("signup.passwordChanged", ["password123"])
    await client.call("signup.submitButtonPressed")
    expected = [("submitButtonEnabled", False), ("submitButtonEnabled", True), ("alertMessage", "Successful")]
    return [] if seen == expected else [f"signup outputs were {seen}, expected {expected}"]


async def register(client: Client) -> list:
    print("== register, with this script as the backend")
    problems = []
    is_registering = []
    client.on_output(lambda o: is_registering.append(o.value), vm="r", output="isRegistering")

    async def backend(params: dict) -> dict:
        print(f"  backend: asked to register {params['username']}; isRegistering is {is_registering[-1]}")
        await asyncio.sleep(BACKEND_DELAY)
        if is_registering[-1] is not True:
            problems.append("isRegistering was not true while the backend was working")
        print(f"  backend: answering after {BACKEND_DELAY} s")
        return {"token": TOKEN}

    client.serve("registerService/register", backend)
    await client.call("create", {"type": "register", "id": "r", "options": {"service": "client"}})
    await client.call("r.usernameChanged", ["mariano@zerously.com"])
    await client.call("r.passwordChanged", ["pa55worD"])
    registered = asyncio.ensure_future(client.next_output(vm="r", output="registered", timeout=10))
    await client.call("r.registerButtonPressed")
    try:
        token = (await registered).value
    except asyncio.TimeoutError:
        return problems + ["no 'registered' output within 10 s"]
    if token != TOKEN:
        problems.append(f"registered {token!r}, expected {TOKEN!r}")
    if is_registering != [False, True, False]:
        problems.append(f"isRegistering went {is_registering}, expected [False, True, False]")
    return problems


async def main() -> int:
    client = await Client.start(sys.argv[1] if len(sys.argv) > 1 else None)
    client.on_output(show)
    try:
        problems = await signup(client) + await register(client)
    except (RpcError, ConnectionError) as error:
        problems = [f"the conversation broke off: {error!r}"]
    finally:
        status = await client.close()
    if status != 0:
        problems.append(f"switchboard exited with status {status}")
    if problems:
        print("demo: FAILED")
        for problem in problems:
            print(f"  - {problem}")
        return 1
    print("demo: OK (signup succeeded; isRegistering stayed true until the Python backend answered)")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
