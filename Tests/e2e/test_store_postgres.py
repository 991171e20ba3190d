#!/usr/bin/env python3
"""The friends store on a real PostgreSQL server (a throwaway cluster this suite starts with
scripts/postgres.sh and stops at the end, whatever happened).

- The store's guarantees with the SQLite store's own test bodies (test_store.Durability):
  kill -9 mid-burst loses no acknowledged write, two daemons never lose or duplicate one.
- Eight daemons adding, renaming and deleting at once: no acknowledged write lost, no
  duplicate, ids unique.
- Faults: the server down at start (exit 69, one line, nothing served), the server restarted
  mid-session (the operation in flight fails with a clear error, the next reconnects, nothing
  acknowledged lost), a slow statement (the timeout, then an error, the daemon answering
  others), refused credentials (a clear error that never echoes the password).
- `switchboard friends import` of a JSON file and of a SQLite database into PostgreSQL.

    SWITCHBOARD=.build/debug/switchboard python3 Tests/e2e/test_store_postgres.py [ROUNDS]"""

import atexit
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import unittest

sys.path.insert(0, os.path.dirname(__file__))
import test_store  # noqa: E402
from harness import BIN, Daemon, main, request  # noqa: E402
from test_store import add_friend  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SCRIPT = os.path.join(ROOT, "scripts", "postgres.sh")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Cluster:
    """The throwaway server: its directory, port, and the socket URL of a database."""

    def __init__(self):
        self.directory = tempfile.mkdtemp(prefix="switchboard-pg-")
        self.port = free_port()
        self.running = False
        self.databases = 0

    def start(self):
        subprocess.run(["bash", SCRIPT, "start", self.directory, str(self.port)], check=True, capture_output=True, timeout=120)
        self.running = True

    def stop(self, remove=True):
        if remove:
            subprocess.run(["bash", SCRIPT, "stop", self.directory], capture_output=True, timeout=120)
        else:
            bin_dir = sorted(p for p in os.listdir("/usr/lib/postgresql"))[-1]
            subprocess.run(["runuser", "-u", "postgres", "--", f"/usr/lib/postgresql/{bin_dir}/bin/pg_ctl", "-D",
                            os.path.join(self.directory, "data"), "-m", "immediate", "-w", "stop"], capture_output=True, timeout=60)
        self.running = not remove and False

    def restart(self):
        self.stop(remove=False)
        self.start()

    def url(self, database):
        return f"postgresql://postgres@/{database}?host={self.directory}&port={self.port}"

    def psql(self, database, sql):
        result = subprocess.run(["psql", "-qAt", "-F", "\t", "-v", "ON_ERROR_STOP=1", self.url(database), "-c", sql],
                                capture_output=True, timeout=60, text=True)
        if result.returncode != 0:
            raise AssertionError(f"psql: {result.stderr}")
        return [line.split("\t") for line in result.stdout.splitlines() if line]

    def new_database(self, owner="postgres"):
        self.databases += 1
        name = f"friends{self.databases}"
        self.psql("postgres", f"CREATE DATABASE {name} OWNER {owner}")
        return name

    @property
    def password(self):
        with open(os.path.join(self.directory, "password")) as file:
            return file.read().strip()


CLUSTER = Cluster()


def setUpModule():
    if subprocess.run(["bash", "-c", "ls -d /usr/lib/postgresql/*/bin"], capture_output=True).returncode != 0:
        raise unittest.SkipTest("no PostgreSQL server here (bash scripts/setup.sh --tests installs it)")
    atexit.register(CLUSTER.stop)
    CLUSTER.start()


def tearDownModule():
    CLUSTER.stop()


def friends_in(database):
    return {int(row[0]): tuple(row[1:]) for row in CLUSTER.psql(database, "SELECT id, firstname, lastname, phonenumber FROM switchboard_friends")}


