#!/usr/bin/env python3
"""Write an OCI image archive (what `ctr -n k8s.io images import` takes) from a root filesystem directory,
deterministically: sorted entries, mtime 0, root-owned, modes and symlinks kept. One layer, or with --base one layer on
top of another archive's image (a Containerfile's FROM + COPY: the base's layers and settings kept, the given ones win).

  oci_archive.py ROOTFS OUT.tar NAME:TAG --entrypoint JSON [--env K=V]... [--user UID:GID] [--workdir DIR] [--label K=V]...
  oci_archive.py ROOTFS OUT.tar NAME:TAG --base BASE.tar [--label K=V]...
  oci_archive.py --verify OUT.tar      checks index → manifest → config and layer digests and sizes
"""
import argparse, hashlib, io, json, os, stat, sys, tarfile

MANIFEST = "application/vnd.oci.image.manifest.v1+json"


def digest(data):
    return "sha256:" + hashlib.sha256(data).hexdigest()


def layer_from(rootfs):
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for top, dirs, files in os.walk(rootfs):
            dirs.sort()
            for name in sorted(dirs) + sorted(files):
                path = os.path.join(top, name)
                info = tar.gettarinfo(path, arcname=os.path.relpath(path, rootfs))
                info.mtime, info.uid, info.gid, info.uname, info.gname = 0, 0, 0, "", ""
                if info.isreg():
                    with open(path, "rb") as f:
                        tar.addfile(info, f)
                else:
                    tar.addfile(info)
    return buf.getvalue()


def base_image(path):
    """The base archive's config and its layers' bytes, in order."""
    with tarfile.open(path) as tar:
        read = lambda d: tar.extractfile("blobs/sha256/" + d["digest"].split(":", 1)[1]).read()
        index = json.loads(tar.extractfile("index.json").read())
        manifest = json.loads(read(index["manifests"][0]))
        return json.loads(read(manifest["config"])), [read(l) for l in manifest["layers"]]


def build(a):
    layer = layer_from(a.rootfs)
    labels = dict(l.split("=", 1) for l in a.label)
    if a.base:
        config, layers = base_image(a.base)
        settings = config["config"]
        if a.entrypoint:
            settings["Entrypoint"] = json.loads(a.entrypoint)
        settings["Env"] = settings.get("Env", []) + a.env
        settings["Labels"] = {**settings.get("Labels", {}), **labels}
        for key, value in (("User", a.user), ("WorkingDir", a.workdir)):
            if value:
                settings[key] = value
    else:
        if not a.entrypoint:
            sys.exit("oci_archive.py: --entrypoint is needed without --base")
        config = {"architecture": "amd64", "os": "linux", "created": "1970-01-01T00:00:00Z",
                  "config": {"Entrypoint": json.loads(a.entrypoint), "Env": a.env, "User": a.user or "10001:10001",
                             "WorkingDir": a.workdir or "/", "Labels": labels}}
        layers = []
    layers.append(layer)
    config["rootfs"] = {"type": "layers", "diff_ids": [digest(l) for l in layers]}
    config_bytes = json.dumps(config, sort_keys=True).encode()
    manifest = json.dumps({"schemaVersion": 2, "mediaType": MANIFEST,
                           "config": {"mediaType": "application/vnd.oci.image.config.v1+json", "digest": digest(config_bytes), "size": len(config_bytes)},
                           "layers": [{"mediaType": "application/vnd.oci.image.layer.v1.tar", "digest": digest(l), "size": len(l)} for l in layers]},
                          sort_keys=True).encode()
    repo = a.ref.rsplit(":", 1)[0]
    full = a.ref if "." in repo.split("/")[0] and "/" in repo else "docker.io/" + (a.ref if "/" in repo else "library/" + a.ref)
    index = json.dumps({"schemaVersion": 2, "manifests": [{"mediaType": MANIFEST, "digest": digest(manifest), "size": len(manifest),
                        "annotations": {"io.containerd.image.name": full, "org.opencontainers.image.ref.name": a.ref.rsplit(":", 1)[1]}}]},
                       sort_keys=True).encode()
    with tarfile.open(a.out, "w") as tar:
        def add(name, data):
            info = tarfile.TarInfo(name)
            info.size, info.mtime, info.mode = len(data), 0, 0o644
            tar.addfile(info, io.BytesIO(data))
        add("oci-layout", b'{"imageLayoutVersion":"1.0.0"}')
        add("index.json", index)
        for blob in (*layers, config_bytes, manifest):
            add("blobs/sha256/" + hashlib.sha256(blob).hexdigest(), blob)
    print(f"{a.out}: {full} {digest(manifest)} ({len(layer) // 1048576} MiB layer)")


def verify(path):
    with tarfile.open(path) as tar:
        names = set(tar.getnames())
        read = lambda n: tar.extractfile(n).read()
        assert "oci-layout" in names and json.loads(read("oci-layout"))["imageLayoutVersion"] == "1.0.0", "no oci-layout"
        def blob(desc):
            name = "blobs/sha256/" + desc["digest"].split(":", 1)[1]
            assert name in names, f"missing blob {desc['digest']}"
            data = read(name)
            assert digest(data) == desc["digest"], f"digest mismatch for {name}"
            assert len(data) == desc["size"], f"size mismatch for {name}"
            return data
        index = json.loads(read("index.json"))
        for m in index["manifests"]:
            assert m["annotations"]["io.containerd.image.name"], "unnamed image"
            manifest = json.loads(blob(m))
            config = json.loads(blob(manifest["config"]))
            layers = [blob(l) for l in manifest["layers"]]
            assert config["rootfs"]["diff_ids"] == [digest(l) for l in layers], "diff_ids do not match the layers"
            print(f"{path}: OK {m['annotations']['io.containerd.image.name']} entrypoint {config['config']['Entrypoint']}")


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--verify":
        verify(sys.argv[2])
        return
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("rootfs"); p.add_argument("out"); p.add_argument("ref")
    p.add_argument("--entrypoint")
    p.add_argument("--base", help="an image archive to build on: its layers first, its settings unless given")
    p.add_argument("--env", action="append", default=[])
    p.add_argument("--user")
    p.add_argument("--workdir")
    p.add_argument("--label", action="append", default=[])
    build(p.parse_args())


if __name__ == "__main__":
    main()
