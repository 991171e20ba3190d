#!/usr/bin/env python3
"""`switchboard test --report` rendered in a real browser, and the non-exhaustive mode.

The report of every transcript under examples/transcripts plus one deliberately failing
transcript is opened in headless Chromium (Debian's `chromium`): the page's DOM as the browser
built it is checked (one timeline per transcript, marbles for the outputs, the failing one
marked with its structural diff), its console must stay silent (the page's Content Security
Policy turns any request for something outside the page into a console error), and a
screenshot is taken. With SCREENSHOT=PATH the screenshot is also saved there (the README's
picture is made this way: `SCREENSHOT=docs/report.png python3 Tests/report/test_report.py`).

    SWITCHBOARD=.build/debug/switchboard python3 Tests/report/test_report.py"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "e2e"))
from harness import BIN, main  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
EXAMPLES = os.path.join(ROOT, "examples", "transcripts")
SUCCESS = os.path.join(EXAMPLES, "signup-success.transcript")


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def headless(*arguments, timeout=120):
    """Runs headless Chromium; returns (stdout, stderr)."""
    command = [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
               "--no-first-run", "--disable-extensions", "--enable-logging=stderr", "--v=0", *arguments]
    result = subprocess.run(command, capture_output=True, timeout=timeout)
    return result.stdout.decode(errors="replace"), result.stderr.decode(errors="replace")


class Report(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if chromium() is None:
            raise unittest.SkipTest("no chromium on this machine (bash scripts/setup.sh --tests installs it)")
        cls.directory = tempfile.mkdtemp(prefix="report-")
        with open(SUCCESS) as file:
            text = file.read()
        # The alert's expected text changed: the run shows "Successful".
        failing = text.replace('"value":"Successful"', '"value":"Welcome"')
        assert failing != text
        cls.failing = os.path.join(cls.directory, "signup-welcome.transcript")
        with open(cls.failing, "w") as file:
            file.write(failing)
        cls.report = os.path.join(cls.directory, "report.html")
        cls.outcome = subprocess.run([BIN, "test", "--color", "never", "--report", cls.report, "examples/transcripts", cls.failing],
                                     capture_output=True, timeout=300, cwd=ROOT)
        cls.transcripts = len([name for name in os.listdir(EXAMPLES) if name.endswith(".transcript")]) + 1

    def test_the_run_fails_for_the_failing_transcript_and_writes_the_report(self):
        self.assertEqual(self.outcome.returncode, 1, self.outcome.stderr)
        self.assertTrue(self.outcome.stdout.decode().strip().endswith(f"{self.transcripts - 1} passed, 1 failed"))
        self.assertIn(b"at params.value: expected \"Welcome\", actual \"Successful\"", self.outcome.stdout, "the terminal shows the structural diff")
        self.assertTrue(os.path.getsize(self.report) > 1000)

    def test_the_browser_shows_a_timeline_per_transcript_with_marbles_and_the_diff(self):
        dom, log = headless("--dump-dom", "file://" + self.report)
        sections = re.findall(r'<section class="transcript"[^>]*data-verdict="(PASS|FAIL)"', dom)
        self.assertEqual(len(sections), self.transcripts, "one section per transcript")
        self.assertEqual(sections.count("FAIL"), 1)
        self.assertEqual(len(re.findall(r'<svg class="timeline"', dom)), self.transcripts, "one timeline per transcript")
        outputs = len(re.findall(r'class="marble output', dom))
        inputs = len(re.findall(r'class="marble input"', dom))
        self.assertGreater(outputs, self.transcripts, "marbles for the outputs")
        self.assertGreater(inputs, self.transcripts)
        self.assertEqual(len(re.findall(r'class="marble output unexpected"', dom)), 1, "the output that differs is marked")
        failing = dom[dom.index('data-verdict="FAIL"'):]
        failing = failing[:failing.index("</section>")]
        self.assertIn('class="diff"', failing)
        self.assertIn("params.value", failing)
        self.assertIn('<dd class="expected"><code>"Welcome"</code></dd>', failing)
        self.assertIn('<dd class="actual"><code>"Successful"</code></dd>', failing)
        self.assertNotRegex(dom, r'(src|href)="(https?:)?//', "nothing is loaded from elsewhere")
        console = [line for line in log.splitlines() if "CONSOLE" in line or "Refused to" in line]
        self.assertEqual(console, [], "the page's console stays silent")

    def test_a_screenshot_of_the_report(self):
        shot = os.path.join(self.directory, "report.png")
        _, log = headless(f"--screenshot={shot}", "--window-size=1400,1600", "--hide-scrollbars", "file://" + self.report)
        self.assertTrue(os.path.exists(shot), log[-2000:])
        with open(shot, "rb") as file:
            self.assertEqual(file.read(8), b"\x89PNG\r\n\x1a\n")
        self.assertGreater(os.path.getsize(shot), 20_000, "a real picture, not a blank page")
        target = os.environ.get("SCREENSHOT")
        if target:
            shutil.copyfile(shot, os.path.join(ROOT, target) if not os.path.isabs(target) else target)


class NonExhaustive(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.mkdtemp(prefix="non-exhaustive-")
        with open(SUCCESS) as file:
            self.lines = file.read().splitlines()

    def write(self, name, lines):
        path = os.path.join(self.directory, name)
        with open(path, "w") as file:
            file.write("\n".join(lines) + "\n")
        return path

    def status(self, path, *flags):
        return subprocess.run([BIN, "test", "--color", "never", *flags, path], capture_output=True, timeout=60)

    def test_an_unlisted_output_fails_by_default_and_passes_when_not_exhaustive(self):
        removed = [line for line in self.lines if '"output":"submitButtonEnabled","value":true' not in line]
        self.assertEqual(len(removed), len(self.lines) - 1)
        path = self.write("removed.transcript", removed)
        self.assertEqual(self.status(path).returncode, 1, "exhaustive by default")
        relaxed = self.status(path, "--non-exhaustive")
        self.assertEqual(relaxed.returncode, 0, relaxed.stdout)
        self.assertIn(b"1 unlisted output accepted", relaxed.stdout)
        header = self.write("header.transcript", ["! non-exhaustive"] + removed)
        self.assertEqual(self.status(header).returncode, 0, "the transcript's own header asks for it")
        report = os.path.join(self.directory, "r.html")
        self.assertEqual(self.status(header, "--report", report).returncode, 0)
        with open(report) as file:
            self.assertIn("accepted (non-exhaustive)", file.read(), "the report lists what was skipped")

    def test_swapped_outputs_fail_in_both_modes(self):
        first = next(i for i, l in enumerate(self.lines) if '"output":"submitButtonEnabled","value":true' in l)
        response = first + 1
        swapped = list(self.lines)
        swapped[first], swapped[response] = swapped[response], swapped[first]
        path = self.write("swapped.transcript", swapped)
        self.assertEqual(self.status(path).returncode, 1)
        self.assertEqual(self.status(path, "--non-exhaustive").returncode, 1)

    def test_the_terminal_diff_is_coloured_only_when_asked(self):
        lines = [line.replace('"value":"Successful"', '"value":"Nope"') for line in self.lines]
        path = self.write("changed.transcript", lines)
        plain = self.status(path)
        self.assertNotIn(b"\x1b[", plain.stdout)
        self.assertIn(b'at params.value: expected "Nope", actual "Successful"', plain.stdout)
        coloured = subprocess.run([BIN, "test", "--color", "always", path], capture_output=True, timeout=60)
        self.assertIn(b"\x1b[1mat params.value", coloured.stdout)


if __name__ == "__main__":
    main(sys.modules[__name__])
