#!/usr/bin/env python3
"""Checks every e2e run once all finished (e2e/run.sh): the exact phase sequence, percentiles in status, conditions,
the runner's cpuset equal to the CPU the kubelet granted with Isolated=True, or Isolated=False with reason
MeasuredThreadsShareCpu when the run's measured threads outnumber its CPUs (Exclusive; on the one-CPU real node every
run shares), Isolated=False (Shared), the artifacts in MinIO, for load pods (load.parallelism) every pod and each
repetition the sum of theirs, for variants of another image that they ran from it, and for rsocket runs that the
server their spec names served them. Appends per-run figures to OUT/figures.md.

  check_runs.py OUT MINIO_ENV MINIO_PORT
"""
import collections, json, os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import s3  # noqa: E402

out, env_file, port = sys.argv[1], sys.argv[2], sys.argv[3]
env = dict(l.strip().split("=", 1) for l in open(env_file) if "=" in l)
EXPECTED = ["Pending", "Queued", "Scheduled", "Running", "Collecting", "Succeeded"]
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print(f"FAIL {what}")


def s3_list(prefix):
    return s3.list_keys(port, env["MINIO_ROOT_USER"], env["MINIO_ROOT_PASSWORD"], prefix)


def result_json(prefix):
    """The merged result.json a run's artifacts prefix holds, as the operator stored it."""
    return json.loads(s3.curl(env["MINIO_ROOT_USER"], env["MINIO_ROOT_PASSWORD"],
                              f"http://127.0.0.1:{port}/isobench/{prefix}result.json"))


phases = collections.defaultdict(list)  # name -> [(t, phase)] with consecutive repeats dropped
for line in open(f"{out}/phases.log"):
    parts = line.split()
    if len(parts) == 3 and (not phases[parts[1]] or phases[parts[1]][-1][1] != parts[2]):
        phases[parts[1]].append((float(parts[0]), parts[2]))
pods = collections.defaultdict(set)  # run -> client pod UIDs
load_pods = collections.defaultdict(set)  # run -> the other load pods' UIDs (role load-part)
for line in open(f"{out}/pods.log"):
    parts = line.split()
    if len(parts) == 3 and parts[2] == "client":
        pods[parts[1]].add(parts[0])
    if len(parts) == 3 and parts[2] == "load-part":
        load_pods[parts[1]].add(parts[0])
granted = {}  # pod UID -> cpus the CPU manager assigned to its client container
for line in open(f"{out}/cpu-assignments.log"):
    for uid, containers in json.loads(line)["entries"].items():
        if "client" in containers:
            granted[uid] = containers["client"]



def external_server(spec):
    """The user's own server the run measured against (a target's endpoint, the http target's url's host:port), or None."""
    target, options = next(iter(spec["target"].items()))
    if "endpoint" in options:
        return options["endpoint"]
    if target == "http":
        return options["url"].split("/")[2]
    return None


def shares_cpu(spec):
    """More measured threads than the runner pod's CPUs: publisher + agent, publisher + consumer process, or a client
    and a server process in one container (server cpus 0)."""
    placement, target = spec.get("placement", {}), next(iter(spec["target"]))
    cpus = placement.get("client", {}).get("cpus", 2 if target == "ipc" else 1)
    if target == "dispatch":
        cpus += placement.get("agent", {}).get("cpus", 1)
    threads = 2 if target in ("dispatch", "ipc") or placement.get("server", {}).get("cpus", 1) == 0 else 1
    return threads > cpus


def check_load_parts(name, run, st, prefix):
    """load.parallelism N on the one real node: N pods ran (part 0 the client, N-1 load-part pods), all on the node,
    Burstable with no CPU of their own; result.json lists every part and each repetition is the sum of its parts'."""
    n = run["spec"]["load"]["parallelism"]
    check(len(pods.get(name, set())) == 1 and len(load_pods.get(name, set())) == n - 1,
          f"{name}: {len(pods.get(name, set()))} client and {len(load_pods.get(name, set()))} load-part pods, expected 1 and {n - 1}")
    facts = (st.get("isolation") or {}).get("loadParts") or []
    check(sorted(f.get("part") for f in facts) == list(range(1, n)) and all(f.get("node") == "localhost" for f in facts),
          f"{name}: status.isolation.loadParts {facts}")
    check(all(f.get("qosClass") == "Burstable" and f.get("cpusRequested") == 0 for f in facts),
          f"{name}: load pods with client cpus 0 must be Burstable asking 0 CPUs: {facts}")
    result = result_json(prefix)
    check([p.get("part") for p in result.get("loadParts", [])] == list(range(n)), f"{name}: result.json loadParts {result.get('loadParts')}")
    for step in result.get("steps", []):
        for rep in step.get("repetitions", []):
            got = [p["repetition"]["received"] for p in rep.get("parts", [])]
            check(len(got) == n and sum(got) == rep.get("received") and all(g > 0 for g in got),
                  f"{name}: {step['id']} repetition {rep.get('index')}: received {rep.get('received')}, parts {got}")
    return n


def check_variant_images(name, run, prefix):
    """spec.variants[].image: each such variant ran every repetition from its image's runner, which its init container
    copied into the client's pod (result.json's config names the image), interleaved with the others; each variant is
    compared with the first. Returns the variants of another image."""
    images = {v["name"]: v["image"] for v in run["spec"]["variants"] if v.get("image")}
    result = result_json(prefix)
    described = result.get("config", {}).get("variants", {})
    for variant, image in images.items():
        check(described.get(variant, "").startswith(f"--installation={image} (Java "),
              f"{name}: result.json config.variants.{variant} {described.get(variant)!r}, expected its image {image}")
    reps = run["spec"]["load"]["repetitions"]
    by_variant = collections.Counter(s["variant"] for s in result.get("steps", []) for _ in s.get("repetitions", []))
    names = [v["name"] for v in run["spec"]["variants"]]
    check(all(by_variant[v] == reps for v in names), f"{name}: repetitions per variant {dict(by_variant)}, expected {reps} each")
    compared = [c.get("variant") for c in result.get("variantComparisons", [])]
    check(compared == names[1:], f"{name}: variantComparisons {compared}, expected {names[1:]}")
    return len(images)


