"""`switchboard mcp` under the official Python SDK's high-level client (`mcp` 2.3.0) in its
three modes: `legacy` (the initialize handshake), `auto` (the SDK probes with server/discover
and must settle on 2026-07-28) and pinned to `2026-07-28` (no probe at all). In each: list the
tools, create an instance, drive the signup screen to its alert, read the instance's resource,
and receive an update after an input changes an output (a subscriptions/listen stream in the
stateless revision, resources/subscribe in the handshake era). Then bad input in the stateless
revision, line by line over a raw pipe: an unknown tool, wrong argument types, an unsupported
version (-32022 with the list), a listen for an unknown resource, no _meta at all; each a clear
error, the connection still serving."""

import json
import os
import subprocess
import sys
import unittest
import warnings

import anyio

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "e2e"))
import harness  # noqa: E402

from mcp import Client  # noqa: E402
from mcp.client.stdio import StdioServerParameters  # noqa: E402
from mcp.shared.exceptions import MCPError  # noqa: E402

warnings.filterwarnings("ignore", message="resources/subscribe is removed")
REVISION = "2026-07-28"
ENVELOPE = {"io.modelcontextprotocol/protocolVersion": REVISION, "io.modelcontextprotocol/clientCapabilities": {}}


def run(body):
    async def bounded():
        with anyio.fail_after(60):
            await body()
    anyio.run(bounded)


class SDKModes(unittest.TestCase):
    def drive(self, mode, expected_version):
        async def body():
            params = StdioServerParameters(command=harness.BIN, args=["mcp"])
            async with Client(params, mode=mode, read_timeout_seconds=20) as client:
                self.assertEqual(client.protocol_version, expected_version)
                listed = await client.list_tools()
                names = [tool.name for tool in listed.tools]
                self.assertIn("signup.nameChanged", names)
                self.assertIn("create.signup", names)
                self.assertEqual(names, sorted(names, key=names.index), "a fixed order")
                snapshot = next(tool for tool in listed.tools if tool.name == "snapshot")
                self.assertTrue(snapshot.annotations.read_only_hint)
                self.assertIsNotNone(snapshot.output_schema)
                created = await client.call_tool("create.signup", {"id": "s"})
                self.assertFalse(created.is_error, created)
                self.assertEqual(created.structured_content["result"], {"id": "s", "type": "signup"})
                if expected_version == REVISION:
                    async with client.listen(resource_subscriptions=["switchboard://instance/s"], resources_list_changed=True) as stream:
                        await client.call_tool("signup.viewDidLoad", {"instance": "s"})
                        events = []
                        with anyio.move_on_after(10):
                            async for event in stream:
                                events.append(event)
                                break
                        self.assertTrue(any(getattr(e, "uri", None) == "switchboard://instance/s" for e in events), events)
                else:
                    await client.call_tool("signup.viewDidLoad", {"instance": "s"})
                for tool, arguments in (("signup.nameChanged", {"name": "Lisa"}), ("signup.emailChanged", {"email": "lisa@rules.com"}),
                                        ("signup.passwordChanged", {"password": "password123"})):
                    result = await client.call_tool(tool, {"instance": "s", **arguments})
                    self.assertFalse(result.is_error, result)
                pressed = await client.call_tool("signup.submitButtonPressed", {"instance": "s"})
                outputs = pressed.structured_content["outputs"]
                self.assertIn({"instance": "s", "output": "alertMessage", "value": "Successful"}, outputs)
                self.assertIn("s.alertMessage = \"Successful\"", pressed.content[0].text, "the same outputs as text")
                read = await client.read_resource("switchboard://instance/s")
                self.assertEqual(json.loads(read.contents[0].text)["alertMessage"], "Successful")
                try:
                    await client.read_resource("switchboard://instance/nobody")
                    self.fail("an unknown instance was read")
                except MCPError as error:
                    self.assertEqual(error.code, -32602 if expected_version == REVISION else -32002)
        run(body)

    def test_legacy_mode_speaks_the_handshake(self):
        self.drive("legacy", "2025-11-25")

    def test_auto_mode_negotiates_the_current_revision(self):
        self.drive("auto", REVISION)

    def test_pinned_mode_needs_no_probe(self):
        self.drive(REVISION, REVISION)


