#!/usr/bin/env python3
"""The adapter's own cost, without the runner (a benchmark tool, not a test).

    python3 harness/bench/adapter_alone.py SUITE ADAPTER [--ahead | --batch]

Starts `node ADAPTER`, then sends one protocol request (../PROTOCOL.md) per case of
SUITE (ONNX's layout: test_data_set_0's inputs), pointing at the suite's own files, with
one output folder in /dev/shm emptied before each request as the runner empties its own.
Nothing is staged, compared or journaled: what is left is the adapter's work and the
round trip of the pipes. --ahead sends each request before the answer to the one before
it has come (the adapter then never waits). --batch writes every request to a file and
runs the adapter with stdin from it and stdout to another (no round trips through pipes:
the adapter's own work; one output folder for all, not emptied; wall seconds from start
to exit). Prints one JSON line: cases, wall seconds from the hello line to the last
answer, the adapter's CPU seconds, statuses.
"""
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time


def requests(suite, output_dir):
    for i, name in enumerate(sorted(os.listdir(suite))):
        case = os.path.join(suite, name)
        if not os.path.isfile(os.path.join(case, "model.onnx")):
            continue
        data = os.path.join(case, "test_data_set_0")
        numbered = [(int(m.group(1)), f) for f in os.listdir(data) if (m := re.fullmatch(r"input_(\d+)\.pb", f))]
        inputs = [os.path.join(data, f) for _, f in sorted(numbered)]
        yield json.dumps({"id": str(i), "model": os.path.join(case, "model.onnx"), "inputs": inputs,
                          "output_dir": output_dir}) + "\n"


def batch(adapter, lines, output_dir):
    with tempfile.TemporaryDirectory() as work:
        with open(os.path.join(work, "requests"), "w") as f:
            f.writelines(lines)
        start = time.monotonic()
        with open(os.path.join(work, "requests")) as given, open(os.path.join(work, "answers"), "w") as answers:
            subprocess.run(["node", adapter], stdin=given, stdout=answers, check=True)
        wall = time.monotonic() - start
        statuses = {}
        with open(os.path.join(work, "answers")) as f:
            for line in list(f)[1:]:  # after the hello
                status = json.loads(line)["status"]
                statuses[status] = statuses.get(status, 0) + 1
    shutil.rmtree(output_dir, ignore_errors=True)
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(json.dumps({"cases": len(lines), "wall_s": round(wall, 3), "adapter_cpu_s": round(usage.ru_utime + usage.ru_stime, 3),
                      "batch": True, "statuses": statuses}))


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(args) != 2:
        sys.exit(__doc__)
    suite, adapter = args
    ahead = "--ahead" in sys.argv
    output_dir = tempfile.mkdtemp(prefix="touchstone-bench-", dir="/dev/shm" if os.access("/dev/shm", os.W_OK) else None)
    lines = list(requests(suite, output_dir))
    if "--batch" in sys.argv:
        return batch(adapter, lines, output_dir)
    child = subprocess.Popen(["node", adapter], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    hello = json.loads(child.stdout.readline())
    if hello.get("hello") != "touchstone-backend":
        sys.exit(f"not a touchstone adapter: {hello}")
    statuses = {}
    start = time.monotonic()
    if ahead and lines:
        child.stdin.write(lines[0])
        child.stdin.flush()
    for i, line in enumerate(lines):
        for f in os.listdir(output_dir):
            os.unlink(os.path.join(output_dir, f))
        if not ahead:
            child.stdin.write(line)
        elif i + 1 < len(lines):
            child.stdin.write(lines[i + 1])
        child.stdin.flush()
        status = json.loads(child.stdout.readline())["status"]
        statuses[status] = statuses.get(status, 0) + 1
    wall = time.monotonic() - start
    child.stdin.write('{"shutdown": true}\n')
    child.stdin.flush()
    child.wait()
    shutil.rmtree(output_dir, ignore_errors=True)
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(json.dumps({"cases": len(lines), "wall_s": round(wall, 3), "adapter_cpu_s": round(usage.ru_utime + usage.ru_stime, 3),
                      "ahead": ahead, "statuses": statuses}))


if __name__ == "__main__":
    main()
