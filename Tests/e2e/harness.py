"""What the end-to-end suites share: the binary under test, request lines, and the runner that
ends with the `N passed, M failed` line CI reads."""

import json
import os
import sys
import unittest

BIN = os.environ.get("SWITCHBOARD", os.path.join(os.path.dirname(__file__), "..", "..", ".build", "debug", "switchboard"))


def request(id, method, params=None):
    """One JSON-RPC request line (with its newline)."""
    message = {"jsonrpc": "2.0", "id": id, "method": method}
    if params is not None:
        message["params"] = params
    return (json.dumps(message) + "\n").encode()


def main(module):
    """Runs the module's tests verbosely, prints `N passed, M failed` last, and exits 1 on any
    failure or error."""
    runner = unittest.TextTestRunner(verbosity=2)
    result = runner.run(unittest.defaultTestLoader.loadTestsFromModule(module))
    failed = len(result.failures) + len(result.errors)
    print(f"{result.testsRun - failed} passed, {failed} failed")
    sys.exit(1 if failed else 0)
