#!/usr/bin/env python3
"""Follows the kubelet's CPU manager checkpoint and prints every exclusive assignment it ever holds, one JSON line
per change: {"t": epoch, "entries": {podUID: {container: cpus}}, "defaultCpuSet": "..."}. Assignments vanish when a
container ends, so the e2e checks read this log, not the file afterwards.

  cpu_assignments.py PATH/cpu_manager_state
"""
import json, sys, time

path, last = sys.argv[1], None
while True:
    try:
        with open(path) as f:
            text = f.read()
    except OSError:
        text = None
    if text and text != last:
        try:
            state = json.loads(text)
            print(json.dumps({"t": time.time(), "entries": state.get("entries", {}), "defaultCpuSet": state.get("defaultCpuSet")}), flush=True)
            last = text
        except ValueError:
            pass  # caught mid-write: read again
    time.sleep(0.05)
