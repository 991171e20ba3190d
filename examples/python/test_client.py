#!/usr/bin/env python3
"""Tests of switchboard_client against the real daemon, over real pipes.

Usage: python3 examples/python/test_client.py [-v]
The binary is $SWITCHBOARD, else the repository's .build/release or .build/debug build.
Ends with "N passed, M failed" and exits 1 if anything failed.
"""

import asyncio
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from switchboard_client import Client, Output, RpcError  # noqa: E402

USERNAME = "mariano@zerously.com"
PASSWORD = "pa55worD"


class ClientTestCase(unittest.IsolatedAsyncioTestCase):
    """Starts a daemon per test (with `daemon_args`) and checks it exits 0 at the end."""

    daemon_args: tuple = ()

    async def asyncSetUp(self):
        self.client = await Client.start(args=self.daemon_args, stderr=asyncio.subprocess.DEVNULL)
        self.outputs: list[Output] = []
        self.client.on_output(self.outputs.append)

    async def asyncTearDown(self):
        if self.client.returncode is None:
            self.assertEqual(await asyncio.wait_for(self.client.close(), 10), 0)

    async def until(self, condition, timeout=10.0):
        """Waits until `condition()` holds (outputs arrive on the reader task)."""
        async def poll():
            while not condition():
                await asyncio.sleep(0.01)
        await asyncio.wait_for(poll(), timeout)

    def values(self, vm, output):
        return [o.value for o in self.outputs if o.vm == vm and o.output == output]

    async def fill_register_form(self, options):
        await self.client.call("create", {"type": "register", "id": "r", "options": options})
        await self.client.call("r.usernameChanged", [USERNAME])
        await self.client.call("r.passwordChanged", {"password": PASSWORD})


class CallTests(ClientTestCase):
    async def test_call_returnsResult(self):
        self.assertEqual(await self.client.call("list"), [])
        self.assertEqual(await self.client.call("create", {"type": "signup"}), {"id": "signup", "type": "signup"})
        self.assertEqual(await self.client.call("list"), [{"id": "signup", "type": "signup"}])

    async def test_call_unknownMethod_raisesRpcError(self):
        with self.assertRaises(RpcError) as raised:
            await self.client.call("lst")
        self.assertEqual(raised.exception.code, -32601)
        self.assertIn("did you mean 'list'?", raised.exception.message)

    async def test_call_wrongParameterType_raisesRpcErrorWithData(self):
        with self.assertRaises(RpcError) as raised:
            await self.client.call("signup.nameChanged", [42])
        self.assertEqual(raised.exception.code, -32602)
        self.assertEqual(raised.exception.data["parameter"], "name")
        self.assertEqual(raised.exception.data["expected"], "string or null")

    async def test_call_concurrentRequests_matchedById(self):
        ids = [f"i{n}" for n in range(20)]
        results = await asyncio.gather(*(self.client.call("create", {"type": "signin", "id": i}) for i in ids))
        self.assertEqual([result["id"] for result in results], ids)

    async def test_call_afterShutdown_raisesConnectionError(self):
        self.assertIsNone(await self.client.call("shutdown"))
        self.assertEqual(await self.client.close(), 0)
        with self.assertRaises(ConnectionError):
            await self.client.call("list")


class OutputTests(ClientTestCase):
    async def test_outputs_arriveBeforeTheirResponse(self):
        await self.client.call("signup.viewDidLoad")
        self.assertEqual(len(self.outputs), 1)
        output = self.outputs[0]
        self.assertEqual((output.vm, output.output, output.value, output.seq), ("signup", "submitButtonEnabled", False, 1))
        self.assertEqual(output.cause, {"kind": "request", "id": 1, "method": "signup.viewDidLoad"})

    async def test_onOutput_filtersByInstanceAndOutput(self):
        of_b, alerts = [], []
        self.client.on_output(of_b.append, vm="b")
        self.client.on_output(alerts.append, output="alertMessage")
        for vm, email in (("a", "a@b.com"), ("b", "not-an-email")):
            await self.client.call("create", {"type": "signup", "id": vm})
            await self.client.call(f"{vm}.viewDidLoad")
            await self.client.call(f"{vm}.nameChanged", [vm])
            await self.client.call(f"{vm}.emailChanged", [email])
            await self.client.call(f"{vm}.passwordChanged", ["password123"])
            await self.client.call(f"{vm}.submitButtonPressed")
        self.assertEqual(
            [(o.output, o.value) for o in of_b],
            [("submitButtonEnabled", False), ("submitButtonEnabled", True), ("alertMessage", "Unsuccessful")],
        )
        self.assertEqual([(o.vm, o.value) for o in alerts], [("a", "Successful"), ("b", "Unsuccessful")])

    async def test_onOutput_removeStopsDelivery(self):
        seen = []
        remove = self.client.on_output(seen.append)
        await self.client.call("signup.viewDidLoad")
        remove()
        await self.client.call("signup.nameChanged", ["Lisa"])
        await self.client.call("signup.emailChanged", ["lisa@rules.com"])
        await self.client.call("signup.passwordChanged", ["password123"])
        self.assertEqual([o.value for o in seen], [False])
        self.assertEqual(self.values("signup", "submitButtonEnabled"), [False, True])

    async def test_notify_getsNoResponseButCausesOutputs(self):
        await self.client.notify("signup.viewDidLoad")
        await self.client.notify("signup.nameChanged", [42])  # fails: logged by the daemon, never answered
        self.assertEqual(await self.client.call("snapshot", {"id": "signup"}), {"submitButtonEnabled": False})
        self.assertEqual(self.values("signup", "submitButtonEnabled"), [False])

    async def test_seq_increasesByOne(self):
        await self.client.call("signup.viewDidLoad")
        await self.fill_register_form({})
        self.assertEqual([o.seq for o in self.outputs], list(range(1, len(self.outputs) + 1)))


