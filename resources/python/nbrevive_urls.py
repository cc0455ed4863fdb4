# Serves the URLs a run maps to local copies (the case's data.urls and the user's URL map) inside the kernel, for
# every way a notebook opens a URL, so the notebook keeps its author's code. nbrevive_kernel.py installs it before
# ipykernel starts, from a JSON file nbrevive writes per execution:
#   {"network": false, "urls": {"https://host/path/file.csv": "/path/the/kernel/sees/file.csv"}}
#
# Where each opener is caught (the lowest layer that the libraries share, specific hooks only where one bypasses it):
# - urllib.request: a handler in every OpenerDirector (urlopen, urlretrieve, build_opener, openers built with an SSL
#   context), so everything built on urllib is served: pandas' readers of http(s) URLs, numpy's DataSource,
#   seaborn.load_dataset, scikit-learn's fetch_* helpers, keras.utils.get_file, torchvision downloads.
# - requests: HTTPAdapter.send (requests talks to urllib3 directly, never to urllib).
# - seaborn: get_dataset_names() reads an index page (seaborn.load_dataset refuses names it does not list); mapped
#   seaborn-data CSVs are added to it, so a map needs only the CSV.
# - socket (runs without network only): getaddrinfo/connect failures of any other client (http.client, urllib3,
#   aiohttp) name the host and how to map it, instead of "Temporary failure in name resolution".
# Unmapped URLs: without network they fail at once with a message naming the URL and how to map it; with network
# they are fetched, and a failure to connect gets the same advice appended.
# Patches are applied when the library is imported (a post-import hook), so a kernel start imports nothing extra.
import errno
import importlib.abc
import json
import mimetypes
import os
import re
import socket
import sys

HOW_TO_MAP = "Map it with data.urls in nbrevive.case.json or --url-map FILE (or the URL map in Settings)"
HOW_TO_MAP_HOSTS = "Map the URLs the notebook downloads with data.urls in nbrevive.case.json or --url-map FILE"
DEFAULT_PORTS = {"http": 80, "https": 443, "ftp": 21}
SEABORN_CSV = re.compile(r"^https?://(?:raw\.githubusercontent\.com/mwaskom/seaborn-data/(?:master|main)|github\.com/mwaskom/seaborn-data/raw/(?:master|main))/(\w+)\.csv$")

_map = None  # the UrlMap of this kernel, once installed


def url_key(url):
    """(scheme, host[:port], path, query) compared case-insensitively where URLs are, None for what is not a URL."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(str(url).strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in DEFAULT_PORTS or not parts.hostname:
        return None
    netloc = parts.hostname.lower()
    if port is not None and port != DEFAULT_PORTS[scheme]:
        netloc += f":{port}"
    return (scheme, netloc, parts.path.rstrip("/"), parts.query)


def unmapped_message(url):
    return f"nbrevive: no network in this run; {url} is not mapped. {HOW_TO_MAP}"


def failed_message(url, reason):
    return (
        f"nbrevive: {url} could not be fetched ({reason}) and is not mapped to a local copy. If this run has no "
        "network, map it with data.urls in nbrevive.case.json or --url-map FILE (or the URL map in Settings)"
    )


class Served:
    """A mapped URL: the local file the kernel reads instead."""

    def __init__(self, url, path):
        self.url = url
        self.path = path

    def headers(self):
        size = os.path.getsize(self.path)
        kind, encoding = mimetypes.guess_type(self.path)
        kind = kind or "application/octet-stream"
        if kind.startswith("text/"):
            kind += "; charset=utf-8"
        headers = {"Content-Type": kind, "Content-Length": str(size)}
        if encoding:
            # a mapped data.csv.gz is served as the .gz bytes, as a file server would: never decoded by the client
            headers["Content-Type"] = "application/octet-stream"
        return headers

    def open(self, method="GET"):
        if method == "HEAD":
            import io

            return io.BytesIO(b"")
        return open(self.path, "rb")


class UrlMap:
    def __init__(self, urls, network):
        self.network = bool(network)
        self.by_key = {}
        for url, path in urls.items():
            key = url_key(url)
            if key is not None:
                self.by_key.setdefault(key, path)

    def lookup(self, url):
        key = url_key(url)
        if key is None:
            return None
        path = self.by_key.get(key)
        if path is None:
            # an http:// URL from 2016 that the map lists as https:// (or the other way round) is the same file
            other = {"http": "https", "https": "http"}.get(key[0])
            path = self.by_key.get((other,) + key[1:]) if other else None
        return Served(str(url), path) if path is not None else None

    def seaborn_names(self):
        names = []
        for scheme, netloc, path, query in self.by_key:
            m = SEABORN_CSV.match(f"{scheme}://{netloc}{path}") if not query else None
            if m and m.group(1) not in names:
                names.append(m.group(1))
        return names


# ---------- post-import hooks


class _HookedLoader:
    """Runs the original loader, then the patch; the module's loader is put back afterwards."""

    def __init__(self, loader, patch):
        self._loader = loader
        self._patch = patch

    def create_module(self, spec):
        return self._loader.create_module(spec)

    def exec_module(self, module):
        self._loader.exec_module(module)
        spec = getattr(module, "__spec__", None)
        if spec is not None and spec.loader is self:
            spec.loader = self._loader
        if getattr(module, "__loader__", None) is self:
            module.__loader__ = self._loader
        _apply(self._patch, module)

    def __getattr__(self, name):
        return getattr(self._loader, name)


