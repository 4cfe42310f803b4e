#!/usr/bin/env python3
"""The end-to-end runs: each example of examples/ (one per target, Shared isolation, compare with a baseline, load pods),
cut to seconds and to the real node's single allocatable CPU (agent and server share the client's CPU: `cpus: 0`; load
pods ask no CPU of their own: Shared, `client.cpus: 0`), pinned to the real node's pool. Reads the examples as JSON
(kubectl create --dry-run=client -o json), writes a List.

  runs.py EXAMPLE.json... > runs.json

An example at a server of the user's own (a target's endpoint, the http target's url) is pointed at the one e2e/run.sh
started: E2E_ECHO_ENDPOINT (HOST:PORT of a TCP echo server) and E2E_HTTP_SERVER (HOST:PORT of an HTTP server; the url's
path and query are kept). A plugin example runs in E2E_PLUGIN_IMAGE, the user's image pushed to the e2e registry; a
variant of another image runs in E2E_PLUGIN_NEXT_IMAGE, the same plugin in a second image. The rsocket example runs
twice: with its server (rsocket-java's responder) and with isobench's own (serverImplementation: isobench).
"""
import json, os, sys
from urllib.parse import urlsplit, urlunsplit

SHORT = {"warmup": "1s", "duration": "2s", "repetitions": 2, "probeDuration": "200ms"}
OPEN_LOOP_WINDOW = "6s"
# per target: load that one shared CPU holds comfortably, and memory for the second JVM (server, consumer)
LOAD = {
    "dispatch": {"mode": "Open", "rates": [2000]},
    "udpEcho": {"mode": "Closed", "clients": [1]},
    "tcpEcho": {"mode": "Open", "rates": [1000]},
    "httpMock": {"mode": "Closed", "clients": [2]},
    "ipc": {"mode": "Open", "rates": [1000]},
    "rsocket": {},
    "plugin": {"mode": "Open", "rates": [2000]},
}
RSOCKET = {"connections": 2, "streamsPerConnection": 10, "rampUp": "1s", "interval": "100ms"}
# hostile input end to end: a label value a careless page would run as script (63 characters at most)
HOSTILE = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>'[:63]
# a run author's secrets in an env value and a JVM option: they apply in the runner and never reach the site (security.sh)
AUTHOR_ENV_SECRET = "e2e-env-value-5b1f9a"
AUTHOR_JVM_SECRET = "e2e-jvm-value-8c2d4e"


def users_server(spec, target):
    """Points an example at the user's own server to the one this e2e started; True when the example has one."""
    options = spec["target"][target]
    if "endpoint" in options:
        options["endpoint"] = os.environ["E2E_ECHO_ENDPOINT"]
        return True
    if target == "http":
        url = urlsplit(options["url"])
        options["url"] = urlunsplit(("http", os.environ["E2E_HTTP_SERVER"], url.path, url.query, ""))
        return True
    return False


def e2e_run(doc):
    spec = doc["spec"]
    target = next(iter(spec["target"]))
    name = "e2e-" + doc["metadata"]["name"]
    external = users_server(spec, target)
    # a user's server: ping-pong, as the examples measure it (how much load it takes is not ours to know)
    load = dict(SHORT, mode="Closed", clients=[1]) if external else dict(SHORT, **LOAD[target])
    if load.get("mode") == "Open":
        # an open-loop window lasts until its last message completes, so a host stall at its end on the CPU the control
        # plane shares lengthens it: ~70 ms cost a 2 s window 3.5 % of its rate (past the 2 % tolerance; seen in CI),
        # a 6 s window loses under 2 % to a stall of up to 120 ms
        load["duration"] = OPEN_LOOP_WINDOW
    if target == "rsocket":
        spec["target"]["rsocket"].update(RSOCKET)
        # the streams' messages are due on the server's clock: a stall costs the window its rate as in the open loop
        load = {"warmup": "1s", "duration": OPEN_LOOP_WINDOW, "repetitions": 1, "probeDuration": "200ms"}
    parallelism = spec["load"].get("parallelism", 1)
    placement = spec.setdefault("placement", {})
    placement["client"] = {"cpus": 1}  # memory: the operator's default for the JVMs the container runs
    if parallelism > 1:
        # load pods, all on the one real node: Shared, with no CPU of their own (Burstable, unpinned on the node's shared
        # CPUs), a client each, the same count of pods as the example
        load.update(mode="Closed", clients=[parallelism], parallelism=parallelism)
        load.pop("rates", None)
        placement["client"] = {"cpus": 0}
    spec["load"] = load
    placement.pop("server", None)
    placement.pop("agent", None)
    if target == "dispatch":
        placement["agent"] = {"cpus": 0}
        spec["runner"] = {"env": [{"name": "E2E_TOKEN", "value": AUTHOR_ENV_SECRET}],
                          "jvmOptions": ["-De2e.password=" + AUTHOR_JVM_SECRET]}
        spec["target"]["dispatch"]["queues"] = ["isobench", "agrona"]
        spec["target"]["dispatch"]["ringSize"] = 4096
    if target in ("udpEcho", "tcpEcho", "httpMock", "rsocket") and not external:
        placement["server"] = {"cpus": 0}
        placement["topology"] = "SamePod"
    if target == "plugin":
        spec["runner"] = {"image": os.environ["E2E_PLUGIN_IMAGE"]}
    for variant in spec.get("variants", []):
        if "image" in variant:  # a variant of another image: the plugin's second image in the e2e registry
            variant["image"] = os.environ["E2E_PLUGIN_NEXT_IMAGE"]
    placement["nodeSelector"] = {"isobench.io/pool": "real"}
    spec["timeout"] = "10m"
    report = spec.setdefault("report", {})
    if report.get("baseline"):
        report["baseline"] = "e2e-" + report["baseline"]
    labels = report.setdefault("labels", {})
    labels["suite"] = "e2e"
    if spec["placement"].get("isolation") == "Shared":
        labels["note"] = HOSTILE
    return {"apiVersion": doc["apiVersion"], "kind": doc["kind"], "metadata": {"name": name}, "spec": spec}


docs = []
for path in sys.argv[1:]:
    loaded = json.load(open(path))
    docs += loaded["items"] if loaded.get("kind") == "List" else [loaded]
runs = [e2e_run(d) for d in docs]
# the rsocket example once more with isobench's own RSocket server in its server process (the example's, rsocket-java's
# responder, is the default): the field through the operator to the server the pod starts (check_runs.py reads it back)
for run in list(runs):
    if "rsocket" in run["spec"]["target"]:
        other = json.loads(json.dumps(run))
        other["metadata"]["name"] = run["metadata"]["name"] + "-isobench-server"
        other["spec"]["target"]["rsocket"]["serverImplementation"] = "isobench"
        runs.append(other)
json.dump({"apiVersion": "v1", "kind": "List", "items": runs}, sys.stdout, indent=1)
