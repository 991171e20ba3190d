#!/usr/bin/env python3
"""The REPL driven as a person would: a real pseudo-terminal (pexpect), asserting on what the
terminal receives; plain mode through real pipes.

Run from the repository root after `swift build`:

    python3 Tests/repl/test_repl.py

The binary is $SWITCHBOARD_BIN, by default .build/debug/switchboard. The last line printed is
`N passed, M failed`; the exit status is non-zero when anything failed.
"""

import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import time
import unittest

import pexpect

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.environ.get("SWITCHBOARD_BIN", os.path.join(ROOT, ".build", "debug", "switchboard"))
# The prompt, with or without colour (the reset escape sits before the trailing space).
PROMPT = r"switchboard>(?:\x1b\[0m)? "
CONTINUATION = r"\.\.\.> "
TIMEOUT = 5


def environment(**overrides):
    """A clean environment: a terminal type, no history file unless asked, no NO_COLOR."""
    env = {key: value for key, value in os.environ.items() if key not in ("NO_COLOR", "XDG_STATE_HOME")}
    env.update({"TERM": "xterm", "SWITCHBOARD_HISTFILE": "", "LANG": "C.UTF-8"})
    for key, value in overrides.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return env


class Screen:
    """A small VT100-style screen: enough of xterm (cursor moves, erases, inserts and deletes)
    to see what a person would see, row by row, however libedit chose to draw it."""

    CSI = re.compile(r"\x1b\[([?>]?)([0-9;]*)([A-Za-z@])")

    def __init__(self, rows, columns):
        self.rows, self.columns = rows, columns
        self.grid = [[" "] * columns for _ in range(rows)]
        self.row = self.column = 0
        self.pending = ""

    # pexpect writes everything it reads here (logfile_read).
    def write(self, text):
        self.pending += text
        index = 0
        text = self.pending
        while index < len(text):
            character = text[index]
            if character == "\x1b":
                match = self.CSI.match(text, index)
                if match:
                    self.control(match.group(1), match.group(2), match.group(3))
                    index = match.end()
                    continue
                if re.fullmatch(r"\x1b(\[[?>]?[0-9;]*)?", text[index:]):
                    break  # an escape cut in two by the pty: wait for the rest
                index += 2  # ESC = , ESC > and the like: nothing to draw
                continue
            if character == "\r":
                self.column = 0
            elif character == "\n":
                self.line_feed()
            elif character == "\b":
                self.column = max(0, min(self.column, self.columns - 1) - 1)
            elif character >= " ":
                if self.column >= self.columns:
                    self.column = 0
                    self.line_feed()
                self.grid[self.row][self.column] = character
                self.column += 1
            index += 1
        self.pending = text[index:]

    def flush(self):
        pass

    def line_feed(self):
        if self.row == self.rows - 1:
            self.grid.pop(0)
            self.grid.append([" "] * self.columns)
        else:
            self.row += 1

    def control(self, private, parameters, final):
        numbers = [int(part) if part else 0 for part in parameters.split(";")] if parameters else []
        count = max(1, numbers[0]) if numbers else 1
        row = self.grid[self.row]
        column = min(self.column, self.columns - 1)
        if private:
            return
        if final == "A":
            self.row = max(0, self.row - count)
        elif final == "B":
            self.row = min(self.rows - 1, self.row + count)
        elif final == "C":
            self.column = min(self.columns - 1, self.column + count)
        elif final == "D":
            self.column = max(0, column - count)
        elif final == "G":
            self.column = min(self.columns - 1, count - 1)
        elif final in "Hf":
            self.row = min(self.rows - 1, max(1, numbers[0] if numbers else 1) - 1)
            self.column = min(self.columns - 1, max(1, numbers[1] if len(numbers) > 1 else 1) - 1)
        elif final == "K":
            mode = numbers[0] if numbers else 0
            start, end = {0: (column, self.columns), 1: (0, column + 1), 2: (0, self.columns)}.get(mode, (0, 0))
            row[start:end] = [" "] * (end - start)
        elif final == "J":
            row[column:] = [" "] * (self.columns - column)
            for below in range(self.row + 1, self.rows):
                self.grid[below] = [" "] * self.columns
        elif final == "P":
            del row[column:column + count]
            row.extend([" "] * (self.columns - len(row)))
        elif final == "@":
            row[column:column] = [" "] * count
            del row[self.columns:]

    def lines(self):
        """The rows with text, without trailing blanks."""
        rows = ["".join(row).rstrip() for row in self.grid]
        while rows and not rows[-1]:
            rows.pop()
        return rows

    def cursor_line(self):
        return "".join(self.grid[self.row]).rstrip()


