"""`switchboard mcp` driven by a real MCP client nobody on this project wrote: the official
Python SDK (`mcp` on PyPI). It lists the tools, creates instances, calls inputs, reads and
subscribes to instance resources, and receives the updates, over the daemon's real stdio."""

import asyncio
import warnings
import json
import os
import subprocess
import sys
import unittest
from contextlib import AsyncExitStack

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "e2e"))
import harness  # noqa: E402  (the binary under test, and the runner's last line)

from mcp import ClientSession, StdioServerParameters  # noqa: E402
from mcp.client.stdio import stdio_client  # noqa: E402
import mcp.types as types  # noqa: E402


class Client:
    """One `switchboard mcp` process and an initialized SDK session, recording every resource
    update and log message the server sends."""

    def __init__(self, *arguments):
        self.arguments = list(arguments)
        self.updates = []
        self.logs = []
        self.updated = asyncio.Event()

    async def __aenter__(self):
        self.stack = AsyncExitStack()
        params = StdioServerParameters(command=harness.BIN, args=["mcp", *self.arguments])
        read, write = await self.stack.enter_async_context(stdio_client(params, errlog=open(os.devnull, "w")))
        self.session = await self.stack.enter_async_context(
            ClientSession(read, write, message_handler=self.on_message, logging_callback=self.on_log)
        )
        self.initialized = await self.session.initialize()
        return self

    async def __aexit__(self, *exc):
        await self.stack.aclose()

    async def on_message(self, message):
        # Notifications arrive wrapped (ServerNotification) or bare, depending on the SDK path.
        inner = getattr(message, "root", message)
        if isinstance(inner, types.ResourceUpdatedNotification):
            self.updates.append(str(inner.params.uri))
            self.updated.set()

    async def on_log(self, params):
        self.logs.append(params)

    async def call(self, name, arguments=None):
        return await self.session.call_tool(name, arguments or {})


# The face implements 2025-11-25, where resources/subscribe is current; the SDK warns that a
# later revision replaced it.
warnings.filterwarnings("ignore", message="resources/subscribe is removed")


def run(coroutine):
    return asyncio.run(asyncio.wait_for(coroutine, 30))