class DelegationTests(ClientTestCase):
    async def test_serve_result_feedsTheViewModel(self):
        during = []

        async def backend(params):
            self.assertEqual(params, {"vm": "r", "username": USERNAME, "password": PASSWORD})
            await asyncio.sleep(0.2)
            during.extend(self.values("r", "isRegistering"))
            return {"token": "from-python"}

        self.client.serve("registerService/register", backend)
        await self.fill_register_form({"service": "client"})
        registered = asyncio.ensure_future(self.client.next_output("r", "registered", timeout=10))
        await self.client.call("r.registerButtonPressed")
        output = await registered
        self.assertEqual(output.value, "from-python")
        self.assertEqual(output.cause, {"kind": "reply", "call": "sb-1"})
        self.assertEqual(during, [False, True])
        await self.until(lambda: len(self.values("r", "isRegistering")) == 3)
        self.assertEqual(self.values("r", "isRegistering"), [False, True, False])

    async def test_serve_rpcError_becomesTheFailureReason(self):
        async def backend(params):
            raise RpcError(1, "Dunno.", {"kind": "unreachable"})

        self.client.serve("registerService/register", backend)
        await self.fill_register_form({"service": "client"})
        message = asyncio.ensure_future(self.client.next_output("r", "errorMessage", timeout=10))
        await self.client.call("r.registerButtonPressed")
        self.assertIsNone((await message).value)  # the press clears the error first
        self.assertEqual((await self.client.next_output("r", "errorMessage", timeout=10)).value, "Dunno.")

    async def test_serve_exception_becomesTheFailureReason(self):
        async def backend(params):
            raise ValueError("the database is on fire")

        self.client.serve("registerService/register", backend)
        await self.fill_register_form({"service": "client"})
        await self.client.call("r.registerButtonPressed")
        await self.client.next_output("r", "isRegistering", timeout=10)
        self.assertEqual(self.values("r", "errorMessage"), [None, "the database is on fire"])

    async def test_noHandler_answersMethodNotFound(self):
        await self.fill_register_form({"service": "client"})
        await self.client.call("r.registerButtonPressed")
        await self.client.next_output("r", "isRegistering", timeout=10)
        self.assertEqual(self.values("r", "errorMessage"), [None, "the client serves no method 'registerService/register'"])


class VirtualTimeTests(ClientTestCase):
    daemon_args = ("--clock", "virtual")

    async def test_advance_runsTheSimulatedLatency(self):
        await self.fill_register_form({"latencyMs": 300})
        await self.client.call("r.registerButtonPressed")
        self.assertEqual(await self.client.call("advance", {"ms": 299}), {"now": 299})
        self.assertEqual(self.values("r", "registered"), [])
        self.assertEqual(await self.client.call("advance", {"ms": 1}), {"now": 300})
        self.assertEqual(self.values("r", "registered"), [f"token-{USERNAME}"])
        self.assertEqual(self.outputs[-1].cause, {"kind": "timer"})


class CloseTests(unittest.IsolatedAsyncioTestCase):
    async def test_close_returnsExitStatus(self):
        client = await Client.start()
        await client.call("signup.viewDidLoad")
        self.assertEqual(await client.close(), 0)
        self.assertEqual(client.returncode, 0)

    async def test_close_failsUnansweredDelegatedCalls(self):
        client = await Client.start(stderr=asyncio.subprocess.DEVNULL)
        started, cancelled = asyncio.Event(), []

        async def backend(params):
            started.set()
            try:
                await asyncio.Event().wait()  # never answers
            except asyncio.CancelledError:
                cancelled.append(True)
                raise

        client.serve("registerService/register", backend)
        errors = []
        client.on_output(errors.append, vm="r", output="errorMessage")
        await client.call("create", {"type": "register", "id": "r", "options": {"service": "client"}})
        await client.call("r.usernameChanged", [USERNAME])
        await client.call("r.passwordChanged", [PASSWORD])
        await client.call("r.registerButtonPressed")
        await asyncio.wait_for(started.wait(), 10)
        self.assertEqual(await asyncio.wait_for(client.close(), 10), 0)
        self.assertEqual([e.value for e in errors], [None, "the client disconnected before answering"])
        self.assertEqual(errors[-1].cause, {"kind": "disconnect"})
        self.assertEqual(cancelled, [True])

    async def test_asyncWith_closes(self):
        async with await Client.start() as client:
            self.assertEqual(await client.call("list"), [])
        self.assertEqual(client.returncode, 0)


def main() -> int:
    verbosity = 2 if "-v" in sys.argv[1:] else 1
    suite = unittest.defaultTestLoader.loadTestsFromModule(sys.modules[__name__])
    result = unittest.TextTestRunner(verbosity=verbosity, stream=sys.stdout).run(suite)
    failed = len(result.failures) + len(result.errors) + len(result.unexpectedSuccesses)
    passed = result.testsRun - failed - len(result.skipped)
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 and result.testsRun > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