class Terminal:
    """One REPL process on a pseudo-terminal: the raw stream for waiting, a screen for looking."""

    ROWS, COLUMNS = 40, 120

    def __init__(self, args=("repl",), program=None, columns=None, **env):
        """`program`: (command, arguments) that start the REPL instead of BINARY `args`;
        `columns`: the terminal's width (COLUMNS unless given)."""
        command, arguments = program or (BINARY, list(args))
        self.columns = columns or self.COLUMNS
        self.child = pexpect.spawn(
            command, arguments, env=environment(**env), encoding="utf-8",
            dimensions=(self.ROWS, self.columns), timeout=TIMEOUT,
        )
        self.display = Screen(self.ROWS, self.columns)
        self.child.logfile_read = self.display
        self.stream = ""

    def expect(self, pattern):
        """Waits for `pattern` (a regex) in the stream; returns the text up to and including it."""
        self.child.expect(pattern)
        text = self.child.before + self.child.after
        self.stream += text
        return text

    def expect_prompt(self):
        return self.expect(PROMPT)

    def type(self, text):
        self.child.send(text)

    def run(self, line):
        """Types a line and Enter; returns what it printed up to the next prompt."""
        self.type(line + "\r")
        return self.expect_prompt()

    def settle(self, seconds=0.3):
        """Lets the REPL finish drawing (after keys whose effect is only a redraw)."""
        try:
            self.child.expect(pexpect.TIMEOUT, timeout=seconds)
        except pexpect.EOF:
            pass
        self.stream += self.child.before or ""

    def finish(self):
        """Waits for the process to end; returns its exit status."""
        self.child.expect(pexpect.EOF)
        self.stream += self.child.before
        self.child.close()
        return self.child.exitstatus

    def close(self):
        if self.child.isalive():
            self.child.terminate(force=True)