class _PostImportFinder(importlib.abc.MetaPathFinder):
    def __init__(self, patches):
        self.patches = patches
        self.busy = set()

    def find_spec(self, name, path, target=None):
        patch = self.patches.get(name)
        if patch is None or name in self.busy:
            return None
        self.busy.add(name)
        try:
            for finder in sys.meta_path:
                if finder is self or not hasattr(finder, "find_spec"):
                    continue
                spec = finder.find_spec(name, path, target)
                if spec is not None:
                    break
            else:
                return None
        finally:
            self.busy.discard(name)
        if spec.loader is None or not hasattr(spec.loader, "exec_module"):
            return spec
        spec.loader = _HookedLoader(spec.loader, patch)
        return spec


def _apply(patch, module):
    if getattr(module, "_nbrevive_urls_patched", False):
        return
    try:
        patch(module)
        module._nbrevive_urls_patched = True
    except Exception as e:  # a library version we do not know: its URLs are not served, the notebook still runs
        print(f"nbrevive: could not hook {module.__name__} for mapped URLs: {type(e).__name__}: {e}", file=sys.stderr)


# ---------- urllib


def _patch_urllib(request):
    import email.message
    import urllib.error
    import urllib.response

    class URLError(urllib.error.URLError):
        """Named like the error it stands for, so `except URLError` and the error reports still match."""

    URLError.__module__ = "urllib.error"

    class Response(urllib.response.addinfourl):
        reason = "OK"
        msg = "OK"

    class MappedUrlHandler(request.BaseHandler):
        handler_order = 50  # before the proxy (100) and the HTTP/FTP handlers (500)

        def serve(self, req):
            url = req.full_url
            served = _map.lookup(url)
            if served is None:
                if not _map.network:
                    raise URLError(unmapped_message(url))
                return None
            headers = email.message.Message()
            for name, value in served.headers().items():
                headers[name] = value
            return Response(served.open(req.get_method()), headers, url, 200)

        http_open = serve
        https_open = serve
        ftp_open = serve

    original_init = request.OpenerDirector.__init__

    def __init__(self, *args, **kwargs):
        original_init(self, *args, **kwargs)
        self.add_handler(MappedUrlHandler())

    original_open = request.OpenerDirector.open

    def open_url(self, fullurl, *args, **kwargs):
        try:
            return original_open(self, fullurl, *args, **kwargs)
        except urllib.error.HTTPError:
            raise
        except urllib.error.URLError as e:
            url = getattr(fullurl, "full_url", fullurl)
            if isinstance(e, URLError) or url_key(url) is None:  # ours already, or a file: URL (no network involved)
                raise
            raise URLError(failed_message(url, e.reason)) from None

    request.OpenerDirector.__init__ = __init__
    request.OpenerDirector.open = open_url
    request._opener = None  # an opener built before the hook would lack the handler


