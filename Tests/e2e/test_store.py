#!/usr/bin/env python3
"""The friends store on SQLite, over real processes and pipes: no acknowledged write lost
across kill -9, two daemons on one file, every hostile --data-file answered, modes kept, no
temporary files, a failed write while running reported and recovered.

Run: python3 Tests/e2e/test_store.py [ROUNDS]  (SWITCHBOARD=binary; ROUNDS of kill -9, default 12).
Ends with 'N passed, M failed'."""

import json
import os
import random
import signal
import sqlite3
import stat
import subprocess
import sys
import tempfile
import threading
import time
import unittest

from harness import BIN, Daemon, main, request

ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 12
SAMPLE_IDS = [1, 2, 3]



def add_friend(tag, first, n):
    """The lines that add one friend through an addFriend screen of its own (no latency)."""
    vm = f"{tag}{n}"
    return [
        request(f"{vm}-c", "create", {"type": "addFriend", "id": vm, "options": {"latencyMs": 0}}),
        request(f"{vm}-f", f"{vm}.firstnameChanged", [first]),
        request(f"{vm}-l", f"{vm}.lastnameChanged", ["Last"]),
        request(f"{vm}-p", f"{vm}.phonenumberChanged", ["555"]),
        request(f"{vm}-s", f"{vm}.submitButtonTapped"),
    ]


def store_daemon(data_file, *args):
    """A daemon on `data_file`; every line it writes is collected, and its stderr kept."""
    return Daemon("--data-file", data_file, *args, collect=True, stderr=subprocess.PIPE)


def friends_in(path):
    """The friends as an independent reader (Python's own sqlite3) sees them."""
    connection = sqlite3.connect(path)
    try:
        return {row[0]: row[1:] for row in connection.execute("SELECT id, firstname, lastname, phonenumber FROM friends")}
    finally:
        connection.close()