class InteractiveTests(unittest.TestCase):
    def start(self, *args, **env):
        terminal = Terminal(args or ("repl",), **env)
        self.addCleanup(terminal.close)
        terminal.expect_prompt()
        return terminal

    def test_prompt_appears_and_switchboard_alone_is_the_repl_on_a_terminal(self):
        terminal = Terminal((), NO_COLOR="1")
        self.addCleanup(terminal.close)
        terminal.expect_prompt()
        self.assertEqual(terminal.display.cursor_line(), "switchboard>")
        self.assertIn("signup.submitButtonEnabled = false", terminal.run("signup.viewDidLoad"))
        self.assertEqual(terminal.display.lines()[-2:], ["signup.submitButtonEnabled = false", "switchboard>"])

    def test_tab_completes_type_names(self):
        terminal = self.start(NO_COLOR="1")
        terminal.type("sig\t")
        terminal.expect(PROMPT + "sign")
        # signup and signin share "sig": both are listed and the line grows to "sign".
        self.assertEqual(terminal.display.lines()[-3:], ["switchboard> sig", "signup  signin", "switchboard> sign"])
        terminal.type("u\t")
        terminal.expect(re.escape("p."))
        terminal.settle()
        self.assertEqual(terminal.display.cursor_line(), "switchboard> signup.")

    def test_tab_completes_an_input_and_shows_its_signature(self):
        terminal = self.start(NO_COLOR="1")
        terminal.run(".raw on")
        terminal.type("signup.na\t")
        terminal.expect(PROMPT + re.escape("signup.nameChanged "))
        self.assertEqual(terminal.display.lines()[-3:], [
            "switchboard> signup.na",
            "nameChanged(name: string or null) — The name field changed.",
            "switchboard> signup.nameChanged",
        ])
        sent = terminal.run('"Lisa"')
        self.assertIn('"method":"signup.nameChanged","params":["Lisa"]', sent)

    def test_tab_completes_dot_commands_and_labels(self):
        terminal = self.start(NO_COLOR="1")
        terminal.run("signup.viewDidLoad")
        terminal.type(".sn\t")
        terminal.expect("apshot ")
        terminal.settle()
        self.assertEqual(terminal.display.cursor_line(), "switchboard> .snapshot")
        terminal.type("sig\t")
        terminal.expect("nup")
        self.assertIn("signup.submitButtonEnabled = false", terminal.run(""))
        terminal.run(".raw on")
        terminal.type("signup.emailChanged \t")
        terminal.expect("email=")
        terminal.settle()
        self.assertEqual(terminal.display.cursor_line(), "switchboard> signup.emailChanged email=")
        sent = terminal.run('"lisa@rules.com"')
        self.assertIn('"params":{"email":"lisa@rules.com"}', sent)

    def test_async_output_appears_above_the_half_typed_line(self):
        terminal = self.start(NO_COLOR="1")
        if not re.search(r"^register\b", terminal.run(".types"), re.MULTILINE):
            self.skipTest("register is not in the registry on this branch yet; the same path is covered by "
                          "REPLTests.LineEditingTests.testAsyncOutput_PrintsAboveTheHalfTypedLineAndKeepsIt")
        terminal.run(".new register")
        terminal.run('register.usernameChanged "mariano@zerously.com"')
        terminal.run('register.passwordChanged "pa55worD"')
        terminal.run("register.registerButtonPressed")
        terminal.type("signup.nameCh")
        # After ~300 ms the outputs arrive; the prompt and the half-typed line are drawn again below
        # them. They may come in more than one redraw (under load the editor can wake between
        # them), so wait for the last of the three, which the view model sends after the others.
        terminal.expect(re.escape("register.isRegistering = false") + r"[\s\S]*?" + PROMPT + re.escape("signup.nameCh"))
        terminal.settle()
        lines = terminal.display.lines()
        self.assertEqual(lines[-1], "switchboard> signup.nameCh")
        self.assertEqual(lines[-4:-1], [
            'register.registered = "token-mariano@zerously.com"',
            "register.registerButtonEnabled = true",
            "register.isRegistering = false",
        ], "in the order the view model sent them, above the prompt")
        self.assertEqual(lines.count("switchboard> signup.nameCh"), 1, "the old half line was erased")
        # The line is intact in the editor: Enter sends exactly it.
        self.assertIn("has no input 'nameCh'", terminal.run(""))

    def test_virtual_clock_advance(self):
        terminal = self.start("repl", "--clock", "virtual", NO_COLOR="1")
        self.assertIn("clock at 300 ms", terminal.run(".advance 300"))
        self.assertIn("error -32004", self.start(NO_COLOR="1").run(".advance 1"))

    def test_errors_say_what_to_do(self):
        terminal = self.start(NO_COLOR="1")
        terminal.run("signup.nameChnged Lisa")
        self.assertEqual(terminal.display.lines()[-2], "  did you mean `nameChanged`?")
        terminal.run("signup.nameChanged [42]")
        self.assertEqual(terminal.display.lines()[-2], "  expected: nameChanged(name: string or null)")

    def test_multi_line_json_uses_the_continuation_prompt(self):
        terminal = self.start(NO_COLOR="1")
        terminal.type("{\r")
        terminal.expect(CONTINUATION)
        terminal.type('  "jsonrpc": "2.0", "id": 1,\r')
        terminal.expect(CONTINUATION)
        terminal.type('  "method": "signup.viewDidLoad"\r')
        terminal.expect(CONTINUATION)
        terminal.type("}\r")
        terminal.expect_prompt()
        self.assertEqual(terminal.display.lines()[-7:], [
            "switchboard> {",
            '...>   "jsonrpc": "2.0", "id": 1,',
            '...>   "method": "signup.viewDidLoad"',
            "...> }",
            "signup.submitButtonEnabled = false",
            "ok",
            "switchboard>",
        ])

    def test_text_wraps_at_spaces_with_a_hanging_indent(self):
        """At 100 columns, .types, .help register and an error message wrap between words,
        each continuation indented; no word is cut at the edge."""
        terminal = Terminal(("repl",), columns=100, NO_COLOR="1")
        self.addCleanup(terminal.close)
        terminal.expect_prompt()
        for command, phrase in ((".types", "locked after 3 failures."), (".help register", "(default builtin)"),
                                ("signup.nope", "its inputs are viewDidLoad, nameChanged, emailChanged, passwordChanged, submitButtonPressed")):
            with self.subTest(command=command):
                text = terminal.run(command)
                shown = [line for line in text.replace("\r", "").split("\n")[1:-1]]
                self.assertTrue(all(len(line) <= 100 for line in shown), shown)
                self.assertIn(phrase, " ".join(" ".join(shown).split()), shown)
                # A continuation line is indented: the text it continues is never cut.
                screen = terminal.display.lines()
                self.assertFalse(any(line.startswith(("fter", "efault")) for line in screen), screen)

    def test_history_survives_a_restart(self):
        home = tempfile.mkdtemp()
        self.addCleanup(subprocess.run, ["rm", "-rf", home])
        env = {"HOME": home, "SWITCHBOARD_HISTFILE": None, "NO_COLOR": "1"}
        first = self.start(**env)
        first.run('signup.nameChanged "Lisa"')
        first.run('signup.nameChanged "Lisa"')
        first.type("\x04")
        self.assertEqual(first.finish(), 0)
        path = os.path.join(home, ".local", "state", "switchboard", "history")
        with open(path, encoding="utf-8") as history:
            self.assertEqual(history.read(), 'signup.nameChanged "Lisa"\n')
        self.assertEqual(stat.S_IMODE(os.stat(path).st_mode), 0o600)
        second = self.start(**env)
        second.type("\x1b[A")
        second.expect(re.escape('signup.nameChanged "Lisa"'))
        second.settle()
        self.assertEqual(second.display.cursor_line(), 'switchboard> signup.nameChanged "Lisa"')

    def test_history_file_can_be_chosen_or_turned_off(self):
        directory = tempfile.mkdtemp()
        self.addCleanup(subprocess.run, ["rm", "-rf", directory])
        path = os.path.join(directory, "h")
        chosen = self.start(SWITCHBOARD_HISTFILE=path, HOME=directory, NO_COLOR="1")
        chosen.run(".list")
        chosen.type("\x04")
        chosen.finish()
        with open(path, encoding="utf-8") as history:
            self.assertEqual(history.read(), ".list\n")
        off = self.start(SWITCHBOARD_HISTFILE="/dev/null", HOME=directory, NO_COLOR="1")
        off.run(".types")
        off.type("\x04")
        off.finish()
        self.assertEqual(sorted(os.listdir(directory)), ["h"])

    def test_ctrl_c_clears_the_line_and_the_repl_still_answers(self):
        terminal = self.start(NO_COLOR="1")
        terminal.type("signup.nameCh")
        terminal.expect(re.escape("signup.nameCh"))
        terminal.child.sendintr()
        terminal.expect(re.escape("^C") + r"\r\n" + PROMPT)
        self.assertEqual(terminal.display.lines()[-2:], ["switchboard> signup.nameCh^C", "switchboard>"])
        terminal.child.sendintr()
        terminal.expect(re.escape("^C") + r"\r\n" + PROMPT)
        self.assertIn("signup.submitButtonEnabled = false", terminal.run("signup.viewDidLoad"))
        self.assertTrue(terminal.child.isalive())

    def test_ctrl_c_abandons_a_multi_line_input(self):
        terminal = self.start(NO_COLOR="1")
        terminal.type("[\r")
        terminal.expect(CONTINUATION)
        terminal.child.sendintr()
        terminal.expect(PROMPT)
        self.assertIn("signup.submitButtonEnabled = false", terminal.run("signup.viewDidLoad"))

    def test_ctrl_d_on_an_empty_line_exits_0(self):
        terminal = self.start(NO_COLOR="1")
        terminal.type("abc\x04")  # on a non-empty line it does not exit
        terminal.settle()
        self.assertTrue(terminal.child.isalive())
        terminal.type("\x15\x04")
        self.assertEqual(terminal.finish(), 0)

    def test_structured_results_are_laid_out_within_the_width(self):
        """describe on a 120-column terminal: indented members, no line of JSON structure
        wider than the screen (only long strings, which cannot break, may be)."""
        terminal = self.start(NO_COLOR="1")
        text = terminal.run("describe")
        lines = [line for line in text.splitlines() if line.strip()]
        self.assertIn('  "types": [', lines)
        width = Terminal.COLUMNS
        self.assertTrue(all(len(line) <= width or '"summary"' in line for line in lines), [l for l in lines if len(l) > width][:3])
        self.assertGreater(len(lines), 100)

    def test_ctrl_d_lets_a_call_in_flight_answer_before_leaving(self):
        """register's simulated service answers 300 ms after the press; Ctrl-D right after
        the press still shows its outputs, then exits 0."""
        terminal = self.start(NO_COLOR="1")
        terminal.run('.new register {"latencyMs": 300}')
        terminal.run("register.usernameChanged mariano@zerously.com")
        terminal.run("register.passwordChanged pa55worD")
        terminal.run("register.registerButtonPressed")
        terminal.type("\x04")
        self.assertEqual(terminal.finish(), 0)
        self.assertIn("waiting up to 5 s for 1 scheduled action in flight", terminal.stream)
        self.assertIn('register.registered = "token-mariano@zerously.com"', terminal.stream)

    def test_ctrl_z_suspends_and_fg_draws_the_line_again(self):
        if not os.access("/bin/bash", os.X_OK):
            self.skipTest("needs bash for job control")
        shell = pexpect.spawn("/bin/bash", ["--norc", "--noprofile", "-i"], encoding="utf-8", timeout=TIMEOUT,
                              env=environment(PS1="$ ", NO_COLOR="1"), dimensions=(40, 120))
        self.addCleanup(lambda: shell.terminate(force=True) if shell.isalive() else None)
        shell.expect(r"\$ ")
        shell.send(f"'{BINARY}' repl\r")
        shell.expect(PROMPT)
        shell.send("signup.nam")
        shell.expect("nam")
        shell.sendcontrol("z")
        shell.expect(r"Stopped[\s\S]*\$ ")
        shell.send("fg\r")
        shell.expect(PROMPT + re.escape("signup.nam"))
        shell.send("eChanged [42]\r")
        shell.expect(re.escape("expected: nameChanged(name: string or null)"))
        shell.expect(PROMPT)
        shell.sendcontrol("d")
        shell.expect(r"\$ ")
        shell.send("echo status=$?\r")
        shell.expect("status=0")

    def test_quit_exits_0(self):
        terminal = self.start(NO_COLOR="1")
        terminal.type(".quit\r")
        self.assertEqual(terminal.finish(), 0)

    def test_no_color_means_no_escape_sequences(self):
        terminal = self.start(NO_COLOR="1")
        terminal.run("signup.viewDidLoad")
        terminal.run("signup.nameChnged x")
        terminal.run(".help")
        terminal.type(".quit\r")
        terminal.finish()
        self.assertIn("signup.submitButtonEnabled = false", terminal.stream)
        self.assertNotIn("\x1b[", terminal.stream)

    def test_colour_on_a_terminal_by_default_and_off_with_color_never(self):
        coloured = self.start()
        self.assertIn("\x1b[36msignup.submitButtonEnabled\x1b[0m = \x1b[32mfalse\x1b[0m", coloured.run("signup.viewDidLoad"))
        self.assertIn("\x1b[31merror -32601", coloured.run("nobody.x"))
        self.assertIn("\x1b[1;32mswitchboard>\x1b[0m ", coloured.stream)
        plain = self.start("repl", "--color", "never")
        self.assertNotIn("\x1b[", plain.run("signup.viewDidLoad"))

    def test_dumb_terminal_says_so_and_keeps_a_prompt(self):
        # Without --prompt: a person at TERM=dumb still sees a prompt, and one line says why
        # line editing is off (a pseudo-terminal shows stderr on the same screen).
        terminal = self.start("repl", TERM="dumb")
        self.assertIn("TERM=dumb: line editing and colour are off", terminal.stream)
        self.assertIn("signup.submitButtonEnabled = false", terminal.run("signup.viewDidLoad"))
        self.assertEqual(terminal.stream.count("TERM=dumb"), 1, "said once")
        terminal.child.sendeof()
        self.assertEqual(terminal.finish(), 0)

    def test_dumb_terminal_gets_plain_mode_without_escapes(self):
        # An editor's shell buffer: no cursor motion, so no libedit; the prompt on request.
        terminal = self.start("repl", "--prompt", TERM="dumb")
        self.assertIn("signup.submitButtonEnabled = false", terminal.run("signup.viewDidLoad"))
        terminal.child.sendeof()
        self.assertEqual(terminal.finish(), 0)
        self.assertNotIn("\x1b", terminal.stream)


