#!/usr/bin/env python3
"""Model-based test: thousands of random input sequences for signup and register go through the
daemon; every output's history is compared with a small independent model of the rules in
VIEWMODELS.md. Run: python3 Tests/e2e/test_model.py [SEQUENCES] [SEED]
(SWITCHBOARD=binary; default 2000 sequences per type). Ends with 'N passed, M failed'."""

import json
import random
import re
import sys

from harness import run
EMAIL = re.compile(r"[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,64}")


class SignupModel:
    """The signup rules, written from the spec, not from the implementation."""

    def __init__(self):
        self.fields = {"name": None, "email": None, "password": None}
        self.sent = set()
        self.enabled = False      # what the button shows now
        self.failures = 0
        self.locked = False
        self.out = {"submitButtonEnabled": [], "alertMessage": []}

    def present(self):
        return all(self.fields[f] for f in self.fields)

    def show_enabled(self, value):
        self.enabled = value
        if not self.locked:
            self.out["submitButtonEnabled"].append(value)

    def apply(self, input, value=None):
        if input == "viewDidLoad":
            self.show_enabled(False)
        elif input == "submitButtonPressed":
            if not self.enabled or self.locked:
                return  # a disabled button does nothing; the press is not an attempt
            if self.present() and EMAIL.fullmatch(self.fields["email"] or ""):
                self.out["alertMessage"].append("Successful")
                return
            self.failures += 1
            if self.failures <= 2:
                self.out["alertMessage"].append("Unsuccessful")
            else:
                self.out["alertMessage"].append("Too Many Attempts")
                self.show_enabled(False)
                self.locked = True
        else:
            field = input.replace("Changed", "")
            self.fields[field] = value
            self.sent.add(field)
            if len(self.sent) == 3:  # combine-latest: nothing until each field was sent once
                self.show_enabled(self.present())


class RegisterModel:
    """The register rules with the built-in service (latency, outcome) on a virtual clock."""

    def __init__(self, latency, outcome):
        self.latency, self.outcome = latency, outcome
        self.username = self.password = None
        self.registering = False
        self.due = None
        self.out = {"registerButtonEnabled": [False], "isRegistering": [False], "errorMessage": [], "registered": []}

    def valid(self):
        return len(self.username or "") >= 8 and len(self.password or "") >= 8

    def enabled(self):
        return self.valid() and not self.registering

    def update(self, change):
        before = self.enabled()
        change()
        if self.enabled() != before:
            self.out["registerButtonEnabled"].append(self.enabled())

    def apply(self, input, value, now):
        if input == "usernameChanged":
            self.update(lambda: setattr(self, "username", value))
        elif input == "passwordChanged":
            self.update(lambda: setattr(self, "password", value))
        elif input == "registerButtonPressed" and self.enabled():
            self.out["errorMessage"].append(None)
            self.pressed_username = self.username
            self.out["isRegistering"].append(True)
            self.update(lambda: setattr(self, "registering", True))
            self.due = now + self.latency

    def advance_to(self, now):
        if self.due is None or self.due > now:
            return
        self.due = None
        if self.outcome == "token":
            self.out["registered"].append(f"token-{self.pressed_username}")
        elif self.outcome == "noToken":
            self.out["errorMessage"].append("Invalid token")
        else:
            self.out["errorMessage"].append("Dunno.")
        self.out["isRegistering"].append(False)
        self.update(lambda: setattr(self, "registering", False))


def signup_sequence(rng):
    choices = ["viewDidLoad", "nameChanged", "emailChanged", "passwordChanged", "submitButtonPressed"]
    values = {"nameChanged": ["", "Lisa", None, "Chris"], "emailChanged": ["", "lisa@rules", "lisa@rules.com", None, "a@b.co"],
              "passwordChanged": ["", "pw", None, "password123"]}
    steps = []
    if rng.random() < 0.6:
        # Reach the interesting states often: a filled form (valid or not) and several presses.
        steps += [("viewDidLoad", None), ("nameChanged", "Lisa"), ("emailChanged", rng.choice(["lisa@rules", "lisa@rules.com"])),
                  ("passwordChanged", "password123")]
    weights = [1, 2, 2, 2, 4]
    for _ in range(rng.randint(1, 30)):
        input = rng.choices(choices, weights)[0]
        steps.append((input, rng.choice(values[input]) if input in values else None))
    return steps


def register_sequence(rng):
    steps = []
    for _ in range(rng.randint(1, 20)):
        kind = rng.random()
        if kind < 0.25:
            steps.append(("usernameChanged", rng.choice(["", "short", "mariano@zerously.com", None, "1234567", "12345678", "éééééééé"])))
        elif kind < 0.5:
            steps.append(("passwordChanged", rng.choice(["pa55worD", "x", None, "1234567", "12345678", "123456789"])))
        elif kind < 0.8:
            steps.append(("registerButtonPressed", None))
        else:
            steps.append(("advance", rng.randint(0, 400)))
    return steps


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 20261122
    rng = random.Random(seed)
    lines, models = [], {}
    request_id = 0

    def send(method, params=None):
        nonlocal request_id
        request_id += 1
        message = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            message["params"] = params
        lines.append(json.dumps(message))

    now = 0
    for n in range(count):
        vm = f"s{n}"
        model = SignupModel()
        send("create", {"type": "signup", "id": vm})
        for input, value in signup_sequence(rng):
            send(f"{vm}.{input}", [] if input in ("viewDidLoad", "submitButtonPressed") else [value])
            model.apply(input, value)
        models[vm] = model
        send("destroy", [vm])
    for n in range(count):
        vm = f"r{n}"
        latency, outcome = rng.randint(50, 400), rng.choice(["token", "noToken", "failure"])
        model = RegisterModel(latency, outcome)
        send("create", {"type": "register", "id": vm, "options": {"latencyMs": latency, "outcome": outcome}})
        for input, value in register_sequence(rng):
            if input == "advance":
                now += value
                send("advance", {"ms": value})
                model.advance_to(now)
            else:
                send(f"{vm}.{input}", [] if value is None and input == "registerButtonPressed" else [value])
                model.apply(input, value, now)
        models[vm] = model
        send("destroy", [vm])

    messages, _, status = run(("\n".join(lines) + "\n").encode(), "--clock", "virtual", timeout=600)
    actual = {}
    responses = 0
    last_seq = 0
    for message in messages:
        if message.get("method") == "output":
            p = message["params"]
            assert p["seq"] == last_seq + 1, f"seq jumped from {last_seq} to {p['seq']}"
            last_seq = p["seq"]
            actual.setdefault(p["vm"], {}).setdefault(p["output"], []).append(p["value"])
        else:
            responses += 1
            assert "error" not in message, message
    passed = failed = 0
    for vm, model in models.items():
        got = {name: actual.get(vm, {}).get(name, []) for name in model.out}
        if got == model.out:
            passed += 1
        else:
            failed += 1
            if failed <= 5:
                print(f"MISMATCH {vm}:\n  model  {model.out}\n  daemon {got}")
    print(f"{len(lines)} requests, {responses} responses, {last_seq} notifications, exit {status}")
    if responses != len(lines) or status != 0:
        failed += 1
        print("every request must be answered once and the daemon must exit 0")
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