class MCPTests(unittest.TestCase):
    def test_initialize_names_the_protocol_and_capabilities(self):
        async def body():
            async with Client() as client:
                result = client.initialized
                self.assertEqual(result.protocol_version, "2025-11-25")
                self.assertEqual(result.server_info.name, "switchboard")
                self.assertTrue(result.capabilities.resources.subscribe)
                self.assertTrue(result.capabilities.resources.list_changed)
                self.assertIsNotNone(result.capabilities.tools)
                await client.session.send_ping()
        run(body())

    def test_tools_come_from_the_description(self):
        async def body():
            async with Client() as client:
                tools = {tool.name: tool for tool in (await client.session.list_tools()).tools}
                for name in ["create.signup", "signup.nameChanged", "signup.submitButtonPressed", "create.updateFriend",
                             "checkout.tokenCreated", "snapshot", "destroy", "list"]:
                    self.assertIn(name, tools)
                self.assertNotIn("advance", tools, "advance needs the virtual clock")
                schema = tools["signup.nameChanged"].input_schema
                self.assertEqual(set(schema["properties"]), {"instance", "name"})
                self.assertEqual(schema["properties"]["name"], {"type": ["string", "null"]})
                update = tools["create.updateFriend"].input_schema
                self.assertEqual(update["required"], ["options"])
                self.assertEqual(update["properties"]["options"]["required"], ["friendId"])
                register = tools["create.register"].input_schema["properties"]["options"]["properties"]
                self.assertEqual(register["outcome"]["enum"], ["token", "noToken", "failure"])
                self.assertIn("default 300", register["latencyMs"]["description"])
        run(body())

    def test_signup_end_to_end_with_outputs_in_the_results(self):
        async def body():
            async with Client() as client:
                created = await client.call("create.signup", {"id": "form"})
                self.assertFalse(created.is_error, created)
                self.assertEqual(created.structured_content["result"], {"id": "form", "type": "signup"})
                steps = [("signup.nameChanged", {"name": "Lisa"}), ("signup.emailChanged", {"email": "lisa@example.com"}),
                         ("signup.passwordChanged", {"password": "secret"})]
                outputs = []
                for tool, arguments in steps:
                    result = await client.call(tool, {"instance": "form", **arguments})
                    self.assertFalse(result.is_error, result)
                    outputs += result.structured_content["outputs"]
                self.assertEqual(outputs[-1], {"instance": "form", "output": "submitButtonEnabled", "value": True})
                pressed = await client.call("signup.submitButtonPressed", {"instance": "form"})
                self.assertEqual(pressed.structured_content["outputs"],
                                 [{"instance": "form", "output": "alertMessage", "value": "Successful"}])
                self.assertIn("form.alertMessage = \"Successful\"", pressed.content[0].text)
                snapshot = await client.call("snapshot", {"instance": "form"})
                self.assertEqual(snapshot.structured_content["result"], {"submitButtonEnabled": True, "alertMessage": "Successful"})
        run(body())

    def test_resources_read_subscribe_and_updates_after_a_delay(self):
        async def body():
            async with Client() as client:
                await client.call("create.register", {"id": "r", "options": {"latencyMs": 50}})
                listed = (await client.session.list_resources()).resources
                self.assertEqual([str(resource.uri) for resource in listed], ["switchboard://instance/r"])
                read = await client.session.read_resource("switchboard://instance/r")
                self.assertEqual(json.loads(read.contents[0].text), {"registerButtonEnabled": False, "isRegistering": False})
                await client.session.subscribe_resource("switchboard://instance/r")
                await client.call("register.usernameChanged", {"instance": "r", "username": "lisa-1234"})
                await client.call("register.passwordChanged", {"instance": "r", "password": "password1"})
                client.updates.clear()
                client.updated.clear()
                pressed = await client.call("register.registerButtonPressed", {"instance": "r"})
                self.assertIn({"instance": "r", "output": "isRegistering", "value": True}, pressed.structured_content["outputs"])
                # The service answers 50 ms later, on the real clock: the update arrives on its own.
                deadline = asyncio.get_running_loop().time() + 5
                while True:
                    read = json.loads((await client.session.read_resource("switchboard://instance/r")).contents[0].text)
                    if "registered" in read or asyncio.get_running_loop().time() > deadline:
                        break
                    await asyncio.sleep(0.02)
                self.assertEqual(read.get("registered"), "token-lisa-1234")
                self.assertGreaterEqual(client.updates.count("switchboard://instance/r"), 2, client.updates)
        run(body())

    def test_errors_split_between_protocol_and_tool(self):
        async def body():
            async with Client() as client:
                wrong = await client.call("signup.nameChanged", {"name": 5})
                self.assertTrue(wrong.is_error)
                self.assertIn("parameter 'name' of signup.nameChanged expects string or null, got integer", wrong.content[0].text)
                missing = await client.call("snapshot", {"instance": "nobody"})
                self.assertTrue(missing.is_error)
                bad_option = await client.call("create.register", {"options": {"latencyMs": -1}})
                self.assertTrue(bad_option.is_error)
                self.assertIn("option 'latencyMs' must be a number ≥ 0, got -1", bad_option.content[0].text)
                delegated = await client.call("create.checkout", {"options": {"service": "client"}})
                self.assertTrue(delegated.is_error)
                self.assertIn("cannot be \"client\" over MCP", delegated.content[0].text)
                with self.assertRaises(Exception) as unknown:
                    await client.call("signup.nameChange", {"name": "x"})
                self.assertIn("Unknown tool", str(unknown.exception))
                with self.assertRaises(Exception) as not_found:
                    await client.session.read_resource("switchboard://instance/nobody")
                self.assertIn("Resource not found", str(not_found.exception))
        run(body())

    def test_virtual_clock_offers_advance(self):
        async def body():
            async with Client("--clock", "virtual") as client:
                names = [tool.name for tool in (await client.session.list_tools()).tools]
                self.assertIn("advance", names)
                await client.call("create.register", {"id": "r", "options": {"latencyMs": 300}})
                await client.call("register.usernameChanged", {"instance": "r", "username": "lisa-1234"})
                await client.call("register.passwordChanged", {"instance": "r", "password": "password1"})
                await client.call("register.registerButtonPressed", {"instance": "r"})
                advanced = await client.call("advance", {"ms": 300})
                self.assertEqual(advanced.structured_content["result"], {"now": 300})
                self.assertIn({"instance": "r", "output": "registered", "value": "token-lisa-1234"},
                              advanced.structured_content["outputs"])
        run(body())