def without_libedit(*args):
    """A command running BINARY `args` where libedit cannot be loaded: in a private mount
    namespace, /dev/null is mounted over the library (root only; CI runs as root)."""
    if os.geteuid() != 0:
        raise unittest.SkipTest("hiding libedit needs root (a private mount namespace)")
    listing = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True).stdout
    paths = re.findall(r"libedit\.so\.2 \(libc6,x86-64\) => (\S+)", listing)
    if not paths:
        raise AssertionError("libedit.so.2 is not installed here, so there is nothing to hide")
    script = 'mount --bind /dev/null "$1" && shift && exec "$@"'
    return "unshare", ["-m", "sh", "-c", script, "sh", paths[0], BINARY, *args]


class WithoutLibeditTests(unittest.TestCase):
    """libedit is loaded when the REPL first edits a line, not at start-up: the daemon does not
    need it, and the REPL falls back to reading lines as typed."""

    def test_the_daemon_starts_and_answers_without_libedit(self):
        command, arguments = without_libedit("serve")
        request = '{"jsonrpc":"2.0","id":1,"method":"signup.nameChanged","params":["Lisa"]}\n'
        result = subprocess.run([command] + arguments, input=request, capture_output=True, text=True,
                                env=environment(), timeout=30)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout, '{"jsonrpc":"2.0","id":1,"result":null}\n')

    def test_the_repl_on_a_terminal_says_why_and_keeps_a_prompt(self):
        terminal = Terminal(program=without_libedit("repl"), NO_COLOR="1")
        self.addCleanup(terminal.close)
        terminal.expect_prompt()
        self.assertIn("line editing is off: cannot load libedit.so.2 (install libedit2)", terminal.stream)
        self.assertIn("signup.submitButtonEnabled = false", terminal.run("signup.viewDidLoad"))
        terminal.child.sendeof()
        self.assertEqual(terminal.finish(), 0)
        self.assertEqual(terminal.stream.count("line editing is off"), 1, "said once")

    def test_a_libedit_without_the_expected_symbols_is_refused_and_said_so(self):
        # A stand-in libedit.so.2 that loads but defines none of the functions: the loader
        # must refuse it (and close it) rather than call a missing symbol.
        compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
        if compiler is None:
            raise unittest.SkipTest("no C compiler to build the stand-in library")
        directory = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, directory)
        source = os.path.join(directory, "stand_in.c")
        with open(source, "w") as file:
            file.write("int switchboard_stand_in_libedit = 1;\n")
        subprocess.run([compiler, "-shared", "-fPIC", "-o", os.path.join(directory, "libedit.so.2"), source], check=True)
        terminal = Terminal(NO_COLOR="1", LD_LIBRARY_PATH=directory)
        self.addCleanup(terminal.close)
        terminal.expect_prompt()
        self.assertRegex(terminal.stream, r"line editing is off: libedit\.so\.2 has no \w+")
        self.assertIn("signup.submitButtonEnabled = false", terminal.run("signup.viewDidLoad"))
        terminal.child.sendeof()
        self.assertEqual(terminal.finish(), 0)