class StatelessBadInput(unittest.TestCase):
    """Raw lines, each answered as the revision says, on one connection that keeps serving."""

    def exchange(self, *messages):
        lines = "".join(json.dumps(message) + "\n" for message in messages)
        result = subprocess.run([harness.BIN, "mcp"], input=lines.encode(), capture_output=True, timeout=30)
        self.assertEqual(result.returncode, 0, result.stderr)
        return {message.get("id"): message for message in map(json.loads, result.stdout.decode().splitlines()) if "id" in message}

    @staticmethod
    def request(id, method, params=None, meta=ENVELOPE):
        params = dict(params or {})
        if meta is not None:
            params["_meta"] = meta
        return {"jsonrpc": "2.0", "id": id, "method": method, "params": params}

    def test_every_bad_request_is_a_clear_error_and_the_connection_serves_on(self):
        answers = self.exchange(
            self.request(1, "server/discover"),
            self.request(2, "tools/call", {"name": "signup.nameChangd", "arguments": {}}),
            self.request(3, "tools/call", {"name": "signup.nameChanged", "arguments": {"name": 42}}),
            self.request(4, "tools/list", meta={"io.modelcontextprotocol/protocolVersion": "2099-01-01", "io.modelcontextprotocol/clientCapabilities": {}}),
            self.request(5, "subscriptions/listen", {"notifications": {"resourceSubscriptions": ["switchboard://instance/nobody"]}}),
            self.request(6, "tools/list", meta=None),
            self.request(7, "ping"),
            self.request(8, "initialize", {"protocolVersion": "2025-11-25", "capabilities": {}}, meta=None),
            self.request(9, "tools/list"),
        )
        discovered = answers[1]["result"]
        self.assertEqual(discovered["resultType"], "complete")
        self.assertEqual(discovered["supportedVersions"][0], REVISION)
        self.assertIn("2025-11-25", discovered["supportedVersions"])
        self.assertEqual(discovered["_meta"]["io.modelcontextprotocol/serverInfo"]["name"], "switchboard")
        self.assertEqual(answers[2]["error"]["code"], -32602)
        self.assertIn("did you mean 'signup.nameChanged'", answers[2]["error"]["message"])
        self.assertTrue(answers[3]["result"]["isError"], "a wrong argument type is a tool error a model can correct")
        self.assertIn("name", answers[3]["result"]["content"][0]["text"])
        self.assertEqual(answers[4]["error"]["code"], -32022)
        self.assertEqual(answers[4]["error"]["data"], {"supported": [REVISION], "requested": "2099-01-01"})
        self.assertEqual(answers[5]["error"]["code"], -32602)
        self.assertEqual(answers[5]["error"]["data"], {"uri": "switchboard://instance/nobody"})
        self.assertEqual(answers[6]["error"]["code"], -32602)
        self.assertIn("_meta", answers[6]["error"]["message"])
        self.assertEqual(answers[7]["error"]["code"], -32601, "ping is gone from the revision")
        self.assertEqual(answers[8]["error"]["code"], -32022)
        self.assertEqual(answers[8]["error"]["data"]["supported"], [REVISION])
        listed = answers[9]["result"]
        self.assertEqual((listed["resultType"], listed["cacheScope"]), ("complete", "public"))
        self.assertGreater(listed["ttlMs"], 0)

    def test_a_stream_is_acknowledged_stamped_and_ended_by_the_client(self):
        lines = [
            self.request(1, "tools/call", {"name": "create.signup", "arguments": {"id": "s"}}),
            self.request("listen-1", "subscriptions/listen", {"notifications": {"resourceSubscriptions": ["switchboard://instance/s"], "resourcesListChanged": True, "toolsListChanged": True}}),
            self.request(2, "tools/call", {"name": "signup.viewDidLoad", "arguments": {"instance": "s"}}),
            self.request(3, "tools/call", {"name": "create.signin", "arguments": {}}),
            {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": "listen-1"}},
            self.request(4, "tools/call", {"name": "signup.nameChanged", "arguments": {"instance": "s", "name": "x"}}),
            self.request(5, "tools/call", {"name": "create.register", "arguments": {}}),
        ]
        result = subprocess.run([harness.BIN, "mcp"], input="".join(json.dumps(l) + "\n" for l in lines).encode(), capture_output=True, timeout=30)
        messages = [json.loads(l) for l in result.stdout.decode().splitlines()]
        stream = [m for m in messages if m.get("params", {}).get("_meta", {}).get("io.modelcontextprotocol/subscriptionId") == "listen-1"]
        self.assertEqual(stream[0]["method"], "notifications/subscriptions/acknowledged", "the acknowledgement comes first")
        self.assertEqual(stream[0]["params"]["notifications"], {"resourceSubscriptions": ["switchboard://instance/s"], "resourcesListChanged": True},
                         "tools never change: toolsListChanged is not granted")
        methods = [m["method"] for m in stream[1:]]
        self.assertEqual(methods, ["notifications/resources/updated", "notifications/resources/list_changed"])
        unstamped = [m for m in messages if "method" in m and "io.modelcontextprotocol/subscriptionId" not in m.get("params", {}).get("_meta", {})]
        self.assertEqual(unstamped, [], "nothing travels outside a stream")
        self.assertNotIn("listen-1", [m.get("id") for m in messages], "a stream the client ended gets no response")
        self.assertEqual({m.get("id") for m in messages if "result" in m}, {1, 2, 3, 4, 5})

    def test_a_long_advance_reports_its_progress(self):
        lines = [self.request(1, "tools/call", {"name": "advance", "arguments": {"ms": 5000}, "_meta": dict(ENVELOPE, progressToken="p")}, meta=None)]
        result = subprocess.run([harness.BIN, "mcp", "--clock", "virtual"], input="".join(json.dumps(l) + "\n" for l in lines).encode(), capture_output=True, timeout=30)
        messages = [json.loads(l) for l in result.stdout.decode().splitlines()]
        progress = [m["params"] for m in messages if m.get("method") == "notifications/progress"]
        self.assertEqual([p["progress"] for p in progress], list(range(500, 5001, 500)))
        self.assertTrue(all(p["progressToken"] == "p" and p["total"] == 5000 for p in progress))
        self.assertEqual(messages[-1]["result"]["structuredContent"]["result"], {"now": 5000})


if __name__ == "__main__":
    harness.main(sys.modules[__name__])
