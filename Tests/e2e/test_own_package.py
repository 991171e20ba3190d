#!/usr/bin/env python3
"""A package of one's own, as a user makes it: examples/SearchBox copied outside the
repository, depending on Switchboard through a git URL and a version tag of a local clone of
this repository's HEAD, built by a plain `swift build -c release`, and its binary run as
`serve` (JSON-RPC on a pipe), `repl` (piped), `mcp` (initialize, tools/list) and
`test search.transcript`.

    python3 Tests/e2e/test_own_package.py       (about 3 minutes: a release build)

The clone is of HEAD: what is not committed is not tested."""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(__file__))
from harness import main  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TAG = "0.1.0"


class OwnPackage(unittest.TestCase):
    work = None
    binary = None

    @classmethod
    def setUpClass(cls):
        cls.work = tempfile.mkdtemp(prefix="own-package-")
        clone = os.path.join(cls.work, "switchboard")
        subprocess.run(["git", "clone", "--quiet", ROOT, clone], check=True)
        subprocess.run(["git", "-C", clone, "tag", "-f", TAG], check=True, capture_output=True)
        package = os.path.join(cls.work, "SearchBox")
        shutil.copytree(os.path.join(ROOT, "examples", "SearchBox"), package,
                        ignore=shutil.ignore_patterns(".build", ".swiftpm", "Package.resolved"))
        manifest_path = os.path.join(package, "Package.swift")
        with open(manifest_path) as f:
            manifest = f.read()
        dependency = f'.package(url: "file://{clone}", from: "{TAG}")'
        manifest, count = re.subn(r'\.package\(name: "Switchboard", path: "[^"]*"\)', dependency, manifest)
        assert count == 1, "examples/SearchBox/Package.swift: the path dependency was not found"
        with open(manifest_path, "w") as f:
            f.write(manifest)
        build = subprocess.run(["swift", "build", "-c", "release"], cwd=package, capture_output=True, timeout=1800)
        if build.returncode != 0:
            raise AssertionError("swift build -c release failed:\n" + build.stdout.decode()[-4000:] + build.stderr.decode()[-4000:])
        cls.package = package
        cls.binary = os.path.join(package, ".build", "release", "search-box")

    @classmethod
    def tearDownClass(cls):
        if cls.work:
            shutil.rmtree(cls.work, ignore_errors=True)

    def run_binary(self, *args, input=b""):
        return subprocess.run([self.binary, *args], input=input, capture_output=True, timeout=60, cwd=self.package)

    def test_the_package_resolved_switchboard_by_its_tag(self):
        resolved = subprocess.run(["swift", "package", "show-dependencies", "--format", "json"], cwd=self.package,
                                  capture_output=True, timeout=300, check=True)
        dependencies = json.loads(resolved.stdout)["dependencies"]
        switchboard = next(d for d in dependencies if d["name"].lower() == "switchboard")
        self.assertEqual(switchboard["version"], TAG)
        self.assertTrue(switchboard["url"].rstrip("/").endswith(os.path.join(self.work, "switchboard")), switchboard["url"])

    def test_serve_answers_json_rpc_on_a_pipe(self):
        line = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "search.queryChanged", "params": ["ap"]}) + "\n"
        result = self.run_binary("serve", "--clock", "virtual", input=(line + '{"jsonrpc":"2.0","id":2,"method":"advance","params":[300]}\n').encode())
        self.assertEqual(result.returncode, 0, result.stderr)
        lines = [json.loads(l) for l in result.stdout.decode().splitlines()]
        outputs = [(l["params"]["output"], l["params"]["value"]) for l in lines if l.get("method") == "output"]
        self.assertEqual(outputs, [("isSearching", False), ("isSearching", True), ("results", ["apple", "apricot"]), ("isSearching", False)])
        self.assertEqual(lines[-1], {"jsonrpc": "2.0", "id": 2, "result": {"now": 300}})
        # The default on a pipe is serve, as for switchboard.
        plain = self.run_binary(input=b'{"jsonrpc":"2.0","id":1,"method":"list"}\n')
        self.assertEqual(json.loads(plain.stdout), {"jsonrpc": "2.0", "id": 1, "result": []})

    def test_repl_piped_runs_and_reports_failures_in_its_status(self):
        good = self.run_binary("repl", input=b"search.queryChanged ap\n.list\n")
        self.assertEqual(good.returncode, 0, good.stderr)
        self.assertIn("search.isSearching = true", good.stdout.decode())
        bad = self.run_binary("repl", input=b"search.nope\n")
        self.assertEqual(bad.returncode, 1)
        self.assertIn("queryChanged", bad.stdout.decode() + bad.stderr.decode())

    def test_mcp_lists_the_search_tools(self):
        messages = [
            {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}},
            {"jsonrpc": "2.0", "method": "notifications/initialized"},
            {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
        ]
        result = self.run_binary("mcp", input="".join(json.dumps(m) + "\n" for m in messages).encode())
        self.assertEqual(result.returncode, 0, result.stderr)
        answers = {l["id"]: l for l in map(json.loads, result.stdout.decode().splitlines()) if "id" in l}
        self.assertEqual(answers[1]["result"]["serverInfo"]["name"], "search-box")
        self.assertEqual(answers[1]["result"]["serverInfo"]["version"], "1.0.0")
        tools = {tool["name"]: tool for tool in answers[2]["result"]["tools"]}
        self.assertIn("search.queryChanged", tools)
        self.assertIn("query", tools["search.queryChanged"]["inputSchema"]["properties"])

    def test_test_replays_the_transcript(self):
        result = self.run_binary("test", "--color", "never", "search.transcript")
        self.assertEqual(result.returncode, 0, result.stdout.decode() + result.stderr.decode())
        self.assertTrue(result.stdout.decode().strip().endswith("1 passed, 0 failed"), result.stdout)

    def test_help_and_version_name_the_package(self):
        self.assertEqual(self.run_binary("--version").stdout.decode().strip(), "1.0.0")
        help_text = self.run_binary("--help").stdout.decode()
        self.assertIn("USAGE: search-box", help_text)
        for command in ("serve", "mcp", "repl", "test"):
            self.assertIn(command, help_text)
        bad = self.run_binary("serve", "--max-instances", "0")
        self.assertEqual(bad.returncode, 64)
        self.assertIn("--max-instances", bad.stderr.decode())


if __name__ == "__main__":
    main(sys.modules[__name__])