class PlainModeTests(unittest.TestCase):
    def run_binary(self, args, text, **env):
        return subprocess.run([BINARY] + args, input=text, capture_output=True, text=True,
                              env=environment(**env), timeout=30)

    def test_pipe_gives_readable_output_without_prompt(self):
        result = self.run_binary(["repl"], "signup.viewDidLoad\n")
        self.assertEqual(result.returncode, 0)
        self.assertEqual(result.stdout, "signup.submitButtonEnabled = false\n")
        self.assertEqual(result.stderr, "")

    def test_help_lists_the_session_options_not_the_daemon_transport(self):
        result = self.run_binary(["repl", "--help"], "")
        self.assertEqual(result.returncode, 0)
        for option in ["--clock", "--max-instances", "--data-file", "--color", "--prompt"]:
            self.assertIn(option, result.stdout)
        for option in ["--framing", "--max-line-bytes", "--max-output-buffer", "--log-level"]:
            self.assertNotIn(option, result.stdout)
        rejected = self.run_binary(["repl", "--framing", "lsp"], "")
        self.assertEqual(rejected.returncode, 64)
        self.assertIn("Unknown option '--framing'", rejected.stderr)

    def test_a_script_with_a_failed_command_exits_1(self):
        """Scripts and CI can rely on the status: 0 when everything worked, 1 when any command
        failed (an error response, a parse error, an unknown command)."""
        ok = self.run_binary(["repl"], "signup.viewDidLoad\nsignup.nameChanged Lisa\n")
        self.assertEqual(ok.returncode, 0, ok.stdout)
        for script in ["signup.nope\n", "signup.nameChanged \"unclosed\n", ".tpyes\n", ".help nothing\n"]:
            with self.subTest(script=script):
                result = self.run_binary(["repl"], "signup.viewDidLoad\n" + script + "signup.nameChanged Lisa\n")
                self.assertEqual(result.returncode, 1, result.stdout)
        self.assertIn("1 when any command failed", " ".join(self.run_binary(["repl", "--help"], "").stdout.split()))

    def test_bare_help_quit_exit_and_a_near_miss_meta_command(self):
        result = self.run_binary(["repl"], "help\n.tpyes\nquit\nsignup.viewDidLoad\n")
        self.assertIn("Commands", result.stdout)
        self.assertIn("did you mean .types?", result.stdout)
        self.assertNotIn("submitButtonEnabled", result.stdout, "quit left before the next line")

    def test_a_phone_number_typed_bare_is_sent_as_text(self):
        """The REPL knows the parameter is a string: 0612345678 and 5551234 go as text."""
        result = self.run_binary(["repl"], ".new addFriend as a {\"latencyMs\": 0}\n.raw on\n"
                                 "a.phonenumberChanged 0612345678\na.phonenumberChanged 5551234\n")
        self.assertEqual(result.returncode, 0, result.stdout)
        self.assertIn('"params":["0612345678"]', result.stdout)
        self.assertIn('"params":["5551234"]', result.stdout)
        self.assertNotIn("error", result.stdout)

    def test_a_recording_of_everything_a_session_can_do_replays_green(self):
        """Meta-commands, errors, implicit creation, a refused .advance on the real clock,
        outputs arriving later, the session's options: the transcript replays as recorded,
        is private (0600), and an unwritable path is refused at once."""
        import tempfile
        path = os.path.join(tempfile.mkdtemp(), "session.transcript")
        script = "\n".join([
            f".record {path}", "signup.viewDidLoad", "signup.nope", ".types", ".advance 10",
            '.new register {"latencyMs": 50}', "register.usernameChanged mariano@zerously.com",
            "register.passwordChanged pa55worD", "register.registerButtonPressed", ".list",
            ".snapshot signup", ".destroy signup", "signin.emailChanged x",
            ".record /nonexistent/dir/x.transcript", "",
        ])
        result = self.run_binary(["repl", "--max-instances", "50"], script)
        self.assertIn("cannot record to /nonexistent/dir/x.transcript: No such file or directory", result.stdout)
        self.assertEqual(os.stat(path).st_mode & 0o777, 0o600)
        with open(path) as file:
            text = file.read()
        self.assertIn("$ --max-instances 50", text)
        self.assertIn("# not replayed: advance needs the virtual clock", text)
        self.assertIn('"output":"registered"', text, "the late outputs were recorded")
        replay = subprocess.run([BINARY, "test", "--color", "never", path], capture_output=True, text=True, timeout=60)
        self.assertEqual(replay.returncode, 0, replay.stdout + replay.stderr)

    def test_help_of_a_type_lists_its_create_options(self):
        result = self.run_binary(["repl"], ".help register\n")
        self.assertIn('options  (.new register {"service": …})', result.stdout)
        self.assertIn("latencyMs: number ≥ 0", result.stdout)
        self.assertIn('outcome: "token"|"noToken"|"failure"', result.stdout)

    def test_piped_input_is_one_command_a_line(self):
        """A broken line is an error about that line alone; the lines after it run."""
        result = self.run_binary(["repl"], "{bad json\n.list\n.list\n")
        self.assertEqual(result.returncode, 1)
        self.assertIn("error -32700", result.stdout)
        self.assertEqual(result.stdout.count(self.run_binary(["repl"], ".list\n").stdout), 2, "both .list lines ran: " + result.stdout)
        result = self.run_binary(["repl"], '.new register {"latencyMs": 5\n.list\n')
        self.assertEqual(result.returncode, 1)
        error = [line for line in result.stdout.splitlines() if line.startswith("error")]
        self.assertEqual(len(error), 1, result.stdout)
        self.assertNotIn(".list", error[0], "the broken line's error is about it alone")
        self.assertTrue(result.stdout.endswith(self.run_binary(["repl"], ".list\n").stdout), "the .list after it ran")

    def test_bare_words_with_a_topic_and_other_tools_habits(self):
        dotted = self.run_binary(["repl"], ".help signup\n").stdout
        self.assertIn("nameChanged(name", dotted)
        result = self.run_binary(["repl"], "help signup\n? signup\n")
        self.assertEqual(result.returncode, 0, result.stdout)
        self.assertEqual(result.stdout, dotted + dotted, "help TYPE and ? TYPE are .help TYPE")
        cleared = self.run_binary(["repl"], "clear\n")
        self.assertEqual(cleared.returncode, 1)
        self.assertIn("Ctrl-L clears the screen", cleared.stdout)
        quit = self.run_binary(["repl"], "\\q\nsignup.viewDidLoad\n")
        self.assertEqual(quit.returncode, 0)
        self.assertNotIn("submitButtonEnabled", quit.stdout, "\\q left before the next line")
        psql = self.run_binary(["repl"], "\\dt\n")
        self.assertIn("commands start with a dot", psql.stdout)

    def test_timeline_writes_the_session_so_far(self):
        path = os.path.join(tempfile.mkdtemp(), "session.html")
        result = self.run_binary(["repl"], f"signup.viewDidLoad\nsignup.nameChanged Lisa\n.timeline {path}\n")
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn(f"wrote the timeline of 2 lines sent to {path}", result.stdout)
        with open(path) as file:
            page = file.read()
        self.assertIn('<svg class="timeline"', page)
        self.assertEqual(page.count('class="marble input"'), 2)
        self.assertEqual(page.count('class="marble output'), 1, "signup.submitButtonEnabled")
        self.assertIn("signup.submitButtonEnabled", page)
        bad = self.run_binary(["repl"], ".timeline /nonexistent/dir/x.html\n")
        self.assertEqual(bad.returncode, 1)
        self.assertIn("cannot write /nonexistent/dir/x.html", bad.stdout)

    def test_messages_say_each_thing_once(self):
        result = self.run_binary(["repl"], "signup.nope\n")
        self.assertEqual(result.stdout.count("viewDidLoad"), 1, result.stdout)
        self.assertNotIn("signup (signup)", result.stdout)
        self.assertIn("Method not found: signup has no input 'nope'", result.stdout)

    def test_one_version_everywhere(self):
        version = self.run_binary(["--version"], "").stdout.strip()
        discover = subprocess.run([BINARY, "serve"], input='{"jsonrpc":"2.0","id":1,"method":"rpc.discover"}\n',
                                  capture_output=True, text=True, timeout=30)
        self.assertEqual(json.loads(discover.stdout)["result"]["info"]["version"], version)
        mcp = subprocess.run([BINARY, "mcp"], capture_output=True, text=True, timeout=30,
                             input='{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{}}}\n')
        self.assertEqual(json.loads(mcp.stdout.splitlines()[0])["result"]["serverInfo"]["version"], version)

    def test_generated_ids_are_counted_per_type(self):
        result = self.run_binary(["repl"], ".new signup\n.new signup\n.new signin\n.new signup\n")
        created = [line for line in result.stdout.splitlines() if line.startswith("created ")]
        self.assertEqual(created, ["created signup", "created signup-2, a signup", "created signin", "created signup-3, a signup"])

    def test_update_rewrites_expected_lines_and_shows_the_diff(self):
        import tempfile
        path = os.path.join(tempfile.mkdtemp(), "wrong.transcript")
        with open(path, "w") as file:
            file.write("# a comment that stays\n"
                       '> {"jsonrpc":"2.0","id":1,"method":"signup.viewDidLoad"}\n'
                       '< {"jsonrpc":"2.0","method":"output","params":{"vm":"signup","output":"submitButtonEnabled","value":true,"seq":1,"cause":{"kind":"request","id":1,"method":"signup.viewDidLoad"}}}\n'
                       '< {"jsonrpc":"2.0","id":1,"result":null}\n')
        update = subprocess.run([BINARY, "test", "--update", "--color", "never", path], capture_output=True, text=True, timeout=60)
        self.assertIn(f"--- {path}:2", update.stdout)
        self.assertIn('-< {"jsonrpc":"2.0","method":"output","params":{"vm":"signup","output":"submitButtonEnabled","value":true', update.stdout)
        self.assertIn('+< {"jsonrpc":"2.0","method":"output","params":{"vm":"signup","output":"submitButtonEnabled","value":false', update.stdout)
        self.assertIn("--update: rewrote the expected lines of 1 step in 1 file", update.stdout)
        with open(path) as file:
            self.assertTrue(file.read().startswith("# a comment that stays\n"))
        again = subprocess.run([BINARY, "test", "--update", "--color", "never", path], capture_output=True, text=True, timeout=60)
        self.assertIn("--update: nothing to change", again.stdout)
        self.assertEqual(again.returncode, 0)

    def test_results_stay_one_line_in_a_pipe(self):
        result = self.run_binary(["repl"], "describe\nlist\n")
        self.assertEqual(len(result.stdout.splitlines()), 2, "one line each")
        self.assertTrue(result.stdout.startswith('{"types":['))

    def test_printf_through_a_shell_pipe(self):
        result = subprocess.run(["sh", "-c", "printf 'signup.viewDidLoad\\n' | \"$0\" repl", BINARY],
                                capture_output=True, text=True, env=environment(), timeout=30)
        self.assertEqual(result.stdout, "signup.submitButtonEnabled = false\n")

    def test_scenario_transcript(self):
        result = self.run_binary(["repl"], "\n".join([
            "signup.viewDidLoad",
            'signup.nameChanged "Lisa"',
            "signup.emailChanged lisa@rules.com",
            "signup.passwordChanged password=pa55worD",
            "signup.submitButtonPressed",
            "signup.nameChnged x",
            "",
        ]))
        self.assertEqual(result.stdout, "\n".join([
            "signup.submitButtonEnabled = false",
            "signup.submitButtonEnabled = true",
            'signup.alertMessage = "Successful"',
            "error -32601: Method not found: signup has no input 'nameChnged'; its inputs are viewDidLoad, nameChanged, emailChanged, passwordChanged, submitButtonPressed",
            "  did you mean `nameChanged`?",
            "",
        ]))

    def test_prompt_flag_and_colour_always(self):
        self.assertEqual(self.run_binary(["repl", "--prompt"], "signup.viewDidLoad\n").stdout,
                         "switchboard> signup.submitButtonEnabled = false\nswitchboard> ")
        self.assertIn("\x1b[36m", self.run_binary(["repl", "--color", "always"], "signup.viewDidLoad\n").stdout)

    def test_a_recorded_session_replays_as_a_transcript(self):
        import tempfile
        path = os.path.join(tempfile.mkdtemp(), "repl.transcript")
        result = self.run_binary(["repl"], "\n".join([
            f".record {path}",
            ".new register",
            'register.usernameChanged "mariano@zerously.com"',
            'register.passwordChanged "pa55worD"',
            "register.registerButtonPressed",
            "signup.viewDidLoad",
            "",
        ]))
        self.assertEqual(result.returncode, 0)
        self.assertIn('register.registered = "token-mariano@zerously.com"', result.stdout)
        with open(path) as recorded:
            self.assertIn('"method":"advance"', recorded.read(), "the real latency became an advance step")
        replay = subprocess.run([BINARY, "test", "--color", "never", path], capture_output=True, text=True, timeout=60)
        self.assertEqual(replay.returncode, 0, replay.stdout)
        self.assertTrue(replay.stdout.strip().endswith("1 passed, 0 failed"))

    def test_switchboard_alone_in_a_pipe_is_still_the_daemon(self):
        result = self.run_binary([], '{"jsonrpc":"2.0","id":1,"method":"signup.viewDidLoad"}\n')
        self.assertEqual(result.stdout.splitlines()[-1], '{"jsonrpc":"2.0","id":1,"result":null}')


def main():
    if not os.access(BINARY, os.X_OK):
        print(f"no executable at {BINARY}: run `swift build` or set SWITCHBOARD_BIN", file=sys.stderr)
        print("0 passed, 1 failed")
        return 1
    suite = unittest.defaultTestLoader.loadTestsFromModule(sys.modules[__name__])
    result = unittest.TextTestRunner(verbosity=2).run(suite)
    failed = len(result.failures) + len(result.errors) + len(result.unexpectedSuccesses)
    skipped = len(result.skipped)
    passed = result.testsRun - failed - skipped
    if skipped:
        print(f"({skipped} skipped: " + "; ".join(f"{test.id()}: {reason}" for test, reason in result.skipped) + ")")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