class Durability(unittest.TestCase):
    """The store's guarantees, written once for every engine: a subclass that overrides the
    four methods below (where the friends are and how another program reads them) runs the
    same bodies against another engine (Tests/e2e/test_store_postgres.py)."""

    def setUp(self):
        self.directory = tempfile.mkdtemp(prefix="store-e2e-")
        self.path = os.path.join(self.directory, "friends.db")

    def daemon(self):
        """A daemon on this engine's friends database."""
        return store_daemon(self.path)

    def friends(self):
        """The friends as another program reads them: {id: (first, last, phone)}."""
        return friends_in(self.path)

    def exists(self):
        """Whether the database was created yet."""
        return os.path.exists(self.path)

    def check_files(self):
        """What the engine leaves on disk: one file, mode 0600, nothing temporary."""
        self.assertEqual(sorted(os.listdir(self.directory)), ["friends.db"], "no temporary files left behind")
        self.assertEqual(stat.S_IMODE(os.stat(self.path).st_mode), 0o600)

    def test_kill_9_mid_burst_loses_no_acknowledged_write(self):
        """Adds, updates and deletes pipelined, the daemon killed at a random moment, many
        rounds: every change the view was told about (navigateBack after an add or an update,
        the list's cells without the friend after a delete) is in the file afterwards, as
        another program reads it; ids are never reused."""
        rng = random.Random(15)
        expected_names = set()      # acknowledged adds whose friend no later round touched
        deleted_ids = set()         # acknowledged deletes: absent for ever
        updated = {}                # friend id -> firstname of its acknowledged update
        ever_seen = set()
        totals = {"adds": 0, "updates": 0, "deletes": 0}
        for round_number in range(ROUNDS):
            before = self.friends() if self.exists() else {i: ("sample",) for i in SAMPLE_IDS}
            targets = rng.sample(sorted(before), min(4, len(before)))
            # Screens are created and loaded first (a form submits only once its friend has
            # loaded), then changed while adds stream in.
            preamble, lines, update_screens, delete_screens = [], [], {}, {}
            for n, friend_id in enumerate(targets):
                # A touched friend may change or vanish whether or not the change is
                # acknowledged before the kill: it leaves the plain add check.
                expected_names.discard(before[friend_id][0])
                updated.pop(friend_id, None)
                if n % 2 == 0:
                    vm = f"u{round_number}x{n}"
                    update_screens[vm] = (friend_id, f"Updated{round_number}x{n}")
                    preamble += [
                        request(f"{vm}-c", "create", {"type": "updateFriend", "id": vm, "options": {"friendId": friend_id, "latencyMs": 0}}),
                        request(f"{vm}-v", f"{vm}.viewDidLoad"),
                    ]
                    lines += [
                        request(f"{vm}-f", f"{vm}.firstnameChanged", [f"Updated{round_number}x{n}"]),
                        request(f"{vm}-s", f"{vm}.submitButtonTapped"),
                    ]
                else:
                    vm = f"d{round_number}x{n}"
                    delete_screens[vm] = friend_id
                    preamble += [
                        request(f"{vm}-c", "create", {"type": "friendList", "id": vm, "options": {"latencyMs": 0}}),
                        request(f"{vm}-v", f"{vm}.viewDidLoad"),
                    ]
                    lines.append(request(f"{vm}-x", f"{vm}.deleteFriend", [friend_id]))
            for n in range(60):
                lines += add_friend(f"a{round_number}x", f"R{round_number}N{n}", n)
            daemon = self.daemon()

            daemon.send(b"".join(preamble))
            daemon.wait_for(lambda: sum(1 for o in daemon.outputs("submitButtonEnabled") if o["vm"] in update_screens and o["value"]) == len(update_screens), timeout=5)

            def write():
                try:
                    for line in lines:
                        daemon.send(line)
                except (BrokenPipeError, ValueError):
                    pass  # killed mid-write

            writer = threading.Thread(target=write)
            writer.start()
            time.sleep(rng.uniform(0.04, 0.3))
            daemon.process.kill()  # SIGKILL: no chance to flush or finish anything
            daemon.process.wait(timeout=10)
            daemon.collector.thread.join(timeout=10)
            writer.join(timeout=10)
            # What the daemon acknowledged before it died.
            for output in daemon.outputs("navigateBack"):
                vm = output["vm"]
                if vm in update_screens:
                    friend_id, name = update_screens[vm]
                    updated[friend_id] = name
                    totals["updates"] += 1
                elif vm.startswith("a"):
                    expected_names.add(f"R{round_number}N{int(vm.split('x')[1])}")
                    totals["adds"] += 1
            for output in daemon.outputs("cells"):
                friend_id = delete_screens.get(output["vm"])
                shown = {cell["friend"]["id"] for cell in output["value"] if cell.get("kind") == "normal"}
                # The list loaded before the delete shows the friend; a list without it is the
                # one sent after the delete committed.
                if friend_id is not None and friend_id not in shown and friend_id not in deleted_ids:
                    deleted_ids.add(friend_id)
                    totals["deletes"] += 1
            # The file after the crash, read by another program.
            friends = self.friends()
            names = {row[0] for row in friends.values()}
            self.assertEqual(expected_names - names, set(), f"round {round_number}: acknowledged adds lost")
            self.assertEqual(deleted_ids & set(friends), set(), f"round {round_number}: acknowledged deletes undone")
            for friend_id, name in updated.items():
                self.assertEqual(friends.get(friend_id, (None,))[0], name, f"round {round_number}: acknowledged update of {friend_id} lost")
            self.assertEqual(set(friends) & deleted_ids, set(), "an id was reused")
            reused = (set(friends) - set(before)) & ever_seen
            self.assertEqual(reused, set(), "a new friend got an id used before")
            ever_seen |= set(friends)
        self.assertGreater(totals["adds"], 0, "no add was ever acknowledged: the test proved nothing")
        print(f"  kill -9: {ROUNDS} rounds; acknowledged {totals['adds']} adds, {totals['updates']} updates and "
              f"{totals['deletes']} deletes before the kills; every one was in the file afterwards", file=sys.stderr)

    def test_two_daemons_writing_1000_friends_each_end_with_2000(self):
        """Two daemons on one file: every acknowledged write of each survives, ids never
        collide, and each daemon's list shows the other's friends."""
        first, second = self.daemon(), self.daemon()
        for daemon, tag in ((first, "p"), (second, "q")):
            payload = b"".join(b"".join(add_friend(tag, f"{tag.upper()}{n}", n)) for n in range(1000))
            threading.Thread(target=daemon.send, args=(payload,), daemon=True).start()
        for daemon in (first, second):
            self.assertTrue(daemon.wait_for(lambda: len(daemon.outputs("navigateBack")) == 1000, timeout=120),
                            f"acknowledged: {len(daemon.outputs('navigateBack'))} of 1000")
        # Each daemon's list reflects the other's writes.
        first.send(request("l1", "create", {"type": "friendList", "id": "list", "options": {"latencyMs": 0}}) + request("l2", "list.viewDidLoad"))
        self.assertTrue(first.wait_for(lambda: any(len(o["value"]) == 2003 for o in first.outputs("cells")), timeout=30),
                        "the first daemon's list shows both daemons' friends")
        for daemon in (first, second):
            code, errors = daemon.close()
            self.assertEqual(code, 0, errors)
        friends = self.friends()
        self.assertEqual(len(friends), 2003)
        names = [row[0] for row in friends.values()]
        self.assertEqual(sorted(n for n in names if n[0] in "PQ"), sorted([f"P{n}" for n in range(1000)] + [f"Q{n}" for n in range(1000)]))
        self.check_files()


    def test_every_way_of_stopping_closes_the_database(self):
        """End of input, `shutdown` and SIGTERM each end the daemon with the database closed
        (the daemon exits without tearing its instances down, so it closes the database
        itself): the log is checkpointed into the file and no -wal or -shm file is left."""
        for way in ("eof", "shutdown", "sigterm"):
            directory = tempfile.mkdtemp(prefix=f"store-stop-{way}-")
            path = os.path.join(directory, "friends.db")
            daemon = store_daemon(path)
            daemon.send(b"".join(add_friend("a", f"Kept{way}", 0)))
            self.assertTrue(daemon.wait_for(lambda: len(daemon.outputs("navigateBack")) == 1), way)
            self.assertTrue(os.path.exists(path + "-wal"), f"{way}: the open database has its log")
            if way == "shutdown":
                daemon.send(request("bye", "shutdown"))
            elif way == "sigterm":
                daemon.process.send_signal(signal.SIGTERM)
            code, errors = daemon.close()
            self.assertEqual(code, 0, f"{way}: {errors}")
            self.assertEqual(sorted(os.listdir(directory)), ["friends.db"], f"{way}: the log was checkpointed and removed")
            self.assertIn(f"Kept{way}", [row[0] for row in friends_in(path).values()], way)

    def test_two_daemons_creating_one_new_file_at_once_both_start(self):
        """Both ask SQLite to switch the new file to WAL at the same moment; the loser is told
        the file is busy at once (no waiting) and must retry rather than refuse to start."""
        for round_ in range(20):
            path = os.path.join(self.directory, f"new-{round_}.db")
            line = request(1, "list")
            daemons = [subprocess.Popen([BIN, "serve", "--data-file", path], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(2)]
            results = [daemon.communicate(line, timeout=30) for daemon in daemons]
            for daemon, (out, err) in zip(daemons, results):
                self.assertEqual(daemon.returncode, 0, f"round {round_}: {err.decode()}")
                self.assertIn(b'"id":1', out, f"round {round_}: each daemon answered")
            self.assertEqual(len(friends_in(path)), 3, "the seed, written once")


class Paths(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.mkdtemp(prefix="store-paths-")

    def refused(self, path, *, contains):
        started = time.time()
        result = subprocess.run([BIN, "serve", "--data-file", path], input=b'{"jsonrpc":"2.0","id":1,"method":"list"}\n',
                                capture_output=True, timeout=20)
        self.assertLess(time.time() - started, 10, "never a hang")
        self.assertEqual(result.returncode, 64, result.stderr)
        self.assertEqual(result.stdout, b"", "nothing served")
        lines = result.stderr.decode().strip().splitlines()
        self.assertEqual(len(lines), 1, lines)
        self.assertTrue(lines[0].startswith("switchboard: --data-file: "), lines[0])
        self.assertIn(contains, lines[0])
        return lines[0]

    def test_every_unusable_path_is_one_line_and_exit_64(self):
        """Empty, a directory, a FIFO, devices, a symbolic link, a file that is not a
        database, an old JSON file: one line naming the path and the reason, exit 64, no
        hang, nothing written to a file that is not ours, no memory growth (/dev/zero)."""
        self.refused("", contains="the path of the friends database is empty")
        self.refused(self.directory, contains=f"{self.directory} is a directory")
        fifo = os.path.join(self.directory, "fifo")
        os.mkfifo(fifo)
        self.refused(fifo, contains=f"{fifo} is a FIFO")
        self.refused("/dev/zero", contains="/dev/zero is a character device")
        self.refused("/dev/null", contains="/dev/null is a character device")
        junk = os.path.join(self.directory, "junk")
        with open(junk, "wb") as file:
            file.write(b"\x07" * 100)
        self.refused(junk, contains=f"{junk} is not a SQLite database")
        with open(junk, "rb") as file:
            self.assertEqual(file.read(), b"\x07" * 100, "a file that is not ours is never written")
        legacy = os.path.join(self.directory, "old.json")
        with open(legacy, "w") as file:
            file.write('{"version":1,"nextId":1,"friends":[]}\n')
        self.refused(legacy, contains=f"switchboard friends import {legacy} --data-file NEW.db")
        target = os.path.join(self.directory, "real.db")
        link = os.path.join(self.directory, "link.db")
        os.symlink(target, link)
        self.refused(link, contains="is a symbolic link; refused")
        self.assertFalse(os.path.exists(target), "a planted link is never followed to create its target")
        self.refused(os.path.join(self.directory, "no", "such", "dir.db"), contains="No such file or directory")

    def test_a_new_file_is_0600_and_an_existing_files_mode_is_kept(self):
        path = os.path.join(self.directory, "friends.db")
        result = subprocess.run([BIN, "serve", "--data-file", path], input=b"".join(add_friend("a", "New", 0)), capture_output=True, timeout=20)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(stat.S_IMODE(os.stat(path).st_mode), 0o600)
        os.chmod(path, 0o640)
        result = subprocess.run([BIN, "serve", "--data-file", path], input=b"".join(add_friend("a", "Again", 0)), capture_output=True, timeout=20)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(stat.S_IMODE(os.stat(path).st_mode), 0o640)
        self.assertEqual(sorted(os.listdir(self.directory)), ["friends.db"], "no temporary files left behind")

    def test_import_converts_an_old_json_file_in_one_go(self):
        legacy = os.path.join(self.directory, "old.json")
        with open(legacy, "w") as file:
            file.write('{"version":1,"nextId":9,"friends":[{"id":4,"firstname":"Ada","lastname":"L","phonenumber":"1"}]}\n')
        database = os.path.join(self.directory, "new.db")
        result = subprocess.run([BIN, "friends", "import", legacy, "--data-file", database], capture_output=True, timeout=20)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn(b"imported 1 friend", result.stdout)
        self.assertEqual(friends_in(database), {4: ("Ada", "L", "1")})
        # The next id continues after the old file's nextId.
        result = subprocess.run([BIN, "serve", "--data-file", database], input=b"".join(add_friend("a", "Next", 0)), capture_output=True, timeout=20)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn(9, friends_in(database))
        again = subprocess.run([BIN, "friends", "import", legacy, "--data-file", database], capture_output=True, timeout=20)
        self.assertEqual(again.returncode, 1)
        self.assertIn(b"already holds 2 friends", again.stderr)


class FailuresWhileRunning(unittest.TestCase):
    def mount_tmpfs(self, size):
        """A small file system of the test's own (needs root, as CI has); skips otherwise."""
        mount_point = tempfile.mkdtemp(prefix="store-tmpfs-")
        result = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", mount_point], capture_output=True)
        if result.returncode != 0:
            self.skipTest(f"cannot mount a tmpfs here: {result.stderr.decode().strip()}")
        self.addCleanup(lambda: subprocess.run(["umount", "-l", mount_point], capture_output=True))
        return mount_point

    def test_a_full_disk_fails_the_save_then_recovers_when_space_returns(self):
        mount_point = self.mount_tmpfs("1m")
        path = os.path.join(mount_point, "friends.db")
        daemon = store_daemon(path)
        daemon.send(b"".join(add_friend("a", "Before", 0)))
        self.assertTrue(daemon.wait_for(lambda: len(daemon.outputs("navigateBack")) == 1))
        filler = os.path.join(mount_point, "filler")
        descriptor = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
        try:
            while True:
                os.write(descriptor, b"\0" * 4096)
        except OSError:
            pass  # ENOSPC: the disk is full now
        finally:
            os.close(descriptor)
        big = "x" * 65536
        daemon.send(b"".join(add_friend("b", big, 0)))
        self.assertTrue(daemon.wait_for(lambda: len(daemon.outputs("alert")) == 1), "the view is told")
        self.assertEqual(len(daemon.outputs("navigateBack")), 1, "no 'saved' for the failed save")
        os.remove(filler)
        daemon.send(b"".join(add_friend("c", "After", 0)))
        self.assertTrue(daemon.wait_for(lambda: len(daemon.outputs("navigateBack")) == 2), "the next save works")
        code, errors = daemon.close()
        self.assertEqual(code, 0)
        self.assertIn(f"the friends database {path} could not save the new friend: the disk is full", errors)
        self.assertEqual({row[0] for row in friends_in(path).values()}, {"Ada", "Grace", "Alan", "Before", "After"})

    def test_a_read_only_file_system_is_refused_at_start_with_one_line(self):
        """Linux refuses to remount a file system read-only while a file on it is open for
        writing (EBUSY), so a database cannot turn read-only under a running daemon; a daemon
        started on a read-only one stops with one line and exit 64."""
        mount_point = self.mount_tmpfs("4m")
        path = os.path.join(mount_point, "friends.db")
        result = subprocess.run([BIN, "serve", "--data-file", path], input=b"".join(add_friend("a", "Before", 0)), capture_output=True, timeout=20)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(subprocess.run(["mount", "-o", "remount,ro", mount_point], capture_output=True).returncode, 0)
        self.addCleanup(lambda: subprocess.run(["mount", "-o", "remount,rw", mount_point], capture_output=True))
        result = subprocess.run([BIN, "serve", "--data-file", path], input=b"".join(add_friend("b", "During", 0)), capture_output=True, timeout=20)
        self.assertEqual(result.returncode, 64, result.stderr)
        lines = result.stderr.decode().strip().splitlines()
        self.assertEqual(len(lines), 1, lines)
        self.assertIn(f"the friends database {path} cannot be opened", lines[0])
        self.assertIn("read-only", lines[0])

    def test_a_file_replaced_by_a_directory_fails_the_save_then_recovers(self):
        """The view gets its alert, stderr names the path and the reason, the daemon keeps
        serving, and once the directory is gone the next save works."""
        directory = tempfile.mkdtemp(prefix="store-fail-")
        path = os.path.join(directory, "friends.db")
        daemon = store_daemon(path)
        daemon.send(b"".join(add_friend("a", "Before", 0)))
        self.assertTrue(daemon.wait_for(lambda: len(daemon.outputs("navigateBack")) == 1))
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(path + suffix):
                os.remove(path + suffix)
        os.mkdir(path)
        daemon.send(b"".join(add_friend("b", "During", 0)))
        self.assertTrue(daemon.wait_for(lambda: len(daemon.outputs("alert")) == 1), "the view is told")
        self.assertEqual(len(daemon.outputs("navigateBack")), 1, "no 'saved' for the failed save")
        os.rmdir(path)
        daemon.send(b"".join(add_friend("c", "After", 0)))
        self.assertTrue(daemon.wait_for(lambda: len(daemon.outputs("navigateBack")) == 2), "the next save works")
        code, errors = daemon.close()
        self.assertEqual(code, 0)
        self.assertIn(f"the friends database {path} was replaced by another file while the daemon was running", errors)
        self.assertEqual({row[0] for row in friends_in(path).values()}, {"Ada", "Grace", "Alan", "After"})


class Edges(unittest.TestCase):
    """What a hostile run found at the store's edges: a database moved over the data file
    with the old file's journals present, ids run out, a planted journal link, a journal that
    cannot be opened, and simulated service calls piling up."""

    def setUp(self):
        self.directory = tempfile.mkdtemp(prefix="store-edges-")

    def import_database(self, name, friends, next_id):
        legacy = os.path.join(self.directory, name + ".json")
        with open(legacy, "w") as file:
            json.dump({"version": 1, "nextId": next_id, "friends": friends}, file)
        database = os.path.join(self.directory, name + ".db")
        result = subprocess.run([BIN, "friends", "import", legacy, "--data-file", database], capture_output=True, timeout=20)
        self.assertEqual(result.returncode, 0, result.stderr)
        return database

    @staticmethod
    def listed(daemon, count):
        """The friends the friend list shows in its `count`th `cells` output, by id."""
        cells = daemon.outputs("cells")[count - 1]["value"]
        return {cell["friend"]["id"]: cell["friend"]["firstname"] for cell in cells if cell["kind"] == "normal"}

    def test_a_database_moved_over_the_file_keeps_its_data_with_the_old_journals_present(self):
        path = os.path.join(self.directory, "d.db")
        daemon = store_daemon(path)
        daemon.send(b"".join(add_friend("a", "Old", 0)))
        self.assertTrue(daemon.wait_for(lambda: len(daemon.outputs("navigateBack")) == 1))
        self.assertTrue(os.path.exists(path + "-wal") and os.path.exists(path + "-shm"), "the journals are there")
        other = self.import_database("other", [{"id": 50, "firstname": "New", "lastname": "L", "phonenumber": "5"}], 100)
        os.rename(other, path)
        # The first operation after the move tells the view (a list that could not load shows
        # an error cell); the next reads the new file.
        daemon.send(request("l1", "create", {"type": "friendList", "id": "l", "options": {"latencyMs": 0}}) + request("l2", "l.viewDidLoad"))
        error_cell = lambda: any(cell.get("kind") == "error" for cells in daemon.outputs("cells") for cell in cells["value"])
        self.assertTrue(daemon.wait_for(error_cell), "the replacement is told to the view")
        daemon.send(request("l3", "l.refresh"))
        self.assertTrue(daemon.wait_for(lambda: self.listed(daemon, len(daemon.outputs("cells"))) == {50: "New"}),
                        f"the list shows the replacing database's friend only: {daemon.outputs('cells')[-1:]}")
        daemon.send(b"".join(add_friend("b", "Next", 0)))
        self.assertTrue(daemon.wait_for(lambda: len(daemon.outputs("navigateBack")) == 2))
        code, errors = daemon.close()
        self.assertEqual(code, 0, errors)
        self.assertIn("was replaced by another file while the daemon was running", errors)
        self.assertEqual(friends_in(path), {50: ("New", "L", "5"), 100: ("Next", "Last", "555")},
                         "after exit the file holds the replacing database's friend and the new add, with the next id")

    def test_ids_run_out_with_a_message_that_says_so(self):
        path = os.path.join(self.directory, "full.db")
        self.assertEqual(subprocess.run([BIN, "serve", "--data-file", path], input=b"", capture_output=True, timeout=20).returncode, 0)
        connection = sqlite3.connect(path)
        connection.execute("UPDATE sqlite_sequence SET seq = 9223372036854775807 WHERE name = 'friends'")
        connection.commit()
        connection.close()
        daemon = store_daemon(path)
        daemon.send(b"".join(add_friend("a", "One", 0)))
        self.assertTrue(daemon.wait_for(lambda: len(daemon.outputs("alert")) == 1))
        self.assertEqual(daemon.outputs("navigateBack"), [], "nothing saved")
        code, errors = daemon.close()
        self.assertEqual(code, 0)
        self.assertIn("every friend id has been given out", errors)
        self.assertNotIn("disk is full", errors)

    def refused_at_start(self, path):
        result = subprocess.run([BIN, "serve", "--data-file", path], input=b'{"jsonrpc":"2.0","id":1,"method":"list"}\n',
                                capture_output=True, timeout=20)
        self.assertEqual(result.returncode, 64, result.stderr)
        self.assertEqual(result.stdout, b"")
        return result.stderr.decode()

    def test_a_planted_journal_link_is_refused_and_leaves_nothing_behind(self):
        path = os.path.join(self.directory, "d.db")
        self.assertEqual(subprocess.run([BIN, "serve", "--data-file", path], input=b"", capture_output=True, timeout=20).returncode, 0)
        before = sorted(os.listdir(self.directory))
        target = os.path.join(self.directory, "elsewhere")
        os.symlink(target, path + "-shm")
        message = self.refused_at_start(path)
        self.assertIn(f"journal {path}-shm is a symbolic link", message)
        self.assertEqual(sorted(os.listdir(self.directory)), sorted(before + ["d.db-shm"]), "no -wal left, nothing created")
        self.assertFalse(os.path.exists(target), "the link is never followed")

    def test_a_journal_that_cannot_be_opened_is_named_with_the_reason(self):
        path = os.path.join(self.directory, "d.db")
        self.assertEqual(subprocess.run([BIN, "serve", "--data-file", path], input=b"", capture_output=True, timeout=20).returncode, 0)
        os.mkdir(path + "-wal")
        message = self.refused_at_start(path)
        self.assertIn(f"journal {path}-wal is a directory", message)

    def test_simulated_service_calls_in_flight_are_bounded(self):
        """A friend list whose service answers after a very long latency: past
        --max-pending-calls, each further input is refused with -32001 before it runs."""
        daemon = Daemon("--max-pending-calls", "20", "--data-file", os.path.join(self.directory, "d.db"), collect=True, stderr=subprocess.PIPE)
        daemon.send(request("c", "create", {"type": "friendList", "id": "f", "options": {"latencyMs": 100000000}}))
        daemon.send(b"".join(request(i, "f.deleteFriend", [1]) for i in range(60)))
        self.assertTrue(daemon.wait_for(lambda: len(daemon.collector.responses()) == 61))
        answers = {r["id"]: r for r in daemon.collector.responses()}
        refused = [i for i in range(60) if "error" in answers[i]]
        accepted = [i for i in range(60) if "result" in answers[i]]
        self.assertEqual(len(accepted), 20, "exactly the limit is in flight")
        self.assertEqual(refused, list(range(20, 60)), "every input past the limit is refused, in order")
        error = answers[20]["error"]
        self.assertEqual(error["code"], -32001)
        self.assertIn("--max-pending-calls", error["message"])
        self.assertEqual(error["data"]["limit"], 20)
        code, _ = daemon.close(timeout=30)


if __name__ == "__main__":
    main(sys.modules[__name__])