# ---------- requests


def _patch_requests(adapters):
    from requests import exceptions
    from requests.models import Response
    from requests.structures import CaseInsensitiveDict
    from requests.utils import get_encoding_from_headers

    class ConnectionError(exceptions.ConnectionError):
        pass

    ConnectionError.__module__ = "requests.exceptions"

    original_send = adapters.HTTPAdapter.send

    def send(self, request, *args, **kwargs):
        served = _map.lookup(request.url) if request.method in ("GET", "HEAD") else None
        if served is not None:
            response = Response()
            response.status_code = 200
            response.reason = "OK"
            response.url = request.url
            response.request = request
            response.connection = self
            response.headers = CaseInsensitiveDict(served.headers())
            response.encoding = get_encoding_from_headers(response.headers)
            response.raw = served.open(request.method)
            return response
        if not _map.network:
            raise ConnectionError(unmapped_message(request.url), request=request)
        try:
            return original_send(self, request, *args, **kwargs)
        except exceptions.ConnectionError as e:
            # the same class (ConnectTimeout stays a Timeout for `except requests.Timeout`), with the advice
            raise type(e)(failed_message(request.url, e), request=request) from None

    adapters.HTTPAdapter.send = send


# ---------- seaborn


def _patch_seaborn(utils):
    original = utils.get_dataset_names

    def get_dataset_names():
        mapped = _map.seaborn_names()
        try:
            names = list(original())
        except Exception:
            if mapped:
                return mapped
            raise
        return names + [n for n in mapped if n not in names]

    get_dataset_names.__doc__ = original.__doc__
    utils.get_dataset_names = get_dataset_names


# ---------- sockets (runs without network)


def _is_loopback(host):
    import ipaddress

    try:
        return ipaddress.ip_address(str(host).split("%")[0]).is_loopback
    except ValueError:
        return str(host).lower() in ("localhost", "") or str(host).lower().endswith(".localhost")


def _patch_sockets():
    original_getaddrinfo = socket.getaddrinfo

    def getaddrinfo(host, port, *args, **kwargs):
        try:
            return original_getaddrinfo(host, port, *args, **kwargs)
        except socket.gaierror as e:
            if host is None or _is_loopback(host):
                raise
            where = f"{host}:{port}" if port else str(host)
            raise socket.gaierror(e.errno, f"nbrevive: no network in this run; cannot resolve {where}. {HOW_TO_MAP_HOSTS}") from None

    original_connect = socket.socket.connect
    offline = (errno.ENETUNREACH, errno.EHOSTUNREACH)

    def connect(self, address):
        try:
            return original_connect(self, address)
        except OSError as e:
            if e.errno not in offline or not isinstance(address, tuple) or _is_loopback(address[0]):
                raise
            raise OSError(e.errno, f"nbrevive: no network in this run; cannot connect to {address[0]}:{address[1]} ({os.strerror(e.errno)}). {HOW_TO_MAP_HOSTS}") from None

    socket.getaddrinfo = getaddrinfo
    socket.socket.connect = connect


PATCHES = {"urllib.request": _patch_urllib, "requests.adapters": _patch_requests, "seaborn.utils": _patch_seaborn}


def install(config_path):
    """Installs the hooks from the run's URL map file; idempotent."""
    global _map
    if _map is not None:
        return
    with open(config_path, encoding="utf-8") as f:
        config = json.load(f)
    _map = UrlMap(config.get("urls") or {}, config.get("network", False))
    if not _map.network:
        _patch_sockets()
    sys.meta_path.insert(0, _PostImportFinder(PATCHES))
    for name, patch in PATCHES.items():
        if name in sys.modules:
            _apply(patch, sys.modules[name])