class StartTests(unittest.TestCase):
    """How `switchboard mcp` starts: without options it skips the argument parser (the
    daemon's fast path), so its answers must be those of the parsed `serve --face mcp`; and a
    person who types it at a terminal gets the server, not the REPL."""

    SCRIPT = b"".join([
        harness.request(1, "initialize", {"protocolVersion": "2025-11-25", "capabilities": {},
                                          "clientInfo": {"name": "t", "version": "1"}}),
        b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n',
        harness.request(2, "tools/list"),
        harness.request(3, "tools/call", {"name": "signup.nameChanged", "arguments": {"name": "Lisa"}}),
        harness.request(4, "tools/call", {"name": "signup.nameChange", "arguments": {}}),
        harness.request(5, "resources/list"),
        b'{"jsonrpc":"2.0","id":6,"method":"advance","params":{"ms":1}}\n',
    ])

    def answers(self, *arguments):
        process = subprocess.run([harness.BIN, *arguments], input=self.SCRIPT, capture_output=True, timeout=20)
        self.assertEqual(process.returncode, 0, process.stderr)
        return process.stdout

    def test_mcp_without_options_answers_as_the_parsed_face_does(self):
        fast = self.answers("mcp")
        self.assertEqual(fast, self.answers("serve", "--face", "mcp"))
        # Not two empty outputs: every request with an id is answered, the tool call with
        # its outputs, and the virtual clock's tool is not offered under the real one.
        lines = [json.loads(line) for line in fast.splitlines()]
        self.assertEqual([a["id"] for a in lines if "id" in a], [1, 2, 3, 4, 5, 6])
        answers = {a["id"]: a for a in lines if "id" in a}
        self.assertEqual(answers[1]["result"]["protocolVersion"], "2025-11-25")
        names = [tool["name"] for tool in answers[2]["result"]["tools"]]
        self.assertIn("signup.nameChanged", names)
        self.assertNotIn("advance", names)
        self.assertEqual(answers[3]["result"]["structuredContent"], {"result": None, "outputs": []})
        self.assertIn("did you mean 'signup.nameChanged'", answers[4]["error"]["message"])
        self.assertEqual(answers[5]["result"]["resources"][0]["uri"], "switchboard://instance/signup")
        self.assertEqual(answers[6]["error"]["code"], -32601)
        # An option still goes through the parser, and still takes effect.
        virtual = {a["id"]: a for a in map(json.loads, self.answers("mcp", "--clock", "virtual").splitlines()) if "id" in a}
        self.assertIn("advance", [tool["name"] for tool in virtual[2]["result"]["tools"]])

    def test_mcp_at_a_terminal_is_the_server_not_the_repl(self):
        import pexpect
        child = pexpect.spawn(harness.BIN, ["mcp"], timeout=10)
        try:
            child.sendline('{"jsonrpc":"2.0","id":1,"method":"ping"}')
            child.expect(rb'\{"jsonrpc":"2\.0","id":1,"result":\{\}\}')
            child.sendeof()
            child.expect(pexpect.EOF)
        finally:
            child.close()
        self.assertEqual(child.exitstatus, 0)


if __name__ == "__main__":
    harness.main(sys.modules[__name__])
