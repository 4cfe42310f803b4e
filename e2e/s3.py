"""Reads and writes a MinIO bucket with the root credentials (curl's SigV4 signing; query values fully encoded, as
SigV4's canonical query string requires). Used by the e2e checks; credentials from MINIO_ROOT_USER / MINIO_ROOT_PASSWORD.

  python3 e2e/s3.py PORT list PREFIX   prints one key per line
  python3 e2e/s3.py PORT get KEY       the object to stdout
  python3 e2e/s3.py PORT put KEY       stdin becomes the object (what a hostile runner could upload)
"""
import hashlib, os, subprocess, sys, urllib.parse, xml.etree.ElementTree as ET

NS = {"s3": "http://s3.amazonaws.com/doc/2006-03-01/"}


def list_keys(port, user, password, prefix, bucket="isobench"):
    keys, token = [], None
    while True:
        query = "list-type=2&max-keys=1000&prefix=" + urllib.parse.quote(prefix, safe="")
        if token:
            query = "continuation-token=" + urllib.parse.quote(token, safe="") + "&" + query
        xml = curl(user, password, f"http://127.0.0.1:{port}/{bucket}?{query}")
        root = ET.fromstring(xml)
        keys += [c.find("s3:Key", NS).text for c in root.findall("s3:Contents", NS)]
        token = root.findtext("s3:NextContinuationToken", None, NS)
        if not token:
            return keys


def curl(user, password, url, *args, data=None):
    # bounded: a store that accepts and never answers fails the check that asked, it does not hang the e2e
    return subprocess.run(["curl", "-sf", "--connect-timeout", "5", "--max-time", "30", "--aws-sigv4", "aws:amz:us-east-1:s3", "--user", f"{user}:{password}", *args, url],
                          input=data, capture_output=True, check=True).stdout


if __name__ == "__main__":
    port, command, arg = sys.argv[1:4]
    user, password = os.environ["MINIO_ROOT_USER"], os.environ["MINIO_ROOT_PASSWORD"]
    url = f"http://127.0.0.1:{port}/isobench/" + urllib.parse.quote(arg)
    if command == "list":
        print("\n".join(list_keys(port, user, password, arg)))
    elif command == "get":
        sys.stdout.buffer.write(curl(user, password, url))
    elif command == "put":
        body = sys.stdin.buffer.read()
        # curl signs a body it streams as UNSIGNED-PAYLOAD unless told its hash; MinIO accepts either, say it
        curl(user, password, url, "-X", "PUT", "--data-binary", "@-", "-H", "x-amz-content-sha256: " + hashlib.sha256(body).hexdigest(),
             "-H", "Content-Type: application/octet-stream", data=body)
    else:
        sys.exit(f"unknown command {command!r}: list, get or put")
