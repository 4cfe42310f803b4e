"""Posts one object with a runner's upload grant, as the runner does (S3 POST policy: the grant's signed fields, key,
Content-Type, then the file), and prints MinIO's answer: the HTTP status and, for a refusal, its error code. Used by
e2e/security.sh to show what a grant can and cannot do. The grant JSON comes on stdin (never a command line).

  python3 e2e/grant.py ENDPOINT KEY < grant.json     e.g. 204, or 403 AccessDenied
"""
import json, sys, urllib.error, urllib.request, uuid, xml.etree.ElementTree as ET


def post(endpoint, grant, key, body=b"e2e", content_type="text/plain"):
    boundary = uuid.uuid4().hex
    fields = dict(grant["fields"], key=key, **{"Content-Type": content_type})
    parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode() for name, value in fields.items()]
    parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="x"\r\nContent-Type: {content_type}\r\n\r\n'.encode()
                 + body + f"\r\n--{boundary}--\r\n".encode())
    request = urllib.request.Request(f"{endpoint}/{grant['bucket']}", data=b"".join(parts), method="POST",
                                     headers={"Content-Type": f"multipart/form-data; boundary={boundary}"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return str(response.status)
    except urllib.error.HTTPError as e:
        text = e.read()
        try:
            code = ET.fromstring(text).findtext("Code") or ""
        except ET.ParseError:
            code = ""
        return f"{e.code} {code}".strip()


if __name__ == "__main__":
    endpoint, key = sys.argv[1:3]
    print(post(endpoint, json.load(sys.stdin), key))
