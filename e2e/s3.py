"""Lists a MinIO bucket's keys with the root credentials (curl's SigV4 signing; query values fully encoded, as
SigV4's canonical query string requires). Used by the e2e checks.

  python3 e2e/s3.py PORT PREFIX      (credentials from MINIO_ROOT_USER / MINIO_ROOT_PASSWORD) prints one key per line
"""
import os, subprocess, sys, urllib.parse, xml.etree.ElementTree as ET

NS = {"s3": "http://s3.amazonaws.com/doc/2006-03-01/"}


def list_keys(port, user, password, prefix, bucket="isobench"):
    keys, token = [], None
    while True:
        query = "list-type=2&max-keys=1000&prefix=" + urllib.parse.quote(prefix, safe="")
        if token:
            query = "continuation-token=" + urllib.parse.quote(token, safe="") + "&" + query
        xml = subprocess.run(["curl", "-sf", "--aws-sigv4", "aws:amz:us-east-1:s3", "--user", f"{user}:{password}",
                              f"http://127.0.0.1:{port}/{bucket}?{query}"], capture_output=True, check=True).stdout
        root = ET.fromstring(xml)
        keys += [c.find("s3:Key", NS).text for c in root.findall("s3:Contents", NS)]
        token = root.findtext("s3:NextContinuationToken", None, NS)
        if not token:
            return keys


if __name__ == "__main__":
    for key in list_keys(sys.argv[1], os.environ["MINIO_ROOT_USER"], os.environ["MINIO_ROOT_PASSWORD"], sys.argv[2]):
        print(key)