class DurabilityOnPostgres(test_store.Durability):
    """The SQLite store's own test bodies, on PostgreSQL."""

    def setUp(self):
        self.database = CLUSTER.new_database()

    def daemon(self):
        return Daemon("--database", CLUSTER.url(self.database), collect=True, stderr=subprocess.PIPE)

    def friends(self):
        return friends_in(self.database)

    def exists(self):
        return bool(CLUSTER.psql(self.database, "SELECT 1 FROM pg_tables WHERE tablename = 'switchboard_friends'"))

    def check_files(self):
        pass  # nothing on disk

    # Of the SQLite engine's files and journals only.
    test_every_way_of_stopping_closes_the_database = None
    test_two_daemons_creating_one_new_file_at_once_both_start = None

    def test_eight_daemons_creating_the_schema_at_once_all_start(self):
        database = CLUSTER.new_database()
        daemons = [subprocess.Popen([BIN, "serve", "--database", CLUSTER.url(database)], stdin=subprocess.PIPE,
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(8)]
        for daemon in daemons:
            out, err = daemon.communicate(request(1, "list"), timeout=60)
            self.assertEqual(daemon.returncode, 0, err.decode())
        self.assertEqual(len(friends_in(database)), 3, "the sample friends, seeded once")
        self.assertEqual(CLUSTER.psql(database, "SELECT version FROM switchboard_schema"), [["1"]], "the schema is versioned")


class Concurrency(unittest.TestCase):
    def test_eight_daemons_adding_renaming_and_deleting_at_once(self):
        database = CLUSTER.new_database()
        url = CLUSTER.url(database)
        adds = 150
        daemons = [Daemon("--database", url, collect=True, stderr=subprocess.PIPE) for _ in range(8)]
        for index, daemon in enumerate(daemons):
            tag = f"d{index}x"
            lines = b"".join(b"".join(add_friend(tag, f"D{index}N{n}", n)) for n in range(adds))
            # Each daemon also renames one sample friend and deletes another's id it made up.
            lines += (request(f"u{index}c", "create", {"type": "updateFriend", "id": f"u{index}", "options": {"friendId": 1 + index % 3, "latencyMs": 0}})
                      + request(f"u{index}v", f"u{index}.viewDidLoad"))
            threading.Thread(target=daemon.send, args=(lines,), daemon=True).start()
        for daemon in daemons:
            self.assertTrue(daemon.wait_for(lambda: len([o for o in daemon.outputs("navigateBack") if o["vm"].startswith("d")]) == adds, timeout=180))
        # Renames: each daemon's update screen saves a new first name.
        for index, daemon in enumerate(daemons):
            daemon.wait_for(lambda: any(o["vm"] == f"u{index}" for o in daemon.outputs("firstname")), timeout=30)
            daemon.send(request(f"u{index}f", f"u{index}.firstnameChanged", [f"Renamed{index}"]) + request(f"u{index}s", f"u{index}.submitButtonTapped"))
        for index, daemon in enumerate(daemons):
            self.assertTrue(daemon.wait_for(lambda: any(o["vm"] == f"u{index}" for o in daemon.outputs("navigateBack")), timeout=60))
        # Deletes: the first daemon deletes the first 20 friends the second one added.
        added = friends_in(database)
        victims = sorted(fid for fid, row in added.items() if row[0].startswith("D1N"))[:20]
        daemons[0].send(request("lc", "create", {"type": "friendList", "id": "l", "options": {"latencyMs": 0}}) + request("lv", "l.viewDidLoad"))
        daemons[0].send(b"".join(request(f"x{n}", "l.deleteFriend", [fid]) for n, fid in enumerate(victims)))
        self.assertTrue(daemons[0].wait_for(lambda: not any(
            fid in {c["friend"]["id"] for c in (daemons[0].outputs("cells") or [{"value": []}])[-1]["value"] if c.get("kind") == "normal"}
            for fid in victims) and len(daemons[0].outputs("cells")) > 1, timeout=60))
        for daemon in daemons:
            code, errors = daemon.close()
            self.assertEqual(code, 0, errors)
        friends = friends_in(database)
        names = [row[0] for row in friends.values()]
        expected = {f"D{i}N{n}" for i in range(8) for n in range(adds)} - {added[fid][0] for fid in victims}
        self.assertEqual({n for n in names if n.startswith("D")}, expected, "no acknowledged add lost, no delete undone")
        self.assertEqual(len(names), len(set(names)), "no duplicate")
        self.assertEqual(len(friends), len(set(friends)), "ids unique")
        self.assertEqual(set(victims) & set(friends), set())
        self.assertTrue(any(n.startswith("Renamed") for n in names), "the renames were saved")


class Faults(unittest.TestCase):
    def test_the_server_down_at_start_is_exit_69_and_nothing_served(self):
        url = f"postgresql://postgres@127.0.0.1:{free_port()}/friends?connect_timeout=5"
        started = time.time()
        result = subprocess.run([BIN, "serve", "--database", url], input=request(1, "list"), capture_output=True, timeout=60)
        self.assertLess(time.time() - started, 30)
        self.assertEqual(result.returncode, 69, result.stderr)
        self.assertEqual(result.stdout, b"", "nothing served")
        lines = result.stderr.decode().strip().splitlines()
        self.assertEqual(len(lines), 1, lines)
        self.assertIn("--database: the friends database", lines[0])
        self.assertIn("cannot be reached", lines[0])

    def test_refused_credentials_are_said_without_the_password(self):
        database = CLUSTER.new_database(owner="switchboard")
        wrong = "not-the-secret-" + str(os.getpid())
        url = f"postgresql://switchboard:{wrong}@127.0.0.1:{CLUSTER.port}/{database}"
        result = subprocess.run([BIN, "serve", "--database", url], input=request(1, "list"), capture_output=True, timeout=60)
        self.assertEqual(result.returncode, 69)
        text = result.stderr.decode()
        self.assertIn("password authentication failed", text)
        self.assertNotIn(wrong, text, "the password is never echoed")
        # The right password from the environment, none on the command line: it works.
        env = dict(os.environ, PGPASSWORD=CLUSTER.password)
        good = subprocess.run([BIN, "serve", "--database", f"postgresql://switchboard@127.0.0.1:{CLUSTER.port}/{database}"],
                              input=request(1, "list"), capture_output=True, timeout=60, env=env)
        self.assertEqual(good.returncode, 0, good.stderr)

    def test_both_stores_at_once_is_a_usage_error(self):
        result = subprocess.run([BIN, "serve", "--database", CLUSTER.url("postgres"), "--data-file", "/tmp/x.db"], input=b"", capture_output=True, timeout=30)
        self.assertEqual(result.returncode, 64)
        self.assertIn(b"not both", result.stderr)

    def test_a_server_restart_fails_the_operation_in_flight_and_the_next_reconnects(self):
        database = CLUSTER.new_database()
        daemon = Daemon("--database", CLUSTER.url(database), collect=True, stderr=subprocess.PIPE)
        daemon.send(b"".join(add_friend("a", "Before", 0)))
        self.assertTrue(daemon.wait_for(lambda: len(daemon.outputs("navigateBack")) == 1))
        CLUSTER.restart()
        daemon.send(b"".join(add_friend("b", "During", 0)))
        self.assertTrue(daemon.wait_for(lambda: len(daemon.outputs("alert")) + len(daemon.outputs("navigateBack")) == 2, timeout=60))
        daemon.send(b"".join(add_friend("c", "After", 0)))
        self.assertTrue(daemon.wait_for(lambda: any(o["vm"] == "c0" for o in daemon.outputs("navigateBack")), timeout=60),
                        f"the next change reconnects: {daemon.outputs('alert')}")
        code, errors = daemon.close()
        self.assertEqual(code, 0)
        names = {row[0] for row in friends_in(database).values()}
        self.assertTrue({"Before", "After"} <= names, "nothing acknowledged is lost")
        if any(o["vm"] == "b0" for o in daemon.outputs("alert")):
            self.assertIn("the connection to the server was lost", errors)
            self.assertNotIn("During", names, "a failed add changed nothing")

    def test_a_slow_statement_times_out_and_the_daemon_answers_others(self):
        database = CLUSTER.new_database()
        url = CLUSTER.url(database) + "&options=-c%20statement_timeout%3D1000"
        daemon = Daemon("--database", url, collect=True, stderr=subprocess.PIPE)
        daemon.send(b"".join(add_friend("a", "First", 0)))
        self.assertTrue(daemon.wait_for(lambda: len(daemon.outputs("navigateBack")) == 1))
        # Another session holds the table locked for longer than the timeout.
        blocker = subprocess.Popen(["psql", "-qAt", CLUSTER.url(database), "-c",
                                    "BEGIN; LOCK TABLE switchboard_friends IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(4); COMMIT;"],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(0.5)
        started = time.time()
        daemon.send(b"".join(add_friend("b", "Blocked", 0)))
        self.assertTrue(daemon.wait_for(lambda: len(daemon.outputs("alert")) == 1, timeout=30), "the view is told")
        self.assertLess(time.time() - started, 3.5, "the statement timeout ended the wait")
        daemon.send(request("ping", "list"))
        self.assertTrue(daemon.wait_for(lambda: any(r.get("id") == "ping" for r in daemon.collector.responses()), timeout=10), "other requests are answered")
        blocker.wait(timeout=30)
        code, errors = daemon.close()
        self.assertEqual(code, 0)
        self.assertIn("statement timeout", errors)


class Import(unittest.TestCase):
    def test_a_json_file_and_a_sqlite_database_import_into_postgres(self):
        directory = tempfile.mkdtemp(prefix="pg-import-")
        legacy = os.path.join(directory, "old.json")
        with open(legacy, "w") as file:
            json.dump({"version": 1, "nextId": 9, "friends": [{"id": 4, "firstname": "Ada", "lastname": "L", "phonenumber": "1"}]}, file)
        json_target = CLUSTER.new_database()
        result = subprocess.run([BIN, "friends", "import", legacy, "--database", CLUSTER.url(json_target)], capture_output=True, timeout=60)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(friends_in(json_target), {4: ("Ada", "L", "1")})
        added = subprocess.run([BIN, "serve", "--database", CLUSTER.url(json_target)], input=b"".join(add_friend("a", "Next", 0)), capture_output=True, timeout=60)
        self.assertEqual(added.returncode, 0, added.stderr)
        self.assertIn(9, friends_in(json_target), "the next id continues after the old file's nextId")
        sqlite_file = os.path.join(directory, "friends.db")
        subprocess.run([BIN, "serve", "--data-file", sqlite_file], input=b"".join(add_friend("s", "FromFile", 0)), capture_output=True, timeout=60, check=True)
        sqlite_target = CLUSTER.new_database()
        result = subprocess.run([BIN, "friends", "import", sqlite_file, "--database", CLUSTER.url(sqlite_target)], capture_output=True, timeout=60)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(friends_in(sqlite_target), test_store.friends_in(sqlite_file), "the same friends under the same ids")
        again = subprocess.run([BIN, "friends", "import", sqlite_file, "--database", CLUSTER.url(sqlite_target)], capture_output=True, timeout=60)
        self.assertEqual(again.returncode, 1)
        self.assertIn(b"already holds", again.stderr)


if __name__ == "__main__":
    main(sys.modules[__name__])
