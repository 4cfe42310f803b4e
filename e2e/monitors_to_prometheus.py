#!/usr/bin/env python3
"""Prometheus scraping through the chart's ServiceMonitor and PodMonitor, without the Prometheus Operator: the
subset of its behaviour the chart's monitors use (matchLabels selectors, namespaceSelector.matchNames, a named
port, path, interval, the relabelings), with targets found through the API server. Debian's Prometheus is built
without Kubernetes service discovery, so discovery is done here and handed over as file_sd target files.

  monitors_to_prometheus.py config MONITORS.json DIR > prometheus.yml     one scrape job per monitor endpoint
  monitors_to_prometheus.py discover MONITORS.json DIR KUBECTL...          refreshes DIR/<job>.json every second
(MONITORS.json: kubectl get servicemonitors,podmonitors -A -o json)
"""
import json, os, re, subprocess, sys, time

mode, monitors_file, target_dir = sys.argv[1:4]
kubectl = sys.argv[4:]
monitors = json.load(open(monitors_file))["items"]


def jobs():
    for m in monitors:
        spec = m["spec"]
        endpoints = spec["endpoints"] if m["kind"] == "ServiceMonitor" else spec["podMetricsEndpoints"]
        for i, ep in enumerate(endpoints):
            yield f"{m['kind'].lower()}/{m['metadata']['namespace']}/{m['metadata']['name']}/{i}", m, ep


def matches(labels, selector):
    return all(labels.get(k) == v for k, v in selector.get("matchLabels", {}).items())


def get(kind, namespace):
    # bounded: one hung call must not stall discovery past a short-lived runner pod (its whole life is ~30 s)
    return json.loads(subprocess.run(kubectl + ["get", kind, "-n", namespace, "-o", "json", "--request-timeout=5s"], capture_output=True,
                                     check=True, text=True, timeout=10).stdout)["items"]


def sanitize(name):
    return re.sub(r"[^a-zA-Z0-9_]", "_", name)


def targets(monitor, ep):
    spec, found = monitor["spec"], []
    for ns in spec["namespaceSelector"]["matchNames"]:
        if monitor["kind"] == "ServiceMonitor":
            services = {s["metadata"]["name"] for s in get("services", ns) if matches(s["metadata"].get("labels", {}), spec["selector"])}
            for e in get("endpoints", ns):
                if e["metadata"]["name"] not in services:
                    continue
                for subset in e.get("subsets", []):
                    ports = [p["port"] for p in subset.get("ports", []) if p.get("name") == ep["port"]]
                    for a in subset.get("addresses", []):
                        for port in ports:
                            found.append({"targets": [f"{a['ip']}:{port}"], "labels": {"namespace": ns, "service": e["metadata"]["name"],
                                                                                      "pod": a.get("targetRef", {}).get("name", "")}})
        else:
            for p in get("pods", ns):
                meta, status = p["metadata"], p.get("status", {})
                if not matches(meta.get("labels", {}), spec["selector"]) or status.get("phase") not in ("Pending", "Running") or not status.get("podIP"):
                    continue
                meta_labels = {f"__meta_kubernetes_pod_label_{sanitize(k)}": v for k, v in meta.get("labels", {}).items()}
                meta_labels["__meta_kubernetes_pod_node_name"] = p["spec"].get("nodeName", "")
                labels = {"namespace": ns, "pod": meta["name"]}
                for r in ep.get("relabelings", []):
                    labels[r["targetLabel"]] = meta_labels.get(r["sourceLabels"][0], "")
                for c in p["spec"]["containers"]:
                    for port in c.get("ports", []):
                        if port.get("name") == ep["port"]:
                            found.append({"targets": [f"{status['podIP']}:{port['containerPort']}"], "labels": labels})
    return found


def path_of(job):
    return os.path.join(target_dir, sanitize(job) + ".json")


if mode == "config":
    scrape = [{"job_name": job, "metrics_path": ep.get("path", "/metrics"), "scrape_interval": ep.get("interval", "30s"),
               "file_sd_configs": [{"files": [path_of(job)], "refresh_interval": "1s"}]} for job, _, ep in jobs()]
    json.dump({"global": {"evaluation_interval": "1s"}, "scrape_configs": scrape}, sys.stdout, indent=1)  # JSON is YAML
else:
    last = {}
    while True:
        for job, monitor, ep in jobs():
            try:
                found = targets(monitor, ep)
            except Exception as e:  # one bad read (a refused call, a pod caught mid-change) must not end discovery
                print(f"{time.strftime('%H:%M:%S')} {job}: {type(e).__name__}: {e}", file=sys.stderr, flush=True)
                continue
            if found != last.get(job):  # each change of a job's targets, timed, so a missed scrape can be explained
                print(f"{time.strftime('%H:%M:%S')} {job}: {[t['targets'][0] + ' ' + t['labels'].get('pod', '') for t in found]}",
                      file=sys.stderr, flush=True)
                last[job] = found
            tmp = path_of(job) + ".tmp"
            with open(tmp, "w") as f:
                json.dump(found, f)
            os.replace(tmp, path_of(job))  # Prometheus never reads half a file
        time.sleep(1)