rows = []
for run in json.load(open(f"{out}/runs.json"))["items"]:
    name, st = run["metadata"]["name"], run.get("status", {})
    seq = [p for _, p in phases[name]]
    check(seq == EXPECTED, f"{name}: phase sequence {seq}, expected {EXPECTED}")
    conds = {c["type"]: c for c in st.get("conditions", [])}
    for c in ("Accepted", "Completed", "Published"):
        check(conds.get(c, {}).get("status") == "True", f"{name}: condition {c} is {conds.get(c)}")
    for c in conds.values():
        check(c.get("observedGeneration") == run["metadata"]["generation"], f"{name}: condition {c['type']} observedGeneration {c.get('observedGeneration')}")
    check(st.get("verdict") == "OK", f"{name}: verdict {st.get('verdict')} ({st.get('message')})")
    steps = st.get("steps") or []
    check(len(steps) > 0, f"{name}: no steps in status")
    for s in steps:
        check(s.get("samples", 0) > 0 and 0 < s.get("p50", 0) <= s.get("p99", 0) <= s.get("max", 0) and s.get("achievedRate", 0) > 0,
              f"{name}: step {s.get('id')} lacks sane percentiles: {s}")
    check(st.get("node") == "localhost", f"{name}: node {st.get('node')}")
    iso = st.get("isolation") or {}
    isolated = conds.get("Isolated", {})
    if run["spec"]["placement"].get("isolation", "Exclusive") == "Exclusive":
        uids = pods.get(name, set())
        cpus = {granted[u] for u in uids if u in granted}
        external = external_server(run["spec"])
        if external:  # nothing of the server is placed nor verified by isobench: never Isolated, whatever the client got
            check(isolated.get("status") == "False" and isolated.get("reason") == "ExternalServer", f"{name}: Isolated {isolated}")
            check(iso.get("externalServer") == external, f"{name}: status.isolation.externalServer {iso.get('externalServer')!r}, expected {external}")
        elif shares_cpu(run["spec"]):
            check(isolated.get("status") == "False" and isolated.get("reason") == "MeasuredThreadsShareCpu", f"{name}: Isolated {isolated}")
        else:
            check(isolated.get("status") == "True", f"{name}: Isolated {isolated}")
        check(len(cpus) == 1 and iso.get("cpusetGranted") in cpus,
              f"{name}: runner cpuset {iso.get('cpusetGranted')!r}, kubelet assigned {sorted(cpus)} to pods {sorted(uids)}")
        check(iso.get("cpuManagerPolicy") == "static" and iso.get("qosClass") == "Guaranteed", f"{name}: isolation facts {iso}")
    else:
        check(isolated.get("status") == "False", f"{name}: a Shared run must not be Isolated: {isolated}")
    art = st.get("artifacts") or {}
    keys = s3_list(art.get("prefix", "runs/none/")) if art.get("prefix") else []
    for suffix in (".hgrm", ".hlog", "result.json"):
        check(any(k.endswith(suffix) for k in keys), f"{name}: no {suffix} under {art.get('prefix')} ({len(keys)} objects)")
    for top in ("run.json", "result.json"):  # the run as applied; the attempt's pods merged losslessly
        check(art.get("prefix", "") + top in keys, f"{name}: no {top} at {art.get('prefix')}")
    check(bool(art.get("site")), f"{name}: no site link in status")
    if run["spec"]["load"].get("parallelism", 1) > 1:
        figure_parts = check_load_parts(name, run, st, art.get("prefix", ""))
        print(f"check_runs: {name}: {figure_parts} load pods on the real node, each repetition their sum")
    if "rsocket" in run["spec"]["target"]:
        wanted = run["spec"]["target"]["rsocket"].get("serverImplementation", "rsocket-java")
        result = result_json(art.get('prefix', ''))
        got = result.get("config", {}).get("serverImplementation")
        check(got == wanted, f"{name}: result.json config.serverImplementation {got!r}, expected {wanted!r} (the spec's)")
    if any(v.get("image") for v in run["spec"].get("variants", [])):
        n = check_variant_images(name, run, art.get("prefix", ""))
        print(f"check_runs: {name}: {n} variant(s) of another image, each run from its image's copied runner")
    t = dict((p, ts) for ts, p in phases[name])
    rows.append((name, st.get("target"), t.get("Scheduled", 0) - t.get("Pending", 0), t.get("Succeeded", 0) - t.get("Scheduled", 0),
                 t.get("Succeeded", 0) - t.get("Pending", 0), len(keys), iso.get("cpusetGranted"), isolated.get("status")))

with open(f"{out}/figures.md", "a") as f:
    f.write("\n| run | target | queued (s) | Scheduled → Succeeded (s) | created → Succeeded (s) | objects | cpuset | Isolated |\n"
            "|---|---|---:|---:|---:|---:|---|---|\n")
    for r in rows:
        f.write(f"| {r[0]} | {r[1]} | {r[2]:.1f} | {r[3]:.1f} | {r[4]:.1f} | {r[5]} | {r[6]} | {r[7]} |\n")
print(f"check_runs: {len(rows)} runs, {len(failures)} failures")
sys.exit(1 if failures else 0)
